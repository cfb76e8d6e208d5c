import Foundation
import Raster

/// The snapshot's side of `CATransition`: in a timed render, a layer with a transition in
/// flight becomes a container node holding its old and new appearances placed as the
/// transition's type, subtype and progress say (TransitionMotion), which the compositor draws
/// like any sublayers (or dissolves, for `.fade`).
///
/// The old appearance is the transition's copy of the layer's subtree as committed when it was
/// added (`CALayer.committedAppearance()`, or a scene file's `from` layer), made into a node
/// once, at the first timed snapshot that draws the transition: never what this renderer drew
/// last, so a frame depends only on its time. A layer no transition is added to pays nothing
/// but a flag test (`mayHaveTransition`).
extension Snapshotter {
    /// Whether a hidden sublayer is still snapshotted: its transition is waiting to take the
    /// old appearance, or is drawing it (a layer hidden in the transaction that adds the
    /// transition leaves as the transition says).
    func visitsHidden(_ layer: CALayer) -> Bool {
        guard let media = mediaTime, let s = layer.animationStorage, s.mayHaveTransition else { return false }
        let local = layer.localTime(fromMediaTime: media - timeShift)
        return s.animations.contains { entry in
            guard let tr = entry.animation as? CATransition else { return false }
            return !tr.hasCapturedBefore || tr.drawnProgress(atLocalTime: local) != nil
        }
    }

    /// The node of `layer` (timed render, the layer has or had a transition): the transition's
    /// container while one is drawn, else the layer's own node. `p` is last time's node for
    /// the layer, a transition's container if one was drawn then.
    func transitionNode(_ layer: CALayer, toParent: CATransform3D, previous p: RenderNode?) -> RenderNode {
        // The layer's own node of last time, for reusing its unchanged descendants.
        let reusable = p?.transition != nil ? p?.transition?.unplacedAfter : p
        guard let (transition, progress) = drawnTransition(layer) else {
            if layer.isHidden {
                // Visited only to take its old appearance: it draws nothing.
                updateAnimatedSubtree(layer)
                return container(layer, toParent: toParent, shape: nil, children: [], transition: nil)
            }
            return layerNode(layer, toParent: toParent, previous: reusable)
        }
        let after = layer.isHidden ? nil : layerNode(layer, toParent: CATransform3DIdentity, previous: reusable)
        if layer.isHidden { updateAnimatedSubtree(layer) }
        let before = transition.before
        let shape = after ?? before
        let motion = TransitionMotion(type: transition.type, subtype: transition.subtype, progress: progress,
                                      size: shape?.bounds.size ?? .zero)
        let placedBefore = before?.placed(CATransform3DMakeTranslation(motion.before.x, motion.before.y, 0))
        let placedAfter = after?.placed(CATransform3DMakeTranslation(motion.after.x, motion.after.y, 0))
        var children = [placedBefore, placedAfter].compactMap { $0 }
        if motion.beforeOnTop { children.reverse() }
        let content = TransitionContent(before: placedBefore, after: placedAfter, unplacedAfter: after,
                                        dissolve: motion.dissolve)
        return container(layer, toParent: toParent, shape: shape, children: children, transition: content)
    }

    /// The transition to draw now (the last added of those in their active interval) and its
    /// progress; makes the node of the old appearance of every transition added since the last
    /// timed snapshot.
    private func drawnTransition(_ layer: CALayer) -> (CATransition, Float)? {
        guard let s = layer.animationStorage, let media = mediaTime else { return nil }
        // Reading the presentation first gives transitions waiting for the commit their begin
        // time (the first timed render is the commit), as for every other animation.
        _ = presentationSource(layer)
        let local = layer.localTime(fromMediaTime: media - timeShift)
        var drawn: (CATransition, Float)?
        var any = false
        for entry in s.animations {
            guard let tr = entry.animation as? CATransition else { continue }
            any = true
            if !tr.hasCapturedBefore {
                tr.hasCapturedBefore = true
                if let from = tr.oldAppearance, !from.isHidden {
                    tr.before = node(from, toParent: CATransform3DIdentity, previous: nil)
                }
            }
            if let progress = tr.drawnProgress(atLocalTime: local) { drawn = (tr, progress) }
        }
        if !any { s.mayHaveTransition = false }
        return drawn
    }

    /// A node at the layer's place that draws nothing of its own: bounds and the
    /// `masksToBounds` clip of `shape` (the new appearance, else the old), and `children`.
    private func container(_ layer: CALayer, toParent: CATransform3D, shape: RenderNode?, children: [RenderNode],
                           transition: TransitionContent?) -> RenderNode {
        let b = shape?.bounds ?? .zero
        let clips = shape?.masksToBounds ?? false
        return RenderNode(
            kind: .plain, identity: ObjectIdentifier(layer), name: layer.name, bounds: b, toParent: toParent,
            zPosition: shape?.zPosition ?? layer.zPosition, opacity: 1, allowsGroupOpacity: true, background: nil,
            corners: clips ? shape!.corners : .square, outline: clips ? shape!.outline : boundsPath(b, .square),
            borderWidth: 0, borderColor: nil, masksToBounds: clips, shadow: nil, mask: nil, contents: nil,
            rasterization: nil, isDoubleSided: true, allowsEdgeAntialiasing: shape?.allowsEdgeAntialiasing ?? false,
            antialiasedEdges: shape?.antialiasedEdges ?? 0xF, sublayers: children,
            version: version(of: layer, children: children, mask: nil, animated: true),
            // Never current: the next timed snapshot makes the container again (or the layer's node).
            layerSerial: layer.serialNumber, layerModification: ~layer.modificationCount,
            layerSubtreeModification: layer.subtreeModificationCount, transition: transition)
    }
}
