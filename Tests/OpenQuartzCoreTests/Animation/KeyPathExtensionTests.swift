import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Every structure-field key path of Apple's "Key-Value Coding Extensions" (CATransform3D,
/// CGPoint, CGSize, CGRect), and the ones real code uses beyond it (`transform.scale.xy`, a
/// point for `transform.translation`), set directly and through an animation. Expected
/// transforms are made with the `CATransform3DMake…` functions the guide's table describes.
@Suite struct KeyPathExtensionTests {
    /// (field after `transform.`, the value set, the transform it means).
    static var transformFields: [(String, Any, CATransform3D)] { [
        ("rotation.x", CGFloat(0.5), CATransform3DMakeRotation(0.5, 1, 0, 0)),
        ("rotation.y", CGFloat(0.5), CATransform3DMakeRotation(0.5, 0, 1, 0)),
        ("rotation.z", CGFloat(0.5), CATransform3DMakeRotation(0.5, 0, 0, 1)),
        ("rotation", CGFloat(0.5), CATransform3DMakeRotation(0.5, 0, 0, 1)),
        ("scale.x", CGFloat(2), CATransform3DMakeScale(2, 1, 1)),
        ("scale.y", CGFloat(2), CATransform3DMakeScale(1, 2, 1)),
        ("scale.z", CGFloat(2), CATransform3DMakeScale(1, 1, 2)),
        ("scale", CGFloat(2), CATransform3DMakeScale(2, 2, 2)),
        ("scale.xy", CGFloat(2), CATransform3DMakeScale(2, 2, 1)),
        ("translation.x", CGFloat(3), CATransform3DMakeTranslation(3, 0, 0)),
        ("translation.y", CGFloat(3), CATransform3DMakeTranslation(0, 3, 0)),
        ("translation.z", CGFloat(3), CATransform3DMakeTranslation(0, 0, 3)),
        ("translation", CGSize(width: 3, height: 4), CATransform3DMakeTranslation(3, 4, 0)),
        ("translation", CGPoint(x: 3, y: 4), CATransform3DMakeTranslation(3, 4, 0)),
        ("translation", NSValue(cgPoint: CGPoint(x: 3, y: 4)), CATransform3DMakeTranslation(3, 4, 0)),
    ] }

    @Test func everyTransformFieldSetsTheTransform() {
        for (field, value, expected) in Self.transformFields {
            for property in ["transform", "sublayerTransform"] {
                let l = CALayer()
                l.setValue(value, forKeyPath: "\(property).\(field)")
                let shown = property == "transform" ? l.transform : l.sublayerTransform
                #expect(close(shown, expected, 1e-12), "\(property).\(field)")
            }
        }
    }

    @Test func everyTransformFieldAnimates() {
        for (field, value, expected) in Self.transformFields {
            let l = CALayer()
            let stage = AnimationStage(l)
            let a = CABasicAnimation(keyPath: "transform.\(field)")
            a.fromValue = value; a.toValue = value
            a.duration = 1; a.beginTime = 1
            l.add(a, forKey: "k")
            #expect(close(stage.shown(l, at: 1.5).transform, expected, 1e-12), "transform.\(field)")
        }
    }

