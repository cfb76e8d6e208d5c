import Testing
import Foundation
import OpenQuartzCore

/// Element sequences and geometry of paths, with expected values derived by hand: the
/// quarter-circle constant `kappa = 4(√2 − 1)/3`, arc end points from cos/sin, tight
/// bounds from the curves' derivative roots.
@Suite struct CGPathTests {
    let kappa = 4 * (2.0.squareRoot() - 1) / 3

    func near(_ a: CGFloat, _ b: CGFloat, _ eps: CGFloat = 1e-9) -> Bool { abs(a - b) <= eps }
    func near(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat, _ eps: CGFloat = 1e-9) -> Bool {
        near(p.x, x, eps) && near(p.y, y, eps)
    }
    func near(_ r: CGRect, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, _ eps: CGFloat = 1e-9) -> Bool {
        near(r.minX, x, eps) && near(r.minY, y, eps) && near(r.width, w, eps) && near(r.height, h, eps)
    }
    func near(_ e: CGPath.Element, _ expected: CGPath.Element, _ eps: CGFloat = 1e-9) -> Bool {
        guard e.type == expected.type else { return false }
        return zip(e.points, expected.points).allSatisfy { near($0.0, $0.1.x, $0.1.y, eps) }
    }
    func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    @Test func constantMatchesFormula() {
        #expect(near(CGMutablePath.kappa, kappa, 1e-15))
        #expect(near(CGMutablePath.kappa, 0.5522847498, 1e-10))
    }

