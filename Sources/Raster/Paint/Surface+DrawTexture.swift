#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CRasterKernels

/// Linear interpolation of two premultiplied pixels, weight w/256 on `q`, rounded.
@inline(__always)
package func lerpPixel(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 - w
    let rb = (((p & 0x00FF_00FF) &* iw &+ (q & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag = (((p >> 8) & 0x00FF_00FF) &* iw &+ ((q >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
    return rb | ag
}

/// A pixel's four channels in 16-bit lanes of a UInt64 (R, B, G, A from the low end).
@inline(__always)
func widen(_ p: UInt32) -> UInt64 {
    UInt64(p & 0x00FF_00FF) | (UInt64(p & 0xFF00_FF00) << 24)
}

/// Bilinear blend of four texels with 8-bit weights (wu across, wv down), rounded: all four
/// channels per multiply, and one narrowing at the end.
@inline(__always)
package func bilerp(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, _ wu: UInt64, _ wv: UInt64) -> UInt32 {
    let half: UInt64 = 0x0080_0080_0080_0080, mask: UInt64 = 0x00FF_00FF_00FF_00FF
    let iu = 256 - wu, iv = 256 - wv
    let top = ((widen(p00) &* iu &+ widen(p01) &* wu &+ half) >> 8) & mask
    let bottom = ((widen(p10) &* iu &+ widen(p11) &* wu &+ half) >> 8) & mask
    let v = ((top &* iv &+ bottom &* wv &+ half) >> 8) & mask
    return UInt32(truncatingIfNeeded: v & 0x00FF_00FF) | UInt32(truncatingIfNeeded: (v >> 24) & 0xFF00_FF00)
}

/// Samples a texture at every covered pixel centre through the inverse transform: first the
/// row of samples, then one blend pass, so each loop stays small.
package struct TextureSink: CoverageSink {
    /// The destination's pixels, and the clip's coverage, as raw rows: the sink is called per
    /// span, and reaching them through the objects costs reference counting each time.
    let target: (pixels: UnsafeMutablePointer<UInt32>, stride: Int, originX: Int, originY: Int)
    let clipRows: MaskRows?
    /// The mip levels (one unless trilinear), finest first; `top` is the last's index.
    let levels: UnsafeMutablePointer<SampleLevel>
    let top: Int
    let inverse: ProjectiveTransform
    let filter: SamplingFilter
    let opacity: UInt32
    let mode: BlendMode
    let scratch: UnsafeMutablePointer<UInt8>
    let samples: UnsafeMutablePointer<UInt32>
    /// λ of affine draws, where the footprint is the same everywhere.
    let affineLambda: Double
    /// The inverse is a whole-pixel translation: pixel centres land on texel centres.
    let exactTexels: Bool
    /// Every texel is opaque, so source-over at full coverage is a copy: the samples go
    /// straight into the destination row.
    let opaque: Bool

    package mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        let c = mul255(UInt32(coverage), opacity)
        if c == 0 { return }
        // The destination row's lines come in while the samples are computed.
        rk_prefetch_row(destination(y: y, x: x), count)
        if mode == .sourceOver {
            if let clip = clipRows {
                if c == 255 {
                    return blendRow(y: y, x: x, count: count, coverage: clip.at(x, y))
                }
            } else {
                // Constant coverage (the quad's interior): sample, then one SIMD blend.
                let dst = destination(y: y, x: x)
                if c == 255 && opaque { return sample(y: y, x: x, count: count, into: dst) }
                sample(y: y, x: x, count: count, into: samples)
                if c == 255 { sourceOverRow(dst, samples, count) } else { sourceOverRowScaled(dst, samples, count, c) }
                return
            }
        }
        scratch.update(repeating: coverage, count: count)
        cells(y: y, x: x, count: count, coverage: scratch)
    }

    package mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        rk_prefetch_row(destination(y: y, x: x), count)
        var cov = coverage
        if opacity != 255 || clipRows != nil {
            let clipRow: UnsafeMutablePointer<UInt8>? = clipRows.map { $0.at(x, y) }
            for i in 0..<count {
                var c = UInt32(coverage[i])
                if opacity != 255 { c = mul255(c, opacity) }
                if let clipRow { c = mul255(c, UInt32(clipRow[i])) }
                scratch[i] = UInt8(truncatingIfNeeded: c)
            }
            cov = UnsafePointer(scratch)
        }
        blendRow(y: y, x: x, count: count, coverage: cov)
    }

    @inline(__always)
    private func destination(y: Int, x: Int) -> UnsafeMutablePointer<UInt32> {
        target.pixels + (y - target.originY) * target.stride + (x - target.originX)
    }

    /// One row whose final coverage (clip and opacity included) is `cov`.
    private func blendRow(y: Int, x: Int, count: Int, coverage cov: UnsafePointer<UInt8>) {
        // Trim uncovered ends (the quad's bounding region is wider than the quad, and clips
        // leave out more), eight bytes at a time.
        let raw = UnsafeRawPointer(cov)
        var lo = 0, hi = count
        while lo + 8 <= hi && raw.loadUnaligned(fromByteOffset: lo, as: UInt64.self) == 0 { lo += 8 }
        while lo < hi && cov[lo] == 0 { lo += 1 }
        while hi - 8 >= lo && raw.loadUnaligned(fromByteOffset: hi - 8, as: UInt64.self) == 0 { hi -= 8 }
        while hi > lo && cov[hi - 1] == 0 { hi -= 1 }
        if lo == hi { return }
        if mode == .sourceOver {
            // A fully covered middle (a clip's interior) between partly covered ends.
            var a = lo, b = hi
            while a < b && cov[a] != 255 { a += 1 }
            while b > a && cov[b - 1] != 255 { b -= 1 }
            if a < b && TextureSink.allFull(cov + a, b - a) {
                if a > lo { blendCells(y: y, x: x + lo, count: a - lo, coverage: cov + lo) }
                let dst = destination(y: y, x: x + a)
                if opaque {
                    sample(y: y, x: x + a, count: b - a, into: dst)
                } else {
                    sample(y: y, x: x + a, count: b - a, into: samples)
                    sourceOverRow(dst, samples, b - a)
                }
                if hi > b { blendCells(y: y, x: x + b, count: hi - b, coverage: cov + b) }
                return
            }
        }
        blendCells(y: y, x: x + lo, count: hi - lo, coverage: cov + lo)
    }

    /// Samples `count` pixels and blends each with its own coverage.
    private func blendCells(y: Int, x: Int, count n: Int, coverage c: UnsafePointer<UInt8>) {
        sample(y: y, x: x, count: n, into: samples)
        let dst = destination(y: y, x: x)
        if mode == .sourceOver {
            for i in 0..<n {
                let a = UInt32(c[i])
                if a == 0 { continue }
                let s = samples[i]
                if a == 255 {
                    if s >> 24 == 255 { dst[i] = s } else if s != 0 { dst[i] = sourceOver(dst[i], s) }
                } else if s != 0 {
                    dst[i] = sourceOver(dst[i], scalePixel(s, a))
                }
            }
        } else {
            for i in 0..<n where c[i] != 0 { dst[i] = blend(dst[i], samples[i], UInt32(c[i]), mode) }
        }
    }

    /// Whether all `n` coverage bytes are 255, eight at a time.
    static func allFull(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        var i = 0
        while i + 8 <= n {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) != ~0 { return false }
            i += 8
        }
        while i < n {
            if p[i] != 255 { return false }
            i += 1
        }
        return true
    }

    /// Fills `out[0..<count]` with the samples at the pixel centres of row y from x on.
    @inline(__always)
    private func sample(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = inverse
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        let hx = cx * m.m11 + cy * m.m21 + m.m31
        let hy = cx * m.m12 + cy * m.m22 + m.m32
        if exactTexels {
            // Unscaled, unrotated, whole-pixel offset: every pixel centre is a texel centre, so
            // all filters read single texels; copy the row, clamping only past the edges.
            let base = levels[0]
            let ix = Int(saturating: hx - 0.5, .down), iy = min(max(Int(saturating: hy - 0.5, .down), base.y0), base.y1)
            let row = base.pixels + iy * base.stride
            if ix >= base.x0 && ix + count - 1 <= base.x1 {
                out.update(from: row + ix, count: count)
            } else {
                for i in 0..<count { out[i] = row[min(max(ix + i, base.x0), base.x1)] }
            }
            return
        }
        if m.isAffine {
            // Texture coordinates step by a constant per pixel, in pieces short enough that
            // positions a piece on cannot overflow (steps are at most 2⁵² by `fixed`).
            var steps = QuadraticSteps(fu: fixed(hx), fv: fixed(hy), du: fixed(m.m11), dv: fixed(m.m12), ddu: 0, ddv: 0)
            var i = 0
            while i < count {
                let n = min(256, count - i)
                stepRun(steps, LambdaSteps(affineLambda, affineLambda, over: 1, top: top), into: out + i, count: n)
                steps = steps.advanced(by: n)
                i += n
            }
            return
        }
        sampleProjectiveRuns(x: x, cy: cy, count: count, into: out)
    }

    /// Perspective sampling by quadratic runs of up to 16 pixels, with the mip level's λ
    /// interpolated along each (rk_sample_projective_row in TextureKernels.c, which also says
    /// how long a run may be). Runs are aligned to device columns, so that a pixel's sample does
    /// not depend on where the span around it starts.
    @inline(__always)
    private func sampleProjectiveRuns(x: Int, cy: Double, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        var m = inverse.kernelMatrix
        rk_sample_projective_row(out, x, count, cy, &m, levels, top, filter.kernelCode)
    }

    /// Samples `n` pixels into `out`, stepping the positions by `steps` and λ by `lambda`; the
    /// bilinear and trilinear taps run in the C kernels (TextureKernels.c).
    @inline(__always)
    private func stepRun(_ steps: QuadraticSteps, _ lambda: LambdaSteps, into out: UnsafeMutablePointer<UInt32>, count n: Int) {
        switch filter {
        case .nearest:
            var q = steps
            let l0 = levels[0]
            for k in 0..<n { out[k] = l0.nearest(q.fu, q.fv); q.step() }
        case .linear:
            rk_bilinear_run(out, n, levels, steps)
        case .trilinear:
            rk_trilinear_run(out, n, levels, top, steps, lambda.start, lambda.step)
        }
    }

    /// λ, log2 of the longer screen axis's footprint in texels, at a pixel whose texture
    /// position is (hx, hy, hw) through the inverse `m`, with r = 1/hw (rk_lambda). −∞ for a
    /// zero footprint.
    static func lambda(_ m: ProjectiveTransform, _ hx: Double, _ hy: Double, _ hw: Double, _ r: Double) -> Double {
        var k = m.kernelMatrix
        return rk_lambda(&k, hx, hy, hw, r)
    }

    /// The mip level and blend weight for λ at a pixel (rk_pixel_level).
    package static func level(_ m: ProjectiveTransform, _ hx: Double, _ hy: Double, _ hw: Double, _ r: Double, _ top: Int)
        -> (k: Int, weight: UInt32) {
        var k = m.kernelMatrix, weight: UInt32 = 0
        let level = rk_pixel_level(&k, hx, hy, hw, r, top, &weight)
        return (level, weight)
    }
}

extension ProjectiveTransform {
    /// The transform as the C kernels take it.
    package var kernelMatrix: rk_projective {
        rk_projective(m11: m11, m12: m12, m13: m13, m21: m21, m22: m22, m23: m23, m31: m31, m32: m32, m33: m33)
    }
}

extension SamplingFilter {
    /// The filter as the C kernels name it.
    var kernelCode: Int32 {
        switch self {
        case .nearest: Int32(RK_NEAREST)
        case .linear: Int32(RK_LINEAR)
        case .trilinear: Int32(RK_TRILINEAR)
        }
    }
}

extension Surface {
    /// Draws `texture` (or its `sourceRect`, in texel units) mapped by `transform` from texel
    /// space to device space, perspective-correct: each covered pixel centre is mapped back
    /// through the inverse. Samples outside the source rectangle clamp to its edge texels.
    /// The quad's edges are anti-aliased by exact area coverage when `antialias` is true and
    /// sampled at pixel centres when false (iOS's default for transformed layers), their coverage
    /// kept in `paths` for the next frame when given.
    package func draw(_ texture: Texture, transform: ProjectiveTransform, filter: SamplingFilter = .linear,
                     opacity: Float = 1, clip: Mask? = nil, antialias: Bool = true, paths: PathCoverageCache? = nil,
                     sourceRect: Rect? = nil, blend: BlendMode = .sourceOver) {
        let tex = texture.surface
        guard tex.width > 0, tex.height > 0 else { return }
        let o = UInt32(byteOfUnit: opacity)
        guard o > 0, let inverse = transform.inverted(), let region = drawableRegion(clip: clip) else { return }
        let src = sourceRect ?? Rect(x: 0, y: 0, width: Double(tex.width), height: Double(tex.height))
        guard !src.isEmpty, src.minX.isFinite, src.minY.isFinite, src.maxX.isFinite, src.maxY.isFinite else { return }
        // Texels the source rectangle touches, within the texture.
        let tx0 = min(max(Int(saturating: src.minX, .down), 0), tex.width - 1)
        let ty0 = min(max(Int(saturating: src.minY, .down), 0), tex.height - 1)
        let tx1 = min(max(Int(saturating: src.maxX, .up) - 1, tx0), tex.width - 1)
        let ty1 = min(max(Int(saturating: src.maxY, .up) - 1, ty0), tex.height - 1)
        let surfaces = filter == .trilinear ? texture.mipLevels : [tex]
        let levels = UnsafeMutablePointer<SampleLevel>.allocate(capacity: surfaces.count)
        for (k, s) in surfaces.enumerated() {
            (levels + k).initialize(to: SampleLevel(pixels: s.pixels, stride: s.stride,
                                                    x0: min(tx0 >> k, s.width - 1), y0: min(ty0 >> k, s.height - 1),
                                                    x1: min(tx1 >> k, s.width - 1), y1: min(ty1 >> k, s.height - 1),
                                                    shift: k))
        }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: region.width)
        let samples = UnsafeMutablePointer<UInt32>.allocate(capacity: region.width)
        defer { scratch.deallocate(); samples.deallocate(); levels.deallocate() }
        var sink = TextureSink(target: (pixels, stride, originX, originY),
                               clipRows: clip.map(MaskRows.init),
                               levels: levels, top: surfaces.count - 1, inverse: inverse, filter: filter, opacity: o,
                               mode: blend, scratch: scratch, samples: samples,
                               affineLambda: inverse.isAffine ? TextureSink.lambda(inverse, 0, 0, 1, 1) : 0,
                               exactTexels: inverse.isAffine && inverse.m11 == 1 && inverse.m12 == 0 && inverse.m21 == 0
                                   && inverse.m22 == 1 && inverse.m31 == inverse.m31.rounded()
                                   && inverse.m32 == inverse.m32.rounded() && abs(inverse.m31) < 1e9 && abs(inverse.m32) < 1e9,
                               opaque: texture.isOpaque)
        // The pixels stay alive with the parameters: this surface, the texture (which keeps its
        // mip levels) and the clip.
        rasterize(.rect(x: src.minX, y: src.minY, width: src.width, height: src.height), transform: transform,
                  rule: .nonZero, antialias: antialias, targetX: region.x, targetY: region.y,
                  targetWidth: region.width, targetHeight: region.height, paths: paths, into: &sink)
    }
}
