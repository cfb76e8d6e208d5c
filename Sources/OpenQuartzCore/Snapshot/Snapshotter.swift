import Foundation
import Raster
import Synchronization

/// Core Animation draws shadows with a Gaussian whose sigma equals `shadowRadius` in points.
/// Source: docs/semantics.md §4 — WebKit maps CSS `drop-shadow()` stdDeviation straight
/// onto `shadowRadius`, and Bjango measured iOS blur as twice CSS's blur length (σ = blur / 2).
let shadowSigmaPerRadius: CGFloat = 1.0

/// Builds the render tree from the live layers. Hidden layers are dropped here.
///
/// A snapshotter keeps the tree it made last and reuses every node whose layer, sublayers and
/// mask are unchanged (same `modificationCount`, same transform to the superlayer, same child
/// nodes), as Core Animation's commit sends only what changed to the render server: a static
/// tree of 20 000 layers costs a walk, not 20 000 new nodes. Not thread-safe; the renderer
/// serialises its snapshots.
package final class Snapshotter {
    /// A snapshotter with empty caches, one thread.
    package init() {}

    /// The tree of the last snapshot.
    private var previous: RenderNode?

    /// Layers of one shape share one outline path: many UIs repeat a few sizes.
    private struct OutlineKey: Hashable {
        var x, y, w, h, r0, r1, r2, r3: CGFloat
        var continuous: Bool
    }
    private let outlines = FrameCache<OutlineKey, Raster.Path>(FrameCachePolicy(byteLimit: 4 << 20))
    /// Text layers' glyph paths.
    let textShapes = TextShapeCache()
    /// The snapshotter's frame caches (the renderer ends frames on them).
    var frameCaches: [any FrameCaching] { [outlines, textShapes.frameCache] }
    /// Threads a long sublayer list may be snapshotted with.
    private var threads = 1
    /// Sublayer lists at least this long are split between the threads.
    package static let parallelChildren = 4096
    /// The media time of a timed render (nil: the model tree, as `render(in:)` draws it), and
    /// where the animations' starts and ends are recorded (see `Snapshotter+Animation.swift`).
    package var mediaTime: CFTimeInterval?
    package var events: AnimationEvents?
    /// Subtracted from the media time while a replicator's delayed instances are snapshotted.
    var timeShift: CFTimeInterval = 0
    /// The most particles one emitter shows in a frame (docs/limits.md).
    package var maxParticles = EmitterContent.maxParticles
    /// A new number per snapshot, unique among all snapshotters: the versions of animated
    /// layers' nodes include it, and a layer's storage keeps the values it was presented with
    /// under it. Unique, not counted per snapshotter, so that values one renderer presented
    /// are never taken for another's of the same count (a tree committed by one renderer's
    /// frame at time 0, its layer timing changed, then drawn by a second renderer at time 0
    /// showed the first renderer's values).
    package var frameNumber: UInt64 = 0
    static let frameNumbers = Atomic<UInt64>(0)
    /// The direct animations of the layers this snapshotter renders, evaluated per frame in one
    /// loop (AnimationTable.swift).
    package let animationTable = AnimationTable()
    /// Whether sublayers are being snapshotted on several threads (the table then enters new
    /// layers after they join).
    private(set) var inParallel = false

    private func outline(_ b: CGRect, _ c: CornerShape) -> Raster.Path {
        let key = OutlineKey(x: b.minX, y: b.minY, w: b.width, h: b.height, r0: c.radii.0, r1: c.radii.1,
                             r2: c.radii.2, r3: c.radii.3, continuous: c.continuous)
        if let p = outlines.value(for: key) { return p }
        let p = boundsPath(b, c)
        outlines.insert(p, for: key, bytes: 64 + p.pointCount * 17)
        return p
    }

    package func snapshot(_ layer: CALayer, parent: CALayer?, threads: Int = 1, mediaTime: CFTimeInterval? = nil,
                  events: AnimationEvents? = nil) -> RenderNode? {
        // A timed render after an untimed one (or back) walks the whole tree once: a timed
        // render marks the layers it draws as committed.
        if (mediaTime == nil) != (self.mediaTime == nil) { previous = nil }
        beginFrame(mediaTime: mediaTime, events: events)
        defer { endFrame() }
        if layer.isHidden { previous = nil; return nil }
        self.threads = threads
        var toParent = presentation(layer).localTransform()
        if let p = parent { toParent = CATransform3DConcat(toParent, p.sublayerSpaceTransform()) }
        let root = node(layer, toParent: toParent, previous: previous)
        previous = root
        return root
    }

    /// The nodes of a long list of visible sublayers, split between threads: each is matched
    /// with last time's node at the same place (a moved layer gets a new node). Nil when every
    /// node is last time's.
    private func parallelChildren(_ layer: CALayer, _ subs: [CALayer], old: [RenderNode], unchanged: Bool) -> [RenderNode]? {
        let n = subs.count
        let sub = presentation(layer).sublayerSpaceTransform()
        let subIsIdentity = CATransform3DIsIdentity(sub)
        let results = UnsafeMutablePointer<RenderNode?>.allocate(capacity: n)
        results.initialize(repeating: nil, count: n)
        defer { results.deinitialize(count: n); results.deallocate() }
        let chunks = threads * 4
        let oldCount = old.count
        // Raw pointers into the arrays: each thread reads its own elements without touching
        // the arrays' (shared) reference counts.
        inParallel = true
        defer { inParallel = false; animationTable.enterDeferred(frame: frameNumber) }
        subs.withUnsafeBufferPointer { list in old.withUnsafeBufferPointer { previous in
            let out = UncheckedSendable(results), me = UncheckedSendable(self)
            let layers = UncheckedSendable(list.baseAddress!), nodes = UncheckedSendable(previous.baseAddress)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                for j in (c * n / chunks)..<((c + 1) * n / chunks) {
                    let s = layers.value[j]
                    let q: RenderNode? = j < oldCount && nodes.value![j].identity == ObjectIdentifier(s) ? nodes.value![j] : nil
                    let m = unchanged && Snapshotter.isCurrent(q, s) ? q!.toParent
                        : (subIsIdentity ? me.value.presentation(s).localTransform()
                           : CATransform3DConcat(me.value.presentation(s).localTransform(), sub))
                    out.value[j] = me.value.node(s, toParent: m, previous: q)
                }
            }
        } }
        if n == old.count && (0..<n).allSatisfy({ results[$0] === old[$0] }) { return nil }
        return (0..<n).map { results[$0]! }
    }

    /// Whether `p` was made from `layer` as it is now (its own properties; not its subtree).
    @inline(__always)
    private static func isCurrent(_ p: RenderNode?, _ layer: CALayer) -> Bool {
        guard let p else { return false }
        return p.identity == ObjectIdentifier(layer) && p.layerSerial == layer.serialNumber
            && p.layerModification == layer.modificationCount
    }

    /// The node for `layer`, reusing `previous` (the last snapshot's node for the same layer, if
    /// any) or its unchanged descendants.
    func node(_ layer: CALayer, toParent: CATransform3D, previous p: RenderNode?) -> RenderNode {
        // A layer with a transition (Snapshotter+Transition.swift).
        if mediaTime != nil, p?.transition != nil || layer.animationStorage?.mayHaveTransition == true {
            return transitionNode(layer, toParent: toParent, previous: p)
        }
        return layerNode(layer, toParent: toParent, previous: p)
    }

    /// The node of `layer` itself (`node` without transitions).
    func layerNode(_ layer: CALayer, toParent: CATransform3D, previous p: RenderNode?) -> RenderNode {
        let unchanged = Snapshotter.isCurrent(p, layer)
        let timed = mediaTime != nil
        if timed { layer.isCommittedToRender = true }
        // Nothing in the subtree changed, nor its place: the whole subtree is last time's
        // (unless animations below change it with time).
        if unchanged, let p, !(timed && layer.animatedSubtree), p.layerSubtreeModification.load(ordering: .relaxed) == layer.subtreeModificationCount,
           p.toParent == toParent {
            return p
        }
        // The children are last time's array until one differs; only then is a new one built.
        let old = p?.sublayers ?? []
        var fresh: [RenderNode]?
        var count = 0
        var reused = unchanged && p!.toParent == toParent
        if let subs = layer.storedSublayers, threads > 1, subs.count >= Snapshotter.parallelChildren,
           !subs.contains(where: { $0.isHidden }) {
            fresh = parallelChildren(layer, subs, old: old, unchanged: unchanged)
            count = fresh?.count ?? old.count
        } else if let subs = layer.storedSublayers {
            var byIdentity: [ObjectIdentifier: RenderNode]?
            var sub: CATransform3D?
            for s in subs where !s.isHidden || visitsHidden(s) {
                // Last time's node for s: at the same place when the list did not change.
                let i = count
                var q: RenderNode? = i < old.count && old[i].identity == ObjectIdentifier(s) ? old[i] : nil
                if q == nil && !old.isEmpty {
                    if byIdentity == nil { byIdentity = Dictionary(old.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a }) }
                    q = byIdentity?[ObjectIdentifier(s)]
                }
                let m: CATransform3D
                if unchanged, Snapshotter.isCurrent(q, s) {
                    // Neither s nor this layer (its sublayerTransform) changed: nor did s's place.
                    m = q!.toParent
                } else {
                    if sub == nil { sub = presentation(layer).sublayerSpaceTransform() }
                    let local = presentation(s).localTransform()
                    m = CATransform3DIsIdentity(sub!) ? local : CATransform3DConcat(local, sub!)
                }
                let c = node(s, toParent: m, previous: q)
                if fresh == nil && (i >= old.count || old[i] !== c) {
                    fresh = Array(old[0..<i])
                    fresh!.reserveCapacity(subs.count)
                }
                fresh?.append(c)
                count += 1
            }
        }
        if count != old.count && fresh == nil { fresh = Array(old[0..<count]) }
        if fresh != nil { reused = false }
        let children = fresh ?? old
        let isTransform = layer is CATransformLayer
        var mask: RenderNode?
        if !isTransform, let m = layer.mask, !m.isHidden {
            // The mask is laid out in the host's bounds space like a sublayer, but the host's
            // sublayerTransform does not apply to it (it is not a sublayer).
            let q = p?.mask.flatMap { $0.identity == ObjectIdentifier(m) ? $0 : nil }
            mask = node(m, toParent: Snapshotter.isCurrent(q, m) ? q!.toParent : presentation(m).localTransform(), previous: q)
        }
        if timed { updateAnimatedSubtree(layer) }
        if mask !== p?.mask { reused = false }
        if reused {
            // Changes below that left every node as it was (a property set to its value).
            p!.layerSubtreeModification.store(layer.subtreeModificationCount, ordering: .relaxed)
            return p!
        }
        return makeNode(presentation(layer), model: layer, toParent: toParent, children: children, mask: mask,
                        isTransform: isTransform)
    }

    /// `p` is what is drawn (the model, or in a timed render of an animated layer the model
    /// with its animation's value or its presentation copy); `model` gives the node its
    /// identity and change counts.
    private func makeNode(_ p: LayerPresentation, model: CALayer, toParent: CATransform3D, children: [RenderNode], mask: RenderNode?,
                          isTransform: Bool) -> RenderNode {
        let layer = p.layer
        // An emitter's particles change with time: its node is made again every timed frame.
        let animated = p.isAnimated || (mediaTime != nil && layer is CAEmitterLayer)
        let b = layer.bounds.standardized
        let kind: RenderNode.Kind
        if isTransform {
            kind = .transform
        } else if let shape = layer as? CAShapeLayer {
            kind = shapeContent(shape, p).map { .shape($0) } ?? .plain
        } else if let t = layer as? CATextLayer {
            kind = textContent(t).map { .shape($0) } ?? .plain
        } else if let g = layer as? CAGradientLayer {
            kind = gradientContent(g).map { .gradient($0) } ?? .plain
        } else if let e = layer as? CAEmitterLayer {
            kind = emitterContent(e, model: model).map { .emitter($0) } ?? .plain
        } else if let r = layer as? CAReplicatorLayer {
            kind = .replicator(ReplicatorContent(
                instanceCount: min(max(r.instanceCount, 0), ReplicatorContent.maxInstances),
                instanceTransform: r.instanceTransformAboutCentre,
                instanceColor: Color(r.instanceColor) ?? .white,
                redOffset: r.instanceRedOffset, greenOffset: r.instanceGreenOffset,
                blueOffset: r.instanceBlueOffset, alphaOffset: r.instanceAlphaOffset,
                instanceNodes: delayedInstances(r, model: model)))
        } else {
            kind = .plain
        }
        let drawsOwn = !isTransform
        let corners = cornerShape(layer, radius: p.cornerRadius, bounds: b)
        var shadow: ShadowSpec?
        if drawsOwn, p.shadowOpacity > 0, var color = p.shadowColor {
            color.a *= min(max(p.shadowOpacity, 0), 1)
            if color.a > 0 {
                shadow = ShadowSpec(color: color, offset: layer.shadowOffset,
                                    sigma: max(p.shadowRadius, 0) * shadowSigmaPerRadius,
                                    path: layer.shadowPath.map { ShadowShape($0) })
            }
        }
        var contents: ContentsSpec?
        if drawsOwn, let image = layer.contents as? CGImage {
            contents = ContentsSpec(image: image, gravity: layer.contentsGravity.rawValue,
                                    scale: layer.contentsScale > 0 ? layer.contentsScale : 1,
                                    rect: layer.contentsRect, center: layer.contentsCenter,
                                    minification: SamplingFilter(layer.minificationFilter),
                                    magnification: SamplingFilter(layer.magnificationFilter))
        }
        let background = drawsOwn ? p.backgroundColor.flatMap { $0.a > 0 ? $0 : nil } : nil
        let border = drawsOwn ? p.borderColor.flatMap { $0.a > 0 ? $0 : nil } : nil
        return RenderNode(
            kind: kind, identity: ObjectIdentifier(model), name: layer.name, bounds: b, toParent: toParent,
            zPosition: p.zPosition, opacity: min(max(p.opacity, 0), 1),
            allowsGroupOpacity: layer.allowsGroupOpacity, background: background,
            corners: corners, outline: outline(b, corners), borderWidth: drawsOwn ? max(p.borderWidth, 0) : 0,
            borderColor: border, masksToBounds: drawsOwn && layer.masksToBounds, shadow: shadow, mask: mask,
            contents: contents,
            rasterization: drawsOwn && layer.shouldRasterize
                ? RasterizationSpec(scale: layer.rasterizationScale > 0 ? layer.rasterizationScale : 1) : nil,
            isDoubleSided: layer.isDoubleSided, allowsEdgeAntialiasing: layer.allowsEdgeAntialiasing,
            antialiasedEdges: layer.edgeAntialiasingMask.rawValue & 0xF,
            sublayers: children, version: version(of: model, children: children, mask: mask, animated: animated),
            // An animated layer's node is never current: the next frame evaluates it again.
            layerSerial: model.serialNumber, layerModification: animated ? ~model.modificationCount : model.modificationCount,
            layerSubtreeModification: model.subtreeModificationCount,
            compositing: drawsOwn ? layer.compositingBlend : nil)
    }

    private func cornerShape(_ layer: CALayer, radius: CGFloat, bounds b: CGRect) -> CornerShape {
        let r = min(max(radius, 0), min(b.width, b.height) / 2)
        if r <= 0 { return .square }
        let m = layer.maskedCorners
        return CornerShape(radii: (m.contains(.layerMinXMinYCorner) ? r : 0, m.contains(.layerMaxXMinYCorner) ? r : 0,
                                   m.contains(.layerMaxXMaxYCorner) ? r : 0, m.contains(.layerMinXMaxYCorner) ? r : 0),
                           continuous: layer.cornerCurve == .continuous)
    }

    /// `p` is `s` with its presented values.
    private func shapeContent(_ s: CAShapeLayer, _ p: LayerPresentation) -> ShapeContent? {
        guard let cgPath = s.path else { return nil }
        let path = Raster.Path(cgPath)
        let fill = p.fillColor(of: s).flatMap { $0.a > 0 ? $0 : nil }
        var stroke: StrokeSpec?
        let lineWidth = p.lineWidth(of: s)
        if let c = p.strokeColor(of: s), c.a > 0, lineWidth > 0 {
            let style = StrokeStyle(
                width: Double(lineWidth), cap: LineCap(s.lineCap), join: LineJoin(s.lineJoin),
                miterLimit: Double(s.miterLimit), dashes: (s.lineDashPattern ?? []).map { $0.doubleValue },
                dashPhase: Double(s.lineDashPhase))
            stroke = StrokeSpec(color: c, style: style, start: min(max(p.strokeStart(of: s), 0), 1),
                                end: min(max(p.strokeEnd(of: s), 0), 1))
        }
        if fill == nil && stroke == nil { return nil }
        return ShapeContent(path: path, fillColor: fill, fillRule: s.fillRule == .evenOdd ? .evenOdd : .nonZero,
                            stroke: stroke)
    }

    private func gradientContent(_ g: CAGradientLayer) -> GradientContent? {
        let colors = (g.colors ?? []).compactMap { ($0 as? CGColor).flatMap { Color($0) } }
        if colors.isEmpty { return nil }
        var locations = (g.locations ?? []).map { CGFloat($0.doubleValue) }
        if locations.count != colors.count {
            locations = colors.count == 1 ? [0] : (0..<colors.count).map { CGFloat($0) / CGFloat(colors.count - 1) }
        }
        let kind: GradientContent.Kind = g.type == .radial ? .radial : g.type == .conic ? .conic : .axial
        return GradientContent(kind: kind, colors: colors, locations: locations,
                               startPoint: g.startPoint, endPoint: g.endPoint)
    }

    /// Folds the layer's serial number and change count with its children's and mask's
    /// versions (FNV-1a style mixing), bottom up, once per snapshot.
    func version(of layer: CALayer, children: [RenderNode], mask: RenderNode?, animated: Bool = false) -> UInt64 {
        var h: UInt64 = 1469598103934665603
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 1099511628211 }
        mix(layer.serialNumber)
        mix(layer.modificationCount)
        if animated { mix(frameNumber); mix(timeShift.bitPattern) }
        mix(UInt64(children.count))
        for c in children { mix(c.version) }
        if let m = mask { mix(m.version &+ 0x9E3779B97F4A7C15) }
        return h
    }
}
