import Foundation
import Testing
import OpenQuartzCore

/// The drawing benchmark (Benchmarks/drawing): our CGContext on the cases that
/// Benchmarks/drawing/peers.py draws with Skia and Blend2D, same shapes from the same seeded
/// generator, on a 512 × 512 premultiplied RGBA bitmap. `race` runs only with DRAWING_BENCH=1 (in a
/// release build, through Benchmarks/drawing/compare) and prints `bench ours <case>: median <ms> ms`;
/// `drawsEachCase` always runs: each case once, checked against what it must draw.
@Suite struct DrawingBenchmarks {
    /// Numerical Recipes' 32-bit LCG, the same as peers.py's.
    struct LCG {
        var s: UInt32
        mutating func next() -> CGFloat {
            s = 1_664_525 &* s &+ 1_013_904_223
            return CGFloat(s) / 4_294_967_296
        }
        mutating func range(_ lo: CGFloat, _ hi: CGFloat) -> CGFloat { lo + (hi - lo) * next() }
    }

    /// This thread's CPU time in milliseconds: on a shared machine, wall-clock time mostly
    /// measures the other processes (peers.py measures the same way, `time.thread_time()`).
    static func threadMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    static func curves(_ n: Int, _ seed: UInt32) -> [[CGFloat]] {
        var g = LCG(s: seed)
        return (0..<n).map { _ in (0..<8).map { _ in g.range(0, 512) } }
    }

