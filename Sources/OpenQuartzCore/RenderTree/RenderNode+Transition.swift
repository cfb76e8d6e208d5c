import Foundation
import Raster

/// What a node standing for a layer in transition (`CATransition`) holds besides its two
/// placed appearances (its sublayers): the node is a plain container at the layer's place,
/// whose sublayers are the old and new appearances of the layer, each a whole layer node
/// placed at its offset in the layer's bounds space, in drawing order. The moving types need
/// nothing more: the compositor draws them as sublayers. A dissolve is drawn by
/// `Compositor.drawDissolve`, which needs the two appearances apart.
final class TransitionContent: @unchecked Sendable {
    /// The old and new appearances as placed (sublayers of the node); nil: nothing.
    let before: RenderNode?
    let after: RenderNode?
    /// The new appearance at the layer's own place (the identity in its bounds space): what the
    /// next snapshot reuses the layer's unchanged descendants from.
    let unplacedAfter: RenderNode?
    /// The weight of the new appearance when the two dissolve (`.fade`), nil when they move.
    let dissolve: Float?

    init(before: RenderNode?, after: RenderNode?, unplacedAfter: RenderNode?, dissolve: Float?) {
        self.before = before; self.after = after; self.unplacedAfter = unplacedAfter; self.dissolve = dissolve
    }
}

extension RenderNode {
    /// The same picture at another place among its siblings: `toParent` replaced, and a
    /// `zPosition` of 0 (the two appearances of a transition are ordered by the transition).
    func placed(_ toParent: CATransform3D) -> RenderNode {
        RenderNode(
            kind: kind, identity: identity, name: name, bounds: bounds, toParent: toParent, zPosition: 0,
            opacity: opacity, allowsGroupOpacity: allowsGroupOpacity, background: background, corners: corners,
            outline: outline, borderWidth: borderWidth, borderColor: borderColor, masksToBounds: masksToBounds,
            shadow: shadow, mask: mask, contents: contents, rasterization: rasterization, isDoubleSided: isDoubleSided,
            allowsEdgeAntialiasing: allowsEdgeAntialiasing, antialiasedEdges: antialiasedEdges, sublayers: sublayers,
            version: version, layerSerial: layerSerial, layerModification: layerModification,
            layerSubtreeModification: layerSubtreeModification.load(ordering: .relaxed), transition: transition)
    }
}
