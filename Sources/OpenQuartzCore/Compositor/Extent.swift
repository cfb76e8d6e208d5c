import Foundation
import Raster

/// Where a layer subtree can draw, for sizing offscreen surfaces to what is needed.
enum Extent {
    /// The target-space bounding box of everything `n` draws through `world`: its bounds,
    /// contents, shape, sublayers (unless masksToBounds), shadow (unless `shadow` is false),
    /// limited by its mask.
    static func of(_ n: RenderNode, world: CATransform3D, shadow withShadow: Bool = true) -> DeviceRect {
        let m = ProjectiveTransform(plane: world)
        var r = DeviceRect.empty
        let own = DeviceRect(n.bounds, through: m)
        if !n.isTransformLayer && (n.background != nil || n.hasBorder || n.masksToBounds) { r = own }
        if let c = n.contents {
            r = r.union(DeviceRect(ContentsRenderer.destinationRect(c, bounds: n.bounds), through: m))
        }
        switch n.kind {
        case .shape(let s):
            var b = s.pathBounds
            if let st = s.stroke {
                let pad = CGFloat(st.style.width) * max(CGFloat(st.style.miterLimit), 1) / 2
                b = b.insetBy(dx: -pad, dy: -pad)
            }
            r = r.union(DeviceRect(b, through: m))
        case .gradient: r = r.union(own)
        case .emitter(let e): r = r.union(DeviceRect(e.bounds, through: m))
        default: break
        }
        var kids = DeviceRect.empty
        if case .replicator(let rep) = n.kind {
            var instance = CATransform3DIdentity
            for i in 0..<rep.instanceCount {
                let source = rep.instanceNodes.flatMap { i > 0 && i - 1 < $0.count ? $0[i - 1] : nil } ?? n
                kids = kids.union(sublayers(source, world: CATransform3DConcat(instance, world)))
                if kids.minX == -.infinity { break }
                instance = CATransform3DConcat(rep.instanceTransform, instance)
            }
        } else {
            kids = sublayers(n, world: world)
        }
        r = r.union(n.masksToBounds ? kids.intersection(own) : kids)
        if withShadow, let s = n.shadow, !r.isEmpty || s.path != nil {
            let reach = 3 * Double(s.sigma) * m.linearScale + 1
            let o = world.apply(x: s.offset.width, y: s.offset.height, z: 0, w: 0)
            var shape = r
            if let p = s.path { shape = DeviceRect(p.path.boundsRect, through: m) }
            var shadow = shape.offsetBy(Double(o.x), Double(o.y)).outset(reach)
            if n.masksToBounds { shadow = shadow.intersection(own) }
            r = r.union(shadow)
        }
        if let mask = n.mask {
            r = r.intersection(of(mask, world: CATransform3DConcat(flattened(mask.toParent), world)))
        }
        return r
    }

    private static func sublayers(_ n: RenderNode, world: CATransform3D) -> DeviceRect {
        var r = DeviceRect.empty
        for s in n.sublayers {
            let w = s.isTransformLayer ? CATransform3DConcat(s.toParent, world)
                                       : CATransform3DConcat(flattened(s.toParent), world)
            r = r.union(of(s, world: w))
            if r.minX == -.infinity { return r }
        }
        return r
    }

    /// Whether everything `n` draws lies inside the rounded rectangle (in its parent's space),
    /// conservatively.
    static func isInside(_ n: RenderNode, roundedBounds b: CGRect, corners: CornerShape) -> Bool {
        let t = n.toParent
        guard CATransform3DIsAffine(t) else { return false }
        let e = of(n, world: flattened(t))
        if e.isEmpty { return true }
        let eps = 1e-9
        guard e.minX >= Double(b.minX) - eps, e.minY >= Double(b.minY) - eps,
              e.maxX <= Double(b.maxX) + eps, e.maxY <= Double(b.maxY) + eps else { return false }
        if corners.isSquare { return true }
        if corners.continuous { return false }
        // What the sublayer draws is its own rounded bounds when nothing else sticks out of
        // them; then its own corners may follow the parent's.
        let translatedOnly = t.m11 == 1 && t.m22 == 1 && t.m12 == 0 && t.m21 == 0
        let own = translatedOnly && Extent.drawsWithinBounds(n)
            ? CGRect(x: n.bounds.minX + t.m41, y: n.bounds.minY + t.m42, width: n.bounds.width, height: n.bounds.height)
            : nil
        // Each parent corner: the point of the extent nearest the corner must lie inside the arc,
        // unless the sublayer's own corner sits on the parent's with at least its radius.
        let parentRadii = [corners.radii.0, corners.radii.1, corners.radii.2, corners.radii.3]
        let childRadii = own.map { _ in [n.corners.radii.0, n.corners.radii.1, n.corners.radii.2, n.corners.radii.3] }
        let signs: [(Double, Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        for k in 0..<4 {
            let rp = Double(parentRadii[k])
            if rp <= 0 { continue }
            let (sx, sy) = signs[k]
            let cornerX = sx < 0 ? Double(b.minX) : Double(b.maxX), cornerY = sy < 0 ? Double(b.minY) : Double(b.maxY)
            if let o = own, let cr = childRadii?[k] {
                let ox = sx < 0 ? Double(o.minX) : Double(o.maxX), oy = sy < 0 ? Double(o.minY) : Double(o.maxY)
                if abs(ox - cornerX) < 1e-6 && abs(oy - cornerY) < 1e-6 && Double(cr) >= rp - 1e-9 && !n.corners.continuous {
                    continue
                }
            }
            let px = sx < 0 ? e.minX : e.maxX, py = sy < 0 ? e.minY : e.maxY
            let cx = cornerX - sx * rp, cy = cornerY - sy * rp
            // Only points beyond the arc's centre towards the corner can leave the arc.
            if (px - cx) * sx > 0 && (py - cy) * sy > 0 && (px - cx) * (px - cx) + (py - cy) * (py - cy) > rp * rp + 1e-9 {
                return false
            }
        }
        return true
    }

    /// Whether a layer draws nothing outside its own rounded bounds.
    static func drawsWithinBounds(_ n: RenderNode) -> Bool {
        if n.shadow != nil || n.contents != nil || n.isTransformLayer { return false }
        switch n.kind { case .plain: break; default: return false }
        return n.masksToBounds || n.sublayers.isEmpty
    }
}
