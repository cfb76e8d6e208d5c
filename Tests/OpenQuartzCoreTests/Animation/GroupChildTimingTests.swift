import Foundation
import Testing
import OpenQuartzCore

/// Children of a `CAAnimationGroup` with timing of their own: they run in the group's time
/// ("The grouped animations run in the time space specified by the CAAnimationGroup
/// instance"), with their own begin time, offset, speed and fill mode, clipped to the group,
/// and paced by the group's timing function (Apple's Core Animation Cookbook, "Timing").
@Suite struct GroupChildTimingTests {
    /// opacity of a layer (model 1) under a group of 3 s from time 1 holding `child`, at group
    /// time `g`.
    static func opacity(_ child: CAAnimation, groupTiming: CAMediaTimingFunction? = nil, at g: Double) -> Float {
        let l = CALayer()
        let stage = AnimationStage(l)
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 3; group.beginTime = 1
        group.timingFunction = groupTiming
        l.add(group, forKey: "g")
        return stage.shown(l, at: 1 + g).opacity
    }

    /// opacity from 0 to 1 over 1 s.
    static func fade() -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        return a
    }

    @Test func childBeginTimeAndFill() {
        let late = Self.fade(); late.beginTime = 0.5
        #expect(Self.opacity(late, at: 0.25) == 1)                               // before: the model
        #expect(abs(Self.opacity(late, at: 1.0) - 0.5) < 1e-6)
        let filled = Self.fade(); filled.beginTime = 0.5; filled.fillMode = .backwards
        #expect(Self.opacity(filled, at: 0.25) == 0)                             // fills backwards
        let dropped = Self.fade(); dropped.toValue = 0.4
        #expect(Self.opacity(dropped, at: 2) == 1)                               // after it: the model…
        let heldLow = Self.fade(); heldLow.toValue = 0.4; heldLow.fillMode = .forwards
        #expect(abs(Self.opacity(heldLow, at: 2) - 0.4) < 1e-6)                 // …or its end, held
    }

    @Test func childOffsetAndSpeed() {
        let offset = Self.fade(); offset.timeOffset = 0.5
        #expect(abs(Self.opacity(offset, at: 0.25) - 0.75) < 1e-6)
        #expect(abs(Self.opacity(offset, at: 0.75) - 0.25) < 1e-6)              // wrapped round
        let fast = Self.fade(); fast.speed = 2
        #expect(abs(Self.opacity(fast, at: 0.25) - 0.5) < 1e-6)
        #expect(Self.opacity(fast, at: 0.75) == 1)                               // over after 0.5 s
    }

    @Test func childRepeatsInTheGroup() {
        let again = Self.fade(); again.repeatCount = 2; again.autoreverses = true
        // 1 s up, 1 s down, then up again: at 2.5 s of the group it is 0.5 of the way up.
        #expect(abs(Self.opacity(again, at: 1.25) - 0.75) < 1e-6)
        #expect(abs(Self.opacity(again, at: 2.5) - 0.5) < 1e-6)
    }

    /// The group's timing function paces its children: a linear child in an ease-in group of
    /// 3 s shows the child at 3 · easeIn(g / 3).
    @Test func groupTimingFunctionPacesChildren() {
        let slow = CABasicAnimation(keyPath: "opacity")
        slow.fromValue = 0; slow.toValue = 1; slow.duration = 3
        for g in [0.6, 1.5, 2.4] {
            let expected = TimingFunctionTests.reference((0.42, 0, 1, 1), g / 3)
            let shown = Self.opacity(slow, groupTiming: CAMediaTimingFunction(name: .easeIn), at: g)
            #expect(abs(Double(shown) - expected) < 1e-6, "at \(g): \(shown), expected \(expected)")
        }
    }
}
