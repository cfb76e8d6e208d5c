import Foundation

/// Methods an animation's `delegate` may implement to learn when the animation starts and
/// stops. Optional in Objective-C; here each has a default that does nothing, so a conforming
/// type implements only what it needs, as iOS code does.
public protocol CAAnimationDelegate: NSObjectProtocol {
    /// Called once, when the animation's active interval begins (at the first frame rendered at
    /// or after its `beginTime`).
    func animationDidStart(_ anim: CAAnimation)
    /// Called once, when the animation ends: `flag` is true when it ran to the end of its active
    /// interval, false when it was removed from its layer before that.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
