import Foundation
import Raster

/// Where drawing goes: a surface, an optional clip (device coverage) and the part of the
/// surface that can still change.
struct Target {
    let surface: Surface
    var clip: Mask?
    var visible: PixelRect
    /// What opaque layers drawn later will cover, when that cuts into the visible part: one
    /// reference, so that targets stay cheap to copy. Nil: nothing.
    var occlusion: OccludedArea?
    /// Where the operations drawn into this target are also recorded (tests and tools read
    /// the draw list); nil, as when rendering frames, keeps nothing.
    var recorder: DrawList?

    /// Device rectangles that opaque layers drawn later will cover: nothing drawn there shows.
    var occluded: [PixelRect] { occlusion?.rectangles ?? [] }
    /// Where drawing can still show; drawing calls skip the rest (occlusion culling). Nil: everywhere.
    var region: PixelRegion? { occlusion?.region }

    init(surface: Surface, clip: Mask? = nil) {
        self.surface = surface
        self.clip = clip
        visible = PixelRect(surface).intersection(clip.map { PixelRect($0) } ?? .unbounded)
    }

    /// Draws one operation of layer `n`'s draw list into this target, under its clip and
    /// region: the compositor says what, Raster does it.
    ///
    /// `operation` is an autoclosure, evaluated once to perform it and once more when recording
    /// (it only gathers values the caller has computed): built where it is used, the operation
    /// folds into the one drawing call it names instead of being copied into memory first.
    @inline(__always)
    func perform(_ operation: @autoclosure () -> DrawOperation, _ part: LayerPart, of n: RenderNode, caches: CoverageCaches) {
        surface.perform(operation(), clip: clip, region: region, caches: caches)
        if let recorder { record(operation(), part, of: n, into: recorder) }
    }

    /// Appends an operation to the recorded list (out of line: frames record nothing).
    @inline(never)
    private func record(_ operation: DrawOperation, _ part: LayerPart, of n: RenderNode, into recorder: DrawList) {
        recorder.append(operation, clip: clip, region: region,
                        label: DrawList.Label(layer: n.name ?? String(describing: n.identity), part: part.rawValue))
    }

    /// The same target, further clipped by a path.
    func clipped(to path: Raster.Path, through m: ProjectiveTransform, antialias: Bool, stats: RenderStatistics) -> Target {
        clipped(within: DeviceRect(path.boundsRect, through: m), stats: stats) {
            $0.fill(path, transform: m, rule: .nonZero, antialias: antialias)
        }
    }

    /// The same target, further clipped by the layer's rounded bounds (`masksToBounds`).
    func clipped(toBoundsOf n: RenderNode, through m: ProjectiveTransform, antialias: Bool, stats: RenderStatistics,
                 shapes: RoundedBoxCoverageCache) -> Target {
        guard let box = RoundedRect.deviceBox(n.bounds, n.corners, through: m) else {
            return clipped(to: n.outline, through: m, antialias: antialias, stats: stats)
        }
        // Pixels outside the region are never drawn through the clip: they may stay empty.
        return clipped(within: DeviceRect(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY), stats: stats) {
            $0.fill(box, within: region, cache: shapes)
        }
    }

    private func clipped(within shape: DeviceRect, stats: RenderStatistics, fill: (Mask) -> Void) -> Target {
        let region = visible.intersection(PixelRect(covering: shape))
        var t = self
        t.visible = region
        if region.isEmpty { return t }
        let mask = Mask(width: region.width, height: region.height, originX: region.x0, originY: region.y0)
        fill(mask)
        if let c = clip { mask.multiply(by: c) }
        stats.countMask()
        t.clip = mask
        return t
    }
}

/// Draws a render tree into a surface: Core Animation's per-layer order (shadow, background,
/// contents, sublayers, border; then masksToBounds, opacity and mask, docs/semantics.md §3), flattening
/// and depth order (§7), with offscreen surfaces only where an effect needs one.
struct Compositor {
    /// The renderer's frame caches (rasterized bitmaps, groups, shadow and occlusion masks, clips).
    let frames: FrameCaches
    let stats: RenderStatistics
    /// Whether opaque layers cull what lies under them (tests compare against a render without).
    let occlusionCulling: Bool
    /// This thread's cache of rounded-box coverage.
    let shapes: RoundedBoxCoverageCache
    /// This thread's cache of path fills' coverage (transformed layers' outlines, text, shapes).
    let paths: PathCoverageCache
    /// This band's share of the frame's work and memory budget (RenderBudget.swift): asked
    /// before every offscreen allocation, blur and layer drawn.
    var budget = RenderBudgetMeter(RenderBudgetLedger(.unlimited))

