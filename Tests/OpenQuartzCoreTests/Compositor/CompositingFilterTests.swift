import Foundation
import Testing
import OpenQuartzCore

/// `CALayer.compositingFilter` by name: each supported Core Image compositing filter against
/// the closed-form result of W3C Compositing and Blending Level 1 (§5.3 separable, §5.8
/// non-separable, §9 Porter–Duff), worked out here in floating point from the spec's formulas;
/// what a layer blends with (the siblings below it, nothing outside a flattening ancestor); and
/// names that draw source-over.
@Suite struct CompositingFilterTests {
    typealias RGB = (Double, Double, Double)

    // MARK: The spec's formulas (W3C Compositing and Blending Level 1)

    /// B(Cb, Cs) of a separable mode, §5.3.
    static func separable(_ name: String, _ cb: Double, _ cs: Double) -> Double {
        switch name {
        case "multiplyBlendMode": return cb * cs
        case "screenBlendMode": return cb + cs - cb * cs
        case "overlayBlendMode": return separable("hardLightBlendMode", cs, cb)
        case "darkenBlendMode": return min(cb, cs)
        case "lightenBlendMode": return max(cb, cs)
        case "colorDodgeBlendMode": return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case "colorBurnBlendMode": return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case "hardLightBlendMode":
            return cs <= 0.5 ? cb * 2 * cs : separable("screenBlendMode", cb, 2 * cs - 1)
        case "softLightBlendMode":
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case "differenceBlendMode": return abs(cb - cs)
        case "exclusionBlendMode": return cb + cs - 2 * cb * cs
        default: return cs
        }
    }

