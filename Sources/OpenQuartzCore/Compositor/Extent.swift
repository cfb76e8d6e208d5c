import Foundation
import Raster

/// Where a layer subtree can draw, for sizing offscreen surfaces to what is needed.
enum Extent {
    /// The target-space bounding box of everything `n` draws through `world`: its bounds,
    /// contents, shape, sublayers (unless masksToBounds), shadow, limited by its mask.
    static func of(_ n: RenderNode, world: CATransform3D) -> DeviceRect {
        let m = ProjectiveTransform(plane: world)
        var r = DeviceRect.empty
        let own = DeviceRect(n.bounds, through: m)
        if !n.isTransformLayer && (n.background != nil || n.hasBorder || n.masksToBounds) { r = own }
        if let c = n.contents {
            r = r.union(DeviceRect(ContentsRenderer.visibleRect(c, bounds: n.bounds), through: m))
        }
        switch n.kind {
        case .shape(let s):
            var b = s.path.boundsRect
            if let st = s.stroke {
                let pad = CGFloat(st.style.width) * max(CGFloat(st.style.miterLimit), 1) / 2
                b = b.insetBy(dx: -pad, dy: -pad)
            }
            r = r.union(DeviceRect(b, through: m))
        case .gradient: r = r.union(own)
        default: break
        }
        var kids = DeviceRect.empty
        if case .replicator(let rep) = n.kind {
            var instance = CATransform3DIdentity
            for _ in 0..<rep.instanceCount {
                kids = kids.union(sublayers(n, world: CATransform3DConcat(instance, world)))
                if kids.minX == -.infinity { break }
                instance = CATransform3DConcat(rep.instanceTransform, instance)
            }
        } else {
            kids = sublayers(n, world: world)
        }
        r = r.union(n.masksToBounds ? kids.intersection(own) : kids)
        if let s = n.shadow, !r.isEmpty || s.path != nil {
            let det = world.m11 * world.m22 - world.m12 * world.m21
            let reach = 3 * Double(s.sigma) * abs(Double(det)).squareRoot() + 1
            let o = world.apply(x: s.offset.width, y: s.offset.height, z: 0, w: 0)
            var shape = r
            if let p = s.path { shape = DeviceRect(p.boundsRect, through: m) }
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
        // A sublayer that clips to the same rounded rectangle, placed exactly on it.
        if n.masksToBounds && t.m11 == 1 && t.m22 == 1 && t.m12 == 0 && t.m21 == 0
            && n.bounds.size == b.size && abs(t.m41 + n.bounds.minX - b.minX) < 1e-9 && abs(t.m42 + n.bounds.minY - b.minY) < 1e-9
            && n.shadow == nil && n.mask == nil && n.corners.radii.0 >= corners.radii.0
            && n.corners.radii.1 >= corners.radii.1 && n.corners.radii.2 >= corners.radii.2
            && n.corners.radii.3 >= corners.radii.3 && n.corners.continuous == corners.continuous {
            return true
        }
        let e = of(n, world: flattened(t))
        if e.isEmpty { return true }
        // Inside the rectangle inset by r(1 − 1/√2), no box can reach past a circular corner.
        let r = max(corners.radii.0, corners.radii.1, corners.radii.2, corners.radii.3)
        let d = Double(r) * (corners.continuous ? 0.45 : 0.2929)
        return e.minX >= Double(b.minX) + d && e.minY >= Double(b.minY) + d
            && e.maxX <= Double(b.maxX) - d && e.maxY <= Double(b.maxY) - d
    }
}
