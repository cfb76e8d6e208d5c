/// Gaussian blur of 8-bit coverage, at a cost per pixel that does not grow with σ.
///
/// Small σ (below `BlurPlan.reduceFrom`) is a direct separable convolution with the sampled
/// Gaussian (`GaussianKernel`): along x into an 8.8 fixed-point plane, then along y. Larger σ
/// is reduced k times by 2 (`reduced`), blurred there with what is left of σ (about 2 to 4
/// level-k pixels: at most 29 taps), and magnified back by 2 k times (`expanded`). Reduction
/// and magnification each spread like a Gaussian of variance ¾ (in that level's pixels) per
/// step, and the σ blurred on level k is what remains of σ² after them.
///
/// Error against direct convolution with the sampled Gaussian (GaussianBlurTests): at most
/// 1/255 per pixel including the final rounding to 8 bits (measured 0.76/255), and on average
/// within 0.05/255 of rounding the exact result, over rectangles, single pixels, lines, pixel
/// checkerboards and noise at σ from 0.3 to 256.
struct BlurPlan {
    /// σ at which reduction starts; on a reduced level σ is then about half of it or more.
    /// The resampling's own error falls as 1/σ² on the reduced level: about 0.3/255 at 2
    /// level-k pixels, twice that at 1.5.
    static let reduceFrom = 4.0

    let levels: Int
    let kernel: GaussianKernel

    init(sigma: Double) {
        var k = 0
        while sigma >= BlurPlan.reduceFrom * Double(1 << k) { k += 1 }
        let s2 = Double(1 << (2 * k))
        // ¾ per step and level, in that level's pixels: Σ ¾·4^l over l < k, twice.
        let spent = 0.5 * (s2 - 1)
        levels = k
        kernel = GaussianKernel(sigma: ((sigma * sigma - spent) / s2).squareRoot())
    }
}

/// Blurs `src` (`sw × sh` values at (sx, sy) on some grid, `shift` bringing them to 8.8 fixed
/// point) with `kernel` over output pixels ox..<ox+ow × oy..<oy+oh of that grid, handing
/// each output row (8.8 fixed point, `ow` values) to `emit`. Outside `src` is zero.
func separableGaussian<T: FixedWidthInteger & UnsignedInteger>(
    _ src: UnsafePointer<T>, stride: Int, shift: Int, sx: Int, sy: Int, sw: Int, sh: Int,
    _ kernel: GaussianKernel, ox: Int, oy: Int, ow: Int, oh: Int,
    _ emit: (Int, UnsafeMutablePointer<UInt16>) -> Void) {
    let r = kernel.radius, taps = 2 * r + 1
    let n = laneRounded(ow)
    // Along x: source row y into row y − sy of `mid`, through a zero-padded copy in which
    // index i is column ox − r + i.
    let padded = UnsafeMutablePointer<UInt16>.allocate(capacity: n + 2 * r)
    padded.initialize(repeating: 0, count: n + 2 * r)
    let mid = UnsafeMutablePointer<UInt16>.allocate(capacity: max(n * sh, 1))
    let line = UnsafeMutablePointer<UInt16>.allocate(capacity: n)
    defer { padded.deallocate(); mid.deallocate(); line.deallocate() }
    let c0 = max(sx, ox - r), c1 = min(sx + sw, ox + ow + r)
    let bias = UInt16(2 * kernel.truncationBias)
    kernel.lanes.withUnsafeBufferPointer { kp in
        let k = kp.baseAddress!
        for y in 0..<sh {
            if c1 > c0 {
                let s = src + y * stride + (c0 - sx), d = padded + (c0 - ox + r)
                for i in 0..<(c1 - c0) { d[i] = UInt16(truncatingIfNeeded: s[i]) &<< UInt16(shift) }
            }
            convolve(padded, step: 1, mid + y * n, count: ow, k, taps: taps)
        }
        // Along y: the taps of each output row that fall on source rows.
        for y in oy..<(oy + oh) {
            let lo = max(y - r, sy), hi = min(y + r, sy + sh - 1)
            if lo > hi {
                line.update(repeating: bias, count: ow)
            } else {
                convolve(mid + (lo - sy) * n, step: n, line, count: ow, k + (lo - (y - r)), taps: hi - lo + 1)
                for i in 0..<ow { line[i] &+= bias }
            }
            emit(y, line)
        }
    }
}

