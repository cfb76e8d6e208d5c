import Foundation
import Testing
import Raster

/// The work of one stroke is bounded by what can be seen (`visible`) and by `StrokeBudget`,
/// whatever the path, width and dash pattern (docs/limits.md). Times are this thread's CPU
/// time, with limits far above what the bounded work takes in a debug build and far below
/// what the unbounded work took (stated per test); pictures are compared with the stroke
/// drawn without the bound, or with one worked out by hand.
@Suite struct StrokeBudgetTests {
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Coverage of `p` over a w × h mask at the origin.
    static func coverage(_ p: Path, _ w: Int, _ h: Int) -> [UInt8] {
        let m = Mask(width: w, height: h)
        m.fill(p)
        return Array(UnsafeBufferPointer(start: m.coverage, count: w * h))
    }

    static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static let view = Rect(x: 0, y: 0, width: 64, height: 48)

    /// The contours (moves) of `p`.
    static func contours(_ p: Path) -> Int {
        p.elements.filter { if case .move = $0 { return true } else { return false } }.count
    }

    /// Strokes reaching past the view, with every cap and join, dashed and solid, open and
    /// closed: the outline built for the view gives the same coverage in it as the whole
    /// outline (1/255: only the order of float sums in the rasterizer may differ), and a
    /// stroke inside the view is built exactly as without one. (The paths are kept short beyond
    /// the view: with hundreds of dashes out of sight, the whole outline puts more pieces in a
    /// row than the rasterizer's exact pass takes, `maxExactRowPieces`, and is then the less
    /// exact of the two where its contours overlap.)
    @Test func visibleOutlineKeepsThePicture() {
        var curves = Path()
        curves.move(to: -40, 10)
        curves.cubic(to: 120, 30, control1: 10, -60, control2: 60, 120)
        curves.cubic(to: 30, 90, control1: 200, 0, control2: -50, 40)
        curves.line(to: 20, 20)
        curves.line(to: 200, 25)
        var ring = Path.ellipse(x: -20, y: -10, width: 110, height: 70)
        ring.append(Path.rect(x: 50, y: 30, width: 40, height: 40))
        var zigzag = Path()
        zigzag.move(to: -120, 40)
        for k in 0..<21 { zigzag.line(to: -100 + Double(k) * 20, k % 2 == 0 ? 5 : 44) }
        let styles = [
            StrokeStyle(width: 4, cap: .round, join: .round),
            StrokeStyle(width: 3, cap: .square, join: .miter, miterLimit: 4),
            StrokeStyle(width: 6, cap: .butt, join: .bevel),
            StrokeStyle(width: 2, cap: .butt, dashes: [8, 4]),
            StrokeStyle(width: 3, cap: .round, join: .round, dashes: [5, 3, 0.5, 3], dashPhase: 2.5),
            StrokeStyle(width: 2.5, cap: .square, dashes: [11], dashPhase: -3),
        ]
        for path in [curves, ring, zigzag] {
            for style in styles {
                let whole = path.stroked(style)
                let seen = path.stroked(style, visible: Self.view)
                let d = Self.maxDifference(Self.coverage(whole, 64, 48), Self.coverage(seen, 64, 48))
                #expect(d <= 1, "\(style)")
            }
        }
        var inside = Path()
        inside.move(to: 10, 10)
        inside.cubic(to: 50, 30, control1: 20, 40, control2: 40, 0)
        for style in styles {
            #expect(inside.stroked(style) == inside.stroked(style, visible: Self.view), "\(style)")
        }
    }

    /// 64 cubics whose control points are ±1e308 (and ±1e300) away, through the view: each
    /// flattened to 65 536 segments before, 4 M segments and seconds to minutes of stroking
    /// and filling. The segment budget and the view keep it to a fraction of a second.
    @Test func curvesOfHugeExtentAreBounded() {
        for big in [1e308, 1e300, 1e30] {
            var p = Path()
            p.move(to: 10, 10)
            for k in 0..<64 {
                let x = Double(k % 8) * 8, y = Double(k / 8) * 6
                p.cubic(to: x, y, control1: big, -big, control2: -big, big)
            }
            let start = Self.cpuSeconds()
            let outline = p.stroked(StrokeStyle(width: 2, cap: .round, join: .round), visible: Self.view)
            let m = Mask(width: 64, height: 48)
            m.fill(outline)
            let seconds = Self.cpuSeconds() - start
            #expect(seconds < 3, "\(big): \(seconds) s")
            #expect(outline.pointCount < 1 << 21, "\(big)")
        }
        // Without a view, the segment budget alone: at most maxSegments segments in all.
        var p = Path()
        p.move(to: 0, 0)
        for _ in 0..<64 { p.cubic(to: 5, 5, control1: 1e30, -1e30, control2: -1e30, 1e30) }
        // A curve of ordinary size in the same path keeps its own flattening.
        p.cubic(to: 40, 0, control1: 10, 30, control2: 30, 30)
        let budget = StrokeBudget(maxSegments: 1 << 12)
        var count = SegmentCounter()
        budget.budgeted(p, 0.1, region: nil).flatten(transform: .identity, tolerance: 0.1, into: &count)
        #expect(count.segments <= 1 << 12)
        #expect(count.segments >= 1 << 11)
        #expect(budget.budgeted(p, 0.1, region: nil).elements.last == .cubic(c1x: 10, c1y: 30, c2x: 30, c2y: 30, x: 40, y: 0))
    }