    /// Both coverage caches, for the operations that replay from them (stored, so that
    /// handing them to an operation retains nothing).
    let caches: CoverageCaches

    /// Draws `n` whose bounds space maps to the target by `world` (homogeneous, row vectors),
    /// `alpha` being the opacity inherited from ancestors that did not form a group.
    /// `visible`: the caller knows that `n` reaches into the target (an occlusion plan said so).
    /// `blending`: false draws a layer with a compositing filter as if it had none (the group
    /// `drawFiltered` composites with the filter's blend).
    func draw(_ n: RenderNode, world: CATransform3D, alpha: Float, into t: Target, visible: Bool = false,
              blending: Bool = true) {
        if t.visible.isEmpty || !budget.allowDraw(n) { return }
        if n.isTransformLayer {
            drawSublayers(of: n, world: world, alpha: alpha * n.opacity, into: t)
            return
        }
        let a = alpha * n.opacity
        if a <= 0 { return }
        if blending, let blend = n.compositing {
            drawFiltered(n, blend, world: world, alpha: alpha, into: t)  // Compositor+CompositingFilter.swift
            return
        }
        if let tr = n.transition, let w = tr.dissolve {
            drawDissolve(n, tr, weight: w, world: world, alpha: a, into: t)  // Compositor+Transition.swift
            return
        }
        // A leaf outside the target (another band, or off-canvas) costs a few multiplies.
        if !visible && n.sublayers.isEmpty
            && t.visible.intersection(PixelRect(covering: Extent.of(n, world: world))).isEmpty { return }
        if let r = n.rasterization, drawRasterized(n, spec: r, world: world, alpha: a, into: t) {
            return
        }
        if n.allowsEdgeAntialiasing && n.antialiasedEdges != 0xF && drawWithEdgeMask(n, world: world, alpha: a, into: t) {
            return
        }
        // Under perspective the shadow is blurred in the layer's own plane (docs/semantics.md §4: in
        // layer space), which the offscreen plane of a group gives.
        let shadowNeedsGroup = n.shadow.map {
            ($0.path == nil && shadowShape(of: n) == nil) || !ProjectiveTransform(plane: world).isAffine
        } ?? false
        let groupOpacity = n.opacity < 1 && n.allowsGroupOpacity && primitiveCount(n, upTo: 2) > 1
        // A layer and its own shadow are one image before opacity applies (docs/semantics.md §4, §7.1),
        // whether or not its sublayers would be grouped.
        let translucentShadow = a < 1 && n.shadow != nil && n.ownPrimitiveCount + n.sublayers.count > 0
        if n.mask != nil || shadowNeedsGroup || groupOpacity || translucentShadow {
            drawGroup(n, world: world, alpha: a, into: t)
        } else {
            if let s = n.shadow { drawShapeShadow(n, s, world: world, alpha: a, into: t) }
            drawContent(n, world: world, alpha: a, into: t)
        }
    }

    /// How many things the subtree draws (backgrounds, contents, borders, shapes, shadows),
    /// counted only up to `limit`: group opacity matters only when two of them can overlap.
    private func primitiveCount(_ n: RenderNode, upTo limit: Int) -> Int {
        var count = n.ownPrimitiveCount + (n.shadow != nil ? 1 : 0)
        if case .replicator(let r) = n.kind, r.instanceCount > 1, !n.sublayers.isEmpty { return limit }
        for s in n.sublayers where count < limit {
            count += primitiveCount(s, upTo: limit - count)
        }
        return min(count, limit)
    }

    // MARK: - The layer itself