    static func luminance(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

    /// §5.8 ClipColor(SetLum(C, l)).
    static func withLuminance(_ c: RGB, _ l: Double) -> RGB {
        let d = l - luminance(c)
        var r = c.0 + d, g = c.1 + d, b = c.2 + d
        let lum = luminance((r, g, b)), lo = min(r, g, b), hi = max(r, g, b)
        if lo < 0 { r = lum + (r - lum) * lum / (lum - lo); g = lum + (g - lum) * lum / (lum - lo); b = lum + (b - lum) * lum / (lum - lo) }
        if hi > 1 { r = lum + (r - lum) * (1 - lum) / (hi - lum); g = lum + (g - lum) * (1 - lum) / (hi - lum); b = lum + (b - lum) * (1 - lum) / (hi - lum) }
        return (r, g, b)
    }

    /// §5.8 SetSat(C, s): the largest component becomes s, the smallest 0, the middle one scaled.
    static func withSaturation(_ c: RGB, _ s: Double) -> RGB {
        let values = [c.0, c.1, c.2]
        let hi = values.max() ?? 0, lo = values.min() ?? 0
        func f(_ v: Double) -> Double { hi > lo ? (v - lo) * s / (hi - lo) : 0 }
        return (f(c.0), f(c.1), f(c.2))
    }

    static func saturation(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

    /// B(Cb, Cs) for every channel.
    static func blend(_ name: String, _ cb: RGB, _ cs: RGB) -> RGB {
        switch name {
        case "hueBlendMode": return withLuminance(withSaturation(cs, saturation(cb)), luminance(cb))
        case "saturationBlendMode": return withLuminance(withSaturation(cb, saturation(cs)), luminance(cb))
        case "colorBlendMode": return withLuminance(cs, luminance(cb))
        case "luminosityBlendMode": return withLuminance(cb, luminance(cs))
        default: return (separable(name, cb.0, cs.0), separable(name, cb.1, cs.1), separable(name, cb.2, cs.2))
        }
    }

    /// The premultiplied result of drawing straight colour `cs` at alpha `a_s` with `name` over
    /// straight `cb` at `ab` (§5: co = cs·αs·(1 − αb) + αs·αb·B + cb·αb·(1 − αs); Porter–Duff for
    /// the compositing filters).
    static func expected(_ name: String, cb: RGB, ab: Double, cs: RGB, alpha a_s: Double) -> (RGB, Double) {
        switch name {
        case "sourceAtopCompositing":
            // co = cs·αs·αb + cb·αb·(1 − αs), αo = αb
            return ((cs.0 * a_s * ab + cb.0 * ab * (1 - a_s), cs.1 * a_s * ab + cb.1 * ab * (1 - a_s),
                     cs.2 * a_s * ab + cb.2 * ab * (1 - a_s)), ab)
        case "additionCompositing":
            return ((min(1, cs.0 * a_s + cb.0 * ab), min(1, cs.1 * a_s + cb.1 * ab), min(1, cs.2 * a_s + cb.2 * ab)),
                    min(1, a_s + ab))
        case "sourceOverCompositing":
            return ((cs.0 * a_s + cb.0 * ab * (1 - a_s), cs.1 * a_s + cb.1 * ab * (1 - a_s), cs.2 * a_s + cb.2 * ab * (1 - a_s)),
                    a_s + ab * (1 - a_s))
        default:
            let b = blend(name, cb, cs)
            func mix(_ s: Double, _ d: Double, _ m: Double) -> Double { s * a_s * (1 - ab) + a_s * ab * m + d * ab * (1 - a_s) }
            return ((mix(cs.0, cb.0, b.0), mix(cs.1, cb.1, b.1), mix(cs.2, cb.2, b.2)), a_s + ab * (1 - a_s))
        }
    }

    static let supported = [
        "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
        "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode",
        "differenceBlendMode", "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode",
        "luminosityBlendMode", "sourceAtopCompositing", "additionCompositing", "sourceOverCompositing",
    ]

    /// A 4×4 canvas: the backdrop layer, then the filtered layer over it, both covering it.
    static func render(_ filter: Any?, cb: RGB, ab: Double, cs: RGB, alpha a_s: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        let root = makeRoot(4, 4)
        root.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 4, height: 4),
                                   CGColor(red: cb.0, green: cb.1, blue: cb.2, alpha: ab)))
        let top = makeLayer(CGRect(x: 0, y: 0, width: 4, height: 4), CGColor(red: cs.0, green: cs.1, blue: cs.2, alpha: a_s))
        top.compositingFilter = filter
        root.addSublayer(top)
        return Rendered(root, width: 4, height: 4).at(2, 2)
    }

    /// Colour pairs that reach every branch of the formulas (dark and light sources and
    /// backdrops, saturated and grey), opaque and translucent.
    static let pairs: [(cb: RGB, ab: Double, cs: RGB, alpha: Double)] = [
        ((0.8, 0.4, 0.2), 1, (0.3, 0.6, 0.9), 1),
        ((0.2, 0.9, 0.5), 1, (0.7, 0.1, 0.4), 1),
        ((1, 1, 1), 1, (0.5, 0.25, 0), 1),
        ((0.6, 0.3, 0.8), 1, (0.9, 0.8, 0.2), 0.6),
        ((0.1, 0.5, 0.7), 0.5, (0.4, 0.8, 0.3), 0.8),
    ]

    @Test(arguments: CompositingFilterTests.supported) func blendsAsTheSpecSays(_ name: String) {
        for p in Self.pairs {
            // The renderer holds colours as bytes: the formulas get the colours it blends (which
            // matters where they divide, as colour burn does).
            func byte(_ x: Double) -> Double { (x * 255).rounded() / 255 }
            func bytes(_ c: RGB) -> RGB { (byte(c.0), byte(c.1), byte(c.2)) }
            let (c, a) = Self.expected(name, cb: bytes(p.cb), ab: byte(p.ab), cs: bytes(p.cs), alpha: byte(p.alpha))
            let got = Self.render(name, cb: p.cb, ab: p.ab, cs: p.cs, alpha: p.alpha)
            // Premultiplied 8-bit out, through the group's premultiplied surface: 3 levels.
            let want = [c.0, c.1, c.2, a].map { Int(($0 * 255).rounded()) }
            let have = [got.r, got.g, got.b, got.a]
            let close = zip(want, have).allSatisfy { abs($0 - $1) <= 3 }
            #expect(close, "\(name) cb \(p.cb)·\(p.ab) cs \(p.cs)·\(p.alpha): expected \(want), got \(have)")
        }
    }

    @Test func coreImageNamesAreAccepted() {
        let cb: RGB = (0.8, 0.4, 0.2), cs: RGB = (0.3, 0.6, 0.9)
        let short = Self.render("multiplyBlendMode", cb: cb, ab: 1, cs: cs, alpha: 1)
        let long = Self.render("CIMultiplyBlendMode", cb: cb, ab: 1, cs: cs, alpha: 1)
        let ns = Self.render(NSString(string: "multiplyBlendMode"), cb: cb, ab: 1, cs: cs, alpha: 1)
        #expect(short == long && short == ns)
        // 0.8·0.3 = 0.24 → 61; 0.4·0.6 = 0.24 → 61; 0.2·0.9 = 0.18 → 46.
        #expect(abs(short.r - 61) <= 2 && abs(short.g - 61) <= 2 && abs(short.b - 46) <= 2 && short.a == 255)
    }

    @Test func defaultIsNilAndSourceOver() {
        #expect(CALayer().compositingFilter == nil)
        let plain = Self.render(nil, cb: (0.2, 0.4, 0.6), ab: 1, cs: (0.9, 0.1, 0.5), alpha: 0.5)
        let over = Self.render("sourceOverCompositing", cb: (0.2, 0.4, 0.6), ab: 1, cs: (0.9, 0.1, 0.5), alpha: 0.5)
        #expect(plain == over)
    }

    /// Unknown names and Core Image filters with no equivalent draw source-over.
    @Test(arguments: ["bogus", "pinLightBlendMode", "CISubtractBlendMode", "", "multiply"])
    func unsupportedNamesDrawSourceOver(_ name: String) {
        let cb: RGB = (0.2, 0.4, 0.6), cs: RGB = (0.9, 0.1, 0.5)
        #expect(Self.render(name, cb: cb, ab: 1, cs: cs, alpha: 0.5) == Self.render(nil, cb: cb, ab: 1, cs: cs, alpha: 0.5))
    }

    @Test func nonNameValuesDrawSourceOver() {
        let cb: RGB = (0.2, 0.4, 0.6), cs: RGB = (0.9, 0.1, 0.5)
        let plain = Self.render(nil, cb: cb, ab: 1, cs: cs, alpha: 0.5)
        #expect(Self.render(42, cb: cb, ab: 1, cs: cs, alpha: 0.5) == plain)
        #expect(Self.render(CGColor.black, cb: cb, ab: 1, cs: cs, alpha: 0.5) == plain)
    }

    /// The layer blends with its siblings below, not with what lies above it, and with its
    /// whole subtree as one group: a sublayer of the filtered layer is multiplied too.
    @Test func blendsTheSubtreeWithTheSiblingsBelow() {
        let root = makeRoot(30, 10)
        root.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 30, height: 10), CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)))
        let top = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 10), CGColor(red: 1, green: 0.5, blue: 1, alpha: 1))
        // The sublayer (over the right half of `top`) is drawn into the group source-over.
        top.addSublayer(makeLayer(CGRect(x: 10, y: 0, width: 10, height: 10), CGColor(red: 1, green: 1, blue: 0.5, alpha: 1)))
        top.compositingFilter = "multiplyBlendMode"
        root.addSublayer(top)
        // A sibling above the filtered layer is drawn source-over, unblended.
        root.addSublayer(makeLayer(CGRect(x: 25, y: 0, width: 5, height: 10), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        let img = Rendered(root, width: 30, height: 10)
        // (0.5, 1, 1)·(1, 0.5, 1) = (0.5, 0.5, 1); ·(1, 1, 0.5) = (0.5, 1, 0.5).
        #expect(img.at(5, 5) == (128, 128, 255, 255))
        #expect(img.at(15, 5) == (128, 255, 128, 255))
        #expect(img.at(22, 5) == (128, 255, 255, 255))
        #expect(img.at(27, 5) == (0, 0, 255, 255))
    }

    /// A group (here opacity with group opacity) flattens: the filtered layer inside it
    /// blends with the group's own transparent surface, not with what lies below the group.
    @Test func doesNotBlendThroughAFlatteningAncestor() {
        let root = makeRoot(10, 10)
        root.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)))
        let group = makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        group.opacity = 0.5
        let a = makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        a.compositingFilter = "multiplyBlendMode"
        group.addSublayer(a)
        // A second sublayer makes the group a group (two things drawn), off to the side.
        group.addSublayer(makeLayer(CGRect(x: 20, y: 20, width: 1, height: 1), white))
        root.addSublayer(group)
        let img = Rendered(root, width: 10, height: 10)
        // Multiply over the group's transparent surface leaves (1, 0.5, 0); at 50 % over (0.5, 1, 1):
        // (0.75, 0.75, 0.5).
        let p = img.at(5, 5)
        #expect(abs(p.r - 191) <= 1 && abs(p.g - 191) <= 1 && abs(p.b - 128) <= 1 && p.a == 255)
        // Without the group the layer would have multiplied with the backdrop: (0.5, 0.5, 0) at
        // 50 % over it is (0.5, 0.75, 0.5), which the check above rules out.
    }

    @Test func survivesAKeyedArchive() throws {
        let l = CALayer()
        l.compositingFilter = "screenBlendMode"
        let data = try NSKeyedArchiver.archivedData(withRootObject: l, requiringSecureCoding: true)
        let back = try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data)
        #expect(back?.compositingFilter as? String == "screenBlendMode")
        #expect(CALayer(layer: l).compositingFilter as? String == "screenBlendMode")
    }

    @Test func keyValueCodingReachesIt() {
        let l = CALayer()
        l.setValue("darkenBlendMode", forKey: "compositingFilter")
        #expect(l.compositingFilter as? String == "darkenBlendMode")
        #expect(l.value(forKey: "compositingFilter") as? String == "darkenBlendMode")
    }

    @Test func sceneFilesNameIt() throws {
        let json = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"bounds": [0, 0, 4, 4], "compositingFilter": "CIScreenBlendMode"}, {"bounds": [0, 0, 4, 4], "compositingFilter": "pinLightBlendMode"}]}"#
        let scene = try Scene.parse(data: Array(json.utf8), baseDirectory: nil)
        #expect(scene.root.sublayers?[0].compositingFilter as? String == "CIScreenBlendMode")
        // Core Image has it, OpenQuartzCore draws it source-over: accepted, as CALayer accepts it.
        #expect(scene.root.sublayers?[1].compositingFilter as? String == "pinLightBlendMode")
        // Written back and read again.
        let again = try Scene.parse(data: Array(scene.jsonString().utf8), baseDirectory: nil)
        #expect(again.root.sublayers?[0].compositingFilter as? String == "CIScreenBlendMode")
    }

    @Test(arguments: [#""multiply""#, #"3"#, #""""#])
    func sceneFilesRefuseOtherValues(_ value: String) {
        let json = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"compositingFilter": "# + value + "}]}"
        do {
            _ = try Scene.parse(data: Array(json.utf8), baseDirectory: nil)
            Issue.record("accepted \(value)")
        } catch {
            // One line naming the JSON path.
            let message = "\(error)"
            #expect(message.contains("layers[0].compositingFilter") && !message.contains("\n"), "\(message)")
        }
    }

    /// Whatever else groups the layer (a mask, `shouldRasterize`, a 3D transform) happens inside
    /// the filtered group: the blend applies to the result, where it lands.
    @Test func masksRasterizationAndPerspectiveAreInsideTheGroup() {
        func render(_ configure: (CALayer) -> Void) -> Rendered {
            let root = makeRoot(20, 20)
            root.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)))
            let top = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 1, green: 0.5, blue: 1, alpha: 1))
            top.compositingFilter = "multiplyBlendMode"
            configure(top)
            root.addSublayer(top)
            return Rendered(root, width: 20, height: 20)
        }
        // (0.5, 1, 1)·(1, 0.5, 1) = (0.5, 0.5, 1).
        let product = (r: 128, g: 128, b: 255, a: 255), backdrop = (r: 128, g: 255, b: 255, a: 255)
        let masked = render { l in l.mask = makeLayer(CGRect(x: 0, y: 0, width: 10, height: 20), black) }
        #expect(masked.at(5, 10) == product && masked.at(15, 10) == backdrop)
        let rasterized = render { l in l.shouldRasterize = true }
        #expect(rasterized.at(10, 10) == product)
        // Turned 36° about y in perspective (d = 100) about its centre, in front of the backdrop
        // (zPosition) so that the depth sort does not cut it: the edges land at
        // 10 ± 10·cos 36° / (1 ∓ 10·sin 36° / 100), x ≈ 1.4 and 17.6.
        let turned = render { l in
            var m = CATransform3DMakeRotation(.pi / 5, 0, 1, 0)
            m.m34 = -1 / 100
            l.transform = m
            l.zPosition = 50
        }
        #expect(turned.at(10, 10) == product && turned.at(0.5, 10) == backdrop && turned.at(19.5, 10) == backdrop,
                "\(turned.at(10, 10)) \(turned.at(0.5, 10)) \(turned.at(19.5, 10))")
    }

    /// A transform layer draws nothing of its own, and ignores its compositing filter as it
    /// ignores the rest (its sublayers still draw source-over).
    @Test func transformLayersIgnoreIt() {
        let root = makeRoot(10, 10)
        root.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)))
        let t = CATransformLayer()
        t.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        t.compositingFilter = "multiplyBlendMode"
        t.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)))
        root.addSublayer(t)
        #expect(Rendered(root, width: 10, height: 10).at(5, 5) == (255, 128, 255, 255))
    }
}
