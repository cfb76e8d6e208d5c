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

    override func encodeAttributes(with c: NSCoder) {
        super.encodeAttributes(with: c)
        if let animations { c.encode(animations, forKey: "animations") }
    }

    /// The children, read through the same bounds as a copy: groups nested deeper than
    /// `maxNesting` (a cyclic archive nests without end) are left out.
    override func decodeAttributes(from c: NSCoder) {
        super.decodeAttributes(from: c)
        guard AnimationDecoding.depth < CAAnimationGroup.maxNesting, c.containsValue(forKey: "animations") else { return }
        AnimationDecoding.$depth.withValue(AnimationDecoding.depth + 1) {
            let list = c.decodeObject(of: [NSArray.self, CAAnimation.self], forKey: "animations") as? [Any]
            animations = list?.compactMap { $0 as? CAAnimation }.prefix(CAAnimationGroup.maxAnimations).map { $0 }
        }
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        // A layer's copy owns copies of the children, so that their cached state is its own.
        animations = GroupCopy.children(of: o)
    }

    /// The deepest nesting of groups a copy keeps (a layer's copy,
    /// made by `CALayer.add(_:forKey:)`, and any `copy()`): a group nested deeper is left out of
    /// the copy, and so is a group inside itself (infinitely deep), so that copying, rendering
    /// and hit-testing an animated layer never run out of stack. docs/limits.md, "Misuse of the API".
    package static let maxNesting = 64

    /// The most animations, at every level, that one copy of a group
    /// keeps; those past it are left out, so that a group whose children share one group
    /// many times over (a tree of 2⁶⁴ leaves in 64 objects) costs bounded time and memory.
    package static let maxAnimations = 100_000

    open override func value(forKey key: String) -> Any? {
        key == "animations" ? animations : super.value(forKey: key)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        if key == "animations" { animations = value as? [CAAnimation] } else { super.setValue(value, forKey: key) }
    }
}

/// The state of one copy of a group while its children are copied: the groups it is inside
/// (each level of `CAAnimationGroup.copyAttributes` runs within the one above, through
/// `copy()`, which takes no arguments) and the animations copied so far.
private final class GroupCopy: @unchecked Sendable {
    /// Only the thread that copies touches it, inside `withValue`.
    var ancestors: [ObjectIdentifier] = []
    var copied = 0

    @TaskLocal static var current: GroupCopy?

    /// Copies of `group`'s children, without those that would nest too deep, repeat an
    /// enclosing group or pass the count (`CAAnimationGroup.maxNesting`, `maxAnimations`).
    static func children(of group: CAAnimationGroup) -> [CAAnimation]? {
        guard let list = group.animations else { return nil }
        let state = current ?? GroupCopy()
        state.ancestors.append(ObjectIdentifier(group))
        defer { state.ancestors.removeLast() }
        return $current.withValue(state) {
            var out: [CAAnimation] = []
            out.reserveCapacity(min(list.count, CAAnimationGroup.maxAnimations))
            for child in list {
                if state.copied >= CAAnimationGroup.maxAnimations {
                    MisuseReport.note(.animationGroupCut, "an animation group holds more than \(CAAnimationGroup.maxAnimations) animations; the rest are left out of its copy")
                    break
                }
                if child is CAAnimationGroup {
                    if state.ancestors.contains(ObjectIdentifier(child)) {
                        MisuseReport.note(.animationGroupCut, "an animation group contains itself; the inner reference is left out of its copy")
                        continue
                    }
                    if state.ancestors.count >= CAAnimationGroup.maxNesting {
                        MisuseReport.note(.animationGroupCut, "animation groups nested more than \(CAAnimationGroup.maxNesting) deep; the deeper ones are left out of the copy")
                        continue
                    }
                }
                state.copied += 1
                if let c = child.copy() as? CAAnimation { out.append(c) }
            }
            return out
        }
    }
}