    /// Background, contents, content-layer drawing, sublayers and border, clipped by
    /// `masksToBounds`; no shadow, opacity or mask.
    func drawContent(_ n: RenderNode, world: CATransform3D, alpha a: Float, into t: Target) {
        let m = ProjectiveTransform(plane: world)
        let aa = edgeAntialiasing(n, m)
        if let bg = n.background {
            fillBounds(n, color: bg.withAlpha(multipliedBy: a), m: m, antialias: aa, into: t)
        }
        if n.masksToBounds {
            let inner = clippedToBounds(n, world: world, m: m, antialias: aa, into: t)
            if !inner.visible.isEmpty { drawInside(n, world: world, m: m, alpha: a, antialias: aa, into: inner) }
        } else {
            drawInside(n, world: world, m: m, alpha: a, antialias: aa, into: t)
        }
        drawBorder(n, m: m, alpha: a, antialias: aa, into: t)
        // Particles are drawn above the background and border (CAEmitterLayer.h), clipped as
        // the layer's other content is.
        if case .emitter(let e) = n.kind {
            let inner = n.masksToBounds ? clippedToBounds(n, world: world, m: m, antialias: aa, into: t) : t
            if !inner.visible.isEmpty { EmitterRenderer.draw(e, of: n, through: m, alpha: a, caches: caches, into: inner) }
        }
    }

    /// The target clipped by `masksToBounds`. A transformed layer's clip (a scan of its outline
    /// through the matrix, times the target's clip) is kept between frames with the rendered
    /// groups, while the layer, its place, the visible part and the target's clip are unchanged.
    private func clippedToBounds(_ n: RenderNode, world: CATransform3D, m: ProjectiveTransform, antialias aa: Bool,
                                 into t: Target) -> Target {
        guard RoundedRect.deviceBox(n.bounds, n.corners, through: m) == nil else {
            return t.clipped(toBoundsOf: n, through: m, antialias: aa, stats: stats, shapes: shapes)
        }
        // The entry holds the target's clip, so that its identity cannot name another mask
        // while the entry lives (clips are not changed once made).
        let key = FrameCaches.PlacedKey(kind: .boundsClip(antialias: aa, within: t.clip.map { ObjectIdentifier($0) }),
                                 identity: n.identity, version: n.version, world: world, region: t.visible)
        var inner = t
        if let kept = frames.clips.value(for: key) {
            stats.countGroupHit()
            inner.clip = kept.mask
            inner.visible = t.visible.intersection(PixelRect(kept.mask))
            return inner
        }
        inner = t.clipped(to: n.outline, through: m, antialias: aa, stats: stats)
        if let made = inner.clip, made !== t.clip {
            frames.clips.insert(KeptClip(mask: made, within: t.clip), for: key, bytes: made.width * made.height)
        }
        return inner
    }

    /// What `masksToBounds` clips: contents, the content layer's drawing, sublayers.
    @inline(__always)
    private func drawInside(_ n: RenderNode, world: CATransform3D, m: ProjectiveTransform, alpha a: Float,
                            antialias aa: Bool, into inner: Target) {
        if let c = n.contents {
            ContentsRenderer.draw(c, of: n, bounds: n.bounds, through: m, alpha: a, antialias: aa, paths: paths, into: inner)
        }
        switch n.kind {
        case .shape(let s): ShapeRenderer.draw(s, of: n, through: m, alpha: a, paths: paths, into: inner)
        case .gradient(let g): GradientRenderer.draw(g, of: n, bounds: n.bounds, through: m, alpha: a, antialias: aa, into: inner)
        case .replicator(let r): drawReplicas(of: n, r, world: world, alpha: a, into: inner)
        case .plain, .transform, .emitter: break
        }
        if !(n.sublayers.isEmpty) {
            if case .replicator = n.kind {} else { drawSublayers(of: n, world: world, alpha: a, into: inner) }
        }
    }

    private func fillBounds(_ n: RenderNode, color: Color, m: ProjectiveTransform,
                            antialias: Bool, into t: Target) {
        if let box = RoundedRect.deviceBox(n.bounds, n.corners, through: m) {
            // Axis-aligned: exact coverage in closed form, interiors as spans.
            t.perform(.fillRoundedBox(box, hole: nil, color: color), .background, of: n, caches: caches)
        } else {
            t.perform(.fillPath(n.outline, transform: m, rule: .nonZero, color: color, antialias: antialias,
                                contoursOverlap: true), .background, of: n, caches: caches)
        }
    }

