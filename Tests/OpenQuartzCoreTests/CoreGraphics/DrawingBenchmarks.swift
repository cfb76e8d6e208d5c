import Foundation
import Testing
import OpenQuartzCore
import DrawingRace

/// The drawing race's cases (`DrawingRace`, timed by `drawing-race` in Benchmarks/drawing/compare),
/// each drawn once and checked against what it must draw.
@Suite struct DrawingBenchmarks {
    /// What each case must have drawn, checked on the last run's bitmap (y down, as drawn):
    /// returns a failure description, or nil. Expected values come from the cases' own
    /// geometry and Porter–Duff source-over, not from an earlier output.
    static func check(_ name: String, _ c: CGContext) -> String? {
        // A colour component v at alpha a, premultiplied to 8 bits.
        func pm(_ v: CGFloat, _ a: CGFloat) -> Int { Int((v * a * 255).rounded()) }
        func near(_ p: (r: Int, g: Int, b: Int, a: Int), _ q: (Int, Int, Int, Int), _ tol: Int) -> Bool {
            abs(p.r - q.0) <= tol && abs(p.g - q.1) <= tol && abs(p.b - q.2) <= tol && abs(p.a - q.3) <= tol
        }
        var g: DrawingRace.LCG
        switch name {
        case "rects", "circles", "stars":
            // Shapes of alpha 0.8 in random colours. At a pixel that each shape either covers
            // whole or misses, the result is source-over of the covering shapes in order (each
            // colour premultiplied to 8 bits), worked out here in Double: ±2 for the rounding of
            // each layer.
            struct Shape { var x, y, inner, outer: CGFloat; var rgb: (CGFloat, CGFloat, CGFloat); var box: CGRect? }
            var shapes: [Shape] = []
            switch name {
            case "rects":
                g = DrawingRace.LCG(s: 1)
                for _ in 0..<2000 {
                    let r = CGRect(x: g.range(0, 480), y: g.range(0, 480), width: g.range(8, 60), height: g.range(8, 60))
                    shapes.append(Shape(x: 0, y: 0, inner: 0, outer: 0, rgb: (g.next(), g.next(), g.next()), box: r))
                }
            case "stars":
                // Inside the inner pentagon's inscribed circle (radius r·cos 72° / cos 36° · cos 36°)
                // the star is filled; beyond r it is empty.
                g = DrawingRace.LCG(s: 2)
                for _ in 0..<500 {
                    let cx = g.range(40, 472), cy = g.range(40, 472), r = g.range(10, 40)
                    shapes.append(Shape(x: cx, y: cy, inner: r * cos(0.4 * .pi), outer: r, rgb: (g.next(), g.next(), g.next()), box: nil))
                }
            default:
                g = DrawingRace.LCG(s: 3)
                for _ in 0..<1000 {
                    let cx = g.range(20, 492), cy = g.range(20, 492), r = g.range(5, 30)
                    shapes.append(Shape(x: cx, y: cy, inner: r, outer: r, rgb: (g.next(), g.next(), g.next()), box: nil))
                }
            }
            var checked = 0
            for py in stride(from: 3, to: 512, by: 19) {
                for px in stride(from: 5, to: 512, by: 23) {
                    let pixel = CGRect(x: px, y: py, width: 1, height: 1)
                    var d = (0.0, 0.0, 0.0, 0.0), clean = true
                    for s in shapes {
                        let inside: Bool, outside: Bool
                        if let box = s.box {
                            inside = box.contains(pixel); outside = !box.intersects(pixel)
                        } else {
                            // Distances from the centre to the pixel's nearest and farthest points.
                            let dx = max(abs(CGFloat(px) + 0.5 - s.x) - 0.5, 0), dy = max(abs(CGFloat(py) + 0.5 - s.y) - 0.5, 0)
                            let fx = abs(CGFloat(px) + 0.5 - s.x) + 0.5, fy = abs(CGFloat(py) + 0.5 - s.y) + 0.5
                            inside = hypot(fx, fy) < s.inner - 0.01; outside = hypot(dx, dy) > s.outer + 0.01
                        }
                        if outside { continue }
                        guard inside else { clean = false; break }
                        let src = (Double(pm(s.rgb.0, 0.8)), Double(pm(s.rgb.1, 0.8)), Double(pm(s.rgb.2, 0.8)), 204.0)
                        d = (src.0 + d.0 * 0.2, src.1 + d.1 * 0.2, src.2 + d.2 * 0.2, src.3 + d.3 * 0.2)
                    }
                    guard clean else { continue }
                    let want = (Int(d.0.rounded()), Int(d.1.rounded()), Int(d.2.rounded()), Int(d.3.rounded()))
                    let got = c.rgba(px, row: py)
                    if !near(got, want, 2) { return "\(name): (\(px), \(py)) is \(got), expected \(want)" }
                    checked += 1
                }
            }
            return checked >= 20 ? nil : "\(name): only \(checked) pixels to check"
        case "strokes", "dashes":
            // The stroke colour, opaque, where the first curve starts a dash or a round cap
            // (a pixel of the 2-wide dashed line is at least half covered there).
            let a = DrawingRace.curves(1, name == "strokes" ? 4 : 5)[0]
            let len = hypot(a[2] - a[0], a[3] - a[1])
            let t = len > 0 ? 1.5 / len : 0
            let got = c.rgba(Int(a[0] + (a[2] - a[0]) * t), row: Int(a[1] + (a[3] - a[1]) * t))
            let ok = name == "strokes" ? near(got, (26, 77, 179, 255), 1)
                : got.a >= 128 && got.r < got.g && got.g < got.b
            return ok ? nil : "\(name): start of the first curve is \(got)"
        case "linear":
            // Opaque red at t ≈ 0, opaque blue at t ≈ 1, and the whole bitmap painted.
            if !near(c.rgba(0, row: 0), (255, 0, 0, 255), 4) { return "linear: (0, 0) is \(c.rgba(0, row: 0))" }
            if !near(c.rgba(511, row: 511), (0, 0, 255, 255), 4) { return "linear: (511, 511) is \(c.rgba(511, row: 511))" }
        case "radial":
            // Yellow inside the start circles, blue (alpha 1 − 2⁻²⁰ after 20 layers) beyond the end one.
            if !near(c.rgba(256, row: 256), (255, 255, 0, 255), 1) { return "radial: centre is \(c.rgba(256, row: 256))" }
            if !near(c.rgba(0, row: 0), (0, 0, 255, 255), 1) { return "radial: corner is \(c.rgba(0, row: 0))" }
        case "images":
            // Opaque over the images' union (x from 10.5, y from 12.25, 480 + 4.75 wide), untouched outside.
            if c.rgba(256, row: 256).a != 255 || c.rgba(490, row: 480).a != 255 { return "images: inside not opaque" }
            if c.rgba(5, row: 5) != (0, 0, 0, 0) || c.rgba(500, row: 500) != (0, 0, 0, 0) { return "images: outside painted" }
            return nil
        default:
            return "unknown case \(name)"
        }
        // The gradients are extended both ways: every pixel is painted.
        for row in 0..<c.height { for x in 0..<c.width where c.rgba(x, row: row).a == 0 { return "\(name): (\(x), \(row)) unpainted" } }
        return nil
    }

