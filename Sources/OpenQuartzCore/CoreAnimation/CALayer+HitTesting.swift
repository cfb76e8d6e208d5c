import Foundation

/// `hitTest(_:)` as Core Animation does it (docs/semantics.md §8.1):
///
/// * The point is in the receiver's superlayer's space (the nearest ancestor that flattens, when
///   the superlayer is a CATransformLayer), and is carried down by un-projection onto each
///   layer's z = 0 plane through `transformToSuperlayer()`, so perspective sublayerTransforms
///   work. A plane seen edge on, or a point whose un-projection lies behind the eye (w ≤ 0),
///   misses.
/// * Hidden layers, and layers with `allowsHitTesting == false` (OpenQuartzCore extension), are
///   skipped with their subtrees.
/// * With `masksToBounds`, a point outside `contains(_:)` misses the whole subtree; otherwise
///   sublayers outside the bounds can still be hit.
/// * Sublayers are tried front to back: higher `zPosition` first, then later in `sublayers`
///   first. The 3D depth of the hit point plays no part, which is why the book's cube (ch. 5)
///   sends touches on face 3 to faces added after it.
/// * A layer is hit when `contains(_:)` says so for the un-projected point (half-open bounds by
///   default). CATransformLayer is never hit itself: it passes the point to its sublayers with its
///   geometry composed in.
/// * Not considered (as far as is known, neither by Core Animation): opacity, `isDoubleSided`
///   and back-facing, `mask`, corner radius, content alpha.
extension CALayer {

    /// Layers in front-to-back hit-testing order.
    final var sublayersFrontToBack: [CALayer] {
        guard let list = storedSublayers, !list.isEmpty else { return [] }
        if list.allSatisfy({ $0.zPosition == list[0].zPosition }) { return list.reversed() }
        let keyed = list.enumerated().map { (z: $1.zPosition.isNaN ? 0 : $1.zPosition, i: $0, layer: $1) }
        return keyed.sorted { ($0.z, $0.i) > ($1.z, $1.i) }.map(\.layer)
    }

    /// The composed matrix from this layer's superlayer space to the space hit-test points are
    /// given in: nil when the superlayer flattens (or there is none), else the chain through the
    /// non-flattening ancestors.
    final func transformFromSuperlayerToHitSpace() -> CATransform3D? {
        guard let parent = superlayer, !parent.flattensSublayers, !isMaskLayer else { return nil }
        var m = parent.transformToSuperlayer()
        var l = parent
        while let up = l.superlayer, !up.flattensSublayers {
            m = CATransform3DConcat(m, up.transformToSuperlayer())
            l = up
        }
        return m
    }

    /// `p` is in the hit space (the nearest flattening ancestor's bounds space); `above` maps this
    /// layer's superlayer space to it, nil meaning identity.
    final func hitTest(_ p: CGPoint, through above: CATransform3D?) -> CALayer? {
        guard !isHidden, allowsHitTesting else { return nil }
        var m = transformToSuperlayer()
        if let above { m = CATransform3DConcat(m, above) }
        if !flattensSublayers {
            for s in sublayersFrontToBack {
                if let hit = s.hitTest(p, through: m) { return hit }
            }
            return nil
        }
        guard let u = LayerPath.unproject(p, m), u.w > 0 else { return nil }
        let q = u.point
        if masksToBounds && !contains(q) { return nil }
        for s in sublayersFrontToBack {
            if let hit = s.hitTest(q) { return hit }
        }
        return contains(q) ? self : nil
    }
}
