import Foundation
import Testing
import OpenQuartzCore

/// Every CGBlendMode checked channel by channel against its formula, worked out here in Double
/// from the W3C Compositing and Blending Level 1 definitions (separable §9.1, non-separable
/// §9.2, the general formula §9) and Porter–Duff's operators, on premultiplied colour.
@Suite struct CGBlendModeTests {
    typealias RGBA = (r: Double, g: Double, b: Double, a: Double)

    static func separable(_ mode: CGBlendMode, _ cb: Double, _ cs: Double) -> Double {
        func hard(_ cb: Double, _ cs: Double) -> Double { cs <= 0.5 ? cb * 2 * cs : 1 - (1 - cb) * (1 - (2 * cs - 1)) }
        switch mode {
        case .multiply: return cb * cs
        case .screen: return 1 - (1 - cb) * (1 - cs)
        case .overlay: return hard(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .hardLight: return hard(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return cs
        }
    }

    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    static func clip(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    static func setLum(_ c: [Double], _ l: Double) -> [Double] { clip(c.map { $0 + l - lum(c) }) }
    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let x = c.max()!, n = c.min()!
        guard x > n else { return [0, 0, 0] }
        return c.map { $0 == x ? s : ($0 == n ? 0 : ($0 - n) * s / (x - n)) }
    }

    /// The expected premultiplied result of drawing S over D (both premultiplied) in `mode`.
    static func expected(_ mode: CGBlendMode, s: RGBA, d: RGBA) -> RGBA {
        let sc = [s.r, s.g, s.b], dc = [d.r, d.g, d.b]
        func pd(_ fs: Double, _ fd: Double) -> RGBA {
            (s.r * fs + d.r * fd, s.g * fs + d.g * fd, s.b * fs + d.b * fd, s.a * fs + d.a * fd)
        }
        switch mode {
        case .normal: return pd(1, 1 - s.a)
        case .clear: return (0, 0, 0, 0)
        case .copy: return s
        case .sourceIn: return pd(d.a, 0)
        case .sourceOut: return pd(1 - d.a, 0)
        case .sourceAtop: return pd(d.a, 1 - s.a)
        case .destinationOver: return pd(1 - d.a, 1)
        case .destinationIn: return pd(0, s.a)
        case .destinationOut: return pd(0, 1 - s.a)
        case .destinationAtop: return pd(1 - d.a, s.a)
        case .xor: return pd(1 - d.a, 1 - s.a)
        case .plusLighter: return (min(1, s.r + d.r), min(1, s.g + d.g), min(1, s.b + d.b), min(1, s.a + d.a))
        case .plusDarker:
            let a = min(1, s.a + d.a)
            func ch(_ x: Double, _ y: Double) -> Double { max(0, a - ((s.a - x) + (d.a - y))) }
            return (ch(s.r, d.r), ch(s.g, d.g), ch(s.b, d.b), a)
        default:
            let cs = sc.map { s.a > 0 ? $0 / s.a : 0 }, cb = dc.map { d.a > 0 ? $0 / d.a : 0 }
            let mixed: [Double]
            switch mode {
            case .hue: mixed = setLum(setSat(cs, sat(cb)), lum(cb))
            case .saturation: mixed = setLum(setSat(cb, sat(cs)), lum(cb))
            case .color: mixed = setLum(cs, lum(cb))
            case .luminosity: mixed = setLum(cb, lum(cs))
            default: mixed = (0..<3).map { separable(mode, cb[$0], cs[$0]) }
            }
            let c = (0..<3).map { sc[$0] * (1 - d.a) + dc[$0] * (1 - s.a) + s.a * d.a * mixed[$0] }
            return (c[0], c[1], c[2], s.a + d.a - s.a * d.a)
        }
    }

    static let allModes: [CGBlendMode] = (0...27).compactMap { CGBlendMode(rawValue: $0) }

    @Test func everyModeMatchesItsFormulaPerChannel() {
        #expect(Self.allModes.count == 28)
        // Straight colours (r, g, b, a) for source and destination, from dark to light and
        // translucent to opaque, to reach each branch of the formulas.
        let sources: [(Double, Double, Double, Double)] = [(0.9, 0.2, 0.5, 1), (0.1, 0.6, 0.8, 0.6), (0.3, 0.3, 0.9, 0.25), (1, 1, 0, 1)]
        let dests: [(Double, Double, Double, Double)] = [(0.2, 0.7, 0.4, 1), (0.8, 0.1, 0.15, 0.5), (0.5, 0.5, 0.5, 1), (0, 0, 0, 0)]
        for mode in Self.allModes {
            for s in sources {
                for d in dests {
                    let ctx = makeRGBAContext(1, 1)
                    ctx.setFillColor(red: d.0, green: d.1, blue: d.2, alpha: d.3)
                    ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
                    // What the bitmap holds (rounded to 8 bits) is the backdrop the formula sees.
                    let got0 = ctx.rgba(0, row: 0)
                    ctx.setBlendMode(mode)
                    ctx.setFillColor(red: s.0, green: s.1, blue: s.2, alpha: s.3)
                    ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
                    let got = ctx.rgba(0, row: 0)
                    let sp: RGBA = ((s.0 * s.3 * 255).rounded() / 255, (s.1 * s.3 * 255).rounded() / 255,
                                    (s.2 * s.3 * 255).rounded() / 255, (s.3 * 255).rounded() / 255)
                    let dp: RGBA = (Double(got0.r) / 255, Double(got0.g) / 255, Double(got0.b) / 255, Double(got0.a) / 255)
                    let e = Self.expected(mode, s: sp, d: dp)
                    let want = [e.r, e.g, e.b, e.a].map { Int((min(max($0, 0), 1) * 255).rounded()) }
                    let have = [got.r, got.g, got.b, got.a]
                    // Unpremultiplying 8-bit values costs up to 2/255 in the non-separable modes.
                    let tolerance = [.hue, .saturation, .color, .luminosity].contains(mode) ? 3 : 1
                    #expect(zip(want, have).allSatisfy { abs($0 - $1) <= tolerance },
                            "\(mode) s=\(s) d=\(d): expected \(want), got \(have)")
                }
            }
        }
    }

    @Test func modesActOnlyWhereTheShapeCovers() {
        let ctx = makeRGBAContext(2, 1)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        ctx.setBlendMode(.copy)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 1.5, height: 1))
        #expect(ctx.rgba(0, row: 0) == (128, 0, 0, 128))
        // Half coverage interpolates between the destination and the mode's result.
        #expect(near(ctx.rgba(1, row: 0).r, 64) && near(ctx.rgba(1, row: 0).b, 128) && near(ctx.rgba(1, row: 0).a, 191))
    }
}
