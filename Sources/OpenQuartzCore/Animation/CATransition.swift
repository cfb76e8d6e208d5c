import Foundation

/// A transition between a layer's old and new state (CAAnimation.h), added under the key
/// `kCATransition` ("transition").
///
/// OpenQuartzCore evaluates its timing (progress from `startProgress` to `endProgress`) but
/// does not yet draw the transition: the layer shows its new state throughout.
open class CATransition: CAAnimation, @unchecked Sendable {
    /// The kind of transition. Default `.fade`.
    open var type: CATransitionType = .fade
    /// The direction of moving transitions. Default nil (`fromLeft` for those types).
    open var subtype: CATransitionSubtype?
    /// Where the transition starts, 0…1. Default 0.
    open var startProgress: Float = 0
    /// Where the transition ends, 0…1. Default 1.
    open var endProgress: Float = 1
    /// A Core Image filter on Apple's platforms; ignored here. Default nil.
    open var filter: Any?

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress
        endProgress = o.endProgress; filter = o.filter
    }

    /// OpenQuartzCore extension: the transition's progress for an animation progress 0…1,
    /// `startProgress + (endProgress − startProgress) · p`.
    public final func progress(at p: Double) -> Float {
        startProgress + (endProgress - startProgress) * Float(min(max(p, 0), 1))
    }
}

/// The key transitions are added under.
public let kCATransition = "transition"
