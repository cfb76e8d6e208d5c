import Foundation
import Testing
import Raster
import OpenQuartzCore

/// Public iOS layer animations, ported with only UIKit replaced (UIColor → CGColor, a view's
/// layer → a CALayer, `#keyPath(CALayer.opacity)` → "opacity": `#keyPath` needs the
/// Objective-C runtime), rendered at several media times. Where the layers are is worked out
/// from the animations' definitions, not read from the implementation.
@Suite struct PortedAnimationTests {
    static func pixel(_ s: Surface, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let p = s.pixel(x: x, y: y)
        return (Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24))
    }

    /// mattneub/Programming-iOS-Book-Examples, bk2ch12p565customActivityIndicator
    /// (Replicator/ViewController.swift, viewDidAppear): five red bars fading in turn.
    @Test func replicatorActivityIndicatorWithInstanceDelay() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.position = CGPoint(x: 100, y: 50)
        let renderer = CAImageRenderer(size: CGSize(width: 200, height: 100))
        _ = renderer.image(for: root, atTime: 0)

        // --- ported code (viewDidAppear's body) ---
        let lay = CAReplicatorLayer()
        lay.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let bar = CALayer()
        bar.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        bar.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)   // UIColor.red.cgColor
        lay.addSublayer(bar)
        lay.instanceCount = 5
        lay.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 1.0
        anim.toValue = 0.2
        anim.duration = 1
        anim.repeatCount = .greatestFiniteMagnitude
        bar.add(anim, forKey: nil)
        lay.instanceDelay = anim.duration / Double(lay.instanceCount)
        root.addSublayer(lay)                                 // self.view.layer
        lay.position = CGPoint(x: root.bounds.midX, y: root.bounds.midY)
        // --- end of ported code ---

        let surface = Surface(width: 200, height: 100)
        let begin = 5.0                                       // the frame that commits it
        renderer.render(root, into: surface, atTime: begin)
        for t in [begin + 1.1, begin + 2.37, begin + 3.9] {
            renderer.render(root, into: surface, atTime: t)
            for i in 0..<5 {
                // Instance i shows the animation i · 0.2 s late: opacity 1 − 0.8 · frac(local).
                let local = t - begin - Double(i) * 0.2
                let opacity = 1 - 0.8 * (local - local.rounded(.down))
                // Bar i covers x 50 + 20i … 60 + 20i, y 40 … 60 on the canvas.
                let p = Self.pixel(surface, 55 + 20 * i, 50)
                #expect(abs(Double(p.r) - 255 * opacity) <= 2, "bar \(i) at \(t)")
                #expect(p.g == 0 && abs(p.a - p.r) <= 1)
            }
            #expect(Self.pixel(surface, 65, 50).a == 0)      // the gaps stay empty
        }
    }

    /// ninjaprox/NVActivityIndicatorView, NVActivityIndicatorAnimationBallClipRotate.swift
    /// (setUpAnimation): a ring scaled by a keyframe animation and spun by another, in a group
    /// that repeats forever. The library's ring shape (NVActivityIndicatorShape.ringThirdFour)
    /// is drawn here with a CAShapeLayer arc, as the library draws it.
    @Test func activityIndicatorGroupOfKeyframes() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.position = CGPoint(x: 30, y: 30)
        let renderer = CAImageRenderer(size: CGSize(width: 60, height: 60))
        _ = renderer.image(for: root, atTime: 0)
        let layer = root
        let size = CGSize(width: 40, height: 40)

        // --- ported code ---
        let duration: CFTimeInterval = 0.75

        //    Scale animation
        let scaleAnimation = CAKeyframeAnimation(keyPath: "transform.scale")

        scaleAnimation.keyTimes = [0, 0.5, 1]
        scaleAnimation.values = [1, 0.6, 1]

        // Rotate animation
        let rotateAnimation = CAKeyframeAnimation(keyPath: "transform.rotation.z")

        rotateAnimation.keyTimes = scaleAnimation.keyTimes
        rotateAnimation.values = [0, Double.pi, 2 * Double.pi]

        // Animation
        let animation = CAAnimationGroup()

        animation.animations = [scaleAnimation, rotateAnimation]
        animation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionLinear)
        animation.duration = duration
        animation.repeatCount = HUGE
        animation.isRemovedOnCompletion = false

        // Draw circle (NVActivityIndicatorShape.ringThirdFour.layerWith(size:color:))
        let circle = CAShapeLayer()
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: size.width / 2, y: size.height / 2), radius: size.width / 2,
                    startAngle: -3 * .pi / 4, endAngle: -.pi / 4, clockwise: true)   // UIBezierPath's clockwise: false
        circle.fillColor = nil
        circle.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        circle.lineWidth = 2
        circle.backgroundColor = nil
        circle.path = path
        circle.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        let frame = CGRect(x: (layer.bounds.size.width - size.width) / 2,
                           y: (layer.bounds.size.height - size.height) / 2,
                           width: size.width,
                           height: size.height)

        circle.frame = frame
        circle.add(animation, forKey: "animation")
        layer.addSublayer(circle)
        // --- end of ported code ---

        let begin = 2.0
        _ = renderer.image(for: root, atTime: begin)
        for t in [0.1875, 0.5, 0.6, 2 * 0.75 + 0.1] {
            let f = (t / duration) - (t / duration).rounded(.down)
            let scale = f < 0.5 ? 1 - 0.8 * f : 0.6 + 0.8 * (f - 0.5)
            let angle = 2 * Double.pi * f
            _ = renderer.image(for: root, atTime: begin + t)
            let shown = circle.presentation()!.transform
            let expected = CATransform3DConcat(CATransform3DMakeScale(scale, scale, scale), CATransform3DMakeRotation(angle, 0, 0, 1))
            #expect(close(shown, expected, 1e-9), "at \(t)")
        }
        // The model is untouched; the animation never ends.
        #expect(CATransform3DIsIdentity(circle.transform))
        #expect(circle.animationKeys() == ["animation"])
        // Rendered: the ring's arc (the top quarter, between −135° and −45°, is open) turns
        // with the animation: at a quarter turn the open quarter faces right.
        let surface = Surface(width: 60, height: 60)
        renderer.render(root, into: surface, atTime: begin + 0.75 * 0.25)
        let s = 1 - 0.8 * 0.25
        let r = 20 * s
        #expect(Self.pixel(surface, Int(30 + r), 30).a == 0)            // open: right side
        #expect(Self.pixel(surface, 30, Int(30 - r)).a > 100)           // top, drawn
        #expect(Self.pixel(surface, Int(30 - r), 30).a > 100)           // left, drawn
    }

    /// apparata/UIKitToolbox, UIView+Shimmer.swift (startShimmer), on a layer standing for the
    /// view, started inside a CATransaction with actions disabled (as shimmer code does to
    /// place its mask without an implicit animation).
    @Test func shimmerMaskOfGradientLocations() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 20)
        root.position = CGPoint(x: 150, y: 10)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let renderer = CAImageRenderer(size: CGSize(width: 300, height: 20))
        _ = renderer.image(for: root, atTime: 0)
        let layer = root
        let bounds = root.bounds
        var completed = 0

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock { completed += 1 }
        // --- ported code (startShimmer) ---
        let light = CGColor(gray: 0, alpha: 0)        // UIColor.black.withAlphaComponent(0.0).cgColor
        let dark = CGColor(gray: 0, alpha: 1)         // UIColor.black.cgColor

        let gradientLayer: CAGradientLayer = {
            $0.colors = [dark, light, dark]
            $0.frame = CGRect(x: -bounds.width, y: 0.0, width: 3 * bounds.width, height: bounds.height)
            $0.startPoint = CGPoint(x: 0, y: 0.5)
            $0.endPoint = CGPoint(x: 1.0, y: 0.525)
            $0.locations = [0.4, 0.5, 0.6]
            return $0
        }(CAGradientLayer())

        layer.mask = gradientLayer

        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [0.0, 0.1, 0.2]
        animation.toValue = [0.8, 0.9, 1.0]

        animation.duration = 1.5
        animation.repeatCount = .greatestFiniteMagnitude

        gradientLayer.add(animation, forKey: "shimmer")
        // --- end of ported code ---
        CATransaction.commit()
        #expect(gradientLayer.animationKeys() == ["shimmer"])     // only the explicit one

        let surface = Surface(width: 300, height: 20)
        let begin = 1.0
        renderer.render(root, into: surface, atTime: begin)
        for t in [0.75, 0.3, 1.5 + 1.2] {
            renderer.render(root, into: surface, atTime: begin + t)
            let f = (t / 1.5) - (t / 1.5).rounded(.down)
            let loc = [0.0 + 0.8 * f, 0.1 + 0.8 * f, 0.2 + 0.8 * f]
            for x in stride(from: 0, to: 300, by: 7) {
                // The mask's fraction along its 900-point width (it starts at x = −300).
                let g = (Double(x) + 0.5 + 300) / 900
                let alpha: Double
                if g <= loc[0] || g >= loc[2] { alpha = 1 }
                else if g < loc[1] { alpha = 1 - (g - loc[0]) / (loc[1] - loc[0]) }
                else { alpha = (g - loc[1]) / (loc[2] - loc[1]) }
                let p = Self.pixel(surface, x, 10)
                #expect(abs(Double(p.a) - 255 * alpha) <= 3, "x \(x) at \(t)")
            }
        }
        #expect(completed == 0)                       // a repeating animation never completes
        gradientLayer.removeAnimation(forKey: "shimmer")     // stopShimmer's effect
        #expect(completed == 1)
    }
}
