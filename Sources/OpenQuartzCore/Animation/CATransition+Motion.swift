import Foundation

/// Where a transition puts the old and new appearances of its layer at a progress: offsets in
/// the layer's bounds space, which of the two is drawn on top, and whether they dissolve.
///
/// A moving type travels one bounds width (or height) along the subtype's direction. The
/// subtypes name the side the motion starts from in Core Animation's y-up layer geometry
/// (CATransitionSubtype: "the transition begins at the left side of the layer", "at the top"):
/// `.fromLeft` starts at minimum x, `.fromRight` at maximum x, `.fromTop` at maximum y and
/// `.fromBottom` at minimum y. On iOS, whose layers are y down, `.fromTop` therefore moves up
/// the screen, which iOS code that uses it says in its own words (IBAnimatable's
/// TransitionAnimationType maps its "from top" to `.fromBottom` with the comment "the actual
/// transition direction is opposite"; code naming `.moveIn`/`.fromTop` "toTop"). Apple's
/// CATransition overview fixes the horizontal sense: a push with no subtype moves the old
/// state "from left to right with the blue state entering the scene from the left".
package struct TransitionMotion: Equatable {
    /// Offsets of the old and new appearances, in points of the layer's bounds space.
    var before: CGPoint
    var after: CGPoint
    /// Whether the old appearance is drawn over the new one (`.reveal`).
    var beforeOnTop: Bool
    /// The dissolve weight of the new appearance (`.fade`), nil for the moving types.
    package var dissolve: Float?

    package init(before: CGPoint, after: CGPoint, beforeOnTop: Bool, dissolve: Float?) {
        self.before = before; self.after = after; self.beforeOnTop = beforeOnTop; self.dissolve = dissolve
    }

    /// The unit vector from the layer to the side the motion starts from, in the layer's
    /// bounds space (y down as rendered).
    static func origin(of subtype: CATransitionSubtype?) -> CGPoint {
        switch subtype {
        case CATransitionSubtype.fromRight?: return CGPoint(x: 1, y: 0)
        case CATransitionSubtype.fromTop?: return CGPoint(x: 0, y: 1)
        case CATransitionSubtype.fromBottom?: return CGPoint(x: 0, y: -1)
        default: return CGPoint(x: -1, y: 0)  // nil, .fromLeft and unknown names
        }
    }

    /// The motion of `type`/`subtype` at progress `p` (0…1) for a layer of `size`.
    package init(type: CATransitionType, subtype: CATransitionSubtype?, progress p: Float, size: CGSize) {
        let q = CGFloat(min(max(p.isFinite ? p : 0, 0), 1))
        let o = Self.origin(of: subtype)
        // One bounds length along the motion: the entering picture starts that far out on the
        // starting side, the leaving one ends that far out on the other.
        let travel = CGPoint(x: o.x * size.width, y: o.y * size.height)
        let entering = CGPoint(x: travel.x * (1 - q), y: travel.y * (1 - q))
        let leaving = CGPoint(x: -travel.x * q, y: -travel.y * q)
        before = .zero; after = .zero; beforeOnTop = false; dissolve = nil
        switch type {
        case .moveIn: after = entering
        case .push: after = entering; before = leaving
        case .reveal: before = leaving; beforeOnTop = true
        default: dissolve = Float(q)  // .fade, and types not drawn here
        }
    }
}
