import Foundation
import Raster
import Testing
import OpenQuartzCore

/// GeigerCounter's meter: a drawing that reads two custom keys animated in one group, only
/// one of which needs display. Only UIKit is replaced; expected values come from the client's
/// numbers and the ease-in-ease-out curve.
@Suite struct PortedGaugeTests {
    /// PabloCaif/GeigerCounter, IndicatorLayer.swift and MeterView.swift
    /// (`radiationIndicatorValue`'s didSet and `createAnimation`): a group animates the custom
    /// keys `value` (which needs display) and `indicatorColor` (which does not) from their old
    /// values to the model's. The drawn presentation holds both in flight.
    @Test func gaugeDrawsBothAnimatedKeysInFlight() {
        final class IndicatorLayer: CALayer {
            var maxValue: CGFloat = 100.0
            var value: CGFloat {
                get { self.value(forKey: "value") as? CGFloat ?? 0 }
                set { setValue(newValue, forKey: "value") }
            }
            var indicatorColor: CGColor {
                get { (self.value(forKey: "indicatorColor") as? CGColor) ?? UIColor.green.cgColor }
                set { setValue(newValue, forKey: "indicatorColor") }
            }
            var greenLevel: CGFloat = 25
            var orangeLevel: CGFloat = 65
            var seen: [(value: CGFloat, color: CGColor)] = []

            override class func needsDisplay(forKey key: String) -> Bool {
                if key == "value" { return true }
                return CALayer.needsDisplay(forKey: key)
            }

            override func draw(in ctx: CGContext) {
                seen.append((value, indicatorColor))
                ctx.setShouldAntialias(true)
                let center = CGPoint(x: bounds.size.width / 2.0, y: bounds.size.height / 2.0)
                let radius = frame.size.height / 2.0 * 0.94
                let color = indicatorColor
                ctx.setStrokeColor(color)
                ctx.setLineWidth(2.0)
                ctx.move(to: center)
                ctx.addLine(to: CGPoint(x: center.x - (bounds.size.width * 0.48), y: center.y))
                // calculateAngle(for:maxValue:) is not in the file; a half-circle dial stands in.
                let angle = CGFloat.pi + CGFloat.pi * value / maxValue
                ctx.addArc(center: center, radius: radius, startAngle: CGFloat.pi, endAngle: angle, clockwise: false)
                ctx.addLine(to: center)
                ctx.setFillColor(color)
                ctx.closePath()
                ctx.fillPath()
            }

            func colorForValue(_ value: CGFloat) -> CGColor {
                if value <= greenLevel { return UIColor.green.cgColor }
                else if value > greenLevel && value <= orangeLevel { return UIColor.orange.cgColor }
                return UIColor.red.cgColor
            }
        }

        let root = makeRoot(100, 100)
        let indicator = IndicatorLayer()
        indicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        indicator.value = 10
        indicator.setNeedsDisplay()
        root.addSublayer(indicator)
        let renderer = CAImageRenderer(size: CGSize(width: 100, height: 100))
        _ = renderer.image(for: root, atTime: 0)

        CATransaction.setDisableActions(true)
        // --- ported code (radiationIndicatorValue = 80, from 10) ---
        let oldValue: Float = 10, radiationIndicatorValue: Float = 80
        indicator.value = CGFloat(radiationIndicatorValue)
        let lastColor = indicator.indicatorColor
        let toColor = indicator.colorForValue(CGFloat(radiationIndicatorValue))
        indicator.indicatorColor = toColor
        let time: CFTimeInterval = 0.2
        let valueAnimation = CABasicAnimation(keyPath: "value")
        valueAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        valueAnimation.fromValue = CGFloat(oldValue)
        valueAnimation.fillMode = kCAFillModeForwards
        valueAnimation.duration = time
        valueAnimation.beginTime = 0.0
        let colorAnimation = CABasicAnimation(keyPath: "indicatorColor")
        colorAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        colorAnimation.fromValue = lastColor
        colorAnimation.duration = time
        colorAnimation.beginTime = 0.0
        colorAnimation.fillMode = kCAFillModeForwards
        let animationGroup = CAAnimationGroup()
        animationGroup.animations = [valueAnimation, colorAnimation]
        animationGroup.duration = time
        indicator.add(animationGroup, forKey: "value")
        // --- end of ported code ---
        CATransaction.flush()

        let begin = 5.0
        let surface = Surface(width: 100, height: 100)
        renderer.render(root, into: surface, atTime: begin)        // the commit
        for t in [0.05, 0.1, 0.15] {
            indicator.seen = []
            renderer.render(root, into: surface, atTime: begin + t)
            // Ease in, ease out over 0.2 s; green (0, 1, 0) to red (1, 0, 0), straight sRGB.
            let f = TimingFunctionTests.reference((0.42, 0, 0.58, 1), t / time)
            guard let drawn = indicator.seen.last else { Issue.record("not drawn at \(t)"); continue }
            #expect(abs(Double(drawn.value) - (10 + 70 * f)) < 1e-4, "at \(t): value \(drawn.value)")
            let c = drawn.color.components ?? []
            #expect(c.count == 4 && abs(Double(c[0]) - f) < 1e-6 && abs(Double(c[1]) - (1 - f)) < 1e-6 && c[2] == 0,
                    "at \(t): colour \(c), expected (\(f), \(1 - f), 0)")
            // The wedge just above the dial's left end, in the drawn colour.
            let px = surface.pixel(x: 50 - 28, y: 50 - 4)
            let red = Double(px & 0xFF) / 255, green = Double((px >> 8) & 0xFF) / 255
            #expect(abs(red - f) < 2.5 / 255 && abs(green - (1 - f)) < 2.5 / 255, "at \(t): pixel (\(red), \(green))")
        }
        // The model values are untouched.
        #expect(indicator.value == 80 && indicator.indicatorColor === toColor)
    }
}
