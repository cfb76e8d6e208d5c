import Foundation

/// One planar convex polygon of a 3D rendering context, ready for depth sorting: a layer's quad
/// after `clipToPositiveW` (and usually `clipConvexPolygon(_:to:)` with the viewport), in target
/// space after the divide.
package struct DepthPolygon: Sendable {
    /// The caller's payload (which layer this is); fragments carry it back.
    package var id: Int
    /// Painter's order among coplanar polygons: a higher order is drawn later, i.e. in front. The
    /// caller folds sibling index and zPosition into it.
    package var order: Int
    /// Convex, in either winding.
    package var points: [Point3D]
    package var plane: Plane3D

    /// Nil when the polygon has no area (fewer than three points, collinear, or non-finite), since
    /// it then covers nothing and cannot be drawn.
    package init?(id: Int, order: Int, points: [Point3D]) {
        guard let plane = Plane3D(polygon: points) else { return nil }
        self.init(id: id, order: order, points: points, plane: plane)
    }

    /// A layer's quad (or any convex polygon) as homogeneous points in the context's target space:
    /// clipped to w ≥ `minimumW` (see `clipToPositiveW`), divided, then clipped to `viewport` when
    /// given (recommended: it bounds the coordinates, and with them the sort's tolerance). Nil when
    /// nothing with area is left.
    package init?(id: Int, order: Int, homogeneous quad: [HomogeneousPoint], minimumW: Double? = nil,
                  viewport: CGRect? = nil) {
        var points = clipToPositiveW(quad, minimumW: minimumW)
        if let viewport { points = clipConvexPolygon(points, to: viewport) }
        self.init(id: id, order: order, points: points)
    }

    /// For a caller that already knows the plane (it must be that of `points`).
    package init(id: Int, order: Int, points: [Point3D], plane: Plane3D) {
        self.id = id; self.order = order; self.points = points; self.plane = plane
    }

    /// This polygon (or part of one) as it goes into the draw order.
    package var fragment: DepthFragment { DepthFragment(id: id, points: points, plane: plane) }
}

/// A piece of a `DepthPolygon` in the painter's order: either the whole polygon or a part of it
/// cut off by another polygon's plane. The parts of one polygon tile it exactly: a cut's two sides
/// share bit-identical vertices along the cut.
package struct DepthFragment: Sendable {
    package var id: Int
    package var points: [Point3D]
    /// The plane of the polygon it came from.
    package var plane: Plane3D

    package init(id: Int, points: [Point3D], plane: Plane3D) {
        self.id = id; self.points = points; self.plane = plane
    }
}
