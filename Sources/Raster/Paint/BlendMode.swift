import CRasterKernels

/// How drawn pixels combine with the destination (Porter–Duff on premultiplied colour).
///
/// Every mode acts only where something is drawn: coverage (shape, clip, mask, opacity)
/// interpolates between the destination and the mode's result, and pixels outside the
/// drawn shape are left alone, as Core Graphics does for path fills.
package enum BlendMode: Sendable {
    /// result = S + D·(1 − Sa)
    case sourceOver
    /// result = S
    case copy
    /// result = D·Sa
    case destinationIn
    /// result = D·(1 − Sa)
    case destinationOut
    /// result = D + S·(1 − Da): draws behind what is there (a shadow under its layer).
    case destinationOver
    // The rest are Core Graphics' other modes, computed by `blendByFormula` (BlendFormulas.swift):
    // the separable and non-separable blend modes of W3C Compositing and Blending Level 1, the
    // remaining Porter–Duff operators, and the two additive modes.
    /// B = S·D (separable)
    case multiply
    /// B = S + D − S·D (separable)
    case screen
    /// hardLight with the layers swapped (separable)
    case overlay
    /// B = min(S, D) (separable)
    case darken
    /// B = max(S, D) (separable)
    case lighten
    /// B = min(1, D / (1 − S)) (separable)
    case colorDodge
    /// B = 1 − min(1, (1 − D) / S) (separable)
    case colorBurn
    /// W3C's soft light: darkens or lightens D by S around ½ (separable)
    case softLight
    /// multiply or screen by S around ½ (separable)
    case hardLight
    /// B = |S − D| (separable)
    case difference
    /// B = S + D − 2·S·D (separable)
    case exclusion
    /// S's hue with D's saturation and luminosity (non-separable)
    case hue
    /// S's saturation with D's hue and luminosity (non-separable)
    case saturation
    /// S's hue and saturation with D's luminosity (non-separable)
    case color
    /// S's luminosity with D's hue and saturation (non-separable)
    case luminosity
    /// result = 0
    case clear
    /// result = S·Da
    case sourceIn
    /// result = S·(1 − Da)
    case sourceOut
    /// result = S·Da + D·(1 − Sa)
    case sourceAtop
    /// result = S·(1 − Da) + D·Sa
    case destinationAtop
    /// result = S·(1 − Da) + D·(1 − Sa)
    case xor
    /// result = min(1, S + D), alpha included
    case plusLighter
    /// alpha = min(1, Sa + Da); colour = max(0, alpha − ((Sa − S) + (Da − D)))
    case plusDarker
}

/// x·a/255 rounded to nearest, exact for all 8-bit x and a.
@inline(__always)
package func mul255(_ x: UInt32, _ a: UInt32) -> UInt32 {
    let t = x &* a &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Every channel of a premultiplied pixel times a/255, rounded to nearest, two channels per multiply.
@inline(__always)
package func scalePixel(_ p: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}

@inline(__always)
package func sourceOver(_ d: UInt32, _ s: UInt32) -> UInt32 {
    s &+ scalePixel(d, 255 - (s >> 24))
}

/// Blends premultiplied source `s` drawn with coverage `c` (1...255) onto `d`.
@inline(__always)
package func blend(_ d: UInt32, _ s: UInt32, _ c: UInt32, _ mode: BlendMode) -> UInt32 {
    switch mode {
    case .sourceOver:
        return sourceOver(d, c == 255 ? s : scalePixel(s, c))
    case .copy:
        return c == 255 ? s : scalePixel(s, c) &+ scalePixel(d, 255 - c)
    case .destinationIn:
        return scalePixel(d, mul255(s >> 24, c) &+ 255 &- c)
    case .destinationOut:
        return scalePixel(d, 255 &- mul255(s >> 24, c))
    case .destinationOver:
        return d &+ scalePixel(c == 255 ? s : scalePixel(s, c), 255 &- (d >> 24))
    default:
        return blendByFormula(d, s, c, mode)
    }
}

/// Blends one premultiplied colour with per-pixel coverage over a run of pixels.
@inline(__always)
func blendRun(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ s: UInt32,
              _ coverage: UnsafePointer<UInt8>, _ mode: BlendMode) {
    if mode == .sourceOver { sourceOverMasked(dst, count, s, coverage); return }
    if mode == .destinationOver { destinationOverMasked(dst, count, s, coverage); return }
    let opaque = s >> 24 == 255
    for i in 0..<count {
        let c = UInt32(coverage[i])
        if c == 0 { continue }
        if c == 255 && opaque && (mode == .sourceOver || mode == .copy) { dst[i] = s; continue }
        dst[i] = blend(dst[i], s, c, mode)
    }
}

/// Blends one premultiplied colour with constant coverage over a run of pixels.
@inline(__always)
func blendSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ s: UInt32, _ c: UInt32, _ mode: BlendMode) {
    if c == 0 || count <= 0 { return }
    switch mode {
    case .copy where c == 255:
        rk_fill(dst, count, s)
    case .sourceOver:
        let sc = c == 255 ? s : scalePixel(s, c)
        let inv = 255 - (sc >> 24)
        if inv == 0 {
            rk_fill(dst, count, sc)
        } else if sc != 0 {
            sourceOverConstant(dst, count, sc)
        }
    default:
        for i in 0..<count { dst[i] = blend(dst[i], s, c, mode) }
    }
}

/// Blends a row of premultiplied source pixels through per-pixel coverage, in any mode.
@inline(__always)
func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>,
              _ count: Int, _ mode: BlendMode) {
    for i in 0..<count {
        let c = UInt32(coverage[i])
        if c != 0 { dst[i] = blend(dst[i], src[i], c, mode) }
    }
}

extension Surface {
    /// Multiplies each channel of every pixel by its factor (0...255, premultiplied: a tint's
    /// colour times its alpha, and the alpha), each product x·k/255 rounded to nearest.
    package func multiplyChannels(r kr: UInt32, g kg: UInt32, b kb: UInt32, a ka: UInt32) {
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width {
                let p = row[x]
                if p == 0 { continue }
                row[x] = mul255(p & 0xFF, kr) | (mul255((p >> 8) & 0xFF, kg) << 8) | (mul255((p >> 16) & 0xFF, kb) << 16)
                    | (mul255(p >> 24, ka) << 24)
            }
        }
    }
}
