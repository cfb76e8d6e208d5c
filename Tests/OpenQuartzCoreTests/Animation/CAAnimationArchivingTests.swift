import Foundation
import Testing
import OpenQuartzCore

/// Animations survive an `NSKeyedArchiver` round trip with secure coding, as Apple's do: the
/// timing, timing function and each class's properties, values of every kind animations take.
@Suite struct CAAnimationArchivingTests {
    static func roundTrip<T: CAAnimation>(_ a: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: a, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    @Test func supportsSecureCoding() {
        #expect(CAAnimation.supportsSecureCoding && CABasicAnimation.supportsSecureCoding)
    }

    @Test func basicAnimationKeepsTimingAndValues() throws {
        let a = CABasicAnimation(keyPath: "position")
        a.beginTime = 1.5; a.duration = 2; a.speed = 0.5; a.timeOffset = 0.25; a.repeatCount = 3
        a.autoreverses = true; a.fillMode = .both; a.isRemovedOnCompletion = false
        a.timingFunction = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        a.isAdditive = true; a.isCumulative = true
        a.fromValue = NSValue(cgPoint: CGPoint(x: 1, y: 2))
        a.toValue = CGPoint(x: 3, y: 4)
        let b = try Self.roundTrip(a)
        #expect(b.keyPath == "position" && b.beginTime == 1.5 && b.duration == 2 && b.speed == 0.5)
        #expect(b.timeOffset == 0.25 && b.repeatCount == 3 && b.autoreverses && b.fillMode == .both)
        #expect(!b.isRemovedOnCompletion && b.isAdditive && b.isCumulative)
        var p = [Float](repeating: 0, count: 2)
        b.timingFunction?.getControlPoint(at: 2, values: &p)
        #expect(abs(p[0] - 0.3) < 1e-6 && abs(p[1] - 0.4) < 1e-6)
        #expect(b.fromValue as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(b.toValue as? CGPoint == CGPoint(x: 3, y: 4))
        #expect(b.byValue == nil)
    }

    /// Apple's default is `CAFrameRateRange.default`; a range set on an animation is copied
    /// and archived with it, with or without a preferred rate.
    @Test func preferredFrameRateRangeIsCopiedAndArchived() throws {
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.preferredFrameRateRange.isEqual(to: .default))
        a.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)
        let copied = try #require(a.copy() as? CABasicAnimation)
        #expect(copied.preferredFrameRateRange.isEqual(to: CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)))
        let back = try Self.roundTrip(a)
        #expect(back.preferredFrameRateRange.minimum == 30)
        #expect(back.preferredFrameRateRange.maximum == 120)
        #expect(back.preferredFrameRateRange.preferred == 60)
        a.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 24)
        let noPreference = try Self.roundTrip(a)
        #expect(noPreference.preferredFrameRateRange.preferred == nil)
        #expect(noPreference.preferredFrameRateRange.maximum == 24)
        #expect(try Self.roundTrip(CABasicAnimation()).preferredFrameRateRange.isEqual(to: .default))
    }

    @Test func valuesOfEveryKind() throws {
        let a = CAKeyframeAnimation(keyPath: "x")
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 5))
        let color = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        a.values = [1.5, CGFloat(2), true, "name", color, path, CATransform3DMakeScale(2, 3, 1),
                    CGRect(x: 1, y: 2, width: 3, height: 4), CGSize(width: 5, height: 6), [1, 2]]
        a.keyTimes = [0, 0.5, 1]
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        a.calculationMode = .cubic
        a.tensionValues = [0.5]
        a.rotationMode = .rotateAuto
        a.path = path
        let b = try Self.roundTrip(a)
        let v = try #require(b.values)
        #expect(v.count == 10)
        #expect((v[0] as? NSNumber)?.doubleValue == 1.5 && (v[1] as? NSNumber)?.doubleValue == 2)
        #expect(v[2] as? Bool == true && v[3] as? String == "name")
        #expect((v[4] as? CGColor) == color)
        #expect((v[5] as? CGPath)?.currentPoint == CGPoint(x: 10, y: 5))
        #expect(v[6] as? CATransform3D == CATransform3DMakeScale(2, 3, 1))
        #expect(v[7] as? CGRect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(v[8] as? CGSize == CGSize(width: 5, height: 6))
        #expect((v[9] as? [Any])?.count == 2)
        #expect(b.keyTimes?.map(\.doubleValue) == [0, 0.5, 1])
        #expect(b.timingFunctions?.count == 1 && b.calculationMode == .cubic && b.tensionValues?.first == 0.5)
        #expect(b.rotationMode == .rotateAuto && b.path?.currentPoint == CGPoint(x: 10, y: 5))
    }

    @Test func springTransitionAndGroup() throws {
        let s = CASpringAnimation(keyPath: "opacity")
        s.mass = 2; s.stiffness = 50; s.damping = 4; s.initialVelocity = 1; s.allowsOverdamping = true
        let s2 = try Self.roundTrip(s)
        #expect(s2.mass == 2 && s2.stiffness == 50 && s2.damping == 4 && s2.initialVelocity == 1 && s2.allowsOverdamping)
        #expect(s2.settlingDuration == s.settlingDuration)

        let t = CATransition()
        t.type = .push; t.subtype = .fromLeft; t.startProgress = 0.2; t.endProgress = 0.8
        let t2 = try Self.roundTrip(t)
        #expect(t2.type == .push && t2.subtype == .fromLeft && t2.startProgress == 0.2 && t2.endProgress == 0.8)

        let g = CAAnimationGroup()
        g.duration = 3
        g.animations = [s, t]
        let g2 = try Self.roundTrip(g)
        #expect(g2.duration == 3 && g2.animations?.count == 2)
        #expect((g2.animations?.first as? CASpringAnimation)?.mass == 2)
        #expect((g2.animations?.last as? CATransition)?.type == .push)
    }

    /// A round-tripped animation plays as the original: the same value at the same time.
    @Test func playsTheSame() throws {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.2; a.toValue = 0.8; a.duration = 1
        let b = try Self.roundTrip(a)
        func opacity(_ anim: CAAnimation) -> Float {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            let r = CAImageRenderer(size: CGSize(width: 4, height: 4))
            root.add(anim, forKey: "o")
            _ = r.image(for: root, atTime: 0)  // the commit: the animation starts
            _ = r.image(for: root, atTime: 0.5)
            return root.presentation()?.opacity ?? -1
        }
        #expect(abs(opacity(a) - 0.5) < 1e-3 && opacity(b) == opacity(a))
    }
}
