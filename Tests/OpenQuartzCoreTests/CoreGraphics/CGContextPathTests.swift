import Foundation
import Testing
import OpenQuartzCore

@Suite struct CGContextPathTests {
    @Test func pathQueriesAreInUserSpace() {
        let ctx = makeRGBAContext(20, 20)
        #expect(ctx.isPathEmpty && ctx.boundingBoxOfPath.isNull)
        ctx.translateBy(x: 5, y: 5)
        ctx.move(to: CGPoint(x: 1, y: 2))
        #expect(!ctx.isPathEmpty)
        #expect(ctx.currentPointOfPath == CGPoint(x: 1, y: 2))
        ctx.addLine(to: CGPoint(x: 4, y: 6))
        #expect(ctx.boundingBoxOfPath == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(ctx.path?.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4))
        // Points were fixed by the CTM when added: changing it moves the user-space view of them.
        ctx.translateBy(x: 1, y: 0)
        #expect(ctx.currentPointOfPath == CGPoint(x: 3, y: 6))
        ctx.beginPath()
        #expect(ctx.isPathEmpty && ctx.path == nil)
    }

    @Test func fillRulesAndPathConsumption() {
        let ctx = makeRGBAContext(10, 10)
        ctx.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        ctx.fillPath(using: .evenOdd)
        #expect(ctx.isPathEmpty)
        #expect(abs(ctx.coveredArea - 64) < 1e-9)
        ctx.addRects([CGRect(x: 2, y: 2, width: 6, height: 6)])
        ctx.fillPath()
        #expect(abs(ctx.coveredArea - 100) < 1e-9)
    }

