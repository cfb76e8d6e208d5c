import Foundation
import Testing
import OpenQuartzCore

/// The CAAnimation family evaluated on layers, against values worked out by hand from Apple's
/// documented rules.
@Suite struct BasicAnimationTests {
    /// An opacity animation of 1 s from media time 10 on a layer whose model opacity is 0.5.
    func opacity(from: Any?, to: Any?, by: Any?, at t: Double, additive: Bool = false) -> Float {
        let l = CALayer()
        let stage = AnimationStage(l)
        CATransaction.setDisableActions(true)
        l.opacity = 0.5
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = from; a.toValue = to; a.byValue = by
        a.duration = 1
        a.beginTime = 10
        a.isAdditive = additive
        l.add(a, forKey: "o")
        return stage.shown(l, at: t).opacity
    }

    @Test func everyFromToByCombination() {
        // Quarter way (t = 10.25), model 0.5.
        #expect(abs(opacity(from: 0.2, to: 0.6, by: nil, at: 10.25) - 0.3) < 1e-6)            // from → to
        #expect(abs(opacity(from: 0.2, to: nil, by: 0.4, at: 10.25) - 0.3) < 1e-6)            // from → from + by
        #expect(abs(opacity(from: nil, to: 0.6, by: 0.4, at: 10.25) - 0.3) < 1e-6)            // to − by → to
        #expect(abs(opacity(from: 0.1, to: nil, by: nil, at: 10.25) - 0.2) < 1e-6)            // from → model
        #expect(abs(opacity(from: nil, to: 0.9, by: nil, at: 10.25) - 0.6) < 1e-6)            // model → to
        #expect(abs(opacity(from: nil, to: nil, by: 0.4, at: 10.25) - 0.6) < 1e-6)            // model → model + by
        #expect(abs(opacity(from: CGFloat(0), to: Int(1), by: nil, at: 10.25, additive: true) - 0.75) < 1e-6)
        // Values in every numeric spelling Swift code passes.
        #expect(abs(opacity(from: Float(0), to: NSNumber(value: 1), by: nil, at: 10.5) - 0.5) < 1e-6)
        // Outside the active interval (fill .removed) the model shows.
        #expect(opacity(from: 0.2, to: 0.6, by: nil, at: 9) == 0.5)
        #expect(opacity(from: 0.2, to: 0.6, by: nil, at: 11.5) == 0.5)
    }

