import Foundation

/// An oriented plane `normal · p + d = 0` with a unit normal, so that `signedDistance` is a true
/// distance in the space's units. The positive side is the one the normal points to.
package struct Plane3D: Equatable, Hashable, Sendable {
    package var normal: Point3D
    package var d: Double

    @inlinable package init(normal: Point3D, d: Double) {
        self.normal = normal; self.d = d
    }

    /// The plane of a (nearly) planar polygon by Newell's method, taken about the centroid so that
    /// a far-away polygon loses no precision. The normal follows the winding: with y down and z
    /// towards the viewer, a polygon wound (minX,minY) → (maxX,minY) → (maxX,maxY) gets a normal
    /// with positive z, i.e. it faces the viewer. Nil for fewer than three points, non-finite
    /// points, or a polygon with no area (a line or a point).
    package init?(polygon points: [Point3D]) {
        let n = points.count
        guard n >= 3 else { return nil }
        var c = Point3D(x: 0, y: 0, z: 0)
        for p in points {
            guard p.isFinite else { return nil }
            c = c + p
        }
        c = c * (1 / Double(n))
        var sum = Point3D(x: 0, y: 0, z: 0)
        var extent = 0.0
        var prev = points[n - 1] - c
        for p in points {
            let cur = p - c
            sum = sum + prev.cross(cur)
            extent = Swift.max(extent, cur.magnitude)
            prev = cur
        }
        let len = sum.length
        // |sum| is twice the area; compare with extent² so the test does not depend on units.
        guard len.isFinite, len > 1e-12 * extent * extent, len > 0 else { return nil }
        let unit = sum * (1 / len)
        self.init(normal: unit, d: -unit.dot(c))
    }

    @inlinable package func signedDistance(_ p: Point3D) -> Double { normal.dot(p) + d }

    /// The depth of the plane above the screen point (x, y), or nil where the plane is seen
    /// edge-on (it covers no area on screen there).
    @inlinable package func z(atX x: Double, y: Double) -> Double? {
        guard Swift.abs(normal.z) > 1e-12 else { return nil }
        return -(normal.x * x + normal.y * y + d) / normal.z
    }

    /// True when the side the normal points to is turned away from the viewer (who is at +z).
    @inlinable package var isBackFacing: Bool { normal.z < 0 }
}
