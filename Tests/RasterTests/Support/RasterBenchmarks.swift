import Foundation
import Testing
import Raster

/// Micro-benchmarks, run only with RASTER_BENCH=1 (build in release for meaningful numbers:
/// `swift build -c release --build-tests -Xswiftc -enable-testing` then
/// `RASTER_BENCH=1 swift test -c release --skip-build --filter RasterBenchmarks`).
/// Prints the median of several runs of each case: wall-clock time (`bench` lines) and the
/// running thread's CPU time (`cpu` lines; the cases are single-threaded, and on a shared,
/// loaded machine CPU time leaves out the time the thread waited for a core).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["RASTER_BENCH"] == "1"))
struct RasterBenchmarks {
    static func median(_ name: String, runs: Int = 9, warmUp: Bool = false, _ body: () -> Void) {
        if warmUp { body() }
        var times: [Double] = [], cpu: [Double] = []
        for _ in 0..<runs {
            let c0 = threadCPUNanoseconds()
            let t0 = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            cpu.append(Double(threadCPUNanoseconds() - c0) / 1e6)
        }
        times.sort()
        cpu.sort()
        print("bench \(name): median \(String(format: "%.3f", times[times.count / 2])) ms")
        print("cpu \(name): median \(String(format: "%.3f", cpu[cpu.count / 2])) ms")
    }

    static func threadCPUNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    @Test func fills() {
        let s = Surface(width: 1920, height: 1080)
        Self.median("clear 1920x1080 (memset baseline)") { s.clear(0xFF10_2030) }
        Self.median("fillRect opaque 1920x1080") { s.fillRect(x: 0, y: 0, width: 1920, height: 1080, color: .white) }
        Self.median("fillRect translucent 1920x1080") {
            s.fillRect(x: 0.5, y: 0.5, width: 1919, height: 1079, color: Color(r: 1, g: 0, b: 0, a: 0.5))
        }
        let full = Path.rect(x: 0, y: 0, width: 1920, height: 1080)
        Self.median("fill path rect opaque 1920x1080") { s.fill(full, color: .black) }
        let rr = Path.roundedRect(x: 100.5, y: 80.25, width: 1600, height: 900, radiusX: 40, radiusY: 40)
        Self.median("fill roundedRect 1600x900 r40 opaque") { s.fill(rr, color: .white) }
        Self.median("fill roundedRect 1600x900 r40 translucent") { s.fill(rr, color: Color(r: 0, g: 0, b: 1, a: 0.5)) }
        let c = Path.ellipse(x: 560, y: 140, width: 800, height: 800)
        Self.median("fill circle d800") { s.fill(c, color: .white) }
        Self.median("fill rotated rect aliased 1000x600") {
            s.fill(.rect(x: -500, y: -300, width: 1000, height: 600),
                   transform: ProjectiveTransform.rotation(0.3).concatenating(.translation(960, 540)),
                   color: .white, antialias: false)
        }
    }

    @Test func smallFills() {
        let s = Surface(width: 1920, height: 1080)
        let small = Path.roundedRect(x: 10.5, y: 10.5, width: 60, height: 40, radiusX: 8, radiusY: 8)
        Self.median("fill 1000 small roundedRects 60x40") {
            for i in 0..<1000 {
                s.fill(small, transform: .translation(Double(i % 30) * 60, Double(i / 30) * 30), color: .white)
            }
        }
        let m = Mask(width: 1920, height: 1080)
        Self.median("mask fill 1000 small roundedRects 60x40") {
            for i in 0..<1000 {
                m.fill(small, transform: .translation(Double(i % 30) * 60, Double(i / 30) * 30))
            }
        }
        let tiny = Path.ellipse(x: 0.5, y: 0.5, width: 12, height: 12)
        Self.median("fill 10000 circles d12") {
            for i in 0..<10000 {
                s.fill(tiny, transform: .translation(Double(i % 150) * 12, Double(i / 150) * 15), color: .black)
            }
        }
    }

