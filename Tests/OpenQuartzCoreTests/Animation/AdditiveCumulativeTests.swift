import Foundation
import Testing
import OpenQuartzCore

/// Every combination of `isAdditive` and `isCumulative` with repeats, for basic and keyframe
/// animations, against Apple's rules worked by hand: a cumulative animation adds the distance
/// of a whole cycle (end − start) per completed repeat; an additive one adds its value to the
/// model's.
@Suite struct AdditiveCumulativeTests {
    static let model: CGFloat = 100

    /// position.x of a layer whose model x is 100, at `t`, under `a` (1 s cycles from time 1).
    static func x(_ a: CAPropertyAnimation, additive: Bool, cumulative: Bool, repeats: Float,
                  fill: CAMediaTimingFillMode = .removed, at t: Double) -> CGFloat {
        let l = CALayer()
        let stage = AnimationStage(l)
        CATransaction.setDisableActions(true)
        l.position.x = model
        a.isAdditive = additive; a.isCumulative = cumulative
        a.duration = 1; a.beginTime = 1; a.repeatCount = repeats
        a.fillMode = fill; a.isRemovedOnCompletion = false
        l.add(a, forKey: "x")
        return stage.shown(l, at: t).position.x
    }

    static func basic() -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 10; a.toValue = 20
        return a
    }

    static func keyframes() -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0, 10, 5]                       // a cycle ends 5 past where it began
        return a
    }

    @Test func basicEveryCombination() {
        // Third cycle (two completed), a quarter in: 12.5 in the cycle, + 2 · 10 cumulative.
        for (additive, cumulative, expected) in [(false, false, 12.5), (false, true, 32.5),
                                                 (true, false, 112.5), (true, true, 132.5)] as [(Bool, Bool, CGFloat)] {
            let shown = Self.x(Self.basic(), additive: additive, cumulative: cumulative, repeats: 3, at: 3.25)
            #expect(close(shown, expected, 1e-9), "additive \(additive) cumulative \(cumulative): \(shown)")
        }
    }

    @Test func keyframeEveryCombination() {
        // Second cycle, at 0.75 of it: half-way from 10 to 5 = 7.5, + 1 · 5 cumulative.
        for (additive, cumulative, expected) in [(false, false, 7.5), (false, true, 12.5),
                                                 (true, false, 107.5), (true, true, 112.5)] as [(Bool, Bool, CGFloat)] {
            let shown = Self.x(Self.keyframes(), additive: additive, cumulative: cumulative, repeats: 2, at: 2.75)
            #expect(close(shown, expected, 1e-9), "additive \(additive) cumulative \(cumulative): \(shown)")
        }
    }

    /// An autoreversing cycle ends where it began, so a cumulative repeat starts from the start
    /// value again (Apple: "the value at the end of the previous repeat cycle, plus the value of
    /// the current repeat cycle"): nothing accumulates and nothing jumps at a repeat boundary.
    @Test func autoreversingCumulativeRepeatsAddNothing() {
        // 2 s cycles (forward, back) from time 1. Second cycle, 0.25 s in: 12.5, as in the first.
        for (additive, expected) in [(false, 12.5), (true, 112.5)] as [(Bool, CGFloat)] {
            for t in [1.25, 3.25] {
                let a = Self.basic(); a.autoreverses = true
                let shown = Self.x(a, additive: additive, cumulative: true, repeats: 3, at: t)
                #expect(close(shown, expected, 1e-9), "additive \(additive) at \(t): \(shown)")
            }
        }
        // Either side of the first repeat boundary (t = 3): 10.1 going back down, 10.1 going up.
        for t in [2.99, 3.01] {
            let a = Self.basic(); a.autoreverses = true
            let shown = Self.x(a, additive: false, cumulative: true, repeats: 3, at: t)
            #expect(close(shown, 10.1, 1e-9), "at \(t): \(shown)")
        }
        // Keyframes 0, 10, 5: half-way through the second cycle's forward half is 10 again.
        let k = Self.keyframes(); k.autoreverses = true
        let shown = Self.x(k, additive: false, cumulative: true, repeats: 2, at: 3.5)
        #expect(close(shown, 10, 1e-9), "keyframes: \(shown)")
    }

    /// A fractional repeat count filling forwards holds the frame where the last repeat stops.
    @Test func fractionalRepeatsFillForwards() {
        // 2.5 repeats: stops half-way through the third cycle: 15 + 2 · 10.
        for (additive, cumulative, expected) in [(false, false, 15), (false, true, 35),
                                                 (true, false, 115), (true, true, 135)] as [(Bool, Bool, CGFloat)] {
            let shown = Self.x(Self.basic(), additive: additive, cumulative: cumulative, repeats: 2.5, fill: .forwards, at: 9)
            #expect(close(shown, expected, 1e-9), "additive \(additive) cumulative \(cumulative): \(shown)")
        }
    }

    /// Cumulative repeats of a keyframe path move the whole path by its end-to-start distance.
    @Test func cumulativePath() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 4))
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 1; a.beginTime = 1; a.repeatCount = 3; a.isCumulative = true
        l.add(a, forKey: "p")
        #expect(close(stage.shown(l, at: 3.5).position, CGPoint(x: 25, y: 10), 1e-9))
    }

    /// Additive transforms apply on top of the model's (`transform.translation.x` adds to the
    /// model's translation; a whole-matrix additive value is concatenated after it).
    @Test func additiveTransforms() {
        let l = CALayer()
        let stage = AnimationStage(l)
        CATransaction.setDisableActions(true)
        l.transform = CATransform3DMakeScale(2, 2, 1)
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = CATransform3DIdentity
        a.toValue = CATransform3DMakeTranslation(20, 0, 0)
        a.isAdditive = true
        a.duration = 1; a.beginTime = 1
        l.add(a, forKey: "t")
        let expected = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 1))
        #expect(close(stage.shown(l, at: 1.5).transform, expected, 1e-9))
    }
}