    /// A line width of 1e12 with round joins: every join's arc of a circle 1e12 wide was
    /// 350 points (the finest step allowed), so a zigzag of 20 000 corners gave 7 M points and
    /// seconds of filling. Out of sight, arcs are chords; the view is all covered.
    @Test func hugeWidthIsBounded() {
        var p = Path()
        p.move(to: 0, 0)
        for k in 0..<20_000 { p.line(to: Double(k % 64), k % 2 == 0 ? 48 : 0) }
        let start = Self.cpuSeconds()
        let outline = p.stroked(StrokeStyle(width: 1e12, cap: .round, join: .round), visible: Self.view)
        let cov = Self.coverage(outline, 64, 48)
        let seconds = Self.cpuSeconds() - start
        #expect(seconds < 3, "\(seconds) s")
        #expect(outline.pointCount < 20_000 * 16)
        #expect(cov.allSatisfy { $0 == 255 })
    }

    /// Tiny dashes along lines 2e5 long, of which the view shows 64: 500 000 dashes per line,
    /// 10 M for the path (tens of seconds) before; now only the part in sight is split, and
    /// it is dashed exactly as a line covering only that part (starting in phase there).
    @Test func dashesAreSplitOnlyInSight() {
        var long = Path(), short = Path()
        for k in 0..<20 {
            let y = 2 + Double(k) * 2.3
            long.move(to: -1e5, y); long.line(to: 1e5, y)
            // −1e5 and −40 are a whole number of periods (0.4) apart.
            short.move(to: -40, y); short.line(to: 104, y)
        }
        let style = StrokeStyle(width: 1, cap: .butt, dashes: [0.2, 0.2])
        let start = Self.cpuSeconds()
        let outline = long.stroked(style, visible: Self.view)
        let seconds = Self.cpuSeconds() - start
        #expect(seconds < 2, "\(seconds) s")
        let d = Self.maxDifference(Self.coverage(outline, 64, 48), Self.coverage(short.stroked(style), 64, 48))
        #expect(d <= 2)
    }

    /// Past the dash budget a subpath is stroked solid (one contour), the ones before it dashed.
    @Test func dashBudgetStrokesTheRestSolid() {
        var p = Path()
        for k in 0..<3 { p.move(to: 0, Double(k) * 10); p.line(to: 600, Double(k) * 10) }
        let style = StrokeStyle(width: 2, dashes: [0.5, 0.5])
        let outline = p.stroked(style, tolerance: 0.1, visible: nil, budget: StrokeBudget(maxDashes: 1000))
        let contours = Self.contours(outline)
        // 600 dashes, then 600 more would pass 1000: two solid lines.
        #expect(contours == 600 + 2)
    }

    /// A pattern that repeats within the tolerance is stroked solid: 300 000 dashes of 1e-4
    /// along a line 60 long (under the dash budget) took over a second in a debug build, and
    /// the fuzzer's dashes of 1e-308 minutes, for what no pixel shows one by one.
    @Test func patternsFinerThanTheToleranceAreSolid() {
        var p = Path()
        p.move(to: 0, 10); p.line(to: 60, 10)
        let start = Self.cpuSeconds()
        let fine = p.stroked(StrokeStyle(width: 2, dashes: [1e-4, 1e-4]), tolerance: 0.1, visible: Self.view)
        #expect(Self.cpuSeconds() - start < 0.1)
        #expect(fine == p.stroked(StrokeStyle(width: 2), tolerance: 0.1, visible: Self.view))
        // At the tolerance itself the pattern is followed: 300 dashes, one contour each.
        let dashed = p.stroked(StrokeStyle(width: 2, dashes: [0.1, 0.1]), tolerance: 0.1, visible: Self.view)
        #expect(Self.contours(dashed) == 300)
    }

    /// Past the arc budget, round joins and caps are single chords (bevels).
    @Test func arcBudgetMakesChords() {
        var p = Path()
        p.move(to: 10, 10)
        for k in 0..<100 { p.line(to: 10 + Double(k), k % 2 == 0 ? 60 : 10) }
        let style = StrokeStyle(width: 20, cap: .round, join: .round)
        let full = p.stroked(style)
        let bounded = p.stroked(style, tolerance: 0.1, visible: nil, budget: StrokeBudget(maxArcPoints: 50))
        let bevel = p.stroked(StrokeStyle(width: 20, cap: .butt, join: .bevel))
        #expect(bounded.pointCount < full.pointCount)
        #expect(bounded.pointCount <= bevel.pointCount + 50 + 2 * 100)
    }

    /// Ordinary paths stay under every budget: the tolerance is left as asked.
    @Test func ordinaryPathsAreUnaffected() {
        var g: UInt32 = 4
        func next() -> Double { g = 1_664_525 &* g &+ 1_013_904_223; return Double(g) / 4_294_967_296 * 512 }
        var p = Path()
        for _ in 0..<300 { p.move(to: next(), next()); p.cubic(to: next(), next(), control1: next(), next(), control2: next(), next()) }
        #expect(StrokeBudget.standard.budgeted(p, 0.1, region: nil) == p)
        #expect(StrokeBudget.standard.budgeted(p, 0.001, region: nil) == p)
    }
}

/// Counts the segments a flattening makes.
struct SegmentCounter: PolylineSink {
    var segments = 0
    mutating func moveTo(_ x: Double, _ y: Double) {}
    mutating func lineTo(_ x: Double, _ y: Double) { segments += 1 }
    mutating func endSubpath(closed: Bool) {}
}
