import CRasterKernels

/// One mip level as the sampler sees it: texels, the clamp-to-edge texel range (x0…x1,
/// y0…y1) and `shift`, log2 of level-0 texels per texel of this level. Sample positions
/// arrive in 32.32 fixed point of level-0 texels, so stepping along a row is an integer add
/// and floor is an arithmetic shift. The C struct itself, so that the run kernels
/// (TextureKernels.c) take it as it is.
package typealias SampleLevel = rk_sample_level

/// The per-pixel sampler (runs go to the C kernels, which give the same bytes).
extension SampleLevel {
    // Masking shifts (&>>): the amounts are always in range, and Swift's checked shifts
    // would add branches to every sample.
    @inline(__always)
    func nearest(_ fu: Int64, _ fv: Int64) -> UInt32 {
        let s = Int64(32 + shift)
        let ix = min(max(Int(truncatingIfNeeded: fu &>> s), x0), x1)
        let iy = min(max(Int(truncatingIfNeeded: fv &>> s), y0), y1)
        return pixels[iy * stride + ix]
    }

    /// A level-0 position on this level's texel grid: in this level's texels, less half a
    /// texel, so that texel centres are whole numbers and floor gives the left and top texels
    /// of the bilinear footprint.
    @inline(__always)
    package func grid(_ f: Int64) -> Int64 {
        (f &- Int64(1) &<< Int64(31 + shift)) &>> Int64(shift)
    }

    /// The four texels around a grid position, clamped to the range, and their weights.
    @inline(__always)
    package func clampedQuad(_ gu: Int64, _ gv: Int64) -> TexelQuad {
        let x = Int(truncatingIfNeeded: gu &>> 32), y = Int(truncatingIfNeeded: gv &>> 32)
        let xl = min(max(x, x0), x1), xr = min(max(x + 1, x0), x1)
        let yt = min(max(y, y0), y1), yb = min(max(y + 1, y0), y1)
        let top = pixels + yt * stride, bottom = pixels + yb * stride
        return TexelQuad(texels: SIMD4(top[xl], bottom[xl], top[xr], bottom[xr]), gu, gv)
    }

    /// `clampedQuad`, with the cheaper loads of `interiorQuad` where those are in range.
    @inline(__always)
    package func quad(_ gu: Int64, _ gv: Int64) -> TexelQuad {
        let x = Int(truncatingIfNeeded: gu &>> 32), y = Int(truncatingIfNeeded: gv &>> 32)
        let inside = UInt(bitPattern: x &- x0) < UInt(bitPattern: x1 &- x0) && UInt(bitPattern: y &- y0) < UInt(bitPattern: y1 &- y0)
        return inside ? interiorQuad(gu, gv) : clampedQuad(gu, gv)
    }

    /// The four texels around a grid position whose footprint lies inside the range: two 8-byte loads.
    @inline(__always)
    package func interiorQuad(_ gu: Int64, _ gv: Int64) -> TexelQuad {
        let x = Int(truncatingIfNeeded: gu &>> 32), y = Int(truncatingIfNeeded: gv &>> 32)
        let p = UnsafeRawPointer(pixels + (y * stride + x))
        let top = p.loadUnaligned(as: SIMD2<UInt32>.self)
        let bottom = p.loadUnaligned(fromByteOffset: stride * 4, as: SIMD2<UInt32>.self)
        return TexelQuad(texels: SIMD4(top[0], bottom[0], top[1], bottom[1]), gu, gv)
    }

    /// Bilinear sample at a level-0 position.
    @inline(__always)
    package func bilinear(_ fu: Int64, _ fv: Int64) -> UInt32 {
        quad(grid(fu), grid(fv)).bilinear
    }
}

/// Four texels in column order (top left, bottom left, top right, bottom right) and the
/// 8-bit weights of the right column and the bottom row. Blends round as `bilerp` and
/// `lerpPixel` do (across first, then down, then between levels), in 16-bit lanes.
package struct TexelQuad {
    package let texels: SIMD4<UInt32>
    package let wu: UInt16, wv: UInt16

    /// Texels and the weights from the fraction of a grid position.
    @inline(__always)
    package init(texels: SIMD4<UInt32>, _ gu: Int64, _ gv: Int64) {
        self.texels = texels
        wu = UInt16(truncatingIfNeeded: (gu &>> 24) & 0xFF)
        wv = UInt16(truncatingIfNeeded: (gv &>> 24) & 0xFF)
    }

    /// The top and the bottom row blended across: [top R G B A, bottom R G B A].
    @inline(__always)
    var rows: SIMD8<UInt16> {
        let b = unsafeBitCast(texels, to: SIMD16<UInt8>.self)
        let z: UInt8 = 0, h: UInt8 = 0x80
        // Bytes to 16-bit lanes; the left column also as 256·texel + 128, which the unpack
        // gives for free (the byte goes high, 0x80 low).
        let left = unsafeBitCast(SIMD16<UInt8>(b[0], z, b[1], z, b[2], z, b[3], z,
                                               b[4], z, b[5], z, b[6], z, b[7], z), to: SIMD8<UInt16>.self)
        let leftRounded = unsafeBitCast(SIMD16<UInt8>(h, b[0], h, b[1], h, b[2], h, b[3],
                                                      h, b[4], h, b[5], h, b[6], h, b[7]), to: SIMD8<UInt16>.self)
        let right = unsafeBitCast(SIMD16<UInt8>(b[8], z, b[9], z, b[10], z, b[11], z,
                                                b[12], z, b[13], z, b[14], z, b[15], z), to: SIMD8<UInt16>.self)
        return (leftRounded &+ (right &- left) &* lanes(wu)) &>> 8
    }

    @inline(__always)
    package var bilinear: UInt32 {
        let r = unsafeBitCast(rows, to: SIMD2<UInt64>.self)
        let bottom = unsafeBitCast(SIMD2<UInt64>(r[1], r[1]), to: SIMD8<UInt16>.self)
        return packed(mix(rows, bottom, lanes(wv)))
    }

    /// The bilinear samples of two levels blended, weight w/256 on `far`. Both levels'
    /// vertical blends share one set of lanes.
    @inline(__always)
    package static func trilinear(_ near: TexelQuad, _ far: TexelQuad, _ w: UInt16) -> UInt32 {
        let n = unsafeBitCast(near.rows, to: SIMD2<UInt64>.self), f = unsafeBitCast(far.rows, to: SIMD2<UInt64>.self)
        let tops = unsafeBitCast(SIMD2<UInt64>(n[0], f[0]), to: SIMD8<UInt16>.self)
        let bottoms = unsafeBitCast(SIMD2<UInt64>(n[1], f[1]), to: SIMD8<UInt16>.self)
        let both = mix(tops, bottoms, lanes(near.wv, far.wv))
        let b = unsafeBitCast(both, to: SIMD2<UInt64>.self)
        return packed(mix(both, unsafeBitCast(SIMD2<UInt64>(b[1], b[1]), to: SIMD8<UInt16>.self), lanes(w)))
    }
}