    @Test func scaleXYReadsBackAndInterpolates() {
        let l = CALayer()
        l.setValue(CGFloat(3), forKeyPath: "transform.scale.xy")
        #expect(l.value(forKeyPath: "transform.scale.xy") as? CGFloat == 3)
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "transform.scale.xy")
        a.fromValue = Float(0); a.toValue = 1.0           // Pulsator passes a Float and a Double
        a.duration = 2; a.beginTime = 1
        l.add(a, forKey: "s")
        // Linear: at 1.5 s, a quarter of the way from 0 to 1; z keeps the model's 1.
        #expect(close(stage.shown(l, at: 1.5).transform, CATransform3DMakeScale(0.25, 0.25, 1), 1e-12))
    }

    /// (key path, value, read back from the layer after setting it on a fresh layer).
    @Test func pointSizeAndRectFields() {
        let l = CAShapeLayer()
        l.setValue(CGFloat(7), forKeyPath: "position.x")
        l.setValue(CGFloat(8), forKeyPath: "position.y")
        #expect(l.position == CGPoint(x: 7, y: 8))
        l.setValue(CGFloat(2), forKeyPath: "shadowOffset.width")
        l.setValue(CGFloat(-3), forKeyPath: "shadowOffset.height")
        #expect(l.shadowOffset == CGSize(width: 2, height: -3))
        l.setValue(CGPoint(x: 1, y: 2), forKeyPath: "bounds.origin")
        l.setValue(CGSize(width: 30, height: 40), forKeyPath: "bounds.size")
        #expect(l.bounds == CGRect(x: 1, y: 2, width: 30, height: 40))
        l.setValue(CGFloat(5), forKeyPath: "bounds.origin.x")
        l.setValue(CGFloat(6), forKeyPath: "bounds.origin.y")
        l.setValue(CGFloat(50), forKeyPath: "bounds.size.width")
        l.setValue(CGFloat(60), forKeyPath: "bounds.size.height")
        #expect(l.bounds == CGRect(x: 5, y: 6, width: 50, height: 60))
        #expect(l.value(forKeyPath: "bounds.size.width") as? CGFloat == 50)
        #expect(l.value(forKeyPath: "bounds.origin") as? CGPoint == CGPoint(x: 5, y: 6))
    }

    /// Lottie's Core Animation engine (CALayer+addAnimation.swift, `keyframeAnimation`) animates
    /// a position as a keyframe `path` on `transform.translation`: the path moves to the first
    /// keyframe, lines to each next one, and is closed; the key times are one per keyframe.
    @Test func lottiePositionPathOnTranslation() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        let stage = AnimationStage(l)
        // --- ported: the path of `path(keyframes:value:)` for keyframes (0,0), (100,0), (100,50) ---
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)]
        let path = CGMutablePath()
        for (index, point) in points.enumerated() {
            if index == points.indices.first { path.move(to: point) }
            if index != points.indices.last { path.addLine(to: points[index + 1]) }
        }
        path.closeSubpath()
        let animation = CAKeyframeAnimation(keyPath: "transform.translation")
        animation.path = path
        animation.calculationMode = .linear
        animation.keyTimes = [0, 0.8, 1]
        animation.timingFunctions = [CAMediaTimingFunction(controlPoints: 0, 0, 1, 1),
                                     CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)]
        // --- end of ported code ---
        animation.duration = 1
        animation.beginTime = 1
        l.add(animation, forKey: "transform.translation")
        // Closed form: 0 → 0.8 s along the first line, 0.8 → 1 s down the second; never back
        // along the closing line.
        func expected(_ f: Double) -> CGPoint {
            f <= 0.8 ? CGPoint(x: 100 * f / 0.8, y: 0) : CGPoint(x: 100, y: 50 * (f - 0.8) / 0.2)
        }
        for f in [0.0, 0.2, 0.4, 0.79, 0.8, 0.9, 0.99] {
            let m = stage.shown(l, at: 1 + f).transform
            let e = expected(f)
            #expect(close(m.m41, e.x, 1e-6) && close(m.m42, e.y, 1e-6), "at \(f): (\(m.m41), \(m.m42)), expected \(e)")
        }
        // Rendered: a 4-point red square at (2, 2) moved by the translation, on a 110×60 canvas;
        // times where the square sits on whole pixels.
        let root = makeRoot(110, 60)
        let dot = makeLayer(CGRect(x: 0, y: 0, width: 4, height: 4), red)
        root.addSublayer(dot)
        let renderer = CAImageRenderer(size: CGSize(width: 110, height: 60))
        let surface = Surface(width: 110, height: 60)
        dot.add(animation, forKey: "transform.translation")
        for f in [0.2, 0.4, 0.8, 0.9] {
            renderer.render(root, into: surface, atTime: 1 + f)
            let covered = (0..<60).flatMap { y in (0..<110).compactMap { x in surface.pixel(x: x, y: y) >> 24 > 128 ? (x, y) : nil } }
            let e = expected(f)
            #expect(covered.count == 16, "at \(f): \(covered.count) pixels")
            #expect(covered.allSatisfy { Double($0.0) >= Double(e.x) - 0.5 && Double($0.0) < Double(e.x) + 4.5 &&
                                         Double($0.1) >= Double(e.y) - 0.5 && Double($0.1) < Double(e.y) + 4.5 },
                    "at \(f): pixels \(covered.prefix(4)) not at \(e)")
        }
    }

    /// A basic animation of `transform.translation` between points (as Lottie's single-keyframe
    /// animations pass them) moves the layer like one between sizes.
    @Test func translationBetweenPoints() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "transform.translation")
        a.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        a.toValue = CGPoint(x: 40, y: 20)
        a.duration = 1; a.beginTime = 1
        l.add(a, forKey: "t")
        #expect(close(stage.shown(l, at: 1.25).transform, CATransform3DMakeTranslation(10, 5, 0), 1e-12))
    }
}
