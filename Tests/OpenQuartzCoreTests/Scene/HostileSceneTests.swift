import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Scenes of a few hundred bytes that used to crash the renderer (a wild write, traps on
/// Double→Int conversions, allocations of terabytes) or run without end, each at the default
/// limits and budget: the frame renders the picture Core Animation would show (values that
/// mean nothing at the canvas' scale clamped), or is refused with the limit that stopped it.
/// Expected pictures are worked out from the geometry, not taken from a render.
@Suite("Hostile scenes")
struct HostileSceneTests {
    /// The scene's frame within `budget`: its pixels (premultiplied RGBA, r in the low byte),
    /// or the refusal.
    static func render(_ json: String, budget: RenderBudget = .default, threads: Int = 1) throws
        -> (pixels: [UInt32], width: Int, exceeded: RenderBudgetExceeded?, scene: Scene) {
        let scene = try Scene.parse(data: Array(json.utf8), baseDirectory: nil)
        let renderer = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background, threads: threads)
        renderer.cachesFrames = false
        renderer.budget = budget
        let surface = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        renderer.render(scene.root, into: surface)
        let pixels = (0..<(surface.width * surface.height)).map { surface.pixels[$0] }
        return (pixels, surface.width, renderer.budgetExceeded, scene)
    }

    static let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0xFFFF_0000
    static func alpha(_ p: UInt32) -> Int { Int(p >> 24) }

    static func canvas(_ layers: String, size: Int = 10) -> String {
        #"{"canvas": {"width": \#(size), "height": \#(size)}, "layers": [\#(layers)]}"#
    }

    // MARK: memory-unsafe write and conversion traps

    /// A content shadow (sublayer, no background) of radius 1e9 once asked for a surface whose
    /// size wrapped around, and the fill wrote outside it. The blur's σ is clamped (as any
    /// renderer's must be): the content is drawn, the shadow spread too thin to show.
    @Test func contentShadowOfHugeRadius() throws {
        for radius in ["1e4", "3000", "1e9", "1e19", "1e300"] {
            let r = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "shadowOpacity": 1, "shadowRadius": \#(radius), "sublayers": [{"frame": [2, 2, 5, 5], "backgroundColor": "red"}]}"#))
            #expect(r.exceeded == nil, "radius \(radius)")
            #expect(r.pixels[4 * 10 + 4] == Self.red, "radius \(radius)")
            // σ ≥ 256 px spreads 25 px² of shadow over ≥ 2π·256² px²: under 1/255 anywhere.
            #expect(Self.alpha(r.pixels[0]) <= 1, "radius \(radius)")
        }
    }

    /// A content shadow offset by 1e19 (and -1e300) lands off the canvas: nothing of it shows.
    @Test func contentShadowOfHugeOffset() throws {
        for offset in ["[1e19, 1e19]", "[-1e300, 5]", "[0, 1e308]"] {
            let r = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "shadowOpacity": 1, "shadowRadius": 1, "shadowOffset": \#(offset), "sublayers": [{"frame": [2, 2, 5, 5], "backgroundColor": "red"}]}"#))
            #expect(r.exceeded == nil)
            #expect(r.pixels[4 * 10 + 4] == Self.red)
            #expect(r.pixels[9 * 10 + 9] == 0 && r.pixels[0] == 0, "offset \(offset)")
        }
    }

    /// Group opacity over a sublayer of 1e19 points (and a scale of ±1e19): the occlusion
    /// plan converted its device box to Int and trapped. Opacity 0.5 over opaque red, with
    /// opaque blue on top in one quadrant: half-alpha blue there, half-alpha red elsewhere.
    @Test func groupOpacityOverHugeGeometry() throws {
        let bounds = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "opacity": 0.5, "sublayers": [{"frame": [-1e19, -1e19, 2e19, 2e19], "backgroundColor": "red"}, {"frame": [0, 0, 5, 5], "backgroundColor": "blue"}]}"#))
        for scale in ["1e19", "-1e19"] {
            let scaled = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "opacity": 0.5, "sublayers": [{"frame": [0, 0, 10, 10], "transform": [{"scale": [\#(scale), \#(scale), 1]}], "backgroundColor": "red"}, {"frame": [0, 0, 5, 5], "backgroundColor": "blue"}]}"#))
            #expect(scaled.pixels[8 * 10 + 8] & 0xFF > 120 && Self.alpha(scaled.pixels[8 * 10 + 8]) > 120, "scale \(scale)")
        }
        #expect(Self.alpha(bounds.pixels[2 * 10 + 2]) == 128 && bounds.pixels[2 * 10 + 2] & 0xFF == 0)
        #expect(Self.alpha(bounds.pixels[8 * 10 + 8]) == 128 && bounds.pixels[8 * 10 + 8] & 0xFF == 128)
    }

    /// An SVG arc of radius 1e-200 grows to the half circle through its ends (SVG F.6.6, as
    /// browsers draw it): a half disc of radius 5, area 12.5π ≈ 39.27 px².
    @Test func arcOfTinyRadiusIsAHalfCircle() throws {
        let r = try Self.render(Self.canvas(#"{"type": "shape", "frame": [0, 0, 10, 10], "path": "M 0 5 A 1e-200 1e-200 0 0 0 10 5 Z", "fillColor": "red"}"#))
        let area = Double(r.pixels.reduce(0) { $0 + Self.alpha($1) }) / 255
        #expect(abs(area - 12.5 * Double.pi) < 0.6)
    }

    /// Arcs to 1e308, of radius 1e308, and of radius 1e-320 against 1e10: no trap.
    @Test func arcsOfExtremeSizeDoNotTrap() throws {
        for path in ["M 0 0 A 5 5 0 0 1 1e308 1e308", "M 0 0 A 1e308 1e308 0 1 1 5 5", "M 0 0 A 1e-320 1e-320 30 0 1 1e10 -1e10",
                     "M -1e308 0 A 1 1 0 0 1 1e308 0"] {
            let r = try Self.render(Self.canvas(#"{"type": "shape", "frame": [0, 0, 10, 10], "path": "\#(path)", "strokeColor": "red", "lineWidth": 1}"#))
            #expect(r.exceeded == nil, "\(path)")
            // And as a CGPath through the parser directly.
            let parsed = try SVGPathParser.parse(path)
            #expect(parsed.storage.allSatisfy { e in e.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }, "\(path)")
        }
    }

    // MARK: allocations driven by geometry

    /// A 10 pt layer with a corner radius of 5 scaled by 1e9 covers the 10×10 canvas: its
    /// corner tables used to span the radius (40 GB), now only the visible columns.
    @Test func hugeCornerUnderHugeScaleCoversTheCanvas() throws {
        let r = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "transform": [{"scale": [1e9, 1e9, 1]}], "cornerRadius": 5, "backgroundColor": "red", "borderWidth": 1, "borderColor": "blue"}"#))
        #expect(r.pixels.allSatisfy { $0 == Self.red })
    }

    /// Corner radii of 1e10 are clamped to half the side (Core Animation's capsule): a 1e10
    /// layer's corner leaves the canvas at its origin outside the shape, and its shadow path
    /// too (which also used to integrate 1e10 / 2σ quadrature segments).
    @Test func hugeCornerRadiiAreClamped() throws {
        let layer = try Self.render(Self.canvas(#"{"frame": [0, 0, 1e10, 1e10], "cornerRadius": 1e10, "borderWidth": 3, "borderColor": "blue", "backgroundColor": "red"}"#))
        #expect(layer.pixels.allSatisfy { $0 == 0 })
        let start = DrawingBenchmarks.threadMilliseconds()  // CPU time: the machine's load does not count
        let shadow = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "shadowOpacity": 1, "shadowRadius": 2, "shadowPath": {"roundedRect": [0, 0, 1e10, 1e10], "cornerRadius": 1e10}}"#))
        #expect(shadow.pixels.allSatisfy { $0 == 0 })
        #expect(DrawingBenchmarks.threadMilliseconds() - start < 5000)
        // A small layer whose radius is far beyond its size: a circle of diameter 10.
        let circle = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "cornerRadius": 1e10, "backgroundColor": "red"}"#))
        let area = Double(circle.pixels.reduce(0) { $0 + Self.alpha($1) }) / 255
        #expect(abs(area - 25 * Double.pi) < 0.6)
    }

    /// A mask whose corner radius is 1e9 (clamped to half of its 1e9 side): the canvas lies in
    /// its corner, outside the rounded shape, so nothing shows.
    @Test func maskWithHugeCorner() throws {
        let r = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "backgroundColor": "red", "mask": {"frame": [0, 0, 1e9, 1e9], "cornerRadius": 1e9, "backgroundColor": "black"}}"#))
        #expect(r.exceeded == nil)
        #expect(r.pixels.allSatisfy { $0 == 0 })
    }

    /// masksToBounds under a scale of 1e9 about the layer's centre: the blue quarter of the
    /// layer covers the canvas' top-left quarter, red the rest.
    @Test func masksToBoundsUnderHugeScale() throws {
        let r = try Self.render(Self.canvas(#"{"frame": [0, 0, 10, 10], "transform": [{"scale": [1e9, 1e9, 1]}], "masksToBounds": true, "backgroundColor": "red", "sublayers": [{"frame": [0, 0, 5, 5], "backgroundColor": "blue"}]}"#))
        for y in 0..<10 {
            for x in 0..<10 { #expect(r.pixels[y * 10 + x] == (x < 5 && y < 5 ? Self.blue : Self.red), "(\(x), \(y))") }
        }
    }

    /// rasterizationScale 1e9 asks for a plane beyond the largest surface: the layer is drawn
    /// directly, which is the same picture (what rasterizing at any scale approximates).
    @Test func hugeRasterizationScaleDrawsDirectly() throws {
        let layer = #"{"frame": [1, 1, 7, 6], "cornerRadius": 2, "backgroundColor": "red", "shouldRasterize": RASTER, "rasterizationScale": 1e9}"#
        let rasterized = try Self.render(Self.canvas(layer.replacingOccurrences(of: "RASTER", with: "true")))
        let direct = try Self.render(Self.canvas(layer.replacingOccurrences(of: "RASTER", with: "false")))
        #expect(rasterized.exceeded == nil)
        #expect(rasterized.pixels == direct.pixels)
    }

    // MARK: budgets

    /// Nested offscreen groups (content shadows, group opacity, rasterization) beyond the
    /// depth limit are refused, naming the innermost layer refused.
    @Test func nestedOffscreenGroupsAreBounded() throws {
        func nest(_ wrap: String, depth: Int) -> String {
            var l = #"{"frame": [0, 0, 64, 64], "backgroundColor": "red"}"#
            for _ in 0..<depth { l = #"{"frame": [0, 0, 64, 64], \#(wrap), "sublayers": [\#(l), {"frame": [0, 0, 8, 8], "backgroundColor": "blue"}]}"# }
            return Self.canvas(l, size: 64)
        }
        for wrap in [#""shadowOpacity": 1, "shadowRadius": 2"#, #""opacity": 0.9"#, #""shouldRasterize": true"#] {
            let ok = try Self.render(nest(wrap, depth: 20))
            #expect(ok.exceeded == nil, "\(wrap)")
            let deep = try Self.render(nest(wrap, depth: 60))
            #expect(deep.exceeded?.flag == "--max-offscreen-depth", "\(wrap)")
            if let e = deep.exceeded, let layer = e.layer(in: deep.scene.root) {
                // The 33rd group: 32 levels of sublayers[0] below layers[0].
                #expect(deep.scene.jsonPath(of: layer) == "layers[0]" + String(repeating: ".sublayers[0]", count: 32))
            } else {
                Issue.record("no layer named for \(wrap)")
            }
        }
    }

    /// Offscreen pixels, surface size, blur work and draw count each have a limit.
    @Test func eachBudgetLimitRefuses() throws {
        let shadows = Self.canvas((0..<50).map { i in #"{"frame": [\#(i), 0, 8, 8], "shadowOpacity": 1, "shadowRadius": 3, "sublayers": [{"frame": [0, 0, 4, 4], "backgroundColor": "red"}]}"# }.joined(separator: ","), size: 64)
        #expect(try Self.render(shadows).exceeded == nil)
        var b = RenderBudget.default
        b.maxOffscreenPixels = 5000
        #expect(try Self.render(shadows, budget: b).exceeded?.flag == "--max-offscreen-pixels")
        b = .default
        b.maxSurfacePixels = 100
        #expect(try Self.render(shadows, budget: b).exceeded?.flag == "--max-surface-pixels")
        b = .default
        b.maxBlurPixels = 5000
        #expect(try Self.render(shadows, budget: b).exceeded?.flag == "--max-blur-pixels")
        b = .default
        b.maxDrawOperations = 20
        let r = try Self.render(shadows, budget: b)
        #expect(r.exceeded?.flag == "--max-draw-operations")
        #expect(r.exceeded?.description.hasSuffix("(raise it with --max-draw-operations)") == true)
        // checkedImage throws what the frame exceeded.
        let renderer = CAImageRenderer(size: r.scene.size)
        renderer.budget = b
        #expect(throws: RenderBudgetExceeded.self) { try renderer.checkedImage(for: r.scene.root) }
    }

    // MARK: parse-time limits

    /// instanceCount written 1e6 or 2000.0 counts as the number it is: nested replicators no
    /// longer escape the layer limit.
    @Test func replicatorCountsAnySpelling() throws {
        for n in ["1e6", "2000.0", "1e300"] {
            let json = Self.canvas(#"{"type": "replicator", "instanceCount": \#(n), "sublayers": [{"type": "replicator", "instanceCount": \#(n), "sublayers": [{"frame": [0, 0, 1, 1], "backgroundColor": "red"}]}]}"#)
            #expect(throws: SceneError.self) { try Scene.parse(data: Array(json.utf8), baseDirectory: nil) }
            do { _ = try Scene.parse(data: Array(json.utf8), baseDirectory: nil) } catch {
                #expect(error.kind == .limitExceeded || error.problem.contains("whole number"), "\(n): \(error)")
            }
        }
    }

    /// A 10 MB unknown key is refused at once, and the message does not echo it.
    @Test func hugeUnknownKeyIsRefusedQuickly() throws {
        let key = String(repeating: "x", count: 10_000_000)
        let json = Self.canvas(#"{"\#(key)": 1}"#)
        let start = DrawingBenchmarks.threadMilliseconds()  // CPU time: the machine's load does not count
        do {
            _ = try Scene.parse(data: Array(json.utf8), baseDirectory: nil)
            Issue.record("accepted")
        } catch {
            #expect(error.description.utf8.count < 300)
            #expect(error.description.contains("unknown key"))
        }
        #expect(DrawingBenchmarks.threadMilliseconds() - start < 5000)
        // Near misses still get their hint.
        #expect(SceneReader.nearest("backgroundColr", in: ["backgroundColor", "borderColor"]) == "backgroundColor")
    }

    /// Path points are bounded per scene.
    @Test func pathPointsAreBounded() throws {
        let path = "M 0 0" + String(repeating: " L 1 1", count: 2000)
        let json = Self.canvas(#"{"type": "shape", "path": "\#(path)"}"#)
        var options = SceneOptions()
        options.limits.maxPathPoints = 1000
        do {
            _ = try Scene.parse(data: Array(json.utf8), baseDirectory: nil, options: options)
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .limitExceeded && error.location == "layers[0].path" && error.problem.contains("--max-path-points"))
        }
        #expect(throws: Never.self) { try Scene.parse(data: Array(json.utf8), baseDirectory: nil) }
    }

    /// The checked conversion every user-derived Double→Int goes through.
    @Test func saturatingConversion() {
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == Int.clampLimit && Int(saturating: -.infinity) == -Int.clampLimit)
        #expect(Int(saturating: 1e300) == Int.clampLimit && Int(saturating: -1e19, .down) == -Int.clampLimit)
        #expect(Int(saturating: 2.5, .up) == 3 && Int(saturating: -2.5, .down) == -3 && Int(saturating: 2.7) == 2)
        #expect(Int.checkedArea(1 << 40, 1 << 40) == nil && Int.checkedArea(-1, 5) == nil && Int.checkedArea(3, 4) == 12)
    }
}
