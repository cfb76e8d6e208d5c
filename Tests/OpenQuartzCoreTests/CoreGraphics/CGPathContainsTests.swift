import Testing
import Foundation
import OpenQuartzCore

/// Hit testing against shapes whose insides are known: a pentagram (centre winds twice) and
/// donuts (same and opposite inner direction), plus points a hair either side of a curve.
@Suite struct CGPathContainsTests {
    func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    /// Vertices on a radius-100 circle at −90° + 72°·i, joined every second one.
    func makePentagram() -> CGPath {
        let v = (0..<5).map { i -> CGPoint in
            let a = (-90 + 72 * CGFloat(i)) * .pi / 180
            return P(100 * cos(a), 100 * sin(a))
        }
        let m = CGMutablePath()
        m.addLines(between: [v[0], v[2], v[4], v[1], v[3]])
        m.closeSubpath()
        return m
    }

    @Test func pentagram() {
        let star = makePentagram()
        #expect(star.contains(.zero, using: .winding))
        #expect(!star.contains(.zero, using: .evenOdd))
        // Inside the top tip (vertex 0 at (0, −100)): crossed once either way.
        #expect(star.contains(P(0, -80), using: .winding) && star.contains(P(0, -80), using: .evenOdd))
        // Between two tips at 90° (tips at 54° and 126°), outside the star.
        #expect(!star.contains(P(0, 95)) && !star.contains(P(0, 95), using: .evenOdd))
        #expect(!star.contains(P(200, 0)))
        // Winding is the default rule.
        #expect(star.contains(.zero))
    }

    @Test func donuts() {
        let same = CGMutablePath()
        same.addEllipse(in: CGRect(x: -100, y: -100, width: 200, height: 200))
        same.addEllipse(in: CGRect(x: -50, y: -50, width: 100, height: 100))
        #expect(same.contains(P(75, 0)) && same.contains(P(75, 0), using: .evenOdd))
        #expect(same.contains(.zero, using: .winding))     // winds twice
        #expect(!same.contains(.zero, using: .evenOdd))
        #expect(!same.contains(P(0, 101)))

        let opposite = CGMutablePath()
        opposite.addEllipse(in: CGRect(x: -100, y: -100, width: 200, height: 200))
        opposite.addArc(center: .zero, radius: 50, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        opposite.closeSubpath()
        #expect(!opposite.contains(.zero, using: .winding))
        #expect(!opposite.contains(.zero, using: .evenOdd))
        #expect(opposite.contains(P(-60, -60)) && opposite.contains(P(0, 75), using: .evenOdd))
    }

    @Test func exactForCurves() {
        // A point on the first quarter of a circle's cubic at t = 0.3, then 1e-7 either side
        // along the radius. A flattened polyline would put its chords up to ~0.03 inside.
        let k = 4 * (2.0.squareRoot() - 1) / 3
        let r: CGFloat = 100, t: CGFloat = 0.3, u = 1 - t
        let x = u * u * u * r + 3 * u * u * t * r + 3 * u * t * t * r * k
        let y = 3 * u * u * t * r * k + 3 * u * t * t * r + t * t * t * r
        let len = (x * x + y * y).squareRoot()
        let circle = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        let inner = P(x * (1 - 1e-9 * r / len), y * (1 - 1e-9 * r / len))
        let outer = P(x * (1 + 1e-9 * r / len), y * (1 + 1e-9 * r / len))
        #expect(circle.contains(inner))
        #expect(!circle.contains(outer))
        // The cubic bulges past the true circle there (its radius exceeds r).
        #expect(len > r)
    }

    @Test func openSubpathsAreClosedAndTransformMapsThePoint() {
        let tri = CGMutablePath()
        tri.addLines(between: [P(0, 0), P(10, 0), P(0, 10)])   // not closed
        #expect(tri.contains(P(2, 2)) && !tri.contains(P(8, 8)))
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.contains(P(15, 5), transform: CGAffineTransform(translationX: -10, y: 0)))
        #expect(!square.contains(P(5, 5), transform: CGAffineTransform(translationX: -10, y: 0)))
        #expect(!CGMutablePath().contains(.zero))
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: P(100, 0), control: P(50, 100))
        // Closed by the base line; the apex is at y = 50.
        #expect(quad.contains(P(50, 49.999)) && !quad.contains(P(50, 50.001)))
    }
}
