import Foundation
import Raster
import Synchronization

/// The snapshot's side of animation: in a timed render, each animated layer is read through a
/// presentation copy (the model with its animations applied at the render's media time), so
/// the render tree holds presentation values and nothing reads a live layer afterwards. The
/// copy is of the Core Animation class the layer is or derives from (`builtInCopy()`): the
/// render reads only Core Animation's properties, and no initializer of yours runs.
extension Snapshotter {
    /// Starts a frame at `mediaTime` (nil: untimed) recording into `events`: every direct
    /// animation in the animation table is evaluated here, in one loop (AnimationTable.swift).
    package func beginFrame(mediaTime: CFTimeInterval?, events: AnimationEvents?) {
        self.mediaTime = mediaTime
        self.events = events
        frameNumber = Snapshotter.frameNumbers.add(1, ordering: .relaxed).newValue
        if let t = mediaTime { animationTable.evaluate(at: t, frame: frameNumber, recording: events != nil) }
    }

    /// Ends the frame: the table drops the entries of layers it did not read.
    package func endFrame() {
        if mediaTime != nil { animationTable.endFrame(frameNumber) }
    }

    /// How the snapshot reads `l` in this frame: the model itself (untimed render, or no
    /// animations), the model with its direct animations' values of this frame in place of the
    /// model's values (no copy, nothing allocated: read from the animation table, or evaluated
    /// here where the table cannot serve), or its presentation copy (any other animation:
    /// `presentationSource(_:)`).
    package func presentation(_ l: CALayer) -> LayerPresentation {
        guard let media = mediaTime, let s = l.animationStorage else { return LayerPresentation(l) }
        let shift = timeShift.bitPattern
        // Resolved direct animations imply some animations: the usual frame reads only the
        // storage's first cache lines (not the `animations` array's buffer).
        let direct = s.resolvedDirectly
        if direct && s.presentedFrame == frameNumber && s.presentedShift == shift {
            return LayerPresentation(l, s.presented)
        }
        if !direct && s.animations.isEmpty { return LayerPresentation(l) }
        guard direct || s.resolveDirects(l) else { return LayerPresentation(presentationSource(l), animated: true) }
        let table = animationTable
        if timeShift == 0, table.holds(s), l.localTimeIsMediaTime(s),
           table.read(s.tableSlot, into: &s.presented, frame: frameNumber) {
            // The table's values (evaluated at media time, which is this layer's local time).
        } else {
            let local = l.localTime(fromMediaTime: media - timeShift)
            let recording = timeShift == 0 ? events : nil
            for i in s.directs.indices { s.presented.set(i, s.directs[i].value(model: l, localTime: local, events: recording)) }
            if timeShift == 0 {
                if table.holds(s) { table.noteEvaluated(s.tableSlot, s.directs, frame: frameNumber) }
                else { table.enter(s, frame: frameNumber, parallel: inParallel) }
            }
        }
        s.presentedFrame = frameNumber
        s.presentedShift = shift
        return LayerPresentation(l, s.presented)
    }

    /// What to read `l`'s properties from: `l` itself, or (timed render, `l` animated) its
    /// presentation copy for this frame. The copy is kept on the layer and reused while the
    /// model is unchanged: each frame the animated properties are reset to the model's and
    /// the animations applied again, which costs a few property sets instead of a new layer.
    package func presentationSource(_ l: CALayer) -> CALayer {
        guard let media = mediaTime, let s = l.animationStorage, !s.animations.isEmpty else { return l }
        let local = l.localTime(fromMediaTime: media - timeShift)
        let copy: CALayer
        let direct = s.resolveDirects(l)
        if let c = s.renderCopy, s.renderCopyModification == l.modificationCount {
            if s.renderCopyFrame == frameNumber && s.renderCopyLocalTime == local { return c }
            copy = c
            // A direct animation resets its own property; others are reset here.
            if !direct { for (_, a) in s.animations { Snapshotter.reset(a, of: copy, from: l) } }
        } else {
            copy = l.builtInCopy()
            copy.animStorage.modelLayer = l
            s.renderCopy = copy
            s.renderCopyModification = l.modificationCount
        }
        s.renderCopyFrame = frameNumber
        s.renderCopyLocalTime = local
        if direct {
            let recording = timeShift == 0 ? events : nil
            for i in s.directs.indices { s.directs[i].apply(model: l, to: copy, localTime: local, events: recording) }
            return copy
        }
        AnimationEvaluator.apply(l, to: copy, localTime: local, events: timeShift == 0 ? events : nil)
        return copy
    }