    @Test func rectElements() {
        let expected: [CGPath.Element] = [.move(to: P(10, 20)), .line(to: P(40, 20)), .line(to: P(40, 60)),
                                          .line(to: P(10, 60)), .closeSubpath]
        #expect(CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil).elements == expected)
        // A negative size is standardised first.
        #expect(CGPath(rect: CGRect(x: 40, y: 60, width: -30, height: -40)).elements == expected)
        let m = CGMutablePath()
        m.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(m.elements.count == 10 && m.elements[5] == .move(to: P(5, 5)))
        var t = CGAffineTransform(translationX: 1, y: 2)
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t).elements.first == .move(to: P(1, 2)))
    }

    @Test func isRect() {
        var r = CGRect.zero
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).isRect(&r))
        #expect(r == CGRect(x: 1, y: 2, width: 3, height: 4))
        let m = CGMutablePath()
        m.addLines(between: [P(5, 5), P(5, 0), P(0, 0), P(0, 5), P(5, 5)])
        #expect(m.isRect(&r) && r == CGRect(x: 0, y: 0, width: 5, height: 5))
        var rot = CGAffineTransform(rotationAngle: 0.5)
        #expect(!CGPath(rect: CGRect(x: 0, y: 0, width: 3, height: 4), transform: &rot).isRect(nil))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 3, height: 4)).isRect(nil))
        #expect(!CGMutablePath().isRect(nil))
        let twice = CGMutablePath()
        twice.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 0, y: 0, width: 1, height: 1)])
        #expect(!twice.isRect(nil))
    }

    @Test func ellipseElements() {
        // Centre (50, 25), radii 50 and 25; starts at (maxX, midY), increasing angle.
        let k = kappa, p = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50))
        let expected: [CGPath.Element] = [
            .move(to: P(100, 25)),
            .curve(to: P(50, 50), control1: P(100, 25 + 25 * k), control2: P(50 + 50 * k, 50)),
            .curve(to: P(0, 25), control1: P(50 - 50 * k, 50), control2: P(0, 25 + 25 * k)),
            .curve(to: P(50, 0), control1: P(0, 25 - 25 * k), control2: P(50 - 50 * k, 0)),
            .curve(to: P(100, 25), control1: P(50 + 50 * k, 0), control2: P(100, 25 - 25 * k)),
            .closeSubpath,
        ]
        #expect(p.elements.count == expected.count)
        for (e, x) in zip(p.elements, expected) { #expect(near(e, x), "\(e) vs \(x)") }
        // Every control point lies on the rect's edges, and the extrema are the four ends.
        #expect(near(p.boundingBox, 0, 0, 100, 50))
        #expect(near(p.boundingBoxOfPath, 0, 0, 100, 50))
        #expect(p.currentPoint == P(100, 25))
    }

    @Test func roundedRectElements() {
        let k = kappa
        let p = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 5)
        let expected: [CGPath.Element] = [
            .move(to: P(10, 0)), .line(to: P(90, 0)),
            .curve(to: P(100, 5), control1: P(90 + 10 * k, 0), control2: P(100, 5 - 5 * k)),
            .line(to: P(100, 45)),
            .curve(to: P(90, 50), control1: P(100, 45 + 5 * k), control2: P(90 + 10 * k, 50)),
            .line(to: P(10, 50)),
            .curve(to: P(0, 45), control1: P(10 - 10 * k, 50), control2: P(0, 45 + 5 * k)),
            .line(to: P(0, 5)),
            .curve(to: P(10, 0), control1: P(0, 5 - 5 * k), control2: P(10 - 10 * k, 0)),
            .closeSubpath,
        ]
        #expect(p.elements.count == expected.count)
        for (e, x) in zip(p.elements, expected) { #expect(near(e, x), "\(e) vs \(x)") }
        #expect(near(p.boundingBoxOfPath, 0, 0, 100, 50))
        // Corners are clamped to half the side; a zero corner is a plain rect.
        let clamped = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 80, cornerHeight: 80)
        #expect(clamped.elements[0] == .move(to: P(50, 0)) && clamped.elements[2].points.last == P(100, 25))
        #expect(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 0, cornerHeight: 2)
                == CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)))
    }

    @Test func quarterArcIsOneKappaCurve() {
        let m = CGMutablePath()
        m.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(m.elements.count == 2)
        #expect(near(m.elements[0], .move(to: P(10, 0))))
        #expect(near(m.elements[1], .curve(to: P(0, 10), control1: P(10, 10 * kappa), control2: P(10 * kappa, 10))))
    }

    @Test func arcDirectionAndSweep() {
        // clockwise: true sweeps decreasing angles: 0 → π/2 goes the long way (−3π/2), 3 pieces.
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(cw.elements.count == 4)
        #expect(near(cw.elements[1].points.last!, 0, -10))
        #expect(near(cw.currentPoint, 0, 10))
        // A full turn is four quarter curves ending at the start.
        let full = CGMutablePath()
        full.addArc(center: P(5, 5), radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(full.elements.count == 5 && near(full.currentPoint, 7, 5))
        #expect(near(full.boundingBoxOfPath, 3, 3, 4, 4))
        // More than a full turn still draws it once.
        let over = CGMutablePath()
        over.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 7 * .pi, clockwise: false)
        #expect(over.elements.count == 5)
        // start == end draws nothing but the start point.
        let none = CGMutablePath()
        none.addArc(center: .zero, radius: 3, startAngle: 1, endAngle: 1, clockwise: false)
        #expect(none.elements.count == 1 && near(none.currentPoint, 3 * cos(1), 3 * sin(1)))
    }

    @Test func arcFromCurrentPointAddsLine() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addArc(center: P(20, 0), radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(m.elements[1] == .line(to: P(25, 0)))
        #expect(m.elements.count == 4 && near(m.currentPoint, 15, 0))
    }

    @Test func relativeArc() {
        let m = CGMutablePath()
        m.addRelativeArc(center: .zero, radius: 4, startAngle: .pi / 2, delta: -.pi)
        #expect(near(m.elements[0].points[0], 0, 4))
        #expect(m.elements.count == 3 && near(m.currentPoint, 0, -4))
        // It passes through angle 0, (4, 0): the right half.
        #expect(near(m.boundingBoxOfPath, 0, -4, 4, 8))
        // 100° is a quarter turn from the start, then 10° with arms 4/3·tan(2.5°)·r.
        let n = CGMutablePath()
        n.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 100 * .pi / 180)
        #expect(n.elements.count == 3)
        #expect(near(n.elements[1], .curve(to: P(0, 1), control1: P(1, kappa), control2: P(kappa, 1))))
        let arm = 4.0 / 3.0 * tan(2.5 * .pi / 180)
        let a = 100 * CGFloat.pi / 180
        #expect(near(n.elements[2], .curve(to: P(cos(a), sin(a)), control1: P(-arm, 1),
                                            control2: P(cos(a) + arm * sin(a), sin(a) - arm * cos(a)))))
        // Beyond a full turn: one circle.
        let big = CGMutablePath()
        big.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 1e12)
        #expect(big.elements.count == 5)
    }

    /// Expected values from WinObjC's CGPath tests (microsoft/WinObjC,
    /// tests/unittests/CoreGraphics/CGPathTests.mm), an independent reimplementation of Core
    /// Graphics written to match iOS. That its numbers were measured on Apple hardware is
    /// likely but not documented there. 6 decimals, so compared to 1e-5.
    @Test func winObjCFixtures() {
        let arc = CGMutablePath()
        arc.addArc(center: P(25, 100), radius: 20, startAngle: .pi * 1.25, endAngle: 0, clockwise: true)
        let expectedArc: [CGPath.Element] = [
            .move(to: P(10.857863, 85.857865)),
            .curve(to: P(10.857865, 114.142137), control1: P(3.047378, 93.668352), control2: P(3.047379, 106.331651)),
            .curve(to: P(39.142137, 114.142135), control1: P(18.668352, 121.952622), control2: P(31.331651, 121.952621)),
            .curve(to: P(45, 100), control1: P(42.892864, 110.391407), control2: P(45, 105.304329)),
        ]
        #expect(arc.elements.count == expectedArc.count)
        for (e, x) in zip(arc.elements, expectedArc) { #expect(near(e, x, 1e-5), "\(e) vs \(x)") }

        let tangent = CGMutablePath()
        tangent.move(to: P(400, 400))
        tangent.addArc(tangent1End: P(140, 250), tangent2End: P(110, 180), radius: 50)
        let expectedTangent: [CGPath.Element] = [
            .move(to: P(400, 400)),
            .line(to: P(154.415379, 258.316565)),
            .curve(to: P(133.444250, 234.703250), control1: P(145.057503, 252.917790), control2: P(137.699975, 244.633276)),
        ]
        #expect(tangent.elements.count == expectedTangent.count)
        for (e, x) in zip(tangent.elements, expectedTangent) { #expect(near(e, x, 1e-5), "\(e) vs \(x)") }

        let ellipse = CGPath(ellipseIn: CGRect(x: 40, y: 40, width: 200, height: 40))
        #expect(near(ellipse.elements[0], .move(to: P(240, 60))))
        #expect(near(ellipse.elements[1], .curve(to: P(140, 80), control1: P(240, 71.045695), control2: P(195.228475, 80)), 1e-5))
    }

    @Test func arcBoundingBoxes() {
        // Arc from 45° to 135°, radius 10: tight box x ∈ ±10·cos45°, y ∈ [10·sin45°, 10].
        let m = CGMutablePath()
        m.addArc(center: .zero, radius: 10, startAngle: .pi / 4, endAngle: 3 * .pi / 4, clockwise: false)
        let h = 10 * 0.5.squareRoot()
        #expect(near(m.boundingBoxOfPath, -h, h, 2 * h, 10 - h))
        // Control points reach r·(sin45° + kappa·cos45°) in y.
        #expect(near(m.boundingBox, -h, h, 2 * h, h * kappa))
    }

    @Test func tangentArc() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addArc(tangent1End: P(10, 0), tangent2End: P(10, 10), radius: 5)
        // Right-angle corner: tangent points (5, 0) and (10, 5), centre (5, 5).
        #expect(m.elements.count == 3)
        #expect(m.elements[1] == .line(to: P(5, 0)))
        #expect(near(m.elements[2], .curve(to: P(10, 5), control1: P(5 + 5 * kappa, 0), control2: P(10, 5 - 5 * kappa))))
        #expect(near(m.currentPoint, 10, 5))
        // Collinear points give a line to the first tangent end.
        let c = CGMutablePath()
        c.move(to: .zero)
        c.addArc(tangent1End: P(5, 0), tangent2End: P(10, 0), radius: 3)
        #expect(c.elements == [.move(to: .zero), .line(to: P(5, 0))])
        // No current point: ignored.
        let e = CGMutablePath()
        e.addArc(tangent1End: P(5, 0), tangent2End: P(10, 0), radius: 3)
        #expect(e.isEmpty)
        // 60° corner: the tangent points sit r/tan(60°) from the corner.
        let s = CGMutablePath()
        s.move(to: P(-10, 0))
        s.addArc(tangent1End: .zero, tangent2End: P(10 * cos(.pi / 3), -10 * sin(.pi / 3)), radius: 2)
        let d = 2 / tan(CGFloat.pi / 3)
        #expect(near(s.elements[1].points[0], -d, 0))
        #expect(near(s.currentPoint, d * cos(.pi / 3), -d * sin(.pi / 3)))
    }

    @Test func currentPointAndSubpaths() {
        let m = CGMutablePath()
        #expect(m.isEmpty && m.currentPoint == .zero)
        m.addLine(to: P(1, 1))          // no current point: ignored
        m.closeSubpath()
        #expect(m.isEmpty)
        m.move(to: P(3, 4))
        #expect(!m.isEmpty && m.currentPoint == P(3, 4))
        m.addLine(to: P(10, 4))
        m.addQuadCurve(to: P(10, 10), control: P(12, 7))
        #expect(m.currentPoint == P(10, 10))
        m.closeSubpath()
        #expect(m.currentPoint == P(3, 4))
        m.closeSubpath()                // a second close adds nothing
        // A line after a close starts a new subpath at the closed one's start.
        m.addLine(to: P(0, 0))
        #expect(m.elements == [.move(to: P(3, 4)), .line(to: P(10, 4)), .quadCurve(to: P(10, 10), control: P(12, 7)),
                               .closeSubpath, .move(to: P(3, 4)), .line(to: P(0, 0))])
    }

    @Test func curveBoundingBoxes() {
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addQuadCurve(to: P(100, 0), control: P(50, 100))
        // y(t) = 200t(1−t): peak 50 at t = ½.
        #expect(near(q.boundingBoxOfPath, 0, 0, 100, 50))
        #expect(q.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        let c = CGMutablePath()
        c.move(to: .zero)
        c.addCurve(to: P(100, 0), control1: P(0, 100), control2: P(100, 100))
        // y(t) = 300t(1−t): peak 75.
        #expect(near(c.boundingBoxOfPath, 0, 0, 100, 75))
        #expect(CGMutablePath().boundingBox.isNull && CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test func applyWithBlockReportsCoreGraphicsOrder() {
        let m = CGMutablePath()
        m.move(to: P(0, 0))
        m.addLine(to: P(1, 0))
        m.addQuadCurve(to: P(2, 2), control: P(2, 0))
        m.addCurve(to: P(3, 3), control1: P(4, 4), control2: P(5, 5))
        m.closeSubpath()
        var seen: [(CGPathElementType, [CGPoint])] = []
        m.applyWithBlock { e in
            let n = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                     .addCurveToPoint: 3, .closeSubpath: 0][e.pointee.type]!
            seen.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
        }
        #expect(seen.map(\.0) == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(seen[2].1 == [P(2, 0), P(2, 2)])
        #expect(seen[3].1 == [P(4, 4), P(5, 5), P(3, 3)])
        #expect(CGPathElementType.addCurveToPoint.rawValue == 3 && CGPathFillRule.evenOdd.rawValue == 1)
        #expect(CGLineCap.square.rawValue == 2 && CGLineJoin.bevel.rawValue == 2)
    }

    @Test func copiesEqualityAndAddPath() throws {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2))
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(rect == m && rect.hashValue == m.hashValue)
        #expect(rect.copy() == rect)
        let mc = try #require(rect.mutableCopy())
        mc.addLine(to: P(9, 9))
        #expect(mc != rect && rect.elements.count == 5)
        var t = CGAffineTransform(translationX: 10, y: 0)
        let moved = try #require(rect.copy(using: &t))
        #expect(moved == CGPath(rect: CGRect(x: 10, y: 0, width: 2, height: 2)))
        let combined = CGMutablePath()
        combined.move(to: P(-1, -1))
        combined.addPath(rect, transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(combined.elements.count == 6 && combined.elements[3] == .line(to: P(4, 4)))
        #expect(CGPath(elements: m.elements) == m)
    }
}
