import Foundation
import Testing
import Raster

/// Plain flattening (`Path.flatten`, as strokes' centre lines take it) makes each chord as long
/// as the curve's bending allows (`BendingFlattening`). Checked against the curves themselves,
/// densely sampled (`CubicFlatteningTests.distanceToPolyline`): every point of the curve lies
/// within the tolerance of the polyline, the chords use most of it, and they are far fewer than
/// Wang's count; cusps, curves doubling back on a line and absurd coordinates stay within it
/// too (or fall back to even steps) and never trap.
@Suite struct BendingFlatteningTests {
    static let tolerance = 0.1

    /// The polyline of one cubic (p0 … p3) or, with three points, one quadratic.
    static func flattened(_ p: [(Double, Double)], tolerance: Double = tolerance) -> (xs: [Double], ys: [Double]) {
        var path = Path()
        path.move(to: p[0].0, p[0].1)
        if p.count == 3 {
            path.quad(to: p[2].0, p[2].1, control: p[1].0, p[1].1)
        } else {
            path.cubic(to: p[3].0, p[3].1, control1: p[1].0, p[1].1, control2: p[2].0, p[2].1)
        }
        var c = PolylineCollector()
        path.flatten(transform: .identity, tolerance: tolerance, into: &c)
        return (c.lines[0].xs, c.lines[0].ys)
    }

    /// A quadratic as the cubic with the same curve (controls two thirds of the way to its control).
    static func elevated(_ q: [(Double, Double)]) -> [(Double, Double)] {
        [q[0], (q[0].0 + 2 * (q[1].0 - q[0].0) / 3, q[0].1 + 2 * (q[1].1 - q[0].1) / 3),
         (q[2].0 + 2 * (q[1].0 - q[2].0) / 3, q[2].1 + 2 * (q[1].1 - q[2].1) / 3), q[2]]
    }

    /// The drawing race's generator (numerical recipes' LCG) over [0, 512).
    struct Points {
        var s: UInt32
        mutating func next() -> Double { s = 1_664_525 &* s &+ 1_013_904_223; return 512 * Double(s) / 4_294_967_296 }
        mutating func point() -> (Double, Double) { (next(), next()) }
    }

    @Test func randomCubicsAndQuadraticsStayWithinTheTolerance() {
        var g = Points(s: 4)
        var segments = 0, wang = 0, worst = 0.0
        for _ in 0..<60 {
            let p = (0..<4).map { _ in g.point() }
            let (xs, ys) = Self.flattened(p)
            segments += xs.count - 1
            wang += CubicFlatteningTests.wang(p)
            worst = max(worst, CubicFlatteningTests.distanceToPolyline(p, xs, ys))
        }
        #expect(worst <= Self.tolerance * 1.001, "worst \(worst)")
        // The chords use the tolerance: some come close to it.
        #expect(worst >= Self.tolerance * 0.8, "worst \(worst)")
        // About half of Wang's count (the quartered count was 85 % of it).
        #expect(Double(segments) < 0.55 * Double(wang), "\(segments) segments against Wang's \(wang)")
        var quadWorst = 0.0, quadSegments = 0, quadWang = 0
        for _ in 0..<60 {
            let q = (0..<3).map { _ in g.point() }
            let (xs, ys) = Self.flattened(q)
            quadSegments += xs.count - 1
            quadWang += Int((hypot(q[0].0 - 2 * q[1].0 + q[2].0, q[0].1 - 2 * q[1].1 + q[2].1)
                            / (4 * Self.tolerance)).squareRoot().rounded(.up))
            quadWorst = max(quadWorst, CubicFlatteningTests.distanceToPolyline(Self.elevated(q), xs, ys))
        }
        #expect(quadWorst <= Self.tolerance * 1.001, "worst \(quadWorst)")
        #expect(Double(quadSegments) < 0.8 * Double(quadWang), "\(quadSegments) segments against Wang's \(quadWang)")
    }

    @Test func cuspsLoopsAndDoublingBackStayWithinTheTolerance() {
        let curves: [[(Double, Double)]] = [
            // A cusp at t = ½ (B' = 0 there).
            [(0, 0), (100, 100), (0, 100), (100, 0)],
            // A loop.
            [(0, 0), (300, 200), (-100, 200), (200, 0)],
            // Straight, doubling back beyond both ends: the polyline must reach the turns.
            [(0, 50), (200, 50), (-100, 50), (100, 50)],
            // Nearly straight, doubling back.
            [(0, 50), (200, 50.01), (-100, 49.99), (100, 50)],
            // Sharp and tiny, then long and gentle.
            [(10, 10), (10.5, 10), (10, 10.5), (400, 300)],
            // A quadratic doubling back on itself (control beyond the end).
            [(0, 0), (300, 3), (100, 1)],
        ]
        for p in curves {
            let (xs, ys) = Self.flattened(p)
            let cubic = p.count == 3 ? Self.elevated(p) : p
            let worst = Self.distanceToNearestChord(cubic, xs, ys)
            #expect(worst <= Self.tolerance * 1.001, "\(p): worst \(worst)")
        }
    }

    /// The largest distance from the curve (20 000 parameters) to its nearest chord, all chords
    /// searched: a curve that doubles back runs over its own chords again.
    static func distanceToNearestChord(_ p: [(Double, Double)], _ xs: [Double], _ ys: [Double]) -> Double {
        var worst = 0.0
        for q in StraddlingFlatteningTests.samples(p) {
            var best = Double.infinity
            for i in 0..<(xs.count - 1) {
                let ax = xs[i], ay = ys[i], dx = xs[i + 1] - ax, dy = ys[i + 1] - ay, l = dx * dx + dy * dy
                let s = l > 0 ? min(max(((q.0 - ax) * dx + (q.1 - ay) * dy) / l, 0), 1) : 0
                best = min(best, hypot(q.0 - (ax + s * dx), q.1 - (ay + s * dy)))
            }
            worst = max(worst, best)
        }
        return worst
    }

    @Test func absurdCoordinatesDoNotTrap() {
        let curves: [[(Double, Double)]] = [
            [(0, 0), (1e300, -1e300), (-1e300, 1e300), (1, 1)],
            [(.nan, 0), (1, 1), (2, 2), (3, 3)],
            [(0, 0), (.infinity, 0), (0, 1), (1, 1)],
            [(1e15, 1e15), (1e15 + 1, 1e15), (1e15, 1e15 + 1), (1e15 + 1, 1e15 + 1)],
            [(0, 0), (1e-300, 1e-300), (2e-300, 0), (3e-300, 1e-300)],
            [(5, 5), (5, 5), (5, 5), (5, 5)],
        ]
        for p in curves {
            let (xs, _) = Self.flattened(p)
            #expect(xs.count >= 1 && xs.count <= 1 << 17)
        }
    }
}
