import Foundation

/// A point (or vector) in a 3D rendering context's target space after the perspective divide:
/// x right, y down, and z towards the viewer, who looks down −z orthographically.
package struct Point3D: Equatable, Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double

    @inlinable package init(x: Double, y: Double, z: Double) {
        self.x = x; self.y = y; self.z = z
    }

    @inlinable package static func + (a: Point3D, b: Point3D) -> Point3D {
        Point3D(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z)
    }

    @inlinable package static func - (a: Point3D, b: Point3D) -> Point3D {
        Point3D(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z)
    }

    @inlinable package static func * (a: Point3D, s: Double) -> Point3D {
        Point3D(x: a.x * s, y: a.y * s, z: a.z * s)
    }

    @inlinable package func dot(_ b: Point3D) -> Double { x * b.x + y * b.y + z * b.z }

    @inlinable package func cross(_ b: Point3D) -> Point3D {
        Point3D(x: y * b.z - z * b.y, y: z * b.x - x * b.z, z: x * b.y - y * b.x)
    }

    @inlinable package var length: Double { (x * x + y * y + z * z).squareRoot() }

    @inlinable package var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The largest absolute coordinate: the scale that epsilons are taken relative to.
    @inlinable package var magnitude: Double { Swift.max(Swift.abs(x), Swift.abs(y), Swift.abs(z)) }

    /// `a + t·(b − a)`, written so that `t = 0` and `t = 1` return `a` and `b` exactly.
    @inlinable package static func lerp(_ a: Point3D, _ b: Point3D, _ t: Double) -> Point3D {
        Point3D(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y), z: a.z + t * (b.z - a.z))
    }
}
