import Foundation

/// Runs several animations together on one layer. Each child's time is the group's local time
/// (so a child's `beginTime` is relative to the group's start), and the group's duration cuts
/// the children off. The children's delegates and `isRemovedOnCompletion` are ignored; the
/// group's count. Each child keeps its own `beginTime`, `timeOffset`, `speed`, repeats and
/// `fillMode` within the group's time, and the group's `timingFunction` paces that time (a
/// linear child of an ease-in group eases in), as Apple's Core Animation Cookbook describes.
open class CAAnimationGroup: CAAnimation, @unchecked Sendable {
    /// The animations of the group. Default nil.
    open var animations: [CAAnimation]?

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        // A layer's copy owns copies of the children, so that their cached state is its own.
        animations = o.animations?.map { $0.copy() as! CAAnimation }
    }

    open override func value(forKey key: String) -> Any? {
        key == "animations" ? animations : super.value(forKey: key)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        if key == "animations" { animations = value as? [CAAnimation] } else { super.setValue(value, forKey: key) }
    }
}
