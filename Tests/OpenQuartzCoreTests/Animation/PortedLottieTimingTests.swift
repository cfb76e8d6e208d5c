import Foundation
import Testing
import OpenQuartzCore

/// airbnb/lottie-ios, CAAnimation+TimingConfiguration.swift (`timed(with:for:)`): Lottie's Core
/// Animation engine plays a frame range of an animation by putting the whole animation, as a
/// child, in a "clipping parent" group as long as the range; it plays backwards (end frame
/// before the start frame) by giving the child speed −1 and the start frame's time as its
/// offset, and it pauses on the final frame by letting the group fill both ways. Expected
/// values: the frame the range reaches at each time, worked by hand.
@Suite struct PortedLottieTimingTests {
    /// What `timed(with:for:)` reads of Lottie's `LayerAnimationContext`.
    struct Context {
        struct TimingConfiguration { var autoreverses = false; var repeatCount: Float = 0; var timeOffset: TimeInterval = 0; var speed: Float = 1 }
        struct Animation { let framerate: Double; func time(forFrame frame: Double) -> TimeInterval { frame / framerate } }
        let animation = Animation(framerate: 30)
        var animationDuration: TimeInterval = 2       // 60 frames
        let startFrame: Double
        let endFrame: Double
        var timingConfiguration = TimingConfiguration()
    }

    // --- ported code (the body of `timed(with:for:)`) ---
    static func timed(_ baseAnimation: CAAnimation, with context: Context, for layer: CALayer) -> CAAnimation {
        baseAnimation.duration = context.animationDuration
        baseAnimation.speed = (context.endFrame < context.startFrame) ? -1 : 1
        let clippingParent = CAAnimationGroup()
        clippingParent.animations = [baseAnimation]
        clippingParent.duration = Double(abs(context.endFrame - context.startFrame)) / context.animation.framerate
        baseAnimation.timeOffset = context.animation.time(forFrame: context.startFrame)
        clippingParent.autoreverses = context.timingConfiguration.autoreverses
        clippingParent.repeatCount = context.timingConfiguration.repeatCount
        clippingParent.timeOffset = context.timingConfiguration.timeOffset
        clippingParent.fillMode = .both
        clippingParent.isRemovedOnCompletion = false
        if context.timingConfiguration.speed == 0 {
            let currentTime = layer.convertTime(CACurrentMediaTime(), from: nil)
            clippingParent.beginTime = currentTime - .leastNonzeroMagnitude
        }
        return clippingParent
    }
    // --- end of ported code ---

    /// The opacity shown at `times` after the commit (media time 10) of an opacity animation
    /// from 0 to 0.6 over the whole 2 s, played from `start` to `end` (frames at 30 fps).
    static func opacities(start: Double, end: Double, at times: [Double]) -> [Double] {
        let l = CALayer()
        let stage = AnimationStage(l)
        let keyframes = CAKeyframeAnimation(keyPath: "opacity")     // as Lottie builds them
        keyframes.values = [0.0, 0.6]
        keyframes.keyTimes = [0, 1]
        keyframes.timingFunctions = [CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)]
        l.add(timed(keyframes, with: Context(startFrame: start, endFrame: end), for: l), forKey: "opacity")
        _ = stage.shown(l, at: 10)
        return times.map { Double(stage.shown(l, at: 10 + $0).opacity) }
    }

    /// The opacity at animation time τ (0…2 s).
    static func frame(_ tau: Double) -> Double { 0.6 * tau / 2 }

    @Test func forwardPlayPausesOnTheFinalFrame() {
        let shown = Self.opacities(start: 0, end: 60, at: [0.5, 1.5, 2, 5])
        for (s, e) in zip(shown, [0.5, 1.5, 2, 2].map(Self.frame)) { #expect(abs(s - e) < 1e-6, "\(shown)") }
    }

    @Test func backwardPlayRunsFromTheEndAndPausesOnTheFirstFrame() {
        let shown = Self.opacities(start: 60, end: 0, at: [0, 0.5, 1.5, 2, 5])
        for (s, e) in zip(shown, [2, 1.5, 0.5, 0, 0].map(Self.frame)) { #expect(abs(s - e) < 1e-6, "\(shown)") }
    }

    @Test func backwardPlayOfARange() {
        // Frames 45 → 15: animation time 1.5 → 0.5 over 1 s, then held at 0.5.
        let shown = Self.opacities(start: 45, end: 15, at: [0, 0.25, 0.75, 1, 4])
        for (s, e) in zip(shown, [1.5, 1.25, 0.75, 0.5, 0.5].map(Self.frame)) { #expect(abs(s - e) < 1e-6, "\(shown)") }
    }
}
