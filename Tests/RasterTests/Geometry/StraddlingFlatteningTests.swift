import Foundation
import Testing
import Raster

/// Fills flatten curves to straddling polylines (`Path.flatten(…, straddling: true)`): the
/// chords cross the curve instead of lying inside it. Checked against the Bézier curves
/// themselves, densely sampled: every point of the polyline stays within the tolerance, the
/// error takes both signs, and fewer segments are needed than for a plain polyline of even steps.
@Suite struct StraddlingFlatteningTests {
    static let tolerance = 1.0 / 64

    /// The polyline's vertices and chords (each chord sampled at 16 points) for `path`.
    static func polyline(_ path: Path, straddling: Bool, tolerance: Double = tolerance)
        -> (points: [(Double, Double)], segments: Int) {
        var collector = PolylineCollector()
        path.flatten(transform: .identity, tolerance: tolerance, straddling: straddling, into: &collector)
        var points: [(Double, Double)] = [], segments = 0
        for line in collector.lines {
            for i in 0..<(line.xs.count - 1) {
                segments += 1
                for k in 0...16 {
                    let s = Double(k) / 16
                    points.append((line.xs[i] + (line.xs[i + 1] - line.xs[i]) * s, line.ys[i] + (line.ys[i + 1] - line.ys[i]) * s))
                }
            }
        }
        return (points, segments)
    }

    /// The curve's points at 20 000 parameters per curve, of a cubic from p0 to p3.
    static func samples(_ p: [(Double, Double)]) -> [(Double, Double)] {
        (0...20_000).map { k in
            let t = Double(k) / 20_000, u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return (a * p[0].0 + b * p[1].0 + c * p[2].0 + d * p[3].0, a * p[0].1 + b * p[1].1 + c * p[2].1 + d * p[3].1)
        }
    }

    /// The largest distance from a polyline point to the curve, and how many points lie on
    /// each side of it (outside: farther from `centre` than the nearest curve point).
    static func errors(_ points: [(Double, Double)], _ curve: [(Double, Double)], centre: (Double, Double))
        -> (worst: Double, outside: Int, inside: Int) {
        var worst = 0.0, outside = 0, inside = 0
        for p in points {
            var best = Double.infinity, nearest = curve[0]
            for q in curve {
                let d = (p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1)
                if d < best { best = d; nearest = q }
            }
            worst = max(worst, best.squareRoot())
            let rp = hypot(p.0 - centre.0, p.1 - centre.1), rq = hypot(nearest.0 - centre.0, nearest.1 - centre.1)
            // (1e-4: the curve is sampled 0.003 px apart, and its vertices lie on it.)
            if rp > rq + 1e-4 { outside += 1 } else if rp < rq - 1e-4 { inside += 1 }
        }
        return (worst, outside, inside)
    }

    @Test func aQuarterCircleStaysWithinTheToleranceOnBothSides() {
        // A quarter of a circle of radius 40 as one cubic (the usual 0.5523 handles).
        let r = 40.0, k = 0.552_284_749_8 * r
        let p = [(100 + r, 100.0), (100 + r, 100 + k), (100 + k, 100 + r), (100.0, 100 + r)]
        var path = Path()
        path.move(to: p[0].0, p[0].1)
        path.cubic(to: p[3].0, p[3].1, control1: p[1].0, p[1].1, control2: p[2].0, p[2].1)
        let curve = Self.samples(p)
        let plain = Self.polyline(path, straddling: false), straddled = Self.polyline(path, straddling: true)
        let e0 = Self.errors(plain.points, curve, centre: (100, 100)), e1 = Self.errors(straddled.points, curve, centre: (100, 100))
        // The plain chords lie inside, within the tolerance.
        #expect(e0.worst <= Self.tolerance * 1.02)
        #expect(e0.outside == 0)
        // The straddling ones cross the curve, within the same tolerance, with fewer segments.
        #expect(e1.worst <= Self.tolerance * 1.02, "worst \(e1.worst)")
        #expect(e1.outside > 100 && e1.inside > 100, "outside \(e1.outside), inside \(e1.inside)")
        #expect(Double(straddled.segments) <= Double(plain.segments) / 2.squareRoot() + 2,
                "\(straddled.segments) segments against \(plain.segments)")
        #expect(straddled.segments < plain.segments)
    }

    @Test func anSCurveStaysWithinTheTolerance() {
        // An inflected cubic: the vertices move to the convex side of each half.
        let p = [(10.0, 10.0), (90.0, 10.0), (10.0, 90.0), (90.0, 90.0)]
        var path = Path()
        path.move(to: p[0].0, p[0].1)
        path.cubic(to: p[3].0, p[3].1, control1: p[1].0, p[1].1, control2: p[2].0, p[2].1)
        let curve = Self.samples(p)
        let straddled = Self.polyline(path, straddling: true)
        #expect(Self.errors(straddled.points, curve, centre: (50, 50)).worst <= Self.tolerance * 1.02)
        // Fewer than Wang's even steps for the same tolerance (⌈√(0.75·179/τ)⌉ = 93). (Plain
        // flattening now spaces its chords by the bending, BendingFlatteningTests: 60 here.)
        #expect(straddled.segments < 93, "\(straddled.segments) segments")
    }

    /// The area inside a closed polyline (shoelace formula).
    static func area(_ xs: [Double], _ ys: [Double]) -> Double {
        var twice = 0.0
        for i in 0..<xs.count { let j = (i + 1) % xs.count; twice += xs[i] * ys[j] - xs[j] * ys[i] }
        return abs(twice) / 2
    }

    @Test func aFilledCircleLosesHalfTheArea() {
        // Chords inside a curve lose (2/3)·sagitta per unit length on average; straddling
        // chords, with twice the sagitta and vertices out by half of it, lose (1/6) of theirs:
        // half as much area for the same tolerance. Measured on a circle of radius 30 against
        // the area inside its four cubics (shoelace over 80 000 points of them); the fill's
        // coverage sums to the straddling polygon's area.
        let path = Path.ellipse(x: 10.25, y: 9.75, width: 60, height: 60)
        func flattened(_ tolerance: Double, _ straddling: Bool) -> Double {
            var c = PolylineCollector()
            path.flatten(transform: .identity, tolerance: tolerance, straddling: straddling, into: &c)
            return Self.area(c.lines[0].xs, c.lines[0].ys)
        }
        let exact = flattened(1e-6, false)
        let plain = flattened(Self.tolerance, false) - exact, straddled = flattened(Self.tolerance, true) - exact
        #expect(plain < -1.2, "plain polyline: \(plain) px²")
        #expect(straddled < 0 && abs(straddled) < 0.6 * abs(plain), "straddling: \(straddled) px², plain \(plain) px²")
        let s = Surface(width: 80, height: 80)
        s.fill(path, color: .white)
        var sum = 0.0
        for y in 0..<80 { for x in 0..<80 { sum += Double(s.pixel(x: x, y: y) >> 24) / 255 } }
        #expect(abs(sum - (exact + straddled)) < 0.05, "coverage \(sum), polygon \(exact + straddled)")
    }
}
