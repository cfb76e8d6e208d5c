import Foundation
import Raster

/// Exact occlusion within one rendering context, for layers under any transform, perspective
/// included, and for what costs most per pixel: image contents. Where a layer drawn later
/// paints opaque pixels at full coverage, source-over replaces whatever was there: the layers
/// drawn before it cannot show, so they are clipped out of those pixels (by a mask of what
/// stays visible) and need not sample them (a coverflow's overlapping covers). Occluders are
/// convex device polygons, so turned and projected layers count. Only what is certain counts:
/// a layer that might leave a pixel partly covered or translucent occludes nothing there.
package struct PerspectiveOcclusion {
    /// The items that occlude: draw-order index, device-space polygon (convex) that the item
    /// paints opaque at full coverage, shrunk so that whole pixels inside it are, and its box.
    private let occluders: [(index: Int, polygon: [(x: Double, y: Double)], box: DeviceRect)]

    /// Neither a small occluder nor a small occluded layer pays for the mask (in pixels).
    static let smallest = 1024.0

    /// Where the masks are kept for the next frame: the frame caches, under the context's layer
    /// (whose version changes with anything in its subtree), its place and the inherited alpha.
    struct Keeping {
        let masks: FrameCache<FrameCaches.PlacedKey, Mask>
        let identity: ObjectIdentifier
        let version: UInt64
        let world: CATransform3D
        let alpha: Float
    }
    private let keeping: Keeping?

    /// For the draw items of one context, back to front; `world` gives a member's matrix to the
    /// target and `alpha` is the opacity the members inherit. Only layers with contents are
    /// clipped: sampling an image costs far more per pixel than the mask, a colour fill does
    /// not. Nothing is occluded in a target with a clip mask, whose partial coverage would let
    /// earlier layers show through the later ones. Pieces cut by the depth sort do not occlude.
    init(_ order: [RenderingContext.DrawItem], _ members: [RenderingContext.Member], alpha: Float, target: Target,
         keeping: Keeping? = nil, world: (RenderingContext.Member) -> CATransform3D) {
        self.keeping = keeping
        var clipsAny = false
        if target.clip == nil {
            for item in order.dropLast() where members[item.member].node.contents != nil && members[item.member].node.sublayers.isEmpty {
                clipsAny = true
                break
            }
        }
        guard clipsAny else {
            occluders = []
            return
        }
        var found: [(index: Int, polygon: [(x: Double, y: Double)], box: DeviceRect)] = []
        for (k, item) in order.enumerated() where k > 0 && item.fragment == nil {
            let m = members[item.member]
            guard let p = PerspectiveOcclusion.opaqueRegion(m.node, world: world(m), alpha: alpha * m.alpha) else { continue }
            var box = DeviceRect.empty
            for q in p { box.add(q.x, q.y) }
            if (box.maxX - box.minX) * (box.maxY - box.minY) >= PerspectiveOcclusion.smallest { found.append((k, p, box)) }
        }
        occluders = found
    }

    /// The target for item `k`: clipped to leave out what the items after it cover, empty if
    /// they cover all it draws. Only leaves are clipped, whose extent bounds all they draw.
    @inline(__always)
    func target(for k: Int, node n: RenderNode, world: CATransform3D, in t: Target, stats: RenderStatistics) -> Target {
        guard let last = occluders.last, last.index > k, n.contents != nil, n.sublayers.isEmpty else { return t }
        return clipped(t, for: k, node: n, world: world, stats: stats)
    }

    private func clipped(_ t: Target, for k: Int, node n: RenderNode, world: CATransform3D, stats: RenderStatistics) -> Target {
        let box = t.visible.intersection(PixelRect(covering: Extent.of(n, world: world)))
        if Double(box.width * box.height) < PerspectiveOcclusion.smallest { return t }
        let area = DeviceRect(minX: Double(box.x0), minY: Double(box.y0), maxX: Double(box.x1), maxY: Double(box.y1))
        // The occluders are in draw order: those after k are a suffix.
        var lo = 0, hi = occluders.count
        while lo < hi { let mid = (lo + hi) / 2; if occluders[mid].index > k { hi = mid } else { lo = mid + 1 } }
        let key = keeping.map {
            FrameCaches.PlacedKey(kind: .occlusion(item: k, alpha: $0.alpha), identity: $0.identity, version: $0.version,
                           world: $0.world, region: t.visible)
        }
        if let key, let kept = keeping?.masks.value(for: key) {
            stats.countGroupHit()
            var out = t
            // An empty mask says that nothing of the item shows.
            out.visible = t.visible.intersection(PixelRect(kept))
            out.clip = kept
            return out
        }
        var occluded: Mask?
        for o in occluders[lo...] where !o.box.intersection(area).isEmpty {
            let mask = occluded ?? Mask(width: box.width, height: box.height, originX: box.x0, originY: box.y0)
            var p = Raster.Path()
            for (i, q) in o.polygon.enumerated() { if i == 0 { p.move(to: q.x, q.y) } else { p.line(to: q.x, q.y) } }
            p.close()
            mask.fill(p, antialias: false)
            occluded = mask
        }
        guard let mask = occluded else { return t }
        // Keep what is not occluded (the target has no clip of its own, see init).
        let any = mask.invert()
        var out = t
        if !any {
            if let key { keeping?.masks.insert(Mask(width: 0, height: 0, originX: box.x0, originY: box.y0), for: key, bytes: 64) }
            out.visible = .empty
            return out
        }
        stats.countMask()
        if let key { keeping?.masks.insert(mask, for: key, bytes: mask.width * mask.height) }
        out.visible = box
        out.clip = mask
        return out
    }

    /// Where `n` is certain to paint opaque pixels at full coverage, as a device quad: its
    /// `OpaqueArea` less the corners' largest radius all round. The quad must lie in front of
    /// the eye; it is shrunk by 1.5 pixels, so that a pixel whose centre is inside is wholly
    /// inside with room for rounding.
    /// Only plain leaves without a shadow occlude here (see `OpaqueArea`).
    package static func opaqueRegion(_ n: RenderNode, world: CATransform3D, alpha: Float) -> [(x: Double, y: Double)]? {
        guard case .plain = n.kind, n.shadow == nil, n.sublayers.isEmpty,
              let area = OpaqueArea(n, inheritedAlpha: alpha) else { return nil }
        let radius = area.largestRadius
        let rect = area.bounds.insetBy(dx: radius, dy: radius)
        guard rect.width > 0, rect.height > 0 else { return nil }
        let m = ProjectiveTransform(plane: world)
        var quad: [(x: Double, y: Double)] = []
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)] {
            let h = m.apply(Double(x), Double(y))
            guard h.w > 1e-9, h.x.isFinite, h.y.isFinite else { return nil }
            quad.append((h.x / h.w, h.y / h.w))
        }
        return shrunk(quad, by: 1.5)
    }

    /// A convex polygon with each edge moved inward by `d`; nil if that turns it inside out.
    package static func shrunk(_ p: [(x: Double, y: Double)], by d: Double) -> [(x: Double, y: Double)]? {
        let n = p.count
        var area = 0.0
        for i in 0..<n { let a = p[i], b = p[(i + 1) % n]; area += a.x * b.y - b.x * a.y }
        guard area.isFinite, abs(area) > 1e-9 else { return nil }
        let s = area > 0 ? 1.0 : -1.0
        // Each edge as a line a·x + b·y = c with the inside at a·x + b·y > c, moved by d.
        var lines: [(a: Double, b: Double, c: Double)] = []
        for i in 0..<n {
            let u = p[i], v = p[(i + 1) % n]
            let ex = v.x - u.x, ey = v.y - u.y, len = (ex * ex + ey * ey).squareRoot()
            guard len > 0 else { return nil }
            let a = -ey * s / len, b = ex * s / len
            lines.append((a, b, a * u.x + b * u.y + d))
        }
        var out: [(x: Double, y: Double)] = []
        for i in 0..<n {
            let l1 = lines[(i + n - 1) % n], l2 = lines[i]
            let det = l1.a * l2.b - l2.a * l1.b
            guard abs(det) > 1e-12 else { return nil }
            out.append(((l1.c * l2.b - l2.c * l1.b) / det, (l1.a * l2.c - l2.a * l1.c) / det))
        }
        // Still convex, the same way round, and inside every moved edge.
        for i in 0..<n {
            let a = out[i], b = out[(i + 1) % n], c = out[(i + 2) % n]
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            guard turn * s > 0 else { return nil }
        }
        return out
    }
}
