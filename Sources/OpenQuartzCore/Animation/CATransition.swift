import Foundation

/// An animated transition between a layer's states (CAAnimation.h): added to a layer with
/// `add(_:forKey:)` (conventionally under `kCATransition`), it animates the whole layer subtree
/// from how it looked before the transaction's changes to how it looks after them.
///
/// **Before and after.** The old appearance is the layer's subtree as the last commit left it
/// (the model before this transaction's changes, as Core Animation's render server holds it),
/// copied when the transition is added; so the transition may be added before or after the
/// changes in the same transaction, and its frames depend only on their time, not on which
/// frames were rendered before. The new appearance is the layer as it is now, live (changes
/// made while the transition runs show in it). A layer that no timed render has committed,
/// or that was hidden, had no appearance: the transition starts from nothing (a fade then
/// fades the layer in). Both appearances are
/// drawn as groups in the layer's bounds space, at its current place; see docs/time.md.
///
/// **What each type draws** at progress `p` (`startProgress` to `endProgress` along the timing
/// function): `.fade` dissolves, `old · (1 − p) + new · p`; `.moveIn` slides the new appearance
/// in over the still old one; `.push` slides both; `.reveal` slides the old one away over the
/// still new one. Moving types travel one bounds width (or height) in the `subtype`'s
/// direction, `.fromLeft` when nil. The layer's `masksToBounds` clips the moving pictures to
/// its bounds (UIKit's labels clip by default, which is why their pushed text stays inside).
/// Types other than these four (Apple's private ones, or a `filter`) are drawn as `.fade`.
///
/// Timing, `fillMode`, `isRemovedOnCompletion` and the delegate behave as for every other
/// animation; the duration defaults to the transaction's (0.25 s) and the pacing to linear.
open class CATransition: CAAnimation, @unchecked Sendable {
    /// The kind of transition. Default `.fade`.
    open var type: CATransitionType = .fade
    /// The direction of the moving types (`moveIn`, `push`, `reveal`), in Core Animation's
    /// y-up sense: `.fromTop` enters from the layer's maximum-y edge, which on iOS (and here,
    /// y down) is the bottom of the screen. Default nil (the moving types then move as
    /// `.fromLeft` does); ignored by `.fade`.
    open var subtype: CATransitionSubtype?
    /// Where in the transition it starts, 0…1. Default 0.
    open var startProgress: Float = 0
    /// Where in the transition it ends, 0…1. Default 1.
    open var endProgress: Float = 1
    /// A Core Image filter on Apple's platforms; there is no Core Image here, so a transition
    /// with a filter is drawn as its `type` says. Default nil.
    open var filter: Any?

    // MARK: Internal state of a layer's copy

    /// Whether the node of the old appearance has been made (at the first timed render that
    /// draws the transition).
    var hasCapturedBefore = false
    /// The old appearance's node, nil when it draws nothing.
    var before: RenderNode?
    /// The old appearance: the layer's subtree as committed when the transition was added
    /// (`CALayer.committedAppearance()`, nil for a layer not committed yet), or a scene file's
    /// `from` layer object (docs/scene-format.md "Transitions").
    package var oldAppearance: CALayer?

    /// The type, subtype and progress range; `filter` (a Core Image filter) is not archived.
    override func encodeAttributes(with c: NSCoder) {
        super.encodeAttributes(with: c)
        c.encodeString(type.rawValue, forKey: "type")
        c.encodeString(subtype?.rawValue, forKey: "subtype")
        c.encode(startProgress, forKey: "startProgress")
        c.encode(endProgress, forKey: "endProgress")
    }

    override func decodeAttributes(from c: NSCoder) {
        super.decodeAttributes(from: c)
        if let v = c.decodeStringValue(forKey: "type") { type = CATransitionType(rawValue: v) }
        subtype = c.decodeStringValue(forKey: "subtype").map { CATransitionSubtype(rawValue: $0) }
        if let v = c.decodeFloatValue(forKey: "startProgress") { startProgress = v }
        if let v = c.decodeFloatValue(forKey: "endProgress") { endProgress = v }
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress
        endProgress = o.endProgress; filter = o.filter; oldAppearance = o.oldAppearance
    }

    /// OpenQuartzCore extension: the transition's progress for an animation progress 0…1,
    /// `startProgress + (endProgress − startProgress) · p`, limited to 0…1 (a non-finite
    /// progress counts as 0).
    public final func progress(at p: Double) -> Float {
        let f = Float(min(max(p.isFinite ? p : 0, 0), 1))
        let v = startProgress + (endProgress - startProgress) * f
        return v.isFinite ? min(max(v, 0), 1) : 0
    }

    /// The progress drawn at the layer's local time `t`, or nil when the transition shows
    /// nothing then (before its start, or after its end without a forwards fill, or removed
    /// on completion): the evaluator's rules (AnimationEvaluator.apply), the simple time
    /// paced by the timing function as for any other animation.
    final func drawnProgress(atLocalTime t: CFTimeInterval) -> Float? {
        var timing = self.timing
        if awaitsCommit { timing.beginTime = t }
        let d = effectiveDuration
        guard case .active(let u, _, let ended) = timing.phase(parent: t, simple: d) else { return nil }
        if ended && isRemovedOnCompletion { return nil }
        var f = d > 0 ? u / d : 1
        if let tf = timingFunction { f = tf.evaluate(f) }
        return progress(at: f)
    }
}

/// The key transitions are added under.
public let kCATransition = "transition"
