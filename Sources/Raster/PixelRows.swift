/// Row operations on premultiplied pixels, four at a time with SIMD (SSE2 on x86-64), giving
/// results identical to the scalar `sourceOver` (rounded x·a/255 per channel).

/// Each channel of 4 pixels times the matching 8-bit factor / 255, rounded.
@inline(__always)
private func scale4(_ p: SIMD16<UInt8>, _ f: SIMD16<UInt8>) -> SIMD16<UInt8> {
    let lo = SIMD8<UInt16>(truncatingIfNeeded: p.lowHalf) &* SIMD8<UInt16>(truncatingIfNeeded: f.lowHalf) &+ 128
    let hi = SIMD8<UInt16>(truncatingIfNeeded: p.highHalf) &* SIMD8<UInt16>(truncatingIfNeeded: f.highHalf) &+ 128
    let rl = (lo &+ (lo &>> 8)) &>> 8, rh = (hi &+ (hi &>> 8)) &>> 8
    return SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: rl), highHalf: SIMD8<UInt8>(truncatingIfNeeded: rh))
}

/// 255 − alpha of each of 4 pixels, repeated over its 4 channels.
@inline(__always)
private func inverseAlpha4(_ p: SIMD16<UInt8>) -> SIMD16<UInt8> {
    let a = unsafeBitCast(p, to: SIMD4<UInt32>.self) &>> 24
    let inv = (SIMD4<UInt32>(repeating: 255) &- a) &* 0x0101_0101
    return unsafeBitCast(inv, to: SIMD16<UInt8>.self)
}

/// dst = src + dst·(1 − src.a) over `count` pixels.
func sourceOverRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int) {
    var i = 0
    let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
    while i + 4 <= count {
        let sv = s.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self)
        let sw = unsafeBitCast(sv, to: SIMD4<UInt32>.self)
        if sw & 0xFF00_0000 == SIMD4(repeating: 0xFF00_0000) {
            d.storeBytes(of: sv, toByteOffset: i * 4, as: SIMD16<UInt8>.self)
        } else if sw != .zero {
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
        if unsafeBitCast(sv, to: SIMD4<UInt32>.self) != .zero {
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
