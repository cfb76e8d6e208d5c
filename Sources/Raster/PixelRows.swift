/// Row operations on premultiplied pixels, four at a time with SIMD (SSE2 on x86-64), giving
/// results identical to the scalar `sourceOver` (rounded x·a/255 per channel).

/// Each byte times the matching 8-bit factor / 255, rounded: four pixels' channels, or sixteen
/// coverages.
@inline(__always)
private func scale4(_ p: SIMD16<UInt8>, _ f: SIMD16<UInt8>) -> SIMD16<UInt8> {
    let lo = SIMD8<UInt16>(truncatingIfNeeded: p.lowHalf) &* SIMD8<UInt16>(truncatingIfNeeded: f.lowHalf) &+ 128
    let hi = SIMD8<UInt16>(truncatingIfNeeded: p.highHalf) &* SIMD8<UInt16>(truncatingIfNeeded: f.highHalf) &+ 128
    let rl = (lo &+ (lo &>> 8)) &>> 8, rh = (hi &+ (hi &>> 8)) &>> 8
    return SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: rl), highHalf: SIMD8<UInt8>(truncatingIfNeeded: rh))
}

/// 255 − alpha of each of 4 pixels, repeated over its 4 channels. Written as lane picks, which
/// LLVM turns into byte shuffles (SSE2 has no 32-bit multiply to spread a byte with).
@inline(__always)
private func inverseAlpha4(_ p: SIMD16<UInt8>) -> SIMD16<UInt8> {
    SIMD16<UInt8>(repeating: 255) &- SIMD16<UInt8>(p[3], p[3], p[3], p[3], p[7], p[7], p[7], p[7],
                                                    p[11], p[11], p[11], p[11], p[15], p[15], p[15], p[15])
}

/// Whether all four pixels are opaque, and whether all are transparent: tests on two 64-bit
/// words (a SIMD comparison reduced to a Bool loops over its lanes).
@inline(__always)
private func allOpaque(_ v: SIMD16<UInt8>) -> Bool {
    let w = unsafeBitCast(v, to: SIMD2<UInt64>.self)
    return (w[0] & w[1]) & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000
}

@inline(__always)
private func allClear(_ v: SIMD16<UInt8>) -> Bool {
    let w = unsafeBitCast(v, to: SIMD2<UInt64>.self)
    return w[0] | w[1] == 0
}