    @Test func drawsEachCase() {
        for (name, draw) in DrawingRace.cases() {
            let ctx = DrawingRace.canvas()
            draw(ctx)
            let failure = Self.check(name, ctx)
            #expect(failure == nil, "\(failure ?? "")")
        }
    }

    @Test func timingRepeatsThePicture() {
        // drawing-race's timing: every draw of a case gives the same picture, so its digest.
        let case0 = DrawingRace.cases()[0]
        let t = DrawingRace.time(case0.1, runs: 2)
        #expect(t.digest != nil && t.min > 0 && t.min <= t.median)
    }

    @Test func scaledCanvasDrawsTheCaseLarger() {
        // --scale 2: a 1024-pixel canvas on which the first rectangle (x, y from the cases'
        // generator, at least 8 units a side) covers twice its coordinates.
        let ctx = DrawingRace.canvas(scale: 2)
        #expect(ctx.width == 1024 && ctx.height == 1024)
        DrawingRace.cases()[0].1(ctx)
        var g = DrawingRace.LCG(s: 1)
        let x = g.range(0, 480), y = g.range(0, 480)
        // The rectangle's inside, 4 units in from its top-left corner, y down as drawn.
        let p = ctx.rgba(Int(2 * (x + 4)), row: Int(2 * (y + 4)))
        #expect(p.a > 0, "\(p)")
        // … and the colour there is the one at scale 1 (the same translucent rectangles over
        // the same point).
        let small = DrawingRace.canvas()
        DrawingRace.cases()[0].1(small)
        #expect(small.rgba(Int(x + 4), row: Int(y + 4)) == ctx.rgba(Int(2 * (x + 4)) + 1, row: Int(2 * (y + 4)) + 1))
    }

    /// This thread's CPU time in milliseconds (other tests time themselves with it).
    static func threadMilliseconds() -> Double { DrawingRace.threadMilliseconds() }
}