    /// A ring inside the bounds: outer edge the rounded bounds, inner edge inset by the width
    /// with each radius reduced by it (docs/semantics.md §3).
    private func drawBorder(_ n: RenderNode, m: ProjectiveTransform, alpha a: Float, antialias: Bool, into t: Target) {
        guard n.hasBorder, let color = n.borderColor else { return }
        let w = n.borderWidth, b = n.bounds
        let innerRect = b.insetBy(dx: w, dy: w)
        let hasHole = innerRect.width > 0 && innerRect.height > 0
        if let outer = RoundedRect.deviceBox(b, n.corners, through: m) {
            let hole = hasHole ? RoundedRect.deviceBox(innerRect, n.corners.inset(by: w), through: m) : nil
            if hole != nil || !hasHole {
                t.perform(.fillRoundedBox(outer, hole: hole, color: color.withAlpha(multipliedBy: a)), .border, of: n,
                          caches: caches)
                return
            }
        }
        var path = n.outline
        if hasHole { path.append(boundsPath(innerRect, n.corners.inset(by: w))) }
        t.perform(.fillPath(path, transform: m, rule: hasHole ? .evenOdd : .nonZero, color: color.withAlpha(multipliedBy: a),
                            antialias: antialias, contoursOverlap: true), .border, of: n, caches: caches)
    }

    /// iOS leaves transformed layer edges aliased unless `allowsEdgeAntialiasing` (docs/semantics.md §11);
    /// an axis-aligned layer is drawn with exact coverage so fractional positions stay exact.
    private func edgeAntialiasing(_ n: RenderNode, _ m: ProjectiveTransform) -> Bool {
        n.allowsEdgeAntialiasing || m.isAxisAligned
    }

    // MARK: - Sublayers

    func drawSublayers(of n: RenderNode, world: CATransform3D, alpha: Float, into t: Target) {
        let context = n.context
        let members = context.members
        if members.isEmpty { return }
        let plan = occlusionCulling && alpha == 1 && t.clip == nil && context.items.count > 1
            ? n.occlusionPlan(world: world, into: t) : nil
        // Contexts the flat plan does not cover (3D, perspective) may still occlude.
        let perspective = plan == nil && occlusionCulling
            ? PerspectiveOcclusion(context.items, members, alpha: alpha, target: t,
                                   keeping: .init(masks: frames.masks, identity: n.identity, version: n.version, world: world, alpha: alpha)) {
                CATransform3DConcat(flattened($0.toContext), world)
            }
            : nil
        for (k, item) in context.items.enumerated() {
            // Items the plan puts outside this target (another band) cost a lookup.
            if let plan, case .outside = plan.steps[k] { continue }
            // The member's fields, read in place (a Member copy retains its node and matrix box).
            let node = members[item.member].node, memberAlpha = members[item.member].alpha
            let w = CATransform3DConcat(flattened(members[item.member].toContext), world)
            if item.fragment == nil, perspective == nil {
                if let plan {
                    switch plan.steps[k] {
                    case .draw: draw(node, world: w, alpha: alpha * memberAlpha, into: t, visible: true)
                    case .outside: break
                    case .hidden: stats.countOccluded()
                    case .narrowed(let extent, let occlusion):
                        var target = t
                        target.visible = extent
                        target.occlusion = occlusion
                        draw(node, world: w, alpha: alpha * memberAlpha, into: target, visible: true)
                    }
                } else {
                    draw(node, world: w, alpha: alpha * memberAlpha, into: t)
                }
                continue
            }
            var target = perspective?.target(for: k, node: node, world: w, in: t, stats: stats) ?? t
            if let fragment = item.fragment {
                // A piece of a layer cut by the depth sort: complementary pieces are filled
                // without anti-aliasing so that they tile the plane with no seam.
                target = target.clipped(to: fragment, through: ProjectiveTransform(plane: world), antialias: false, stats: stats)
            }
            draw(node, world: w, alpha: alpha * memberAlpha, into: target)
        }
    }

    private func drawReplicas(of n: RenderNode, _ r: ReplicatorContent, world: CATransform3D, alpha: Float, into t: Target) {
        // Instance i is the sublayers drawn with instanceTransform applied i times, in the
        // replicator's sublayer space, tinted by instanceColor plus i times the colour offsets
        // (CAReplicatorLayer.h).
        var instance = CATransform3DIdentity
        for i in 0..<max(r.instanceCount, 0) {
            // Each instance counts as a layer drawn, also when its sublayers are culled (an
            // instance off the canvas still costs its transforms and extents), and a frame over
            // its budget draws nothing more.
            guard budget.allowDraw(n) else { return }
            let tint = r.tint(ofInstance: i)
            let w = CATransform3DConcat(instance, world)
            // Delayed instances have their own sublayers (see ReplicatorContent.instanceNodes).
            let source = r.instanceNodes.flatMap { i > 0 && i - 1 < $0.count ? $0[i - 1] : nil } ?? n
            if tint == .white {
                drawSublayers(of: source, world: w, alpha: alpha, into: t)
            } else if tint.a > 0 {
                drawTinted(source, world: w, tint: tint, alpha: alpha, into: t)
            }
            instance = CATransform3DConcat(r.instanceTransform, instance)
        }
    }