    @Test func fillForwardsNeedsRemovedOnCompletionFalse() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 1; a.beginTime = 1
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        l.add(a, forKey: "x")
        #expect(stage.shown(l, at: 5).position.x == 100)
        #expect(l.animation(forKey: "x") != nil)
        let b = a.copy() as! CABasicAnimation
        b.isRemovedOnCompletion = true
        l.add(b, forKey: "x")
        #expect(stage.shown(l, at: 5).position.x == 0)       // removed at the end: the model
        #expect(l.animation(forKey: "x") == nil)
    }

    @Test func cumulativeAndAutoreverse() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "position.y")
        a.fromValue = 10; a.toValue = 20; a.duration = 1; a.beginTime = 1
        a.repeatCount = 3; a.isCumulative = true
        l.add(a, forKey: "y")
        #expect(close(stage.shown(l, at: 3.5).position.y, 35))   // third repeat: 15 + 2·10
        let b = CABasicAnimation(keyPath: "position.y")
        b.fromValue = 10; b.toValue = 20; b.duration = 1; b.beginTime = 1; b.autoreverses = true
        l.add(b, forKey: "y")
        #expect(close(stage.shown(l, at: 2.25).position.y, 17.5))  // on the way back
    }

    @Test func timingFunctionShapesProgress() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 2; a.beginTime = 1
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        l.add(a, forKey: "x")
        let expected = 100 * TimingFunctionTests.reference((0.42, 0, 1, 1), 0.3)
        #expect(abs(Double(stage.shown(l, at: 1.6).position.x) - expected) < 1e-4)
    }

    @Test func transformKeyPathsAndValueFunctions() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0; spin.toValue = 2 * Double.pi; spin.duration = 1; spin.beginTime = 1
        l.add(spin, forKey: "spin")
        // Three quarters of a turn: a matrix interpolation could not get there.
        let m = stage.shown(l, at: 1.75).transform
        #expect(close(m, CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1), 1e-9))
        l.removeAllAnimations()
        let vf = CABasicAnimation(keyPath: "transform")
        vf.valueFunction = CAValueFunction(name: .scale)
        vf.fromValue = [1, 1, 1]; vf.toValue = [3, 5, 1]; vf.duration = 1; vf.beginTime = 1
        l.add(vf, forKey: "scale")
        #expect(close(stage.shown(l, at: 1.5).transform, CATransform3DMakeScale(2, 3, 1)))
        #expect(CAValueFunction(name: CAValueFunctionName("nonsense")) == nil)
    }

    @Test func transformsInterpolateByDecomposition() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        a.toValue = NSValue(caTransform3D: CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        a.duration = 1; a.beginTime = 1
        l.add(a, forKey: "t")
        // Half-way: scale 1.5, rotation π/4 (an element-wise blend would give scale ≈ 1.06).
        let expected = CATransform3DConcat(CATransform3DMakeScale(1.5, 1.5, 1), CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        #expect(close(stage.shown(l, at: 1.5).transform, expected, 1e-9))
    }

    @Test func colorsInterpolateStraightComponents() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "backgroundColor")
        a.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        a.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0)
        a.duration = 1; a.beginTime = 1
        l.add(a, forKey: "c")
        let c = stage.shown(l, at: 1.25).backgroundColor!.rgba
        #expect(close(c.red, 0.75) && close(c.blue, 0.25) && close(c.alpha, 0.75))
    }

    @Test func shapePathsStrokeAndGradients() {
        let s = CAShapeLayer(), g = CAGradientLayer()
        let stage = AnimationStage(s, g)
        let a = CABasicAnimation(keyPath: "path")
        a.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        a.toValue = CGPath(rect: CGRect(x: 10, y: 0, width: 30, height: 10))
        a.duration = 1; a.beginTime = 1
        s.add(a, forKey: "p")
        let e = CABasicAnimation(keyPath: "strokeEnd")
        e.fromValue = 0; e.toValue = 1; e.duration = 1; e.beginTime = 1
        s.add(e, forKey: "e")
        let loc = CABasicAnimation(keyPath: "locations")
        loc.fromValue = [0.0, 0.1, 0.2]; loc.toValue = [0.8, 0.9, 1.0]; loc.duration = 1; loc.beginTime = 1
        g.add(loc, forKey: "l")
        _ = stage.shown(s, at: 1.5)
        let p = s.presentation()!
        #expect(p.path == CGPath(rect: CGRect(x: 5, y: 0, width: 20, height: 10)))
        #expect(close(p.strokeEnd, 0.5))
        let gl = g.presentation()!.locations!.map(\.doubleValue)
        #expect(zip(gl, [0.4, 0.5, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 })
    }
}

@Suite struct KeyframeAnimationTests {
    func x(_ a: CAKeyframeAnimation, at f: Double) -> CGFloat {
        let l = CALayer()
        let stage = AnimationStage(l)
        a.duration = 1; a.beginTime = 1
        l.add(a, forKey: "k")
        return stage.shown(l, at: 1 + f).position.x
    }

    @Test func linearWithKeyTimesAndSegmentTimingFunctions() {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0, 10, 30]
        a.keyTimes = [0, 0.2, 1]
        #expect(close(x(a, at: 0.1), 5))
        #expect(close(x(a, at: 0.6), 20))
        a.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeOut)]
        let local = TimingFunctionTests.reference((0, 0, 0.58, 1), 0.5)
        #expect(abs(Double(x(a, at: 0.6)) - (10 + 20 * local)) < 1e-4)
    }

    @Test func discreteHoldsEachValue() {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [1, 2, 3]
        a.calculationMode = .discrete
        #expect(x(a, at: 0.3) == 1)           // even thirds
        #expect(x(a, at: 0.4) == 2)
        #expect(x(a, at: 0.9) == 3)
        a.keyTimes = [0, 0.5, 0.75, 1]        // n + 1 key times
        #expect(x(a, at: 0.6) == 2)
        #expect(x(a, at: 0.8) == 3)
    }

    @Test func pacedIgnoresKeyTimes() {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0, 10, 40]
        a.keyTimes = [0, 0.9, 1]
        a.calculationMode = .paced
        #expect(close(x(a, at: 0.5), 20, 1e-9))    // constant speed over 40
    }

    @Test func cubicPassesThroughKeyframesSmoothly() {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0, 10, 0, 10]
        a.calculationMode = .cubic
        #expect(close(x(a, at: 1.0 / 3), 10, 1e-9))
        // Catmull-Rom (tension 0) mid-segment 1: (P1 + P2)/2 + (m1 − m2)/8, m1 = (P2 − P0)/2 = 0,
        // m2 = (P3 − P1)/2 = 0 → 5.
        #expect(close(x(a, at: 0.5), 5, 1e-9))
        // Segment 0 at s = 0.5: h00·0 + h10·m0 + h01·10 + h11·m1, m0 = (10 − 0)/2 = 5 (end
        // repeated), m1 = 0: 0.125·5 + 0.5·10 = 5.625.
        #expect(close(x(a, at: 1.0 / 6), 5.625, 1e-9))
        a.tensionValues = [1, 1, 1, 1]        // tension 1: zero tangents
        #expect(close(x(a, at: 1.0 / 6), 5, 1e-9))
    }

    @Test func pathWithRotateAuto() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.rotationMode = .rotateAuto
        a.duration = 2; a.beginTime = 1
        l.add(a, forKey: "move")
        let p = stage.shown(l, at: 1.5)
        #expect(close(p.position, CGPoint(x: 50, y: 0)))
        #expect(close(p.transform, CATransform3DIdentity))
        let q = stage.shown(l, at: 2.5)
        #expect(close(q.position, CGPoint(x: 100, y: 50)))
        #expect(close(q.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        // Paced: by length (both legs 100, same split); a curve follows its Bézier.
        let c = CGMutablePath()
        c.move(to: .zero)
        c.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        a.path = c
        a.rotationMode = nil
        l.add(a, forKey: "move")
        #expect(close(stage.shown(l, at: 2).position, CGPoint(x: 50, y: 50)))
    }
}