    @Test func overlaps() {
        let s = Surface(width: 1920, height: 1080)
        var p = Path()
        for i in 0..<300 {
            let x = Double((i * 97) % 1800), y = Double((i * 61) % 980)
            p.append(.ellipse(x: x + 0.3, y: y + 0.7, width: 120, height: 100))
        }
        Self.median("fill 300 overlapping ellipses, one path (exact pass)") { s.fill(p, color: .white) }
        Self.median("fill 300 ellipses one by one") {
            for i in 0..<300 {
                let x = Double((i * 97) % 1800), y = Double((i * 61) % 980)
                s.fill(.ellipse(x: x + 0.3, y: y + 0.7, width: 120, height: 100), color: .white)
            }
        }
    }

    @Test func bigPath() {
        let s = Surface(width: 1920, height: 1080)
        // A scribble: 10⁷ points of a random walk with steps up to 4 px, reflected at the screen's edges.
        var p = Path()
        var rng = SystemRandomNumberGenerator()
        let n = 10_000_000
        p.reserveCapacity(elements: n, points: n)
        var x = 960.0, y = 540.0
        p.move(to: x, y)
        for _ in 1..<n {
            x += Double.random(in: -4...4, using: &rng); y += Double.random(in: -4...4, using: &rng)
            if x < 0 { x = -x } else if x >= 1920 { x = 2 * 1919 - x }
            if y < 0 { y = -y } else if y >= 1080 { y = 2 * 1079 - y }
            p.line(to: x, y)
        }
        p.close()
        Self.median("fill scribble 1e7 points (nonZero)", runs: 3) { s.fill(p, color: .white) }
        Self.median("fill scribble 1e7 points (evenOdd)", runs: 3) { s.fill(p, rule: .evenOdd, color: .white) }
        var star = Path()
        let m = 200_000
        for i in 0..<m {
            let a = Double(i) * 2 * Double.pi / Double(m)
            let r = i % 2 == 0 ? 530.0 : 200.0
            if i == 0 { star.move(to: 960 + r * cos(a), 540 + r * sin(a)) } else { star.line(to: 960 + r * cos(a), 540 + r * sin(a)) }
        }
        star.close()
        Self.median("fill 100k-spike star (evenOdd)", runs: 3) { s.fill(star, rule: .evenOdd, color: .white) }
    }

    @Test func textures() {
        let src = Surface(width: 1024, height: 1024)
        for y in 0..<1024 { for x in 0..<1024 { src.setPixel(x: x, y: y, (x ^ y) & 16 == 0 ? 0xFFFF_FFFF : 0xFF40_2010) } }
        let tex = Texture(src)
        _ = tex.mipLevels
        let s = Surface(width: 1920, height: 1080)
        let affine = ProjectiveTransform.rotation(0.2).concatenating(.translation(500, 20))
        Self.median("draw 1024² rotated, linear") { s.draw(tex, transform: affine) }
        Self.median("draw 1024² rotated, nearest") { s.draw(tex, transform: affine, filter: .nearest) }
        let persp = ProjectiveTransform(m11: 1.2, m12: 0.1, m13: 0.0006, m21: -0.1, m22: 0.9, m23: 0.0003,
                                        m31: 400, m32: 50, m33: 1)
        Self.median("draw 1024² perspective, linear") { s.draw(tex, transform: persp) }
        Self.median("draw 1024² perspective, trilinear") { s.draw(tex, transform: persp, filter: .trilinear) }
        Self.median("draw 1024² translate, linear, opacity 0.5") { s.draw(tex, transform: .translation(100, 30), opacity: 0.5) }
        let layer = Surface(width: 1920, height: 1080)
        layer.clear(0x8040_2010)
        Self.median("composite 1920x1080 translucent") { s.composite(layer) }
    }

