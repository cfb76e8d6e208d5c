import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Pulsator's pulse: `transform.scale.xy` and an opacity keyframe animation in a repeating
/// group paced by the group's timing function, on a replicator's sublayer. Only UIKit is
/// replaced; expected values come from the library's numbers and Apple's formulas.
@Suite struct PortedPulsatorTests {
    /// shu223/Pulsator, Pulsator.swift: `setupPulse`, `updatePulse`, `setupAnimationGroup`
    /// and `start` with the library's defaults (radius 60 set to 30 by the client, one pulse,
    /// 3 s, half opacity at 0.2, the default timing function on the group), `delay` 0.
    @Test func pulsatorPulseGrowsAndFades() {
        let root = makeRoot(80, 80)
        let renderer = CAImageRenderer(size: CGSize(width: 80, height: 80))
        _ = renderer.image(for: root, atTime: 0)

        // --- ported code (Pulsator's properties and methods, on a plain replicator) ---
        let pulsator = CAReplicatorLayer()
        let pulse = CALayer()
        let radius: CGFloat = 30
        let animationDuration: TimeInterval = 3
        let pulseInterval: TimeInterval = 0
        let fromValueForRadius: Float = 0.0
        let keyTimeForHalfOpacity: Float = 0.2
        let backgroundColor = CGColor(red: 0, green: 0.455, blue: 0.756, alpha: 0.45)
        let alpha: CGFloat = backgroundColor.alpha
        // setupPulse
        pulse.contentsScale = UIScreen.main.scale
        pulse.opacity = 0
        pulsator.addSublayer(pulse)
        // updatePulse
        let diameter: CGFloat = radius * 2
        pulse.bounds = CGRect(origin: CGPoint.zero, size: CGSize(width: diameter, height: diameter))
        pulse.cornerRadius = radius
        pulse.backgroundColor = backgroundColor
        pulsator.instanceCount = 1
        pulsator.instanceDelay = (animationDuration + pulseInterval) / Double(1)
        // setupAnimationGroup
        let scaleAnimation = CABasicAnimation(keyPath: "transform.scale.xy")
        scaleAnimation.fromValue = fromValueForRadius
        scaleAnimation.toValue = 1.0
        scaleAnimation.duration = animationDuration

        let opacityAnimation = CAKeyframeAnimation(keyPath: "opacity")
        opacityAnimation.duration = animationDuration
        opacityAnimation.values = [alpha, alpha * 0.5, 0.0]
        opacityAnimation.keyTimes = [0.0, NSNumber(value: keyTimeForHalfOpacity), 1.0]

        let animationGroup = CAAnimationGroup()
        animationGroup.animations = [scaleAnimation, opacityAnimation]
        animationGroup.duration = animationDuration + pulseInterval
        animationGroup.repeatCount = MAXFLOAT
        animationGroup.timingFunction = CAMediaTimingFunction(name: .default)
        pulse.add(animationGroup, forKey: "pulsator")
        // --- end of ported code ---
        pulsator.position = CGPoint(x: 40, y: 40)
        root.addSublayer(pulsator)

        let begin = 10.0
        _ = renderer.image(for: root, atTime: begin)          // the commit: the pulse begins
        let surface = Surface(width: 80, height: 80)
        for t in [0.3, 0.75, 1.5, 2.25, 3 + 0.75] {
            // The group's timing function paces the group's time; both children run in it.
            let p = (t / 3) - (t / 3).rounded(.down)
            let s = TimingFunctionTests.reference((0.25, 0.1, 0.25, 1), p)
            let k = Double(keyTimeForHalfOpacity), a = Double(alpha)
            let opacity = s < k ? a + (a * 0.5 - a) * s / k : a * 0.5 * (1 - (s - k) / (1 - k))
            renderer.render(root, into: surface, atTime: begin + t)
            let shown = pulse.presentation()!
            #expect(close(shown.transform, CATransform3DMakeScale(s, s, 1), 1e-9), "at \(t)")
            #expect(abs(Double(shown.opacity) - opacity) < 1e-6, "at \(t): opacity \(shown.opacity), expected \(opacity)")
            // The disc: centred on the pulsator, radius 30 · s, alpha 0.45 · opacity.
            let r = 30 * s
            let centre = Double(surface.pixel(x: 40, y: 40) >> 24) / 255
            #expect(abs(centre - 0.45 * opacity) < 2.5 / 255, "at \(t): centre alpha \(centre)")
            if r > 4 {
                let inside = Double(surface.pixel(x: 40 + Int(r * 0.8), y: 40) >> 24) / 255
                #expect(abs(inside - 0.45 * opacity) < 2.5 / 255, "at \(t): inside alpha \(inside)")
            }
            #expect(surface.pixel(x: 40 + Int(r * 1.2) + 2, y: 40) >> 24 == 0, "at \(t): outside the disc")
        }
    }
}