/// A weight in every 16-bit lane (a multiply and a move, fewer shuffles than a splat).
@inline(__always)
private func lanes(_ w: UInt16) -> SIMD8<UInt16> {
    unsafeBitCast(SIMD2<UInt64>(repeating: UInt64(w) &* 0x0001_0001_0001_0001), to: SIMD8<UInt16>.self)
}

/// One weight in the low four lanes, another in the high four.
@inline(__always)
private func lanes(_ low: UInt16, _ high: UInt16) -> SIMD8<UInt16> {
    unsafeBitCast(SIMD2<UInt64>(UInt64(low) &* 0x0001_0001_0001_0001, UInt64(high) &* 0x0001_0001_0001_0001),
                  to: SIMD8<UInt16>.self)
}

/// (a·(256 − w) + b·w + 128) >> 8 per lane, computed as (256·a + (b − a)·w + 128) >> 8 in
/// wrapping 16-bit arithmetic: exact, because the true value fits in 16 bits.
@inline(__always)
private func mix(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ w: SIMD8<UInt16>) -> SIMD8<UInt16> {
    ((a &<< 8) &+ (b &- a) &* w &+ 128) &>> 8
}

/// The pixel in lanes 0–3 (each at most 255) as RGBA bytes.
@inline(__always)
private func packed(_ v: SIMD8<UInt16>) -> UInt32 {
    let b = unsafeBitCast(v, to: SIMD16<UInt8>.self)
    return unsafeBitCast(SIMD4<UInt8>(b[0], b[2], b[4], b[6]), to: UInt32.self)
}

/// A texel coordinate in 32.32 fixed point, clamped far outside any texture (NaN → low end).
@inline(__always)
package func fixed(_ v: Double) -> Int64 {
    let c = v > -1e6 ? min(v, 1e6) : -1e6
    return Int64(c * 4294967296)
}

/// Sample positions along a run in 32.32 fixed point, stepped by second-order forward
/// differences: each step adds the first difference, which then grows by the second. The C
/// struct, which the run kernels step the same way.
package typealias QuadraticSteps = rk_quadratic_steps

extension QuadraticSteps {
    /// The position `k` steps on, without stepping.
    @inline(__always)
    func position(after k: Int) -> (u: Int64, v: Int64) {
        let t = Int64(k), tri = Int64(k * (k - 1) / 2)
        return (fu &+ t &* du &+ tri &* ddu, fv &+ t &* dv &+ tri &* ddv)
    }

    /// The steps from `k` steps on: the same positions as stepping `k` times.
    @inline(__always)
    package func advanced(by k: Int) -> QuadraticSteps {
        let p = position(after: k), t = Int64(k)
        return QuadraticSteps(fu: p.u, fv: p.v, du: du &+ t &* ddu, dv: dv &+ t &* ddv, ddu: ddu, ddv: ddv)
    }

    @inline(__always)
    package mutating func step() {
        fu &+= du; fv &+= dv; du &+= ddu; dv &+= ddv
    }
}

/// λ along a run in 8.24 fixed point, stepped linearly.
struct LambdaSteps {
    let start: Int64, step: Int64

    /// From `lam0` to `lam1` over `n` pixels, both clamped just outside the level range
    /// (NaN to −1), where the level choice no longer changes.
    @inline(__always)
    init(_ lam0: Double, _ lam1: Double, over n: Int, top: Int) {
        let t = Double(top)
        let a = lam0 > -1 ? min(lam0, t + 1) : -1, b = lam1 > -1 ? min(lam1, t + 1) : -1
        start = Int64(a * 16777216)
        step = Int64((b - a) * 16777216 / Double(n))
    }

    @inline(__always)
    init(start: Int64, step: Int64) {
        self.start = start
        self.step = step
    }

    @inline(__always)
    func advanced(by k: Int) -> LambdaSteps {
        LambdaSteps(start: start &+ step &* Int64(k), step: step)
    }
}