    @Test func blurAndStroke() {
        let m = Mask(width: 600, height: 400)
        m.fill(.roundedRect(x: 50, y: 50, width: 500, height: 300, radiusX: 20, radiusY: 20))
        Self.median("blur mask 600x400 sigma 2") { _ = gaussianBlur(m, sigma: 2) }
        Self.median("blur mask 600x400 sigma 10") { _ = gaussianBlur(m, sigma: 10) }
        Self.median("blur mask 600x400 sigma 40") { _ = gaussianBlur(m, sigma: 40) }
        let s = Surface(width: 600, height: 400)
        s.fill(.ellipse(x: 50, y: 50, width: 500, height: 300), color: Color(r: 1, g: 0.5, b: 0, a: 1))
        Self.median("blur surface 600x400 sigma 10") { _ = gaussianBlur(s, sigma: 10) }
        var p = Path()
        p.move(to: 0, 0)
        for i in 1..<10_000 { p.line(to: Double(i % 100) * 19, Double(i / 100) * 10 + Double(i % 2) * 5) }
        Self.median("stroke 10k-segment polyline, round joins") {
            _ = p.stroked(StrokeStyle(width: 3, cap: .round, join: .round))
        }
        let out = Surface(width: 1920, height: 1080)
        let outline = p.stroked(StrokeStyle(width: 3, join: .miter))
        Self.median("fill stroke outline of 10k segments") { out.fill(outline, color: .white) }
    }

    /// With RASTER_BENCH_DUMP=dir, `skiaCases` writes each case's output once (drawn on a
    /// transparent surface, after timing) as raw bytes: `case.rgba` (premultiplied RGBA8,
    /// 1920×1080) or `case.a8` (the blurred mask, its own size). `compare --check` diffs them
    /// against skia_micro.py's, to show both sides did the same work.
    static let dumpDirectory = ProcessInfo.processInfo.environment["RASTER_BENCH_DUMP"]

    static func dump(_ name: String, _ s: Surface, _ draw: () -> Void) {
        guard let dir = dumpDirectory else { return }
        s.clear(0)
        draw()
        let bytes = Data(bytes: s.pixels, count: s.stride * s.height * 4)
        #expect(FileManager.default.createFile(atPath: "\(dir)/\(name).rgba", contents: bytes))
    }

