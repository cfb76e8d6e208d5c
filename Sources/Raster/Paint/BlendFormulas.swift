/// Per-pixel formulas for the blend modes beyond the five the compositor uses, on premultiplied
/// colour in 0...1 (W3C Compositing and Blending Level 1, §9 and §10; Porter–Duff, 1984).
///
/// For a blend mode B the result is, per colour channel and with straight colours cs = S/Sa,
/// cb = D/Da:  R = S·(1 − Da) + D·(1 − Sa) + Sa·Da·B(cb, cs),  Ra = Sa + Da − Sa·Da.
/// Coverage c (shape, clip, mask) then interpolates: out = D + (R − D)·c, so pixels outside
/// the drawn shape are left alone, as every mode does here (see `BlendMode`).
@inline(never)
func blendByFormula(_ d: UInt32, _ s: UInt32, _ c: UInt32, _ mode: BlendMode) -> UInt32 {
    let k: Float = 1 / 255
    let sr = Float(s & 0xFF) * k, sg = Float((s >> 8) & 0xFF) * k, sb = Float((s >> 16) & 0xFF) * k
    let sa = Float(s >> 24) * k
    let dr = Float(d & 0xFF) * k, dg = Float((d >> 8) & 0xFF) * k, db = Float((d >> 16) & 0xFF) * k
    let da = Float(d >> 24) * k
    var out: (Float, Float, Float, Float)
    switch mode {
    case .clear: out = (0, 0, 0, 0)
    case .copy: out = (sr, sg, sb, sa)
    case .sourceOver: out = (sr + dr * (1 - sa), sg + dg * (1 - sa), sb + db * (1 - sa), sa + da * (1 - sa))
    case .destinationOver: out = (dr + sr * (1 - da), dg + sg * (1 - da), db + sb * (1 - da), da + sa * (1 - da))
    case .sourceIn: out = (sr * da, sg * da, sb * da, sa * da)
    case .destinationIn: out = (dr * sa, dg * sa, db * sa, da * sa)
    case .sourceOut: out = (sr * (1 - da), sg * (1 - da), sb * (1 - da), sa * (1 - da))
    case .destinationOut: out = (dr * (1 - sa), dg * (1 - sa), db * (1 - sa), da * (1 - sa))
    case .sourceAtop:
        out = (sr * da + dr * (1 - sa), sg * da + dg * (1 - sa), sb * da + db * (1 - sa), da)
    case .destinationAtop:
        out = (dr * sa + sr * (1 - da), dg * sa + sg * (1 - da), db * sa + sb * (1 - da), sa)
    case .xor:
        out = (sr * (1 - da) + dr * (1 - sa), sg * (1 - da) + dg * (1 - sa), sb * (1 - da) + db * (1 - sa),
               sa * (1 - da) + da * (1 - sa))
    case .plusLighter:
        out = (min(1, sr + dr), min(1, sg + dg), min(1, sb + db), min(1, sa + da))
    case .plusDarker:
        let a = min(1, sa + da)
        out = (max(0, a - ((sa - sr) + (da - dr))), max(0, a - ((sa - sg) + (da - dg))),
               max(0, a - ((sa - sb) + (da - db))), a)
    case .hue, .saturation, .color, .luminosity:
        let cs = unpremultiply(sr, sg, sb, sa), cb = unpremultiply(dr, dg, db, da)
        let m: (Float, Float, Float)
        switch mode {
        case .hue: m = setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: m = setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: m = setLum(cs, lum(cb))
        default: m = setLum(cb, lum(cs))
        }
        let both = sa * da
        out = (sr * (1 - da) + dr * (1 - sa) + both * m.0, sg * (1 - da) + dg * (1 - sa) + both * m.1,
               sb * (1 - da) + db * (1 - sa) + both * m.2, sa + da - both)
    default:
        let both = sa * da
        @inline(__always) func channel(_ sc: Float, _ dc: Float) -> Float {
            let cs = sa > 0 ? min(sc / sa, 1) : 0, cb = da > 0 ? min(dc / da, 1) : 0
            return sc * (1 - da) + dc * (1 - sa) + both * separable(mode, cb, cs)
        }
        out = (channel(sr, dr), channel(sg, dg), channel(sb, db), sa + da - both)
    }
    let w = Float(c) * k
    @inline(__always) func byte(_ r: Float, _ dv: Float) -> UInt32 {
        let v = (dv + (r - dv) * w) * 255 + 0.5
        return v >= 255 ? 255 : (v > 0 ? UInt32(v) : 0)
    }
    let a8 = byte(out.3, da)
    return min(byte(out.0, dr), a8) | min(byte(out.1, dg), a8) << 8 | min(byte(out.2, db), a8) << 16 | a8 << 24
}

/// The separable blend functions B(cb, cs) of W3C Compositing §9.1.
@inline(__always)
private func separable(_ mode: BlendMode, _ cb: Float, _ cs: Float) -> Float {
    switch mode {
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return hardLight(cs: cb, cb: cs)
    case .darken: return min(cb, cs)
    case .lighten: return max(cb, cs)
    case .colorDodge:
        if cb == 0 { return 0 }
        return cs >= 1 ? 1 : min(1, cb / (1 - cs))
    case .colorBurn:
        if cb >= 1 { return 1 }
        return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
    case .hardLight: return hardLight(cs: cs, cb: cb)
    case .softLight:
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (dcb - cb)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    default: return cs
    }
}

@inline(__always)
private func hardLight(cs: Float, cb: Float) -> Float {
    cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
}

@inline(__always)
private func unpremultiply(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> (Float, Float, Float) {
    a > 0 ? (min(r / a, 1), min(g / a, 1), min(b / a, 1)) : (0, 0, 0)
}

// The non-separable helpers of W3C Compositing §9.2.
@inline(__always)
private func lum(_ c: (Float, Float, Float)) -> Float { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

@inline(__always)
private func clipColor(_ c: (Float, Float, Float)) -> (Float, Float, Float) {
    let l = lum(c)
    let n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
    var r = c
    if n < 0 {
        let k = l - n
        r = (l + (r.0 - l) * l / k, l + (r.1 - l) * l / k, l + (r.2 - l) * l / k)
    }
    if x > 1 {
        let k = x - l
        r = (l + (r.0 - l) * (1 - l) / k, l + (r.1 - l) * (1 - l) / k, l + (r.2 - l) * (1 - l) / k)
    }
    return r
}

@inline(__always)
private func setLum(_ c: (Float, Float, Float), _ l: Float) -> (Float, Float, Float) {
    let d = l - lum(c)
    return clipColor((c.0 + d, c.1 + d, c.2 + d))
}

@inline(__always)
private func sat(_ c: (Float, Float, Float)) -> Float { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

@inline(__always)
private func setSat(_ c: (Float, Float, Float), _ s: Float) -> (Float, Float, Float) {
    let x = max(c.0, c.1, c.2), n = min(c.0, c.1, c.2)
    guard x > n else { return (0, 0, 0) }
    @inline(__always) func f(_ v: Float) -> Float { v == x ? s : (v == n ? 0 : (v - n) * s / (x - n)) }
    // Ties between the max and another channel: W3C sets Cmax = s, Cmid by proportion, Cmin = 0.
    return (f(c.0), f(c.1), f(c.2))
}
