import Foundation
import Testing
import OpenQuartzCore

/// KCCircularTimer's layer (PortedTextDrawingLayers.swift) draws what its author meant: the gray
/// track, the red arc over the elapsed quarter, and the value upright in the middle. Geometry
/// from the layer's own formulas; glyph extents from DejaVu Sans's tables (digits 1303 units
/// wide, ink from the baseline up to 1493 units; ascent 1901, descent 483, unitsPerEm 2048).
@Suite(.serialized) struct PortedTextDrawingLayerTests {
    @Test func circularTimerDrawsTrackArcAndValue() {
        let timer = KCCircleLayer()
        timer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        timer.currentValue = 25
        timer.maximumValue = 100
        timer.borderFactor = 0.1
        timer.circleFactor = 0.05
        timer.insetFactor = 0.1
        timer.progressColor = UIColor.red
        timer.circleColor = UIColor.gray
        timer.showNumber = true
        timer.setNeedsDisplay()
        let r = Rendered(timer, width: 100, height: 100)
        // Radius (100 − 2·10) / 2 = 40 about the centre; the arc (10 wide) from twelve o'clock
        // clockwise on screen to three, the track (5 wide) all round.
        func at(_ degrees: CGFloat, _ d: CGFloat) -> (r: Int, g: Int, b: Int, a: Int) {
            r.at(50 + d * cos(degrees * .pi / 180), 50 + d * sin(degrees * .pi / 180))
        }
        #expect(at(-45, 40) == (255, 0, 0, 255))
        #expect(at(-45, 43.5) == (255, 0, 0, 255)) // outside the track, inside the 10-wide arc
        #expect(at(135, 40) == (128, 128, 128, 255))
        #expect(at(135, 44).a == 0)
        // "25" at 80/√2·0.8/1.6 = 28.28 points, centred: 2·1303/2048·28.28 = 35.99 wide (x 32.0 …
        // 68.0); its box is ascent + descent = 32.92 tall from y 33.54, so the baseline is at
        // 33.54 + 26.25 = 59.79 and the digits' ink rises to 59.79 − 20.62 = 39.17.
        var above = 0, below = 0
        for y in 0..<100 {
            for x in 33..<67 where r.rgba(x, y) == (255, 0, 0, 255) {
                if y >= 40 && y < 59 { above += 1 }
                if y >= 61 && y < 80 { below += 1 }
            }
        }
        // Upright: opaque red ink above the baseline, none below it (digits have no descenders).
        #expect(above > 80 && below == 0, "above \(above) below \(below)")
    }
}
