import Foundation

/// Layer geometry (docs/semantics.md §1.2). Matrices are CATransform3D row-vector matrices, `p' = p · M`,
/// so `CATransform3DConcat(a, b)` applies `a` first.
///
/// For a layer L with bounds B, anchorPoint a, anchorPointZ az, position P, zPosition pz and
/// transform T, in a superlayer S with sublayerTransform U:
///
///     A_L      = (B.x + a.x·B.w, B.y + a.y·B.h, az)          anchor in L's bounds space
///     Local_L  = Tr(−A_L) · T · Tr(P.x, P.y, pz)              L's bounds space → S's sublayer space
///     Flip_S   = reflection y ↦ 2·S.bounds.minY + S.bounds.h − y, only if S.isGeometryFlipped
///     Sub_S    = Tr(−A_S) · U · Tr(A_S)                       about S's anchor (anchorPointZ included)
///     ToParent = Local_L · Flip_S · Sub_S                     = transformToSuperlayer()
///
/// A mask is placed in its host's bounds space by `Local` alone: the host's sublayerTransform and
/// flip are for sublayers (docs/semantics.md, open question 9; our choice).
extension CALayer {

    /// The anchor point in the layer's own bounds space, z included.
    final var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        (bounds.origin.x + anchorPoint.x * bounds.size.width,
         bounds.origin.y + anchorPoint.y * bounds.size.height,
         anchorPointZ)
    }

    /// `Local_L`: bounds space → the superlayer's sublayer space (where `position` lives).
    package final func localTransform() -> CATransform3D {
        CALayer.localTransform(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ, transform: transform,
                               position: position, zPosition: zPosition)
    }

    /// `Local_L` of the given values (the snapshot's presented values use it too).
    @inline(__always)
    static func localTransform(bounds b: CGRect, anchorPoint ap: CGPoint, anchorPointZ az: CGFloat, transform: CATransform3D,
                               position: CGPoint, zPosition: CGFloat) -> CATransform3D {
        var m = CATransform3DMakeTranslation(-(b.origin.x + ap.x * b.size.width), -(b.origin.y + ap.y * b.size.height), -az)
        m = CATransform3DConcat(m, transform)
        return CATransform3DConcat(m, CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// `Flip_S · Sub_S`: how this layer turns its sublayers' placement into its bounds space.
    final func sublayerSpaceTransform() -> CATransform3D {
        CALayer.sublayerSpaceTransform(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
                                       isGeometryFlipped: isGeometryFlipped, sublayerTransform: sublayerTransform)
    }

    /// `Flip_S · Sub_S` of the given values.
    @inline(__always)
    static func sublayerSpaceTransform(bounds: CGRect, anchorPoint ap: CGPoint, anchorPointZ az: CGFloat, isGeometryFlipped: Bool,
                                       sublayerTransform: CATransform3D) -> CATransform3D {
        var m = CATransform3DIdentity
        if isGeometryFlipped {
            m.m22 = -1
            m.m42 = 2 * bounds.origin.y + bounds.size.height
        }
        if !CATransform3DIsIdentity(sublayerTransform) {
            let a = (x: bounds.origin.x + ap.x * bounds.size.width, y: bounds.origin.y + ap.y * bounds.size.height, z: az)
            var sub = CATransform3DMakeTranslation(-a.x, -a.y, -a.z)
            sub = CATransform3DConcat(sub, sublayerTransform)
            sub = CATransform3DConcat(sub, CATransform3DMakeTranslation(a.x, a.y, a.z))
            m = CATransform3DConcat(m, sub)
        }
        return m
    }

    /// OpenQuartzCore extension: the exact matrix taking a point `[x y z 1]` of this layer's
    /// bounds space to its superlayer's bounds space, before any flattening:
    /// `Local · Flip_S · Sub_S`, so the superlayer's `sublayerTransform` (about the superlayer's
    /// anchor) and `isGeometryFlipped` are included. For a root layer (or a mask) it is `Local`
    /// alone. Divide by w to get 2D coordinates; an ordinary superlayer then drops z (flattens),
    /// a CATransformLayer does not.
    public final func transformToSuperlayer() -> CATransform3D {
        let local = localTransform()
        guard let parent = superlayer, !isMaskLayer else { return local }
        if !parent.isGeometryFlipped && CATransform3DIsIdentity(parent.sublayerTransform) { return local }
        return CATransform3DConcat(local, parent.sublayerSpaceTransform())
    }

    // MARK: frame

    /// Bounding box of the bounds corners mapped by `Local` and divided by w. `CGRect.null` when a
    /// corner lands on or behind the eye plane (w ≤ 0) of a perspective `transform`.
    final func computedFrame() -> CGRect {
        let m = localTransform()
        let b = bounds
        if m.m14 == 0 && m.m24 == 0 && m.m44 == 1 {
            // No perspective from a z = 0 point: the image is an affine map of the rect.
            let t = CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42)
            return b.applying(t)
        }
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)] {
            let h = m.apply(x: x, y: y, z: 0)
            guard h.w > 0 else { return .null }
            minX = min(minX, h.x / h.w); maxX = max(maxX, h.x / h.w)
            minY = min(minY, h.y / h.w); maxY = max(maxY, h.y / h.w)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `bounds.size = frame.size` (origin kept), `position = frame.origin + anchorPoint·size`.
    final func applyFrame(_ f: CGRect) {
        bounds.size = f.size
        position = CGPoint(x: f.origin.x + anchorPoint.x * f.size.width,
                           y: f.origin.y + anchorPoint.y * f.size.height)
    }

    // MARK: Conversion between layers

    // The open `convert` members are in the class body; these do the work.

    static func map(_ r: CGRect, from src: CALayer?, to dst: CALayer?) -> CGRect {
        if r.isNull || src === dst { return r }
        let path = LayerPath(from: src, to: dst)
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for corner in [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)] {
            let q = path.map(corner)
            if q.x.isNaN || q.y.isNaN { return .null }
            minX = min(minX, q.x); maxX = max(maxX, q.x)
            minY = min(minY, q.y); maxY = max(maxY, q.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func map(_ p: CGPoint, from src: CALayer?, to dst: CALayer?) -> CGPoint {
        if src === dst { return p }
        return LayerPath(from: src, to: dst).map(p)
    }

    /// The matrices from this layer's plane up to `top`'s plane (nil: the root's superlayer
    /// space), one per flattening step: each maps a z = 0 point of the lower plane to the next
    /// plane above, which is `top` or an ancestor that flattens its sublayers. Layers that do not
    /// flatten (CATransformLayer) are composed through without dropping z.
    final func planeSteps(upTo top: CALayer?) -> [CATransform3D] {
        var steps: [CATransform3D] = []
        var m = CATransform3DIdentity
        var current = self
        while current !== top {
            m = CATransform3DConcat(m, current.transformToSuperlayer())
            guard let parent = current.superlayer else {
                steps.append(m)
                break
            }
            if parent === top || parent.flattensSublayers || current.isMaskLayer {
                steps.append(m)
                m = CATransform3DIdentity
            }
            current = parent
        }
        return steps
    }
}

/// The route of a point between two layers: up from the source to their meeting plane by
/// projection, then down to the destination by un-projection.
struct LayerPath {
    var up: [CATransform3D]
    var down: [CATransform3D]

    init(from src: CALayer?, to dst: CALayer?) {
        let meet = LayerPath.meetingPlane(src, dst)
        up = src?.planeSteps(upTo: meet) ?? []
        down = dst?.planeSteps(upTo: meet) ?? []
    }

    /// The lowest common ancestor, lifted past layers that do not flatten (so the meeting space is
    /// a plane the layers are drawn into), or nil (the root's superlayer space).
    static func meetingPlane(_ a: CALayer?, _ b: CALayer?) -> CALayer? {
        guard let a, let b else { return nil }
        var ancestorsOfA = Set<ObjectIdentifier>()
        var l: CALayer? = a
        while let layer = l { ancestorsOfA.insert(ObjectIdentifier(layer)); l = layer.superlayer }
        var common: CALayer? = b
        while let layer = common, !ancestorsOfA.contains(ObjectIdentifier(layer)) { common = layer.superlayer }
        while let layer = common, !layer.flattensSublayers, let parent = layer.superlayer {
            common = parent
        }
        return common
    }

    /// NaN when some step has no visible answer: a plane seen edge on, or a point on or behind
    /// the eye plane (w ≤ 0) of a perspective.
    func map(_ p: CGPoint) -> CGPoint {
        let none = CGPoint(x: CGFloat.nan, y: CGFloat.nan)
        var q = p
        for m in up {
            guard let r = LayerPath.project(q, m) else { return none }
            q = r
        }
        for m in down.reversed() {
            guard let r = LayerPath.unproject(q, m), r.w > 0 else { return none }
            q = r.point
        }
        return q
    }

    /// `[x y 0 1] · m`, divided by w; nil when w ≤ 0 (on or behind the eye plane).
    @inline(__always)
    static func project(_ p: CGPoint, _ m: CATransform3D) -> CGPoint? {
        let h = m.apply(x: p.x, y: p.y, z: 0)
        if h.w == 1 { return CGPoint(x: h.x, y: h.y) }
        guard h.w > 0 else { return nil }
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// The point (x, y) of the lower plane z = 0 with `[x y 0 1] · m` projecting to `p`, and the w
    /// it projects with (≤ 0: behind the eye). Nil when the plane is seen edge on.
    /// Solves, by Cramer's rule (docs/semantics.md §8.1):
    ///     (m11 − px·m14)·x + (m21 − px·m24)·y = px·m44 − m41
    ///     (m12 − py·m14)·x + (m22 − py·m24)·y = py·m44 − m42
    static func unproject(_ p: CGPoint, _ m: CATransform3D) -> (point: CGPoint, w: CGFloat)? {
        let a11 = m.m11 - p.x * m.m14, a12 = m.m21 - p.x * m.m24, b1 = p.x * m.m44 - m.m41
        let a21 = m.m12 - p.y * m.m14, a22 = m.m22 - p.y * m.m24, b2 = p.y * m.m44 - m.m42
        let det = a11 * a22 - a12 * a21
        // Edge on, a rotation leaves rounding noise (cos 90° = 6e-17), not an exact zero: compare
        // with the size of the entries, so only a truly degenerate map is refused.
        let size = max(abs(a11), abs(a12), abs(a21), abs(a22))
        guard det.isFinite, size > 0, abs(det) > 1e-12 * size * size else { return nil }
        let x = (b1 * a22 - a12 * b2) / det
        let y = (a11 * b2 - b1 * a21) / det
        return (CGPoint(x: x, y: y), x * m.m14 + y * m.m24 + m.m44)
    }
}