@Suite struct SpringAndGroupTests {
    /// x(t) of m x'' + c x' + k x = 0, x(0) = 1, x'(0) = −v0, by the characteristic roots.
    static func displacement(m: Double, k: Double, c: Double, v0: Double, _ t: Double) -> Double {
        let disc = c * c - 4 * m * k
        if abs(disc) < 1e-9 {
            let r = -c / (2 * m)
            return (1 + (-v0 - r) * t) * exp(r * t)
        } else if disc < 0 {
            let alpha = -c / (2 * m), beta = (-disc).squareRoot() / (2 * m)
            return exp(alpha * t) * (cos(beta * t) + (-v0 - alpha) / beta * sin(beta * t))
        } else {
            let r1 = (-c + disc.squareRoot()) / (2 * m), r2 = (-c - disc.squareRoot()) / (2 * m)
            let b = (-v0 - r1) / (r2 - r1)
            return (1 - b) * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    @Test(arguments: [(1.0, 100.0, 10.0, 0.0, false), (1.0, 100.0, 20.0, 0.0, false), (2.0, 50.0, 40.0, 3.0, true), (1, 200, 5, -2, false)])
    func springMatchesTheClosedForm(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, _ over: Bool) {
        let l = CALayer()
        let stage = AnimationStage(l)
        let s = CASpringAnimation(keyPath: "position.x")
        s.mass = m; s.stiffness = k; s.damping = c; s.initialVelocity = v0; s.allowsOverdamping = over
        s.fromValue = 0; s.toValue = 100; s.duration = 10; s.beginTime = 1
        l.add(s, forKey: "spring")
        for t in [0.05, 0.2, 0.5, 1.3] {
            let expected = 100 * (1 - Self.displacement(m: m, k: k, c: c, v0: v0, t))
            #expect(abs(Double(stage.shown(l, at: 1 + t).position.x) - expected) < 1e-6)
        }
    }

    @Test func settlingDurationAndOverdampingClamp() {
        let s = CASpringAnimation()
        let t = s.settlingDuration
        // Past it the closed form stays within 0.001, just before it does not.
        let after = stride(from: t, to: t + 3, by: 0.001).map { abs(Self.displacement(m: 1, k: 100, c: 10, v0: 0, $0)) }
        #expect(after.allSatisfy { $0 <= 0.001 + 1e-9 })
        let before = stride(from: max(t - 0.2, 0), to: t - 0.01, by: 0.001).map { abs(Self.displacement(m: 1, k: 100, c: 10, v0: 0, $0)) }
        #expect(before.contains { $0 > 0.001 })
        // Overdamped without allowsOverdamping moves as critically damped (c = 2√(mk) = 20).
        let o = CASpringAnimation()
        o.damping = 60
        #expect(abs(o.spring.displacement(0.3) - Self.displacement(m: 1, k: 100, c: 20, v0: 0, 0.3)) < 1e-12)
        let p = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
        #expect(abs(p.perceptualDuration - 0.5) < 1e-9 && abs(p.bounce - 0.2) < 1e-9)
    }

    @Test func groupChildrenRunInGroupTime() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let x = CABasicAnimation(keyPath: "position.x")
        x.fromValue = 0; x.toValue = 10; x.duration = 1; x.beginTime = 0.5
        let y = CAKeyframeAnimation(keyPath: "position.y")
        y.values = [0, 20]                        // no duration: the group's
        let g = CAAnimationGroup()
        g.animations = [x, y]
        g.duration = 2; g.beginTime = 1; g.repeatCount = 2
        l.add(g, forKey: "g")
        let p = stage.shown(l, at: 2)             // group time 1
        #expect(close(p.position, CGPoint(x: 5, y: 10)))
        let q = stage.shown(l, at: 3.25)          // second cycle, group time 0.25: x not begun
        #expect(close(q.position, CGPoint(x: 0, y: 2.5)))
        #expect(stage.shown(l, at: 5.5).position == .zero)   // over, removed
    }
}

@Suite struct ImplicitAnimationTests {
    final class Delegate: NSObject, CALayerDelegate, CAAnimationDelegate, @unchecked Sendable {
        var log: [String] = []
        var action: (any CAAction)?
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { action }
        func animationDidStart(_ anim: CAAnimation) { log.append("start") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.append("stop \(flag)") }
    }

