import Foundation

/// The front-most polygon under a screen point and its depth there (larger z is nearer).
package struct DepthHit: Equatable, Sendable {
    package var id: Int
    package var z: Double

    package init(id: Int, z: Double) { self.id = id; self.z = z }
}

/// The painter's order of one 3D rendering context: its polygons sorted back to front by their
/// geometry, intersecting ones cut, as Core Animation draws them (docs/semantics.md §7).
///
/// Most polygons of a real scene overlap nothing, or overlap only polygons wholly behind or in
/// front of them, so a BSP tree over everything would waste work (and cut polygons far from
/// anything they overlap). `DepthPartition` first splits the polygons into groups that need no
/// relative order, and only groups that cannot be split further go to a `BSPTree`. A scene where
/// nothing overlaps costs O(n log n).
package struct DepthSort: Sendable {
    /// Back to front: drawing them in this order with the painter's algorithm is depth-correct.
    package private(set) var fragments: [DepthFragment] = []

    /// Default tolerance, relative to the largest coordinate: points closer than this to a plane
    /// count as on it, polygons closer than this in z as coplanar (then `order` decides), and boxes
    /// overlapping by less than this on screen as disjoint. Double precision keeps the rounding of
    /// projected points far below it; the float pipelines Core Animation uses could not tell such
    /// polygons apart either.
    package static let relativeEpsilon = 1e-6

    /// `epsilon` overrides the absolute tolerance (default: `relativeEpsilon` × the largest
    /// coordinate, at least 1). Clip polygons to the viewport first: one that projects far away
    /// from just in front of the eye would otherwise make the tolerance coarse.
    package init(_ polygons: [DepthPolygon], epsilon: Double? = nil) {
        let n = polygons.count
        guard n > 0 else { return }
        var partition = DepthPartition(polygons, epsilon: epsilon)
        partition.solve(Array(0..<n), skip: -1, depth: 0)
        fragments = partition.out
    }

    /// The front-most fragment containing the screen point, with its depth interpolated on the
    /// fragment's plane. Where fragments tie in depth (coplanar), the one drawn later wins, as it
    /// does on screen. Fragments seen edge-on cover nothing and are skipped.
    package func frontmost(at point: CGPoint) -> DepthHit? {
        let x = Double(point.x), y = Double(point.y)
        var best: DepthHit? = nil
        for f in fragments.reversed() {
            guard let z = depth(of: f.points, plane: f.plane, x: x, y: y) else { continue }
            if best == nil || z > best!.z + DepthSort.tieTolerance(z, best!.z) { best = DepthHit(id: f.id, z: z) }
        }
        return best
    }

    /// `frontmost(at:)` on unsorted polygons: coplanar ties go to the higher `order`.
    package static func frontmost(in polygons: [DepthPolygon], at point: CGPoint) -> DepthHit? {
        let x = Double(point.x), y = Double(point.y)
        var best: (hit: DepthHit, order: Int)? = nil
        for p in polygons {
            guard let z = depth(of: p.points, plane: p.plane, x: x, y: y) else { continue }
            if let b = best {
                let tol = tieTolerance(z, b.hit.z)
                if z < b.hit.z - tol || (z <= b.hit.z + tol && p.order <= b.order) { continue }
            }
            best = (DepthHit(id: p.id, z: z), p.order)
        }
        return best?.hit
    }

    private static func tieTolerance(_ a: Double, _ b: Double) -> Double {
        1e-9 * max(1, abs(a), abs(b))
    }
}

/// The plane's depth at (x, y) when that screen point lies in the convex polygon (boundary
/// included, either winding), else nil.
private func depth(of points: [Point3D], plane: Plane3D, x: Double, y: Double) -> Double? {
    guard let z = plane.z(atX: x, y: y), points.count >= 3 else { return nil }
    var scale = 1.0
    for p in points { scale = max(scale, abs(p.x), abs(p.y)) }
    let tol = 1e-12 * scale * scale
    var sign = 0.0
    var prev = points[points.count - 1]
    for cur in points {
        let c = (cur.x - prev.x) * (y - prev.y) - (cur.y - prev.y) * (x - prev.x)
        if c > tol {
            if sign < 0 { return nil }
            sign = 1
        } else if c < -tol {
            if sign > 0 { return nil }
            sign = -1
        }
        prev = cur
    }
    return z
}
