import Foundation
import Raster

extension CALayer {
    /// OpenQuartzCore extension: the layer the user actually sees at `p` (in this layer's
    /// superlayer's coordinates, as for `hitTest(_:)`), depth-correct.
    ///
    /// Core Animation's `hitTest(_:)` walks the tree by array order and `zPosition`, so a face
    /// hidden behind the book's cube can take a tap meant for the face in front (docs/semantics.md §8.2).
    /// This walks the layers in the order the compositor draws them — with the same depth
    /// sort, plane splitting and back-face culling — and answers with the last one drawn over
    /// the point: hidden layers, culled back faces, areas clipped by `masksToBounds`, and
    /// layers that draw nothing there (no background, contents, border or shape) are passed
    /// over. With `ignoringTransparentContent`, a layer whose only drawing at the point is a
    /// fully transparent contents pixel is passed over too.
    public func visibleLayer(at p: CGPoint, ignoringTransparentContent: Bool = false) -> CALayer? {
        guard let root = Snapshotter().snapshot(self, parent: superlayer) else { return nil }
        var layers: [ObjectIdentifier: CALayer] = [:]
        func index(_ l: CALayer) {
            layers[ObjectIdentifier(l)] = l
            l.sublayers?.forEach(index)
        }
        index(self)
        var probe = VisibleHitProbe(point: (Double(p.x), Double(p.y)), skipTransparent: ignoringTransparentContent)
        probe.visit(root, world: root.toParent)
        return probe.found.flatMap { layers[$0] }
    }
}

/// Replays the compositor's drawing order for one point.
struct VisibleHitProbe {
    let point: (x: Double, y: Double)
    let skipTransparent: Bool
    var found: ObjectIdentifier?

    init(point: (x: Double, y: Double), skipTransparent: Bool) {
        self.point = point
        self.skipTransparent = skipTransparent
    }

    /// The point in the plane that `world` maps to the target, if it is in front of the eye.
    func local(_ world: CATransform3D) -> (x: Double, y: Double)? {
        guard let inv = ProjectiveTransform(plane: world).inverted() else { return nil }
        let q = inv.apply(point.x, point.y)
        guard q.w != 0, q.x.isFinite, q.y.isFinite else { return nil }
        // The plane point must itself map forward with w > 0 (not from behind the eye).
        let back = ProjectiveTransform(plane: world).apply(q.x / q.w, q.y / q.w)
        guard back.w > 0 else { return nil }
        return (q.x / q.w, q.y / q.w)
    }

    mutating func visit(_ n: RenderNode, world: CATransform3D) {
        if n.opacity <= 0 { return }
        if n.isTransformLayer {
            visitSublayers(of: n, world: world)
            return
        }
        guard let q = local(world) else { return }
        let b = n.bounds
        let inside = q.x >= Double(b.minX) && q.x < Double(b.maxX) && q.y >= Double(b.minY) && q.y < Double(b.maxY)
        let inRounded = inside && (n.corners.isSquare || n.outline.containsPoint(q.x, q.y))
        if n.masksToBounds && !inRounded { return }
        if let mask = n.mask, !covers(mask, world: CATransform3DConcat(flattened(mask.toParent), world)) { return }
        if inRounded && drawsSomething(n, at: q) { found = n.identity }
        visitSublayers(of: n, world: world)
        if inRounded && n.hasBorder && onBorder(n, q) { found = n.identity }
    }

    private mutating func visitSublayers(of n: RenderNode, world: CATransform3D) {
        let context = n.context
        let members = context.members
        guard !members.isEmpty else { return }
        for item in context.items {
            if let fragment = item.fragment {
                guard let c = local(world), fragment.containsPoint(c.x, c.y) else { continue }
            }
            let m = members[item.member]
            visit(m.node, world: CATransform3DConcat(flattened(m.toContext), world))
        }
    }

    private func covers(_ mask: RenderNode, world: CATransform3D) -> Bool {
        var probe = VisibleHitProbe(point: point, skipTransparent: skipTransparent)
        probe.visit(mask, world: world)
        return probe.found != nil
    }

    private func drawsSomething(_ n: RenderNode, at q: (x: Double, y: Double)) -> Bool {
        if n.background != nil { return true }
        if case .shape(let s) = n.kind, s.fillColor != nil, s.path.containsPoint(q.x, q.y, evenOdd: s.fillRule == .evenOdd) {
            return true
        }
        if case .gradient = n.kind { return true }
        if let c = n.contents {
            let d = ContentsRenderer.destinationRect(c, bounds: n.bounds)
            guard q.x >= Double(d.minX), q.x < Double(d.maxX), q.y >= Double(d.minY), q.y < Double(d.maxY) else { return false }
            if !skipTransparent { return true }
            let src = ContentsRenderer.sourceRect(c)
            let u = Int(saturating: Double(src.minX) + (q.x - Double(d.minX)) / Double(d.width) * Double(src.width), .down)
            let v = Int(saturating: Double(src.minY) + (q.y - Double(d.minY)) / Double(d.height) * Double(src.height), .down)
            let s = c.image.surface
            let pixel = s.pixel(x: min(max(u, 0), s.width - 1), y: min(max(v, 0), s.height - 1))
            return pixel >> 24 != 0
        }
        return false
    }

    private func onBorder(_ n: RenderNode, _ q: (x: Double, y: Double)) -> Bool {
        let inner = n.bounds.insetBy(dx: n.borderWidth, dy: n.borderWidth)
        if inner.isEmpty { return true }
        return !boundsPath(inner, n.corners.inset(by: n.borderWidth)).containsPoint(q.x, q.y)
    }
}

extension Raster.Path {
    /// Whether the point is inside, by the winding (default) or even-odd rule, on the
    /// path flattened to 0.05 units.
    func containsPoint(_ x: Double, _ y: Double, evenOdd: Bool = false) -> Bool {
        var winding = 0
        var crossings = 0
        for poly in flattenedPolygons(tolerance: 0.05) where poly.count >= 2 {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if (a.y <= y) != (b.y <= y) {
                    let t = (y - a.y) / (b.y - a.y)
                    if a.x + t * (b.x - a.x) > x {
                        crossings += 1
                        winding += b.y > a.y ? 1 : -1
                    }
                }
            }
        }
        return evenOdd ? crossings % 2 == 1 : winding != 0
    }
}
