import Foundation

/// OpenQuartzCore extension: a scene's presentation tree at a media time, as a static scene of
/// its own. Every layer carries the values its animations give it at that time and no
/// animations, so that the untimed render of the result has the pixels of the timed render of
/// the original (`oqc render --time T --scene-out F.json`). Peer renderers, which read static
/// scene files only, draw the frames of an animation from it.
///
/// Two things a static scene cannot say are refused, naming the layer: a transition (its picture
/// blends two trees) and a replicator with `instanceDelay` over animated sublayers (each instance
/// shows its sublayers at a different time, where a static replicator repeats one tree).
extension Scene {
    /// The presentation tree at media time `t` as a scene with no animations; with `t` nil, the
    /// model tree (what the untimed render draws) with its animations left out. A time that is
    /// not finite is 0, as for `CAImageRenderer.image(for:atTime:)`. The error's `file` is
    /// empty (the caller names the file) and its `location` is the layer's JSON path.
    public func presentationScene(atTime t: CFTimeInterval?) throws(SceneError) -> Scene {
        let time = t.map { $0.isFinite ? $0 : 0 }
        if time != nil { try checkStaticallyWritable(root) }
        // Layout runs before a render draws the tree; the copy is of the laid-out tree.
        LayoutPass.run(root)
        var fonts: [ObjectIdentifier: String] = [:]
        let copy = presentationCopy(of: root, at: time, fonts: &fonts)
        var out = Scene(size: size, scale: scale, background: background, root: copy,
                        allowsEdgeAntialiasing: allowsEdgeAntialiasing, allowsGroupOpacity: allowsGroupOpacity)
        // Images are shared with the original (the copy holds the same CGImages); text layers
        // are new objects, so their font sources move to the copies.
        out.imageSources = imageSources
        out.fontSources = fonts
        out.inputFiles = inputFiles
        return out
    }

    /// `l` and its tree as presented at `t` (or as modelled, `t` nil), without animations.
    private func presentationCopy(of l: CALayer, at t: CFTimeInterval?, fonts: inout [ObjectIdentifier: String]) -> CALayer {
        // A Core Animation class copied with its own properties and no animations (the copy
        // gets the model's timing, actions and custom values, which draw nothing).
        let copy = l.builtInCopy()
        if let t, l.hasAnimations {
            AnimationEvaluator.apply(l, to: copy, localTime: l.localTime(fromMediaTime: t), events: nil)
        }
        if let font = fontSources[ObjectIdentifier(l)] { fonts[ObjectIdentifier(copy)] = font }
        if let mask = l.mask { copy.mask = presentationCopy(of: mask, at: t, fonts: &fonts) }
        if let subs = l.sublayers { copy.sublayers = subs.map { presentationCopy(of: $0, at: t, fonts: &fonts) } }
        return copy
    }

    /// Refuses what a static scene cannot show as the timed render does (see the type's note).
    private func checkStaticallyWritable(_ l: CALayer) throws(SceneError) {
        if l.animationStorage?.animations.contains(where: { $0.animation is CATransition }) == true {
            throw refusal(l, "a transition cannot be written as a static scene (its picture blends two layer trees)")
        }
        if let r = l as? CAReplicatorLayer, r.instanceDelay != 0, r.instanceDelay.isFinite, r.instanceCount > 1,
           (r.sublayers ?? []).contains(where: Scene.hasAnimationsBelow) {
            throw refusal(l, "a replicator with instanceDelay over animated sublayers cannot be written as a static scene (each instance shows its sublayers at another time)")
        }
        if let mask = l.mask { try checkStaticallyWritable(mask) }
        for s in l.sublayers ?? [] { try checkStaticallyWritable(s) }
    }

    private static func hasAnimationsBelow(_ l: CALayer) -> Bool {
        l.hasAnimations || l.mask.map(hasAnimationsBelow) == true || (l.sublayers ?? []).contains(where: hasAnimationsBelow)
    }

    private func refusal(_ l: CALayer, _ problem: String) -> SceneError {
        SceneError(kind: .invalidScene, file: "", location: jsonPath(of: l) ?? "", problem: problem)
    }
}
