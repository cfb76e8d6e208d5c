import Foundation
import Testing
import Raster

/// Plain flattening of cubics (`Path.flatten`, as strokes use it) steps each quarter of the
/// parameter by its own count, from |B''| at that quarter's ends, instead of Wang's one count
/// for the largest |B''| of the whole curve. Checked against the curves themselves, densely
/// sampled: every point of every chord stays within the tolerance, and curves whose bending
/// is uneven take fewer segments than Wang's count.
@Suite struct CubicFlatteningTests {
    static let tolerance = 0.1

    static func flattened(_ p: [(Double, Double)]) -> (points: [(Double, Double)], segments: Int) {
        var path = Path()
        path.move(to: p[0].0, p[0].1)
        path.cubic(to: p[3].0, p[3].1, control1: p[1].0, p[1].1, control2: p[2].0, p[2].1)
        return StraddlingFlatteningTests.polyline(path, straddling: false, tolerance: tolerance)
    }

    /// Wang's count for the whole curve: ⌈√(0.75·max |second difference| / tolerance)⌉.
    static func wang(_ p: [(Double, Double)]) -> Int {
        let d0 = hypot(p[0].0 - 2 * p[1].0 + p[2].0, p[0].1 - 2 * p[1].1 + p[2].1)
        let d1 = hypot(p[1].0 - 2 * p[2].0 + p[3].0, p[1].1 - 2 * p[2].1 + p[3].1)
        return Int((0.75 * max(d0, d1) / tolerance).squareRoot().rounded(.up))
    }

    @Test func unevenBendingTakesFewerSegmentsWithinTheTolerance() {
        // Tight at the start, nearly straight at the end: |d0| is 14 times |d1|.
        let p = [(20.0, 20.0), (220.0, 20.0), (40.0, 160.0), (60.0, 300.0)]
        let (points, segments) = Self.flattened(p)
        let worst = StraddlingFlatteningTests.errors(points, StraddlingFlatteningTests.samples(p), centre: (0, 0)).worst
        #expect(worst <= Self.tolerance * 1.02, "worst \(worst)")
        #expect(Double(segments) <= 0.8 * Double(Self.wang(p)), "\(segments) segments against Wang's \(Self.wang(p))")
    }

    /// The largest distance from the curve (20 000 parameters) to the polyline, each sample
    /// measured to the chords around the one nearest the previous sample (both run along the
    /// curve in the same order).
    static func distanceToPolyline(_ p: [(Double, Double)], _ xs: [Double], _ ys: [Double]) -> Double {
        func toChord(_ q: (Double, Double), _ i: Int) -> Double {
            let ax = xs[i], ay = ys[i], bx = xs[i + 1], by = ys[i + 1]
            let dx = bx - ax, dy = by - ay, l = dx * dx + dy * dy
            let s = l > 0 ? min(max(((q.0 - ax) * dx + (q.1 - ay) * dy) / l, 0), 1) : 0
            return hypot(q.0 - (ax + s * dx), q.1 - (ay + s * dy))
        }
        var worst = 0.0, at = 0
        for q in StraddlingFlatteningTests.samples(p) {
            var best = Double.infinity
            for i in max(0, at - 2)...min(xs.count - 2, at + 2) {
                let d = toChord(q, i)
                if d < best { best = d; at = i }
            }
            worst = max(worst, best)
        }
        return worst
    }

    @Test func randomCubicsStayWithinTheTolerance() {
        // The drawing race's generator (seed 4): 40 of its stroked cubics.
        var s: UInt32 = 4
        func next() -> Double { s = 1_664_525 &* s &+ 1_013_904_223; return 512 * Double(s) / 4_294_967_296 }
        var segments = 0, wang = 0, worst = 0.0
        for _ in 0..<40 {
            let p = (0..<4).map { _ in (next(), next()) }
            var path = Path()
            path.move(to: p[0].0, p[0].1)
            path.cubic(to: p[3].0, p[3].1, control1: p[1].0, p[1].1, control2: p[2].0, p[2].1)
            var c = PolylineCollector()
            path.flatten(transform: .identity, tolerance: Self.tolerance, into: &c)
            segments += c.lines[0].xs.count - 1
            wang += Self.wang(p)
            worst = max(worst, Self.distanceToPolyline(p, c.lines[0].xs, c.lines[0].ys))
        }
        #expect(worst <= Self.tolerance * 1.001, "worst \(worst)")
        // Not all the tolerance is wasted: the steps are as long as it allows.
        #expect(worst >= Self.tolerance * 0.9, "worst \(worst)")
        #expect(Double(segments) < 0.9 * Double(wang), "\(segments) segments against Wang's \(wang)")
    }
}