    static let image: CGImage = {
        var bytes = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 {
                let o = 4 * (y * 256 + x)
                bytes[o] = UInt8(x); bytes[o + 1] = UInt8(y); bytes[o + 2] = UInt8(x ^ y)
            }
        }
        return CGImage(width: 256, height: 256, rgba: bytes)!
    }()

    static func cases() -> [(String, (CGContext) -> Void)] {
        var g = LCG(s: 1)
        let rects = (0..<2000).map { _ in
            (CGRect(x: g.range(0, 480), y: g.range(0, 480), width: g.range(8, 60), height: g.range(8, 60)),
             CGColor(red: g.next(), green: g.next(), blue: g.next(), alpha: 0.8))
        }
        g = LCG(s: 2)
        let stars = (0..<500).map { _ -> ([CGPoint], CGColor) in
            let cx = g.range(40, 472), cy = g.range(40, 472), r = g.range(10, 40)
            let pts = (0..<5).map { k -> CGPoint in
                let a = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
                return CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
            }
            return (pts, CGColor(red: g.next(), green: g.next(), blue: g.next(), alpha: 0.8))
        }
        g = LCG(s: 3)
        let circles = (0..<1000).map { _ in
            (g.range(20, 492), g.range(20, 492), g.range(5, 30), CGColor(red: g.next(), green: g.next(), blue: g.next(), alpha: 0.8))
        }
        let strokes = curves(300, 4), dashes = curves(100, 5)
        func stroke(_ c: CGContext, _ data: [[CGFloat]]) {
            for a in data {
                c.move(to: CGPoint(x: a[0], y: a[1]))
                c.addCurve(to: CGPoint(x: a[6], y: a[7]), control1: CGPoint(x: a[2], y: a[3]), control2: CGPoint(x: a[4], y: a[5]))
                c.strokePath()
            }
        }
        let space = CGColorSpaceCreateDeviceRGB()
        let linear = CGGradient(colorsSpace: space, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                             CGColor(red: 0, green: 1, blue: 0, alpha: 0.5),
                                                             CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray,
                                locations: [0, 0.4, 1])!
        let radial = CGGradient(colorsSpace: space, colors: [CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                                                             CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)] as CFArray,
                                locations: nil)!
        let all: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        return [
            ("rects", { c in for (r, col) in rects { c.setFillColor(col); c.fill(r) } }),
            ("stars", { c in
                for (pts, col) in stars { c.setFillColor(col); c.addLines(between: pts); c.closePath(); c.fillPath() }
            }),
            ("circles", { c in
                for (x, y, r, col) in circles { c.setFillColor(col); c.fillEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)) }
            }),
            ("strokes", { c in
                c.setStrokeColor(red: 0.1, green: 0.3, blue: 0.7, alpha: 1); c.setLineWidth(4); c.setLineCap(.round)
                stroke(c, strokes)
            }),
            ("dashes", { c in
                c.setStrokeColor(red: 0.1, green: 0.3, blue: 0.7, alpha: 1); c.setLineWidth(2); c.setLineCap(.butt)
                c.setLineDash(phase: 0, lengths: [8, 4])
                stroke(c, dashes)
            }),
            ("linear", { c in
                for i in 0..<20 {
                    c.drawLinearGradient(linear, start: CGPoint(x: 0, y: i), end: CGPoint(x: 512, y: 512 - i), options: all)
                }
            }),
            ("radial", { c in
                for i in 0..<20 {
                    c.drawRadialGradient(radial, startCenter: CGPoint(x: 256, y: 256), startRadius: CGFloat(10 + i),
                                         endCenter: CGPoint(x: 256, y: 256), endRadius: 300, options: all)
                }
            }),
            ("images", { c in
                for i in 0..<20 { c.draw(image, in: CGRect(x: 10.5 + CGFloat(i) * 0.25, y: 12.25, width: 480, height: 480)) }
            }),
        ]
    }

    /// What each case must have drawn, checked on the last run's bitmap (y down, as drawn):
    /// returns a failure description, or nil. Expected values come from the cases' own
    /// geometry and Porter–Duff source-over, not from an earlier output.
    static func check(_ name: String, _ c: CGContext) -> String? {
        // A colour component v at alpha a, premultiplied to 8 bits.
        func pm(_ v: CGFloat, _ a: CGFloat) -> Int { Int((v * a * 255).rounded()) }
        func near(_ p: (r: Int, g: Int, b: Int, a: Int), _ q: (Int, Int, Int, Int), _ tol: Int) -> Bool {
            abs(p.r - q.0) <= tol && abs(p.g - q.1) <= tol && abs(p.b - q.2) <= tol && abs(p.a - q.3) <= tol
        }
        var g: LCG
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
                g = LCG(s: 1)
                for _ in 0..<2000 {
                    let r = CGRect(x: g.range(0, 480), y: g.range(0, 480), width: g.range(8, 60), height: g.range(8, 60))
                    shapes.append(Shape(x: 0, y: 0, inner: 0, outer: 0, rgb: (g.next(), g.next(), g.next()), box: r))
                }
            case "stars":
                // Inside the inner pentagon's inscribed circle (radius r·cos 72° / cos 36° · cos 36°)
                // the star is filled; beyond r it is empty.
                g = LCG(s: 2)
                for _ in 0..<500 {
                    let cx = g.range(40, 472), cy = g.range(40, 472), r = g.range(10, 40)
                    shapes.append(Shape(x: cx, y: cy, inner: r * cos(0.4 * .pi), outer: r, rgb: (g.next(), g.next(), g.next()), box: nil))
                }
            default:
                g = LCG(s: 3)
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
            let a = curves(1, name == "strokes" ? 4 : 5)[0]
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
        for (name, draw) in Self.cases() {
            let ctx = makeRGBAContext(512, 512)
            ctx.translateBy(x: 0, y: 512)
            ctx.scaleBy(x: 1, y: -1)
            draw(ctx)
            let failure = Self.check(name, ctx)
            #expect(failure == nil, "\(failure ?? "")")
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["DRAWING_BENCH"] == "1"))
    func race() {
        let runs = Int(ProcessInfo.processInfo.environment["DRAWING_BENCH_RUNS"] ?? "") ?? 7
        // DRAWING_BENCH_CASES=circles,stars runs only those (for profiling one case).
        let only = ProcessInfo.processInfo.environment["DRAWING_BENCH_CASES"].map { Set($0.split(separator: ",").map(String.init)) }
        for (name, draw) in Self.cases() where only?.contains(name) ?? true {
            var times: [Double] = []
            var images: Set<Data> = []
            for _ in 0...runs {
                let ctx = makeRGBAContext(512, 512)
                // Skia's and Blend2D's canvases are y-down: flip so the same coordinates land alike.
                ctx.translateBy(x: 0, y: 512)
                ctx.scaleBy(x: 1, y: -1)
                let start = Self.threadMilliseconds()
                draw(ctx)
                times.append(Self.threadMilliseconds() - start)
                images.insert(Data(bytes: ctx.data!, count: ctx.bytesPerRow * ctx.height))
            }
            // Every run draws the same picture.
            #expect(images.count == 1, "\(name): \(images.count) different images")
            let timed = times.dropFirst().sorted()
            // FNV-1a of the picture, so a change meant to keep the bytes can be checked run to run.
            var digest: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in images.first ?? Data() { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
            print("bench ours \(name): median \(String(format: "%.3f", timed[timed.count / 2])) ms, min \(String(format: "%.3f", timed[0])) ms, picture \(String(digest, radix: 16))")
        }
    }
}