/// Blurs `w × h` coverage whose pixel (0, 0) is device pixel (x, y) into `out`, the device
/// pixels ox..<ox+ow × oy..<oy+oh (rows `ow` apart). The pyramid's grid is
/// fixed in device space (level-l pixel m covers device pixels m·2^l ..< (m + 1)·2^l), so a
/// device pixel's result does not depend on where the mask happens to start: masks of the same
/// content cropped differently (culled and unculled frames) blur alike.
private func blurCoverage(_ src: UnsafePointer<UInt8>, width w: Int, height h: Int, x: Int, y: Int,
                          sigma: Double, output o: (x: Int, y: Int, width: Int, height: Int),
                          into out: UnsafeMutablePointer<UInt8>) {
    let plan = BlurPlan(sigma: sigma)
    let ow = o.width, oh = o.height
    let ox = o.x, oy = o.y
    if plan.levels == 0 {
        separableGaussian(src, stride: w, shift: 8, sx: x, sy: y, sw: w, sh: h, plan.kernel,
                          ox: ox, oy: oy, ow: ow, oh: oh) { row, line in narrow(line, into: out + (row - oy) * ow, count: ow) }
        return
    }
    var level = reduced(src, stride: w, shift: 8, x0: x, y0: y, width: w, height: h)
    for _ in 1..<plan.levels {
        level = reduced(level.values, stride: level.stride, shift: 0,
                        x0: level.x0, y0: level.y0, width: level.width, height: level.height)
    }
    // What each level must hold for the magnifications to cover the output.
    var spans = [(x: (first: ox, end: ox + ow), y: (first: oy, end: oy + oh))]
    for _ in 0..<plan.levels {
        let s = spans[spans.count - 1]
        spans.append((coarserRange(s.x.first, s.x.end), coarserRange(s.y.first, s.y.end)))
    }
    func plane(_ l: Int) -> BlurPlane {
        let s = spans[l]
        return BlurPlane(x0: s.x.first, y0: s.y.first, width: s.x.end - s.x.first, height: s.y.end - s.y.first)
    }
    var blurred = plane(plan.levels)
    separableGaussian(level.values, stride: level.stride, shift: 0, sx: level.x0, sy: level.y0,
                      sw: level.width, sh: level.height, plan.kernel,
                      ox: blurred.x0, oy: blurred.y0, ow: blurred.width, oh: blurred.height) { row, line in
        blurred.row(row).update(from: line, count: blurred.width)
    }
    for l in stride(from: plan.levels - 1, to: 0, by: -1) {
        let finer = plane(l)
        expanded(blurred, x0: finer.x0, x1: finer.x0 + finer.width, y0: finer.y0, y1: finer.y0 + finer.height) { row, line in
            finer.row(row).update(from: line, count: finer.width)
        }
        blurred = finer
    }
    expanded(blurred, x0: ox, x1: ox + ow, y0: oy, y1: oy + oh) { row, line in
        narrow(line, into: out + (row - oy) * ow, count: ow)
    }
}

/// 8.8 fixed point to 8-bit coverage, rounded.
@inline(__always)
private func narrow(_ line: UnsafePointer<UInt16>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
    for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: (line[i] &+ 128) &>> 8) }
}

/// Largest σ honoured; larger values are clamped so the grown result stays allocatable.
package let gaussianBlurMaxSigma = 256.0

@inline(__always)
private func clampedSigma(_ sigma: Double) -> Double {
    sigma.isFinite && sigma > 0 ? min(sigma, gaussianBlurMaxSigma) : 0
}

/// How far, in pixels, the blur with `sigma` reads around an output pixel: the kernel on the
/// reduced level and what each reduction (4 taps) and magnification (2 taps) adds, per level.
/// A source cropped to an output region grown by this much blurs, inside that region, exactly
/// as the whole source does: bands of one canvas cut in different places agree to the bit.
package func gaussianBlurSupport(sigma: Double) -> Int {
    let s = clampedSigma(sigma)
    guard s > 0 else { return 0 }
    let plan = BlurPlan(sigma: s)
    return (plan.kernel.radius + 4) << plan.levels + 2
}

