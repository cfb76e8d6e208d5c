#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Linear interpolation of two premultiplied pixels, weight w/256 on `q`, rounded.
@inline(__always)
func lerpPixel(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
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
func bilerp(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, _ wu: UInt64, _ wv: UInt64) -> UInt32 {
    let half: UInt64 = 0x0080_0080_0080_0080, mask: UInt64 = 0x00FF_00FF_00FF_00FF
    let iu = 256 - wu, iv = 256 - wv
    let top = ((widen(p00) &* iu &+ widen(p01) &* wu &+ half) >> 8) & mask
    let bottom = ((widen(p10) &* iu &+ widen(p11) &* wu &+ half) >> 8) & mask
    let v = ((top &* iv &+ bottom &* wv &+ half) >> 8) & mask
    return UInt32(truncatingIfNeeded: v & 0x00FF_00FF) | UInt32(truncatingIfNeeded: (v >> 24) & 0xFF00_FF00)
}

/// One mip level as the sampler sees it: texels and the clamp-to-edge texel range.
/// Sample positions arrive in 32.32 fixed point of level-0 texels, so stepping along a row
/// is an integer add and floor is an arithmetic shift.
struct SampleLevel {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    let x0: Int, y0: Int, x1: Int, y1: Int
    /// log2 of level-0 texels per texel of this level.
    let shift: Int

    // Masking shifts (&>>): the amounts are always in range, and Swift's checked shifts
    // would add branches to every sample.
    @inline(__always)
    func nearest(_ fu: Int64, _ fv: Int64) -> UInt32 {
        let s = Int64(32 + shift)
        let ix = min(max(Int(truncatingIfNeeded: fu &>> s), x0), x1)
        let iy = min(max(Int(truncatingIfNeeded: fv &>> s), y0), y1)
        return pixels[iy * stride + ix]
    }

    @inline(__always)
    func bilinear(_ fu: Int64, _ fv: Int64) -> UInt32 {
        // Texel centres are at +0.5: shift the sample by half a texel of this level.
        let half = Int64(1) &<< Int64(31 + shift)
        let gu = (fu &- half) &>> Int64(shift), gv = (fv &- half) &>> Int64(shift)
        let xa = Int(truncatingIfNeeded: gu &>> 32), ya = Int(truncatingIfNeeded: gv &>> 32)
        let wu = UInt32(truncatingIfNeeded: (gu &>> 24) & 0xFF), wv = UInt32(truncatingIfNeeded: (gv &>> 24) & 0xFF)
        let xl = min(max(xa, x0), x1), xr = min(max(xa + 1, x0), x1)
        let yt = min(max(ya, y0), y1), yb = min(max(ya + 1, y0), y1)
        let top = pixels + yt * stride, bottom = pixels + yb * stride
        return bilerp(top[xl], top[xr], bottom[xl], bottom[xr], UInt64(wu), UInt64(wv))
    }
}

/// A texel coordinate in 32.32 fixed point, clamped far outside any texture (NaN → low end).
@inline(__always)
func fixed(_ v: Double) -> Int64 {
    let c = v > -1e6 ? min(v, 1e6) : -1e6
    return Int64(c * 4294967296)
}

/// Samples a texture at every covered pixel centre through the inverse transform: first the
/// row of samples, then one blend pass, so each loop stays small.
struct TextureSink: CoverageSink {
    let surface: Surface
    let levels: [SampleLevel]
    let inverse: ProjectiveTransform
    let filter: SamplingFilter
    let opacity: UInt32
    let clip: Mask?
    let mode: BlendMode
    let scratch: UnsafeMutablePointer<UInt8>
    let samples: UnsafeMutablePointer<UInt32>
    /// Mip level and blend weight for affine trilinear draws, where the footprint is constant.
    let affineLevel: (k: Int, weight: UInt32)
    /// The inverse is a whole-pixel translation: pixel centres land on texel centres.
    let exactTexels: Bool

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        if clip == nil && mode == .sourceOver {
            // Constant coverage (the quad's interior): sample, then one SIMD blend.
            let c = mul255(UInt32(coverage), opacity)
            if c == 0 { return }
            sample(y: y, x: x, count: count)
            let dst = surface.pixels + (y - surface.originY) * surface.stride + (x - surface.originX)
            if c == 255 { sourceOverRow(dst, samples, count) } else { sourceOverRowScaled(dst, samples, count, c) }
            return
        }
        scratch.update(repeating: coverage, count: count)
        cells(y: y, x: x, count: count, coverage: scratch)
    }

    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        var cov = coverage
        if opacity != 255 || clip != nil {
            let clipRow: UnsafeMutablePointer<UInt8>? = clip.map { $0.coverage + (y - $0.originY) * $0.width + (x - $0.originX) }
            for i in 0..<count {
                var c = UInt32(coverage[i])
                if opacity != 255 { c = mul255(c, opacity) }
                if let clipRow { c = mul255(c, UInt32(clipRow[i])) }
                scratch[i] = UInt8(truncatingIfNeeded: c)
            }
            cov = UnsafePointer(scratch)
        }
        // Trim uncovered ends (the quad's bounding region is wider than the quad).
        var lo = 0, hi = count
        while lo < hi && cov[lo] == 0 { lo += 1 }
        while hi > lo && cov[hi - 1] == 0 { hi -= 1 }
        if lo == hi { return }
        sample(y: y, x: x + lo, count: hi - lo)
        let dst = surface.pixels + (y - surface.originY) * surface.stride + (x + lo - surface.originX)
        let c = cov + lo
        let n = hi - lo
        if mode == .sourceOver && c[0] == 255 && c[n - 1] == 255 && (0..<n).allSatisfy({ c[$0] == 255 }) {
            sourceOverRow(dst, samples, n)
        } else if mode == .sourceOver {
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

    /// Fills `samples[0..<count]` for the pixel centres of row y from x on.
    @inline(__always)
    private func sample(y: Int, x: Int, count: Int) {
        let m = inverse
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        let hx = cx * m.m11 + cy * m.m21 + m.m31
        let hy = cx * m.m12 + cy * m.m22 + m.m32
        if exactTexels {
            // Unscaled, unrotated, whole-pixel offset: every pixel centre is a texel centre, so
            // all filters read single texels; copy the row, clamping only past the edges.
            let base = levels[0]
            let ix = Int((hx - 0.5).rounded(.down)), iy = min(max(Int((hy - 0.5).rounded(.down)), base.y0), base.y1)
            let row = base.pixels + iy * base.stride
            if ix >= base.x0 && ix + count - 1 <= base.x1 {
                samples.update(from: row + ix, count: count)
            } else {
                for i in 0..<count { samples[i] = row[min(max(ix + i, base.x0), base.x1)] }
            }
            return
        }
        if m.isAffine {
            // Affine: texture coordinates step by a constant per pixel.
            var fu = fixed(hx), fv = fixed(hy)
            let du = fixed(m.m11), dv = fixed(m.m12)
            let level = filter == .trilinear ? levels[affineLevel.k] : levels[0]
            switch filter {
            case .nearest:
                for i in 0..<count { samples[i] = level.nearest(fu, fv); fu &+= du; fv &+= dv }
            case .linear:
                for i in 0..<count { samples[i] = level.bilinear(fu, fv); fu &+= du; fv &+= dv }
            case .trilinear:
                if affineLevel.weight == 0 {
                    for i in 0..<count { samples[i] = level.bilinear(fu, fv); fu &+= du; fv &+= dv }
                } else {
                    let next = levels[affineLevel.k + 1], w = affineLevel.weight
                    for i in 0..<count {
                        samples[i] = lerpPixel(level.bilinear(fu, fv), next.bilinear(fu, fv), w)
                        fu &+= du; fv &+= dv
                    }
                }
            }
            return
        }
        let pw = cx * m.m13 + cy * m.m23 + m.m33
        sampleProjectiveRuns(levels[0], hx, hy, pw, count)
    }

    /// Perspective sampling that divides once per run of up to 16 pixels and steps linearly in
    /// between, where that stays within 1/256 texel of the true mapping; per pixel elsewhere.
    /// Along a row u(t) = (P + m11·t)/(W + m13·t), so u'' = −2·m13·u'/(W + m13·t) and
    /// |u'| = |m11·W − P·m13|/(W + m13·t)²: with W* the smaller |W| at the run's ends, linear
    /// interpolation over n pixels is off by at most n²/8 · 2|m13|·|m11·W − P·m13| / W*³.
    @inline(__always)
    private func sampleProjectiveRuns(_ base: SampleLevel, _ x0: Double, _ y0: Double, _ w0: Double, _ count: Int) {
        let m = inverse
        var px = x0, py = y0, pw = w0
        var i = 0
        while i < count {
            let n = min(16, count - i)
            let dn = Double(n)
            let we = pw + dn * m.m13
            let cu = abs(m.m11 * pw - px * m.m13), cv = abs(m.m12 * pw - py * m.m13)
            let wmin = min(abs(pw), abs(we))
            let bound = dn * dn * 0.25 * abs(m.m13) * max(cu, cv) / (wmin * wmin * wmin)
            if n > 1 && (pw > 0) == (we > 0) && bound < 1.0 / 256 {
                let r0 = 1 / pw, r1 = 1 / we
                var fu = fixed(px * r0), fv = fixed(py * r0)
                let du = (fixed((px + dn * m.m11) * r1) &- fu) / Int64(n)
                let dv = (fixed((py + dn * m.m12) * r1) &- fv) / Int64(n)
                if filter == .nearest {
                    for k in i..<(i + n) { samples[k] = base.nearest(fu, fv); fu &+= du; fv &+= dv }
                } else if filter == .trilinear {
                    // The footprint changes slowly along a run: one mip level and weight for it,
                    // taken at its middle.
                    let h = dn / 2
                    let mx = px + h * m.m11, my = py + h * m.m12, mw = pw + h * m.m13
                    let l = TextureSink.level(m, mx, my, mw, 1 / mw, levels.count - 1)
                    let lo = levels[l.k]
                    if l.weight == 0 {
                        for k in i..<(i + n) { samples[k] = lo.bilinear(fu, fv); fu &+= du; fv &+= dv }
                    } else {
                        let hi = levels[l.k + 1]
                        for k in i..<(i + n) {
                            samples[k] = lerpPixel(lo.bilinear(fu, fv), hi.bilinear(fu, fv), l.weight)
                            fu &+= du; fv &+= dv
                        }
                    }
                } else {
                    for k in i..<(i + n) { samples[k] = base.bilinear(fu, fv); fu &+= du; fv &+= dv }
                }
                px += dn * m.m11; py += dn * m.m12; pw = we
            } else {
                for k in i..<(i + n) {
                    let r = 1 / pw
                    let fu = fixed(px * r), fv = fixed(py * r)
                    switch filter {
                    case .nearest: samples[k] = base.nearest(fu, fv)
                    case .linear: samples[k] = base.bilinear(fu, fv)
                    case .trilinear:
                        let l = TextureSink.level(m, px, py, pw, r, levels.count - 1)
                        samples[k] = l.weight == 0 ? levels[l.k].bilinear(fu, fv)
                            : lerpPixel(levels[l.k].bilinear(fu, fv), levels[l.k + 1].bilinear(fu, fv), l.weight)
                    }
                    px += m.m11; py += m.m12; pw += m.m13
                }
            }
            i += n
        }
    }

    /// log2 from the exponent and a linear mantissa (error < 0.09): plenty to pick mip levels,
    /// and no libm call per pixel. NaN and non-positive inputs give −∞ (level 0).
    @inline(__always)
    static func approximateLog2(_ v: Double) -> Double {
        guard v > 0 else { return -.infinity }
        guard v.isFinite else { return .infinity }
        let bits = v.bitPattern
        let exponent = Int((bits >> 52) & 0x7FF) - 1023
        let mantissa = Double(bits & 0x000F_FFFF_FFFF_FFFF) * (1.0 / 4503599627370496.0)
        return Double(exponent) + mantissa
    }

    /// Mip level from the Jacobian of (X/W, Y/W) at a pixel: ∂u/∂x = (m11·W − X·m13)/W², and so
    /// on; the level is log2 of the longer screen axis's footprint in texels.
    @inline(__always)
    static func level(_ m: ProjectiveTransform, _ hx: Double, _ hy: Double, _ hw: Double, _ r: Double, _ top: Int)
        -> (k: Int, weight: UInt32) {
        let r2 = r * r
        let dudx = (m.m11 * hw - hx * m.m13) * r2, dvdx = (m.m12 * hw - hy * m.m13) * r2
        let dudy = (m.m21 * hw - hx * m.m23) * r2, dvdy = (m.m22 * hw - hy * m.m23) * r2
        let rho2 = max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy)
        let lambda = 0.5 * TextureSink.approximateLog2(rho2)
        if !(lambda > 0) { return (0, 0) }
        if lambda >= Double(top) { return (top, 0) }
        let k = Int(lambda)
        return (k, UInt32((lambda - Double(k)) * 256))
    }
}