    @Test func changingACommittedLayerAnimates() {
        let l = CALayer()
        l.position = CGPoint(x: 0, y: 0)
        #expect(l.animationKeys() == nil)          // not yet rendered: no implicit animation
        let stage = AnimationStage(l)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.position = CGPoint(x: 100, y: 0)
        CATransaction.commit()
        #expect(l.animationKeys() == ["position"])
        #expect(l.position.x == 100)               // the model changes at once
        _ = stage.renderer.image(for: stage.root, atTime: 10)   // the commit's first frame
        #expect(close(stage.shown(l, at: 10.25).position.x, 25))
        #expect(stage.shown(l, at: 11.5).position.x == 100)
        #expect(l.animationKeys() == nil)
    }

    @Test func defaultImplicitAnimationIsQuarterSecondDefaultCurve() {
        let l = CALayer()
        let stage = AnimationStage(l)
        l.opacity = 0
        let a = l.animation(forKey: "opacity") as? CABasicAnimation
        #expect(a != nil && a!.fromValue == nil && a!.toValue == nil)
        _ = stage.renderer.image(for: stage.root, atTime: 1)
        let f = TimingFunctionTests.reference((0.25, 0.1, 0.25, 1), 0.5)
        #expect(abs(Double(stage.shown(l, at: 1.125).opacity) - (1 - f)) < 1e-6)
    }

    @Test func actionsAreDisabledByTransactionsNullsAndDelegates() {
        let l = CALayer()
        let d = Delegate()
        let stage = AnimationStage(l)
        _ = stage
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.opacity = 0.3
        CATransaction.commit()
        #expect(l.animationKeys() == nil)
        l.actions = ["opacity": NSNull()]
        l.opacity = 0.6
        #expect(l.animationKeys() == nil)
        l.actions = nil
        l.delegate = d
        d.action = NSNull()
        l.opacity = 0.2
        #expect(l.animationKeys() == nil)
        let custom = CABasicAnimation()
        custom.duration = 3
        d.action = custom
        l.opacity = 0.9
        #expect(l.animation(forKey: "opacity")?.duration == 3)   // the delegate's action ran
        #expect(l.action(forKey: "position") is CABasicAnimation)  // the delegate's, again
        d.action = nil
        #expect(l.action(forKey: "name") == nil)                    // not animatable
    }

    @Test func delegateAndCompletionFireOnceInOrder() {
        let l = CALayer()
        let d = Delegate()
        let stage = AnimationStage(l)
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { d.log.append("completion") }
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        a.delegate = d
        l.add(a, forKey: "fade")
        CATransaction.commit()
        #expect(d.log.isEmpty)
        _ = stage.renderer.image(for: stage.root, atTime: 20)     // starts here
        #expect(d.log == ["start"])
        #expect(l.animation(forKey: "fade")?.beginTime == 20)
        _ = stage.renderer.image(for: stage.root, atTime: 20.5)
        _ = stage.renderer.image(for: stage.root, atTime: 21.5)
        _ = stage.renderer.image(for: stage.root, atTime: 22)
        #expect(d.log == ["start", "stop true", "completion"])
        // Removed before its end: stopped unfinished; an empty transaction completes at once.
        let b = a.copy() as! CABasicAnimation
        l.add(b, forKey: "fade")
        _ = stage.renderer.image(for: stage.root, atTime: 30)
        l.removeAnimation(forKey: "fade")
        CATransaction.flush()
        #expect(Array(d.log.suffix(2)) == ["start", "stop false"])
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("empty") }
        CATransaction.commit()
        #expect(log == ["empty"])
    }

