import Foundation

extension UIView {
    /// Animates the changes `animations` makes to views, with the given duration, delay,
    /// options and completion, as UIKit does: inside a `CATransaction`, each change of a view's
    /// layer property asks the view for its action (`action(for:forKey:)`), which is an
    /// animation of that property with this block's timing, starting from the value shown.
    /// `completion` runs when every animation the block added has stopped, with true when all
    /// of them finished (right after the block when it added none).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimationBlock(duration: duration, delay: delay, options: options, spring: nil),
            animations: animations, completion: completion)
    }

    /// Animates `animations` with `duration`, no delay and the default options.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates `animations` with `duration`, no delay and the default options.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates `animations` with a spring: `CASpringAnimation`s whose undamped period is
    /// `duration`, damped by `dampingRatio` (1: no overshoot, less: oscillation), starting at
    /// `velocity` (the distance of the whole change per second, as UIKit measures it), and
    /// lasting `duration`.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimationBlock(duration: duration, delay: delay, options: options,
                                 spring: (dampingRatio, velocity)),
            animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with view animations turned off.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let state = UIViewAnimationBlock.State.current
        let was = state.enabled
        state.enabled = false
        actionsWithoutAnimation()
        state.enabled = was
    }

    /// Turns view animations on or off for the calling thread.
    public class func setAnimationsEnabled(_ enabled: Bool) { UIViewAnimationBlock.State.current.enabled = enabled }

    /// Whether view animations are on. Default true.
    public class var areAnimationsEnabled: Bool { UIViewAnimationBlock.State.current.enabled }

    /// The duration of the innermost animation block running, 0 outside one.
    public class var inheritedAnimationDuration: TimeInterval { UIViewAnimationBlock.current?.duration ?? 0 }

    /// Runs `animations` inside a transaction with `block` current, then commits.
    private class func run(_ block: UIViewAnimationBlock, animations: () -> Void, completion: ((Bool) -> Void)?) {
        CATransaction.begin()
        let tracker = block.tracker
        CATransaction.setCompletionBlock { completion?(tracker.allFinished) }
        let state = UIViewAnimationBlock.State.current
        state.blocks.append(block)
        animations()
        state.blocks.removeLast()
        CATransaction.commit()
    }
}

/// One `UIView.animate` block while it runs: the timing its views' actions get.
final class UIViewAnimationBlock {
    let duration: TimeInterval
    let delay: TimeInterval
    let options: UIView.AnimationOptions
    /// The damping ratio and initial velocity of a spring block.
    let spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    /// Learns whether every animation of the block finished.
    let tracker = CompletionTracker()

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
         spring: (dampingRatio: CGFloat, velocity: CGFloat)?) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.options = options
        self.spring = spring
    }

    /// The thread's running blocks and whether animations are on.
    final class State {
        var blocks: [UIViewAnimationBlock] = []
        var enabled = true
        static var current: State { ThreadLocal.value(forKey: "OpenUIKit.UIView.animation") { State() } }
    }

    /// The innermost running block, nil outside blocks or with animations off.
    static var current: UIViewAnimationBlock? {
        let state = State.current
        return state.enabled ? state.blocks.last : nil
    }

    /// The layer properties a view animates: Core Animation's animatable ones, less `hidden`
    /// (UIKit shows and hides views at once).
    static let animatableKeys: Set<String> = [
        "position", "bounds", "frame", "transform", "opacity", "backgroundColor", "anchorPoint", "anchorPointZ",
        "zPosition", "sublayerTransform", "cornerRadius", "borderWidth", "borderColor", "shadowColor",
        "shadowOffset", "shadowOpacity", "shadowRadius", "shadowPath", "contentsRect", "contentsCenter",
        "mask", "masksToBounds", "path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd",
        "lineDashPhase", "miterLimit", "colors", "locations", "startPoint", "endPoint", "foregroundColor", "fontSize",
        "instanceCount", "instanceDelay", "instanceTransform", "instanceColor",
    ]

    /// The animation of `key` on `layer` this block gives: a basic animation (a spring for a
    /// spring block) with no from or to value, which Core Animation runs from the value shown
    /// to the new one; nil for a key views do not animate or a block of no duration.
    func action(for layer: CALayer, forKey key: String) -> (any CAAction)? {
        guard duration > 0, UIViewAnimationBlock.animatableKeys.contains(key) else { return nil }
        let animation: CABasicAnimation
        if let spring {
            let s = CASpringAnimation(keyPath: key)
            // A spring of unit mass whose undamped period is the duration: stiffness (2π/d)²,
            // damping 2ζ√(stiffness).
            let omega = 2 * CGFloat.pi / CGFloat(duration)
            s.mass = 1
            s.stiffness = omega * omega
            s.damping = 2 * (spring.dampingRatio.isFinite ? max(spring.dampingRatio, 0) : 1) * omega
            s.initialVelocity = spring.velocity.isFinite ? spring.velocity : 0
            animation = s
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = options.timingFunction
        }
        animation.duration = duration
        if delay > 0 {
            // UIKit delays by a begin time in the layer's time, holding the start value meanwhile.
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        animation.delegate = tracker
        return animation
    }
}

/// Records whether every animation of an animation block finished (none was removed early);
/// the animations' delegate, told before the transaction's completion block runs.
final class CompletionTracker: NSObject, CAAnimationDelegate, @unchecked Sendable {
    private(set) var allFinished = true

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag { allFinished = false }
    }
}