    /// Puts back the model's values of what `a` animates.
    static func reset(_ a: CAAnimation, of copy: CALayer, from model: CALayer) {
        if let g = a as? CAAnimationGroup {
            for c in g.animations ?? [] { reset(c, of: copy, from: model) }
            return
        }
        guard let p = a as? CAPropertyAnimation, let path = p.keyPath else { return }
        if let kp = (p.resolvedKeyPath ?? nil) ?? LayerKeyPath(path), let v = kp.property.get(model) {
            kp.property.set(copy, v)
        } else {
            copy.animStorage.customValues[path] = model.animationStorage?.customValues[path]
        }
        if let k = p as? CAKeyframeAnimation, k.rotationMode != nil { copy.transform = model.transform }
    }

    /// Recomputes whether animations lie in `layer`'s subtree from its own animations and its
    /// sublayers' and mask's flags (just set by their snapshot, or unchanged if they were
    /// skipped), in every timed snapshot that visits the layer: an animated subtree moved under
    /// it (which changes it) marks it, and a subtree whose animations are gone is reused again.
    func updateAnimatedSubtree(_ layer: CALayer) {
        // An emitter counts as animated: its particles move with time.
        var any = layer.hasAnimations || layer is CAEmitterLayer
        if !any, let subs = layer.storedSublayers { any = subs.contains { $0.animatedSubtree } }
        if !any, let m = layer.storedMask { any = m.animatedSubtree }
        layer.animatedSubtree = any
    }

    /// For a replicator with `instanceDelay` and animations below it, in a timed render: the
    /// sublayers of instances 1…n−1, each snapshotted `i · instanceDelay` seconds earlier
    /// (Core Animation offsets each copy's animations by the delay, CAReplicatorLayer.h).
    func delayedInstances(_ r: CAReplicatorLayer, model: CALayer) -> [RenderNode]? {
        guard mediaTime != nil, r.instanceDelay != 0, r.instanceDelay.isFinite, model.animatedSubtree,
              r.instanceCount > 1, let subs = model.storedSublayers else { return nil }
        let count = min(r.instanceCount, 1024)
        let saved = timeShift
        defer { timeShift = saved }
        var out: [RenderNode] = []
        let b = r.bounds.standardized
        for i in 1..<count {
            timeShift = saved + Double(i) * r.instanceDelay
            let sub = presentation(model).sublayerSpaceTransform()
            var kids: [RenderNode] = []
            for s in subs where !s.isHidden {
                let local = presentation(s).localTransform()
                kids.append(node(s, toParent: CATransform3DIsIdentity(sub) ? local : CATransform3DConcat(local, sub), previous: nil))
            }
            let plain = RenderNode(
                kind: .plain, identity: ObjectIdentifier(model), name: model.name, bounds: b, toParent: CATransform3DIdentity,
                zPosition: 0, opacity: 1, allowsGroupOpacity: true, background: nil, corners: .square,
                outline: Raster.Path(CGPath(rect: b)), borderWidth: 0, borderColor: nil, masksToBounds: false, shadow: nil,
                mask: nil, contents: nil, rasterization: nil, isDoubleSided: true, allowsEdgeAntialiasing: false,
                antialiasedEdges: 0, sublayers: kids, version: version(of: model, children: kids, mask: nil, animated: true),
                layerSerial: model.serialNumber, layerModification: ~model.modificationCount,
                layerSubtreeModification: model.subtreeModificationCount)
            out.append(plain)
        }
        // The replicator's own copy is read on after this: put it back at the frame's time.
        timeShift = saved
        _ = presentation(model)
        return out
    }
}