    /// The raster cases compared with Skia, mirrored one for one (same names, shapes, seeds,
    /// line format) by Benchmarks/raster/skia_micro.py; Benchmarks/raster/compare runs both.
    /// Each case has one untimed warm-up run. Shapes are built before timing, as the Skia side
    /// records them into a picture before timing its playback.
    @Test func skiaCases() {
        let runs = Int(ProcessInfo.processInfo.environment["RASTER_BENCH_RUNS"] ?? "") ?? 9
        let s = Surface(width: 1920, height: 1080)
        Self.median("memfill_1080p", runs: runs, warmUp: true) { s.clear(0xFF30_2010) }
        Self.median("fill_opaque_1080p", runs: runs, warmUp: true) {
            s.fillRect(x: 0, y: 0, width: 1920, height: 1080, color: .white)
        }
        Self.dump("fill_opaque_1080p", s) { s.fillRect(x: 0, y: 0, width: 1920, height: 1080, color: .white) }

        var rng = BenchLCG(seed: 1)
        var rrects: [(Path, Color)] = []
        rrects.reserveCapacity(10_000)
        var checksum = 0.0  // printed so `compare` can check both sides drew the same shapes
        for _ in 0..<10_000 {
            let w = 4 + 196 * rng.next(), h = 4 + 196 * rng.next()
            let x = rng.next() * 1920 - w / 2, y = rng.next() * 1080 - h / 2
            let r = rng.next() * min(w, h) / 2
            checksum += x + y + w + h + r
            rrects.append((.roundedRect(x: x, y: y, width: w, height: h, radiusX: r, radiusY: r), rng.nextColor()))
        }
        print("shapes rrect_aa_10k: checksum \(String(format: "%.6f", checksum))")
        Self.median("rrect_aa_10k", runs: runs, warmUp: true) {
            for (p, c) in rrects { s.fill(p, color: c) }
        }
        Self.dump("rrect_aa_10k", s) { for (p, c) in rrects { s.fill(p, color: c) } }

        rng = BenchLCG(seed: 2)
        var strokes: [(Path, StrokeStyle, Color)] = []
        strokes.reserveCapacity(1_000)
        checksum = 0
        for _ in 0..<1_000 {
            let x0 = rng.next() * 1920, y0 = rng.next() * 1080
            var p = Path()
            p.move(to: x0, y0)
            for _ in 0..<3 {
                var q: [Double] = []
                for _ in 0..<3 { q.append(x0 + (rng.next() - 0.5) * 300); q.append(y0 + (rng.next() - 0.5) * 300) }
                p.cubic(to: q[4], q[5], control1: q[0], q[1], control2: q[2], q[3])
                checksum += q.reduce(0, +)
            }
            let style = StrokeStyle(width: 2 + 6 * rng.next(), cap: .butt, join: .miter, miterLimit: 4)
            checksum += style.width
            strokes.append((p, style, rng.nextColor()))
        }
        print("shapes cubic_stroke_1k: checksum \(String(format: "%.6f", checksum))")
        // Stroking is part of the timed work, as Skia strokes inside drawPath.
        Self.median("cubic_stroke_1k", runs: runs, warmUp: true) {
            for (p, style, c) in strokes { s.fill(p.stroked(style), color: c) }
        }
        Self.dump("cubic_stroke_1k", s) { for (p, style, c) in strokes { s.fill(p.stroked(style), color: c) } }

        let src = Surface(width: 1024, height: 1024)
        for y in 0..<1024 { for x in 0..<1024 { src.setPixel(x: x, y: y, (x ^ y) & 16 == 0 ? 0xFFFF_FFFF : 0xFF40_2010) } }
        let tex = Texture(src)
        // The 1024² square onto the quad (-300,-40) (2220,-40) (6000,1120) (-4080,1120): covers the
        // whole surface, minified ~3× vertically at the top (same matrix as skia_micro.py).
        let floor = ProjectiveTransform(m11: 2.4609375, m12: 0, m13: 0,
                                        m21: -0.703125, m22: 0.3125, m23: -0.000732421875,
                                        m31: -300, m32: -40, m33: 1)
        Self.median("image_persp_bilinear", runs: runs, warmUp: true) { s.draw(tex, transform: floor, filter: .linear) }
        Self.median("image_persp_trilinear", runs: runs, warmUp: true) { s.draw(tex, transform: floor, filter: .trilinear) }
        Self.dump("image_persp_bilinear", s) { s.draw(tex, transform: floor, filter: .linear) }
        Self.dump("image_persp_trilinear", s) { s.draw(tex, transform: floor, filter: .trilinear) }

        // Blur of a 1080p alpha mask (8-bit coverage in and out; the result grows by ceil(3σ) a side).
        let mask = Mask(width: 1920, height: 1080)
        mask.fill(.roundedRect(x: 100, y: 100, width: 1720, height: 880, radiusX: 40, radiusY: 40))
        for sigma in [2, 8, 32, 128] {
            Self.median("blur_mask_s\(sigma)", runs: runs, warmUp: true) { _ = gaussianBlur(mask, sigma: Double(sigma)) }
            if let dir = Self.dumpDirectory {
                let b = gaussianBlur(mask, sigma: Double(sigma))
                #expect(FileManager.default.createFile(atPath: "\(dir)/blur_mask_s\(sigma).a8",
                                                       contents: Data(bytes: b.coverage, count: b.width * b.height)))
            }
        }
    }
}

/// Knuth's MMIX 64-bit LCG; `next()` is the state's top 53 bits as a Double in [0, 1).
/// Mirrors `Lcg` in Benchmarks/raster/skia_micro.py bit for bit so both draw the same shapes.
struct BenchLCG {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / 9_007_199_254_740_992.0
    }

    /// Random RGB, alpha in [0.25, 1] (drawn in that order, as the Python side does).
    mutating func nextColor() -> Color {
        let r = next(), g = next(), b = next()
        let a = 0.25 + 0.75 * next()
        return Color(r: Float(r), g: Float(g), b: Float(b), a: Float(a))
    }
}