extension Surface {
    /// Draws `texture` (or its `sourceRect`, in texel units) mapped by `transform` from texel
    /// space to device space, perspective-correct: each covered pixel centre is mapped back
    /// through the inverse. Samples outside the source rectangle clamp to its edge texels.
    /// The quad's edges are anti-aliased by exact area coverage when `antialias` is true and
    /// sampled at pixel centres when false (iOS's default for transformed layers).
    public func draw(_ texture: Texture, transform: ProjectiveTransform, filter: SamplingFilter = .linear,
                     opacity: Float = 1, clip: Mask? = nil, antialias: Bool = true, sourceRect: Rect? = nil,
                     blend: BlendMode = .sourceOver) {
        let tex = texture.surface
        guard tex.width > 0, tex.height > 0 else { return }
        let o = UInt32((Color.unit(opacity) * 255).rounded())
        guard o > 0, let inverse = transform.inverted(), let region = drawableRegion(clip: clip) else { return }
        let src = sourceRect ?? Rect(x: 0, y: 0, width: Double(tex.width), height: Double(tex.height))
        guard !src.isEmpty, src.minX.isFinite, src.minY.isFinite, src.maxX.isFinite, src.maxY.isFinite else { return }
        // Texels the source rectangle touches, within the texture.
        let tx0 = min(max(Int(src.minX.rounded(.down)), 0), tex.width - 1)
        let ty0 = min(max(Int(src.minY.rounded(.down)), 0), tex.height - 1)
        let tx1 = min(max(Int(src.maxX.rounded(.up)) - 1, tx0), tex.width - 1)
        let ty1 = min(max(Int(src.maxY.rounded(.up)) - 1, ty0), tex.height - 1)
        let surfaces = filter == .trilinear ? texture.mipLevels : [tex]
        var levels: [SampleLevel] = []
        for (k, s) in surfaces.enumerated() {
            levels.append(SampleLevel(pixels: s.pixels, stride: s.stride,
                                      x0: min(tx0 >> k, s.width - 1), y0: min(ty0 >> k, s.height - 1),
                                      x1: min(tx1 >> k, s.width - 1), y1: min(ty1 >> k, s.height - 1),
                                      shift: k))
        }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: region.width)
        let samples = UnsafeMutablePointer<UInt32>.allocate(capacity: region.width)
        defer { scratch.deallocate(); samples.deallocate() }
        let affineLevel = inverse.isAffine
            ? TextureSink.level(inverse, 0, 0, 1, 1, levels.count - 1) : (k: 0, weight: UInt32(0))
        var sink = TextureSink(surface: self, levels: levels, inverse: inverse, filter: filter, opacity: o,
                               clip: clip, mode: blend, scratch: scratch, samples: samples, affineLevel: affineLevel,
                               exactTexels: inverse.isAffine && inverse.m11 == 1 && inverse.m12 == 0 && inverse.m21 == 0
                                   && inverse.m22 == 1 && inverse.m31 == inverse.m31.rounded()
                                   && inverse.m32 == inverse.m32.rounded() && abs(inverse.m31) < 1e9 && abs(inverse.m32) < 1e9)
        rasterize(.rect(x: src.minX, y: src.minY, width: src.width, height: src.height), transform: transform,
                  rule: .nonZero, antialias: antialias, targetX: region.x, targetY: region.y,
                  targetWidth: region.width, targetHeight: region.height, into: &sink)
    }
}