    /// One replicator instance, offscreen, its pixels multiplied by the tint.
    private func drawTinted(_ n: RenderNode, world: CATransform3D, tint: Color, alpha: Float, into t: Target) {
        var ext = DeviceRect.empty
        for s in n.sublayers {
            let w = s.isTransformLayer ? CATransform3DConcat(s.toParent, world) : CATransform3DConcat(flattened(s.toParent), world)
            ext = ext.union(Extent.of(s, world: w))
        }
        let region = t.visible.intersection(PixelRect(covering: ext))
        if region.isEmpty || !budget.allowOffscreen(region, for: n) { return }
        let g = Surface(width: region.width, height: region.height, originX: region.x0, originY: region.y0)
        stats.countOffscreen()
        guard budget.nested(n, { drawSublayers(of: n, world: world, alpha: 1, into: Target(surface: g)) }) != nil else { return }
        let kr = UInt32(byteOfUnit: tint.r * tint.a), kg = UInt32(byteOfUnit: tint.g * tint.a)
        let kb = UInt32(byteOfUnit: tint.b * tint.a), ka = UInt32(byteOfUnit: tint.a)
        g.multiplyChannels(r: kr, g: kg, b: kb, a: ka)
        t.perform(.composite(g, opacity: alpha, blend: .sourceOver), .replica, of: n, caches: caches)
    }

    // MARK: - Groups: opacity, masks and content shadows

    /// Renders the layer's group (content, shadow behind it, mask) offscreen and composites it
    /// with its opacity.
    private func drawGroup(_ n: RenderNode, world: CATransform3D, alpha a: Float, into t: Target) {
        let m = ProjectiveTransform(plane: world)
        if m.isAffine {
            let extent = PixelRect(covering: Extent.of(n, world: world))
            var region = t.visible.intersection(extent)
            if region.isEmpty { return }
            if let s = n.shadow, s.path == nil, shadowShape(of: n) == nil {
                // The shadow is the blur of all the content, also what lies outside the target
                // (docs/semantics.md §4): render the visible part and the content whose shadow
                // lands in it (the visible part less the offset, as far out as the blur reaches:
                // the blur's σ is clamped to gaussianBlurMaxSigma device pixels).
                let o = world.apply(x: s.offset.width, y: s.offset.height, z: 0, w: 0)
                let sigma = Double(s.sigma) * ProjectiveTransform(plane: world).linearScale
                let reach = gaussianBlurSupport(sigma: sigma) + 2
                let ox = Int(saturating: Double(o.x), .toNearestOrAwayFromZero)
                let oy = Int(saturating: Double(o.y), .toNearestOrAwayFromZero)
                let v = t.visible
                let casting = PixelRect(x0: v.x0 - ox, y0: v.y0 - oy, x1: v.x1 - ox, y1: v.y1 - oy).insetBy(-reach)
                    .intersection(PixelRect(covering: Extent.of(n, world: world, shadow: false)))
                region = region.isEmpty ? casting : casting.isEmpty ? region
                    : PixelRect(x0: min(region.x0, casting.x0), y0: min(region.y0, casting.y0),
                                x1: max(region.x1, casting.x1), y1: max(region.y1, casting.y1))
                if region.isEmpty { return }
            }
            let key = FrameCaches.PlacedKey(kind: .group, identity: n.identity, version: n.version, world: world, region: region)
            let g: Surface
            if let hit = frames.groups.value(for: key) {
                stats.countGroupHit()
                g = hit
            } else {
                guard let made = renderGroup(n, world: world, region: region) else { return }
                g = made
                frames.groups.insert(g, for: key, bytes: g.width * g.height * 4)
            }
            t.perform(.composite(g, opacity: a, blend: .sourceOver), .group, of: n, caches: caches)
        } else {
            guard let (g, toTarget) = renderGroupInPlane(n, world: world, scale: nil, visible: t.visible) else { return }
            t.perform(.drawTexture(Texture(g), transform: toTarget, filter: .linear, opacity: a, antialias: edgeAntialiasing(n, m),
                                   sourceRect: nil), .group, of: n, caches: CoverageCaches())
        }
    }

