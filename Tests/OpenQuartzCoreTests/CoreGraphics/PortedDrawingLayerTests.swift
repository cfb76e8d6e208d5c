import Foundation
import Testing
import OpenQuartzCore

/// The ported layers (PortedDrawingLayers.swift) render what their authors meant: checked by
/// geometry (where the ring, the pie and the slice must and must not be), not by a golden image.
@Suite(.serialized) struct PortedDrawingLayerTests {
    /// The pixel at `angle` (radians, clockwise on screen from three o'clock) and `distance` from
    /// the centre of a `size`-point square canvas rendered at `scale`.
    static func sample(_ r: Rendered, size: CGFloat, angle: CGFloat, distance: CGFloat) -> (r: Int, g: Int, b: Int, a: Int) {
        r.at(size / 2 + distance * cos(angle), size / 2 + distance * sin(angle))
    }

    @Test func progressRingDrawsTheArcClockwiseFromTwelve() {
        let ring = LayerThree()
        ring.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        ring.number = 0.25
        let r = Rendered(ring, width: 100, height: 100)
        // Radius 45, track 3.15 wide, orange arc 3.6 wide from 12 to 3 o'clock (screen).
        let orange = Self.sample(r, size: 100, angle: -.pi / 4, distance: 45)
        #expect(orange == (255, 128, 0, 255))
        // Beyond the arc, only the translucent gray track: 2/3 gray at half alpha.
        let track = Self.sample(r, size: 100, angle: .pi, distance: 45)
        #expect(track.a == 128 && near(track.r, 85))
        #expect(Self.sample(r, size: 100, angle: 0, distance: 20).a == 0)
        // Setting the progress redraws: at 0.75 nine o'clock is orange too.
        ring.number = 0.75
        let r2 = Rendered(ring, width: 100, height: 100)
        #expect(Self.sample(r2, size: 100, angle: .pi, distance: 45) == (255, 128, 0, 255))
        #expect(Self.sample(r2, size: 100, angle: -.pi * 0.6, distance: 45).a == 128)
    }

    @Test func pieFillsTheElapsedSector() {
        let pie = LayerTwo()
        pie.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        pie.number = 0.375 // 135° clockwise from twelve o'clock, to half past four
        let r = Rendered(pie, width: 80, height: 80)
        for angle in [-80.0, -10, 30] {
            #expect(Self.sample(r, size: 80, angle: angle * .pi / 180, distance: 20) == (0, 255, 255, 255), "\(angle)°")
        }
        for angle in [60.0, 150, -100] {
            #expect(Self.sample(r, size: 80, angle: angle * .pi / 180, distance: 20).a == 0, "\(angle)°")
        }
        #expect(Self.sample(r, size: 80, angle: 0, distance: 38).a == 0) // outside the radius of 36
    }

    @Test func donutSliceIsAThickArcAtTwiceTheScale() {
        let slice = PieLayer()
        slice.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        slice.startAngle = 0
        slice.endAngle = .pi / 2
        slice.radius = 16
        slice.thickness = 8
        slice.color = UIColor.blue.cgColor
        slice.setNeedsDisplay()
        let r = Rendered(slice, width: 60, height: 60, scale: 2)
        #expect((slice.contents as? CGImage)?.width == 120)
        // The band is 16...24 from the centre, from three o'clock clockwise (y down) to six.
        #expect(Self.sample(r, size: 60, angle: .pi / 4, distance: 20) == (0, 0, 255, 255))
        #expect(Self.sample(r, size: 60, angle: .pi / 4, distance: 13).a == 0)
        #expect(Self.sample(r, size: 60, angle: -.pi / 4, distance: 20).a == 0)
        // needsDisplayOnBoundsChange: a new size draws again.
        slice.bounds.size = CGSize(width: 70, height: 70)
        #expect(slice.needsDisplay())
    }

    @Test func chartGradientRunsTopToBottomInsideRoundedCorners() {
        let chart = ChartView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        chart.beginColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        chart.endColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let r = Rendered(chart.layer, width: 100, height: 60)
        // From begin colour at the top to end colour at the bottom (y down: UIKit's space).
        let top = r.rgba(50, 0), bottom = r.rgba(50, 59), middle = r.rgba(50, 30)
        #expect(top.r > 245 && top.b < 10 && bottom.b > 245 && bottom.r < 10)
        #expect(near(middle.r, Int((1 - 30.5 / 60) * 255), 2))
        // masksToBounds with cornerRadius 8 cuts the corners.
        #expect(r.rgba(0, 0).a == 0 && r.rgba(99, 59).a == 0)
    }
}