    @Test func curvesArcsAndEllipsesEncloseTheirAreas() {
        // A circle of radius 20: area π r² (the cubic approximation is within 0.03 %).
        let ctx = makeRGBAContext(50, 50)
        ctx.addArc(center: CGPoint(x: 25, y: 25), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ctx.closePath()
        ctx.fillPath()
        #expect(abs(ctx.coveredArea - Double.pi * 400) < 1.5)
        let e = makeRGBAContext(50, 50)
        e.fillEllipse(in: CGRect(x: 5, y: 10, width: 40, height: 20))
        #expect(abs(e.coveredArea - Double.pi * 20 * 10) < 1.5)
        // Half disc: the arc from 0 to π counter-clockwise (y up) is the upper half.
        let h = makeRGBAContext(50, 50)
        h.move(to: CGPoint(x: 45, y: 25))
        h.addArc(center: CGPoint(x: 25, y: 25), radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)
        h.closePath()
        h.fillPath()
        #expect(abs(h.coveredArea - Double.pi * 200) < 1.5)
        #expect(h.rgba(device: 25, 35).a == 255 && h.rgba(device: 25, 15).a == 0)
        // A quadratic from (0,0) to (30,0) with control (15,30) encloses 2/3 · base · height/2.
        let q = makeRGBAContext(40, 40)
        q.move(to: .zero)
        q.addQuadCurve(to: CGPoint(x: 30, y: 0), control: CGPoint(x: 15, y: 30))
        q.closePath()
        q.fillPath()
        #expect(abs(q.coveredArea - 2.0 / 3.0 * 30 * 15) < 1)
        // The same parabola as a cubic (controls at 2/3 of the way to the quadratic's).
        let c = makeRGBAContext(40, 40)
        c.move(to: .zero)
        c.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 20), control2: CGPoint(x: 20, y: 20))
        c.closePath()
        c.fillPath()
        #expect(abs(c.coveredArea - 300) < 1)
    }

    @Test func tangentArcRoundsACorner() {
        let ctx = makeRGBAContext(20, 20)
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        ctx.addLine(to: CGPoint(x: 10, y: 10))
        ctx.addLine(to: CGPoint(x: 0, y: 10))
        ctx.closePath()
        ctx.fillPath()
        // A 10 × 10 square less the corner outside a quarter circle of radius 5.
        #expect(abs(ctx.coveredArea - (100 - (25 - Double.pi * 25 / 4))) < 0.5)
    }

    @Test func strokesDashesCapsAndStrokedPath() {
        let ctx = makeRGBAContext(40, 10)
        ctx.setLineWidth(2)
        ctx.move(to: CGPoint(x: 5, y: 5))
        ctx.addLine(to: CGPoint(x: 35, y: 5))
        ctx.strokePath()
        #expect(abs(ctx.coveredArea - 60) < 1e-6)
        let sq = makeRGBAContext(40, 10)
        sq.setLineWidth(2)
        sq.setLineCap(.square)
        sq.strokeLineSegments(between: [CGPoint(x: 5, y: 5), CGPoint(x: 35, y: 5)])
        #expect(abs(sq.coveredArea - 64) < 1e-6)
        let dashed = makeRGBAContext(40, 10)
        dashed.setLineWidth(2)
        dashed.setLineDash(phase: 0, lengths: [3, 2])
        dashed.strokeLineSegments(between: [CGPoint(x: 5, y: 5), CGPoint(x: 35, y: 5)])
        // 30 units of 3-on 2-off: six dashes of 3.
        #expect(abs(dashed.coveredArea - 36) < 1e-6)
        #expect(dashed.rgba(device: 6, 5).a == 255 && dashed.rgba(device: 9, 5).a == 0)
        // The line style acts in user space: scaled by 3 in x, the line is 2 · 3 wide only along x.
        let scaled = makeRGBAContext(40, 20)
        scaled.scaleBy(x: 1, y: 3)
        scaled.setLineWidth(2)
        scaled.strokeLineSegments(between: [CGPoint(x: 5, y: 3), CGPoint(x: 35, y: 3)])
        #expect(abs(scaled.coveredArea - 180) < 1e-6)
        // replacePathWithStrokedPath then fill paints what strokePath paints.
        let a = makeRGBAContext(30, 30), b = makeRGBAContext(30, 30)
        for ctx in [a, b] {
            ctx.setLineWidth(3)
            ctx.setLineJoin(.round)
            ctx.move(to: CGPoint(x: 5, y: 5)); ctx.addLine(to: CGPoint(x: 25, y: 8)); ctx.addLine(to: CGPoint(x: 10, y: 25))
        }
        a.strokePath()
        b.replacePathWithStrokedPath()
        #expect(!b.isPathEmpty)
        b.fillPath()
        #expect(a.makeImage()!.premultipliedRGBA == b.makeImage()!.premultipliedRGBA)
    }

    /// Under a CTM that turns, mirrors and scales evenly, a context strokes in device space
    /// with the width scaled; the areas are closed forms, and the picture matches the one made
    /// through user space (a CTM off evenness by 10⁻⁹, which takes that path).
    @Test func strokesUnderTurnedMirroredAndScaledCTMs() {
        for mirrored in [false, true] {
            for cap in [CGLineCap.butt, .square] {
                let ctx = makeRGBAContext(60, 60)
                ctx.translateBy(x: 30, y: 30)
                ctx.rotate(by: 0.5)
                ctx.scaleBy(x: 1.5, y: mirrored ? -1.5 : 1.5)
                ctx.setLineWidth(2)
                ctx.setLineCap(cap)
                ctx.strokeLineSegments(between: [CGPoint(x: -10, y: 2), CGPoint(x: 10, y: 2)])
                // 20 × 1.5 = 30 long, 2 × 1.5 = 3 wide; square caps add 1.5 at each end.
                let expected = cap == .butt ? 30.0 * 3 : 33.0 * 3
                // Each edge pixel's coverage is rounded to 1/255: the sum is off by a few hundredths.
                #expect(abs(ctx.coveredArea - expected) < 0.05, "mirrored \(mirrored), \(cap): \(ctx.coveredArea)")
            }
        }
        func curve(_ sy: CGFloat) -> [UInt8] {
            let ctx = makeRGBAContext(80, 80)
            ctx.translateBy(x: 40, y: 40)
            ctx.rotate(by: 0.7)
            ctx.scaleBy(x: 1.7, y: sy)
            ctx.setLineWidth(3)
            ctx.setLineCap(.round)
            ctx.setLineJoin(.round)
            ctx.setLineDash(phase: 1, lengths: [5, 2])
            ctx.move(to: CGPoint(x: -18, y: 5))
            ctx.addCurve(to: CGPoint(x: 18, y: -4), control1: CGPoint(x: -5, y: -25), control2: CGPoint(x: 5, y: 25))
            ctx.addLine(to: CGPoint(x: 0, y: 15))
            ctx.strokePath()
            return ctx.makeImage()!.premultipliedRGBA
        }
        for sy: CGFloat in [1.7, -1.7] {
            let even = curve(sy), uneven = curve(sy * (1 + 1e-9))
            let worst = zip(even, uneven).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 2, "scale y \(sy): \(worst)")
            #expect(even.contains { $0 != 0 })
        }
    }

    /// A context keeps its stroking memory from stroke to stroke: nothing of a long stroke
    /// shows in a short one made after it.
    @Test func strokesAfterStrokesAreTheirOwn() {
        func short(_ ctx: CGContext) {
            ctx.setLineWidth(2)
            ctx.setLineCap(.butt)
            ctx.move(to: CGPoint(x: 4, y: 4)); ctx.addLine(to: CGPoint(x: 10, y: 6))
            ctx.strokePath()
        }
        let a = makeRGBAContext(40, 40), b = makeRGBAContext(40, 40)
        a.setLineWidth(5)
        a.setLineCap(.round)
        a.move(to: CGPoint(x: 2, y: 30))
        for k in 1...12 { a.addLine(to: CGPoint(x: 3 * k, y: k % 2 == 0 ? 30 : 20)) }
        a.strokePath()
        a.clear(CGRect(x: 0, y: 0, width: 40, height: 40))
        short(a)
        short(b)
        let pa = a.makeImage()!.premultipliedRGBA, pb = b.makeImage()!.premultipliedRGBA
        let differing = zip(pa, pb).filter { $0 != $1 }.count
        #expect(differing == 0)
        #expect(b.coveredArea > 10)
    }

    @Test func drawPathModesAndRectStrokes() {
        let ctx = makeRGBAContext(20, 20)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.setLineWidth(2)
        ctx.addRect(CGRect(x: 4, y: 4, width: 12, height: 12))
        ctx.drawPath(using: .fillStroke)
        #expect(ctx.rgba(device: 10, 10) == (255, 0, 0, 255))
        #expect(ctx.rgba(device: 4, 10) == (0, 0, 255, 255))   // the stroke is over the fill
        #expect(ctx.rgba(device: 3, 10) == (0, 0, 255, 255))
        #expect(ctx.rgba(device: 2, 10).a == 0)
        let r = makeRGBAContext(20, 20)
        r.stroke(CGRect(x: 4, y: 4, width: 12, height: 12), width: 2)
        #expect(abs(r.coveredArea - (14 * 14 - 10 * 10)) < 1e-6)
        r.strokeEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(r.rgba(device: 10, 0).a > 0)
    }

    @Test func hostileCoordinatesDoNotTrap() {
        let ctx = makeRGBAContext(8, 8)
        ctx.fill(CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4))
        ctx.fill(CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        ctx.move(to: CGPoint(x: CGFloat.infinity, y: 0))
        ctx.addLine(to: CGPoint(x: 1e308, y: -1e308))
        ctx.fillPath()
        ctx.setLineWidth(.nan)
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 0), CGPoint(x: 8, y: 8)])
        ctx.scaleBy(x: 0, y: 0)
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 0), CGPoint(x: 8, y: 8)])
        ctx.draw(makeRGBAContext(1, 1).makeImage()!, in: CGRect(x: 0, y: 0, width: 1e-300, height: 4), byTiling: true)
        #expect(ctx.width == 8)
    }
}