    /// The group rendered in its own plane (for perspective, and for rasterization), and the
    /// map from its pixels to the target.
    private func renderGroupInPlane(_ n: RenderNode, world: CATransform3D, scale: CGFloat?,
                                    visible: PixelRect) -> (Surface, ProjectiveTransform)? {
        let r = scale ?? planeResolution(n, world: world)
        let scaled = CATransform3DMakeScale(r, r, 1)
        var ext = Extent.of(n, world: scaled)
        if ext.isEmpty { return nil }
        // Keep the plane bounded: content far outside the layer cannot be seen sharply anyway.
        let limit = DeviceRect(minX: -8192, minY: -8192, maxX: 8192, maxY: 8192)
        ext = ext.intersection(limit)
        let region = PixelRect(covering: ext)
        if region.isEmpty { return nil }
        let toSurface = CATransform3DConcat(scaled, CATransform3DMakeTranslation(CGFloat(-region.x0), CGFloat(-region.y0), 0))
        guard let g = renderGroup(n, world: toSurface, region: PixelRect(x0: 0, y0: 0, x1: region.width, y1: region.height))
        else { return nil }
        let back = CATransform3DConcat(CATransform3DMakeTranslation(CGFloat(region.x0), CGFloat(region.y0), 0),
                                       CATransform3DMakeScale(1 / r, 1 / r, 1))
        return (g, ProjectiveTransform(plane: CATransform3DConcat(back, world)))
    }