@inline(__always)
private func blurPad(_ sigma: Double) -> Int {
    sigma > 0 ? Int((3 * sigma).rounded(.up)) : 0
}

/// The mask blurred with a Gaussian of standard deviation `sigma` pixels. The result is
/// larger by ceil(3σ) on every side and its origin moves up and left by as much. σ ≤ 0 or
/// not finite gives a copy; σ above `gaussianBlurMaxSigma` is clamped to it.
package func gaussianBlur(_ mask: Mask, sigma requested: Double) -> Mask {
    let sigma = clampedSigma(requested)
    let pad = blurPad(sigma)
    if pad == 0 { return mask.copy() }
    let w = mask.width, h = mask.height
    let result = Mask(width: w + 2 * pad, height: h + 2 * pad, originX: mask.originX - pad, originY: mask.originY - pad)
    guard w > 0, h > 0 else { return result }
    blurCoverage(mask.coverage, width: w, height: h, x: mask.originX, y: mask.originY, sigma: sigma,
                 output: (result.originX, result.originY, result.width, result.height), into: result.coverage)
    return result
}

/// The blur of `mask` (as `gaussianBlur(_:sigma:)` gives it) over the device rectangle
/// `region` only: the same values there, at the cost of the region rather than of the mask
/// grown by 3σ on every side (a content shadow needs only what lands on its group).
package func gaussianBlur(_ mask: Mask, sigma requested: Double, within region: (x: Int, y: Int, width: Int, height: Int)) -> Mask {
    let sigma = clampedSigma(requested)
    let pad = blurPad(sigma)
    // The part of the grown result inside the region.
    let x0 = max(region.x, mask.originX - pad), y0 = max(region.y, mask.originY - pad)
    let x1 = min(region.x + region.width, mask.originX + mask.width + pad)
    let y1 = min(region.y + region.height, mask.originY + mask.height + pad)
    if pad == 0 || x1 <= x0 || y1 <= y0 {
        let full = pad == 0 ? mask.copy() : Mask(width: 0, height: 0, originX: region.x, originY: region.y)
        return full
    }
    let result = Mask(width: x1 - x0, height: y1 - y0, originX: x0, originY: y0)
    guard mask.width > 0, mask.height > 0 else { return result }
    blurCoverage(mask.coverage, width: mask.width, height: mask.height, x: mask.originX, y: mask.originY, sigma: sigma,
                 output: (x0, y0, x1 - x0, y1 - y0), into: result.coverage)
    return result
}

/// The surface blurred with a Gaussian of standard deviation `sigma` pixels, channel by
/// channel on premultiplied values (so colour does not bleed from transparent pixels).
/// The result is larger by ceil(3σ) on every side and its origin moves by as much; σ is
/// treated as for masks.
package func gaussianBlur(_ surface: Surface, sigma requested: Double) -> Surface {
    let sigma = clampedSigma(requested)
    let pad = blurPad(sigma)
    if pad == 0 { return surface.copy() }
    let w = surface.width, h = surface.height
    let result = Surface(width: w + 2 * pad, height: h + 2 * pad,
                         originX: surface.originX - pad, originY: surface.originY - pad)
    guard w > 0, h > 0 else { return result }
    let n = result.width * result.height
    let channel = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
    let blurred = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
    defer { channel.deallocate(); blurred.deallocate() }
    // Alpha first so colour channels can be clamped to it (premultiplied invariant).
    for shift: UInt32 in [24, 0, 8, 16] {
        for y in 0..<h {
            let row = surface.pixels + y * surface.stride, c = channel + y * w
            for x in 0..<w { c[x] = UInt8(truncatingIfNeeded: row[x] >> shift) }
        }
        blurCoverage(channel, width: w, height: h, x: surface.originX, y: surface.originY, sigma: sigma,
                     output: (result.originX, result.originY, result.width, result.height), into: blurred)
        if shift == 24 {
            for i in 0..<n { result.pixels[i] = UInt32(blurred[i]) << 24 }
        } else {
            for i in 0..<n {
                let a = result.pixels[i] >> 24
                result.pixels[i] |= min(UInt32(blurred[i]), a) << shift
            }
        }
    }
    return result
}