    @Test func transactionValuesNest() {
        #expect(CATransaction.animationDuration() == 0.25)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 2)
        CATransaction.setValue(5.0, forKey: kCATransactionAnimationDuration)
        #expect(CATransaction.animationDuration() == 5)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 2)
        CATransaction.commit()
        #expect(CATransaction.disableActions() == false)
    }
}

@Suite struct LayerKeyValueCodingTests {
    @Test func keyPathsReadAndWrite() throws {
        let l = CALayer()
        l.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        l.setValue(7, forKeyPath: "position.x")
        #expect(l.position == CGPoint(x: 7, y: 4))
        l.setValue(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)), forKey: "bounds")
        l.setValue(Float(30), forKeyPath: "bounds.size.width")
        #expect(l.bounds == CGRect(x: 1, y: 2, width: 30, height: 4))
        #expect(l.value(forKeyPath: "bounds.size.width") as? CGFloat == 30)
        l.setValue(0.5, forKey: "opacity")
        #expect(l.value(forKey: "opacity") as? Float == 0.5)
        l.setValue(true, forKey: "hidden")
        #expect(l.isHidden)
        l.setValue(-2, forKeyPath: "shadowOffset.height")
        #expect(l.shadowOffset == CGSize(width: 0, height: -2))
        l.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        #expect(close(l.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        #expect(close(l.value(forKeyPath: "transform.rotation.z") as! CGFloat, .pi / 2))
        l.setValue(2, forKeyPath: "transform.scale")
        #expect(close(l.value(forKeyPath: "transform.scale.x") as! CGFloat, 2))
        #expect(close(l.value(forKeyPath: "transform.rotation") as! CGFloat, .pi / 2))
        l.setValue(5, forKeyPath: "transform.translation.x")
        #expect(close(l.transform.m41, 5))
        l.setValue(0.3, forKeyPath: "sublayerTransform.rotation.y")
        #expect(close(l.value(forKeyPath: "sublayerTransform.rotation.y") as! CGFloat, 0.3))
        l.setValue([CGColor.white], forKey: "colors")     // not a gradient: stored as a custom key
        l.setValue("hello", forKey: "myKey")
        #expect(l.value(forKey: "myKey") as? String == "hello")
        #expect(CALayer(layer: l).value(forKey: "myKey") as? String == "hello")
        // The wrong kind is an error, not a crash, and leaves the property alone.
        l.setValue("left", forKey: "position")
        #expect(l.position == CGPoint(x: 7, y: 4))
        #expect(throws: CALayerKeyValueError.self) { try l.setValueChecked(CGPoint.zero, forKeyPath: "opacity") }
        let g = CAGradientLayer()
        g.setValue([CGColor.white, CGColor.black], forKey: "colors")
        #expect((g.colors as? [CGColor]) == [CGColor.white, CGColor.black])
    }

    @Test func nsValueBoxes() {
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        let t = CATransform3DMakeRotation(0.5, 1, 1, 0)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 1)).cgRectValue == .zero)     // the wrong box reads as zero
    }

    @Test func decompositionRoundTrips() {
        let samples = [
            CATransform3DConcat(CATransform3DMakeScale(2, 3, 0.5), CATransform3DMakeRotation(0.7, 1, 2, 3)),
            CATransform3DConcat(CATransform3DMakeRotation(-2.5, 0, 1, 0), CATransform3DMakeTranslation(10, -4, 2)),
            CATransform3DMakeScale(-1, 1, 1),
        ]
        for m in samples {
            let d = TransformDecomposition(m)!
            #expect(close(d.matrix, m, 1e-9))
            #expect(close(TransformComponents(m).matrix, m, 1e-9) || !close(m.m12 * m.m21, m.m12 * m.m21))
        }
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let q = CATransform3DConcat(CATransform3DMakeRotation(0.4, 0, 1, 0), p)
        #expect(close(TransformDecomposition(q)!.matrix, q, 1e-9))
    }

    @Test func animationsAreCopiedWhenAdded() {
        let l = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 2
        l.add(a, forKey: "o")
        a.duration = 5
        #expect(l.animation(forKey: "o")?.duration == 2)
        #expect(l.animation(forKey: "o") !== a)
        l.add(a, forKey: nil)
        #expect(l.animationKeys()?.count == 2)
        #expect((a.copy() as? CABasicAnimation)?.keyPath == "opacity")
        a.setValue(3.0, forKey: "duration")
        #expect(a.duration == 3)
        a.setValue("x", forKey: "custom")
        #expect(a.value(forKey: "custom") as? String == "x")
    }
}
