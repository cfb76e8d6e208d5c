import Foundation
import Testing
import OpenQuartzCore

/// Negative `speed`: reverse play on animations, groups and layers. Expected values come from
/// Apple's formula for local time, `(parent − beginTime) · speed + timeOffset`, worked by hand:
/// an animation at speed −s shows, mirrored in time, what it shows at speed s.
@Suite struct ReverseSpeedTests {
    /// position.x from 0 to 100 over 2 s of simple time, begun at 1.
    static func slide(speed: Float, fill: CAMediaTimingFillMode = .removed, offset: CFTimeInterval = 0) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100
        a.duration = 2; a.beginTime = 1
        a.speed = speed; a.timeOffset = offset
        a.fillMode = fill
        a.isRemovedOnCompletion = false
        return a
    }

    @Test func reversedAnimationPlaysFromItsEnd() {
        let l = CALayer()
        l.position = CGPoint(x: -7, y: 0)
        let stage = AnimationStage(l)
        l.add(Self.slide(speed: -1), forKey: "x")
        // Parent 1 → 3 shows simple time 2 → 0: x = 100 · (2 − (t − 1)) / 2.
        for t in [1.0, 1.5, 2.0, 2.5, 2.9] {
            #expect(close(stage.shown(l, at: t).position.x, 100 * (2 - (t - 1)) / 2, 1e-9), "at \(t)")
        }
        // Outside the active interval, without a fill, the model shows.
        #expect(stage.shown(l, at: 0.5).position.x == -7)
        #expect(stage.shown(l, at: 3.5).position.x == -7)
    }

    @Test func reversedAtDoubleSpeedTakesHalfTheTime() {
        let l = CALayer()
        let stage = AnimationStage(l)
        l.add(Self.slide(speed: -2), forKey: "x")
        // Active for 2 / 2 = 1 s of parent time; local time 2 − 2(t − 1).
        for t in [1.25, 1.5, 1.75] {
            #expect(close(stage.shown(l, at: t).position.x, 100 * (2 - 2 * (t - 1)) / 2, 1e-9), "at \(t)")
        }
        #expect(stage.shown(l, at: 2.5).position.x == 0)       // after: the model
    }

    /// Fill modes keep their local meaning: `.forwards` (the end of local time) shows before a
    /// reversed animation, `.backwards` (its start) after it.
    @Test func reversedFills() {
        let l = CALayer()
        let stage = AnimationStage(l)
        l.add(Self.slide(speed: -1, fill: .forwards), forKey: "x")
        #expect(stage.shown(l, at: 0.5).position.x == 100)
        #expect(stage.shown(l, at: 4).position.x == 0)         // not filling backwards: model (0)
        CATransaction.setDisableActions(true)
        l.position.x = 33
        l.add(Self.slide(speed: -1, fill: .backwards), forKey: "x")
        #expect(stage.shown(l, at: 0.5).position.x == 33)
        #expect(stage.shown(l, at: 4).position.x == 0)         // held at the start value
    }

    /// Reversed repeats with autoreverse: the whole active interval played backwards.
    @Test func reversedRepeatsAndAutoreverse() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = Self.slide(speed: -1)
        a.repeatCount = 2
        a.autoreverses = true                                    // active: 2 · 2 · 2 = 8 s
        l.add(a, forKey: "x")
        // Forward play at local time τ: cycle of 4 s, up 0 → 2, down 2 → 4. Reversed: τ = 8 − (t − 1).
        func forward(_ tau: Double) -> Double {
            let u = tau.truncatingRemainder(dividingBy: 4)
            return u <= 2 ? 50 * u : 50 * (4 - u)
        }
        for t in [1.5, 2.5, 3.5, 4.5, 6.0, 8.5] {
            #expect(close(Double(stage.shown(l, at: t).position.x), forward(8 - (t - 1)), tol: 1e-9), "at \(t)")
        }
    }

    /// A group at speed −1 runs its children's time backwards.
    @Test func reversedGroup() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let child = CABasicAnimation(keyPath: "opacity")
        child.fromValue = 0; child.toValue = 1; child.duration = 4
        let g = CAAnimationGroup()
        g.animations = [child]
        g.duration = 4; g.beginTime = 1; g.speed = -1
        l.add(g, forKey: "g")
        for t in [1.5, 2.0, 4.0] {
            #expect(abs(Double(stage.shown(l, at: t).opacity) - (4 - (t - 1)) / 4) < 1e-6, "at \(t)")
        }
    }

    /// A child at speed −1 inside a forward group plays backwards within the group's time.
    @Test func reversedChildInGroup() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let child = CABasicAnimation(keyPath: "opacity")
        child.fromValue = 0; child.toValue = 1; child.duration = 2; child.speed = -1
        let g = CAAnimationGroup()
        g.animations = [child]
        g.duration = 4; g.beginTime = 1
        l.add(g, forKey: "g")
        #expect(abs(stage.shown(l, at: 1.5).opacity - 0.75) < 1e-6)   // child local 2 − 0.5
        #expect(stage.shown(l, at: 3.5).opacity == 1)                  // child over: the model (1)
    }

    /// A scene file's animation with `"speed": -1` plays backwards too.
    @Test func sceneAnimationAtSpeedMinusOne() throws {
        let scene = try SceneTestSupport.parse(SceneTestSupport.scene(layers: #"""
            {"bounds": [0, 0, 10, 10], "position": [5, 5], "animations": [
              {"keyPath": "position.x", "fromValue": 0, "toValue": 100, "beginTime": 1, "duration": 2, "speed": -1}]}
            """#))
        let renderer = CAImageRenderer(size: scene.size)
        let layer = scene.root.sublayers![0]
        for t in [1.5, 2.5] {
            _ = renderer.image(for: scene.root, atTime: t)
            #expect(close(layer.presentation()!.position.x, 100 * (2 - (t - 1)) / 2, 1e-9), "at \(t)")
        }
    }

    /// QA1673's pause, then reverse from where it was: the layer's own speed −1, with its
    /// begin time at the media time of the reversal and its offset at the paused local time
    /// (the recipe of "Resume CABasicAnimation using negative speed"). The animation is on the
    /// layer's local time, which runs back down through it.
    @Test func layerAtSpeedMinusOneRunsItsAnimationsBack() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 1
        l.add(a, forKey: "x")
        _ = stage.shown(l, at: 10)                               // committed: begins at 10
        #expect(close(stage.shown(l, at: 10.6).position.x, 60, 1e-9))
        // --- ported: pause, then resume backwards ---
        let pausedTime = l.convertTime(10.6, from: nil)
        l.speed = 0
        l.timeOffset = pausedTime
        #expect(close(stage.shown(l, at: 11).position.x, 60, 1e-9))  // paused
        l.beginTime = 11                                          // superlayer's time now
        l.timeOffset = pausedTime
        l.speed = -1.0
        // --- end ---
        // Local time 10.6 − (t − 11): x = 100 · (local − 10).
        for t in [11.1, 11.3, 11.5] {
            #expect(close(stage.shown(l, at: t).position.x, 100 * (10.6 - (t - 11) - 10), 1e-9), "at \(t)")
        }
    }
}