/// dst = src + dst·(1 − src.a) over `count` pixels.
func sourceOverRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int) {
    var i = 0
    let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
    while i + 4 <= count {
        let sv = s.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
        if allOpaque(sv) {
            d.storeBytes(of: sv, toByteOffset: i * 4, as: SIMD16<UInt8>.self)
        } else if !allClear(sv) {
            let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
            d.storeBytes(of: sv &+ scale4(dv, inverseAlpha4(sv)), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
        }
        i += 4
    }
    while i < count {
        let p = src[i]
        if p >> 24 == 255 { dst[i] = p } else if p != 0 { dst[i] = sourceOver(dst[i], p) }
        i += 1
    }
}

/// dst = s + dst·(1 − s.a) over `count` pixels, for one colour `s`.
func sourceOverConstant(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ s: UInt32) {
    var i = 0
    let d = UnsafeMutableRawPointer(dst)
    let sv = unsafeBitCast(SIMD4<UInt32>(repeating: s), to: SIMD16<UInt8>.self)
    let inv = inverseAlpha4(sv)
    while i + 4 <= count {
        let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
        d.storeBytes(of: sv &+ scale4(dv, inv), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
        i += 4
    }
    while i < count { dst[i] = sourceOver(dst[i], s); i += 1 }
}

/// dst = src·c + dst·(1 − src.a·c) over `count` pixels, for one coverage or opacity c (0...255).
func sourceOverRowScaled(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, _ c: UInt32) {
    var i = 0
    let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
    let f = unsafeBitCast(SIMD4<UInt32>(repeating: c &* 0x0101_0101), to: SIMD16<UInt8>.self)
    while i + 4 <= count {
        let sv = scale4(s.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self), f)
        if !allClear(sv) {
            let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
            d.storeBytes(of: sv &+ scale4(dv, inverseAlpha4(sv)), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
        }
        i += 4
    }
    while i < count {
        let p = scalePixel(src[i], c)
        if p != 0 { dst[i] = sourceOver(dst[i], p) }
        i += 1
    }
}

/// Four coverage bytes, each repeated over the four channels of its pixel.
@inline(__always)
private func spread4(_ c: UInt32) -> SIMD16<UInt8> {
    let v = unsafeBitCast(SIMD4<UInt32>(c, 0, 0, 0), to: SIMD16<UInt8>.self)
    return SIMD16<UInt8>(v[0], v[0], v[0], v[0], v[1], v[1], v[1], v[1], v[2], v[2], v[2], v[2], v[3], v[3], v[3], v[3])
}

/// dst = s·c + dst·(1 − s.a·c) for one colour `s` through per-pixel coverage c.
func sourceOverMasked(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ s: UInt32,
                      _ coverage: UnsafePointer<UInt8>) {
    var i = 0
    let d = UnsafeMutableRawPointer(dst), cov = UnsafeRawPointer(coverage)
    let sv = unsafeBitCast(SIMD4<UInt32>(repeating: s), to: SIMD16<UInt8>.self)
    let opaque = s >> 24 == 255
    while i + 4 <= count {
        let c4 = cov.loadUnaligned(fromByteOffset: i, as: UInt32.self)
        if c4 == 0xFFFF_FFFF && opaque {
            d.storeBytes(of: sv, toByteOffset: i * 4, as: SIMD16<UInt8>.self)
        } else if c4 != 0 {
            let sc = scale4(sv, spread4(c4))
            let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
            d.storeBytes(of: sc &+ scale4(dv, inverseAlpha4(sc)), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
        }
        i += 4
    }
    while i < count {
        let c = UInt32(coverage[i])
        if c == 255 && opaque { dst[i] = s } else if c != 0 { dst[i] = sourceOver(dst[i], scalePixel(s, c)) }
        i += 1
    }
}

/// dst = src·c + dst·(1 − src.a·c) for source pixels through per-pixel coverage c.
func sourceOverRowMasked(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
                         _ coverage: UnsafePointer<UInt8>) {
    var i = 0
    let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src), cov = UnsafeRawPointer(coverage)
    while i + 4 <= count {
        let c4 = cov.loadUnaligned(fromByteOffset: i, as: UInt32.self)
        if c4 != 0 {
            var sv = s.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
            if c4 != 0xFFFF_FFFF { sv = scale4(sv, spread4(c4)) }
            if allOpaque(sv) {
                d.storeBytes(of: sv, toByteOffset: i * 4, as: SIMD16<UInt8>.self)
            } else if !allClear(sv) {
                let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
                d.storeBytes(of: sv &+ scale4(dv, inverseAlpha4(sv)), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
            }
        }
        i += 4
    }
    while i < count {
        let c = UInt32(coverage[i])
        if c != 0 {
            let p = c == 255 ? src[i] : scalePixel(src[i], c)
            if p >> 24 == 255 { dst[i] = p } else if p != 0 { dst[i] = sourceOver(dst[i], p) }
        }
        i += 1
    }
}

/// dst = dst + s·c·(1 − dst.a): one colour drawn behind what is there, through coverage c.
func destinationOverMasked(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ s: UInt32,
                           _ coverage: UnsafePointer<UInt8>) {
    var i = 0
    let d = UnsafeMutableRawPointer(dst), cov = UnsafeRawPointer(coverage)
    let sv = unsafeBitCast(SIMD4<UInt32>(repeating: s), to: SIMD16<UInt8>.self)
    while i + 4 <= count {
        let c4 = cov.loadUnaligned(fromByteOffset: i, as: UInt32.self)
        if c4 != 0 {
            let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
            let sc = c4 == 0xFFFF_FFFF ? sv : scale4(sv, spread4(c4))
            d.storeBytes(of: dv &+ scale4(sc, inverseAlpha4(dv)), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
        }
        i += 4
    }
    while i < count {
        let c = UInt32(coverage[i])
        if c != 0 { dst[i] = blend(dst[i], s, c, .destinationOver) }
        i += 1
    }
}

/// out = a·b/255 rounded, sixteen coverages at a time (clip times shape, mask times clip).
func multiplyCoverage(_ out: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
                      _ count: Int) {
    var i = 0
    let o = UnsafeMutableRawPointer(out), pa = UnsafeRawPointer(a), pb = UnsafeRawPointer(b)
    while i + 16 <= count {
        let x = pa.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        let y = pb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        o.storeBytes(of: scale4(x, y), toByteOffset: i, as: SIMD16<UInt8>.self)
        i += 16
    }
    while i < count {
        out[i] = UInt8(truncatingIfNeeded: mul255(UInt32(a[i]), UInt32(b[i])))
        i += 1
    }
}

/// out = a·c/255 rounded for one factor c (0...255).
func multiplyCoverage(_ out: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ c: UInt32, _ count: Int) {
    var i = 0
    let o = UnsafeMutableRawPointer(out), pa = UnsafeRawPointer(a)
    let y = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: c))
    while i + 16 <= count {
        let x = pa.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        o.storeBytes(of: scale4(x, y), toByteOffset: i, as: SIMD16<UInt8>.self)
        i += 16
    }
    while i < count {
        out[i] = UInt8(truncatingIfNeeded: mul255(UInt32(a[i]), c))
        i += 1
    }
}