    /// Pixels per point for an offscreen plane: the largest local scale of the map to the
    /// target at the layer's corners, so the plane is never drawn magnified.
    func planeResolution(_ n: RenderNode, world: CATransform3D) -> CGFloat {
        let m = ProjectiveTransform(plane: world)
        var best = 0.0
        let b = n.bounds
        for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY), (b.midX, b.midY)] {
            let p = m.apply(Double(x), Double(y))
            guard p.w > 1e-6 else { continue }
            // Jacobian of the projective map at (x, y).
            let dxdx = (m.m11 * p.w - p.x * m.m13) / (p.w * p.w), dydx = (m.m12 * p.w - p.y * m.m13) / (p.w * p.w)
            let dxdy = (m.m21 * p.w - p.x * m.m23) / (p.w * p.w), dydy = (m.m22 * p.w - p.y * m.m23) / (p.w * p.w)
            best = max(best, (dxdx * dxdx + dydx * dydx).squareRoot(), (dxdy * dxdy + dydy * dydy).squareRoot())
        }
        return CGFloat(min(max(best, 0.25), 8))
    }

    /// Content, then the shadow behind it, clipped by masksToBounds, then the mask: everything
    /// of the group except opacity, in a surface covering `region` of the space `world` maps to.
    /// Nil when the budget does not allow it (the frame then records why).
    func renderGroup(_ n: RenderNode, world: CATransform3D, region: PixelRect) -> Surface? {
        guard budget.allowOffscreen(region, for: n) else { return nil }
        return budget.nested(n) { renderGroupContent(n, world: world, region: region) }
    }

    private func renderGroupContent(_ n: RenderNode, world: CATransform3D, region: PixelRect) -> Surface? {
        let g = Surface(width: region.width, height: region.height, originX: region.x0, originY: region.y0)
        stats.countOffscreen()
        let gt = Target(surface: g)
        if let s = n.shadow {
            if s.path != nil || shadowShape(of: n) != nil {
                drawShapeShadow(n, s, world: world, alpha: 1, into: gt)
                drawContent(n, world: world, alpha: 1, into: gt)
            } else {
                drawContent(n, world: world, alpha: 1, into: gt)
                drawContentShadow(n, s, world: world, under: g)
            }
        } else {
            drawContent(n, world: world, alpha: 1, into: gt)
        }
        if let mask = n.mask {
            guard budget.allowOffscreen(region, for: mask) else { return nil }
            let ms = Surface(width: region.width, height: region.height, originX: region.x0, originY: region.y0)
            stats.countOffscreen()
            draw(mask, world: CATransform3DConcat(flattened(mask.toParent), world), alpha: 1, into: Target(surface: ms))
            gt.perform(.composite(ms, opacity: 1, blend: .destinationIn), .mask, of: mask, caches: caches)
        }
        return g
    }

    // MARK: - Shadows

    /// The shape whose blur is the shadow, when it is known without rendering the content:
    /// the opaque rounded background that covers everything the layer draws (docs/semantics.md §4),
    /// with the alpha the blurred shape is drawn at.
    func shadowShape(of n: RenderNode) -> (shape: ShadowShape, alpha: Float)? {
        guard let bg = n.background, n.contents == nil else { return nil }
        switch n.kind { case .plain: break; default: return nil }
        if bg.a < 1 {
            // Uniformly translucent: only the background (and a border of the same alpha) draws.
            guard n.sublayers.isEmpty, !n.hasBorder || n.borderColor?.a == bg.a else { return nil }
            return (.roundedRect(n.bounds, n.corners), bg.a)
        }
        for s in n.sublayers where !Extent.isInside(s, roundedBounds: n.bounds, corners: n.corners) { return nil }
        return (.roundedRect(n.bounds, n.corners), 1)
    }

    /// A shadow from `shadowPath`, or from the known shape of the content.
    private func drawShapeShadow(_ n: RenderNode, _ s: ShadowSpec, world: CATransform3D, alpha: Float, into t: Target) {
        let shape: ShadowShape, shapeAlpha: Float
        if let p = s.path { shape = p; shapeAlpha = 1 } else if let k = shadowShape(of: n) { (shape, shapeAlpha) = k } else { return }
        let offsetWorld = CATransform3DConcat(CATransform3DMakeTranslation(s.offset.width, s.offset.height, 0), world)
        let m = ProjectiveTransform(plane: offsetWorld)
        let sigma = Double(s.sigma) * ProjectiveTransform(plane: world).linearScale
        var target = t
        if n.masksToBounds {
            target = t.clipped(toBoundsOf: n, through: ProjectiveTransform(plane: world),
                               antialias: true, stats: stats, shapes: shapes)
        }
        let color = s.color.withAlpha(multipliedBy: alpha * shapeAlpha)
        // Under an opaque background drawn next at full alpha the shadow cannot show: skip it.
        var hole: PixelRect?
        if s.path == nil, alpha == 1, shapeAlpha == 1, n.background?.a == 1 {
            let w = ProjectiveTransform(plane: world)
            let inset = Double(max(n.corners.radii.0, n.corners.radii.1, n.corners.radii.2, n.corners.radii.3))
                * RoundedRect.diagonalInset(continuous: n.corners.continuous) * max(abs(w.m11), abs(w.m22)) + 1
            let r = DeviceRect(n.bounds, through: w)
            if w.isAxisAligned && !r.isEmpty {
                hole = PixelRect(x0: Int(saturating: r.minX + inset, .up), y0: Int(saturating: r.minY + inset, .up),
                                 x1: Int(saturating: r.maxX - inset, .down), y1: Int(saturating: r.maxY - inset, .down))
            }
        }
        if drawClosedFormShadow(shape, of: n, through: m, sigma: sigma, color: color, hole: hole, into: target) { return }
        // Any other shape: its mask blurred, kept between frames like the closed forms.
        let key = FrameCaches.PlacedKey(kind: .pathShadow(sigma: sigma), identity: n.identity, version: n.version,
                                 world: offsetWorld, region: target.visible)
        let made = cachedMask(key) { () -> Mask? in
            let path = shape.path
            // As far as the blur reads (its σ clamped to gaussianBlurMaxSigma device pixels):
            // a band's mask then blurs to the same pixels as the whole canvas' would.
            let reach = gaussianBlurSupport(sigma: sigma) + 1
            let region = target.visible.intersection(PixelRect(covering: DeviceRect(path.boundsRect, through: m).outset(Double(reach))))
            if region.isEmpty { return nil }
            // Rasterize only what can blur into the visible region, and keep only that region.
            let src = region.insetBy(-reach)
            guard budget.allowOffscreen(src, for: n), budget.ledger.allowBlur(sigma > 0.01 ? src.width * src.height : 0, for: n)
            else { return nil }
            let mask = Mask(width: src.width, height: src.height, originX: src.x0, originY: src.y0)
            mask.fill(path, transform: m, rule: .nonZero, antialias: true)
            return (sigma > 0.01 ? gaussianBlur(mask, sigma: sigma) : mask)
                .cropped(to: (region.x0, region.y0, region.width, region.height))
        }
        guard let blurred = made else { return }
        target.perform(.fillCoverage(blurred, color: color, blend: .sourceOver), .shadow, of: n, caches: caches)
    }

    /// The mask kept in the frame caches under `key`, made by `make` (and kept) on a miss.
    func cachedMask(_ key: FrameCaches.PlacedKey, _ make: () -> Mask?) -> Mask? {
        if let hit = frames.masks.value(for: key) {
            stats.countGroupHit()
            return hit
        }
        guard let m = make() else { return nil }
        stats.countMask()
        frames.masks.insert(m, for: key, bytes: m.width * m.height)
        return m
    }

    /// A shadow from the alpha of the rendered content in `g`, drawn behind it.
    private func drawContentShadow(_ n: RenderNode, _ s: ShadowSpec, world: CATransform3D, under g: Surface) {
        let sigma = Double(s.sigma) * ProjectiveTransform(plane: world).linearScale
        let o = world.apply(x: s.offset.width, y: s.offset.height, z: 0, w: 0)
        guard budget.ledger.allowBlur(sigma > 0.01 ? g.width * g.height : 0, for: n) else { return }
        let alpha = Mask(alphaOf: g)
        stats.countMask()
        // Only what lands on g once offset is blurred.
        let ox = Int(saturating: Double(o.x), .toNearestOrAwayFromZero), oy = Int(saturating: Double(o.y), .toNearestOrAwayFromZero)
        let blurred = sigma > 0.01
            ? gaussianBlur(alpha, sigma: sigma, within: (g.originX - ox, g.originY - oy, g.width, g.height)) : alpha
        blurred.originX += ox
        blurred.originY += oy
        var clip: Mask?
        if n.masksToBounds {
            let m = ProjectiveTransform(plane: world)
            let c = Mask(width: g.width, height: g.height, originX: g.originX, originY: g.originY)
            if let box = RoundedRect.deviceBox(n.bounds, n.corners, through: m) {
                c.fill(box)
            } else {
                c.fill(n.outline, transform: m, rule: .nonZero, antialias: true)
            }
            stats.countMask()
            clip = c
        }
        // Behind the content already in g: no second surface.
        Target(surface: g, clip: clip).perform(.fillCoverage(blurred, color: s.color, blend: .destinationOver), .shadow,
                                               of: n, caches: caches)
    }

    // MARK: - shouldRasterize

    /// False when the layer is to be drawn directly instead: its rasterized plane would not
    /// fit the budget's largest surface (Core Animation too draws a layer too large for its
    /// raster cache without caching it; the picture is the same, as sharp as can be).
    private func drawRasterized(_ n: RenderNode, spec: RasterizationSpec, world: CATransform3D, alpha: Float,
                                into t: Target) -> Bool {
        let key = FrameCaches.RasterizedKey(identity: n.identity, version: n.version, scale: Double(spec.scale))
        let entry: FrameCaches.RasterizedBitmap
        if let hit = frames.rasterized.value(for: key) {
            stats.countRasterHit()
            entry = hit
        } else {
            guard rasterizedPlaneFits(n, scale: spec.scale) else { return false }
            guard let (g, toPlane) = renderGroupInPlane(n, world: CATransform3DIdentity, scale: spec.scale,
                                                        visible: .unbounded) else { return true }
            entry = FrameCaches.RasterizedBitmap(texture: Texture(g), toLayer: toPlane)
            // An older version of the same layer can never be hit again.
            frames.rasterized.removeAll { $0.identity == key.identity && $0.scale == key.scale }
            frames.rasterized.insert(entry, for: key, bytes: g.width * g.height * 4)
            stats.countRasterMiss()
        }
        let m = entry.toLayer.concatenating(ProjectiveTransform(plane: world))
        t.perform(.drawTexture(entry.texture, transform: m, filter: .linear, opacity: alpha, antialias: true, sourceRect: nil),
                  .rasterized, of: n, caches: CoverageCaches())
        return true
    }
}

/// The layer's rounded bounds as a path.
func boundsPath(_ b: CGRect, _ c: CornerShape) -> Raster.Path {
    if c.isSquare {
        return .rect(x: Double(b.minX), y: Double(b.minY), width: Double(b.width), height: Double(b.height))
    }
    return RoundedRect.path(b, c)
}

/// Drops z after the transform (Fl = diag(1, 1, 0, 1)): a layer flattens its sublayers into
/// its own plane (docs/semantics.md §7).
func flattened(_ m: CATransform3D) -> CATransform3D {
    var f = m
    f.m13 = 0; f.m23 = 0; f.m33 = 0; f.m43 = 0
    return f
}
