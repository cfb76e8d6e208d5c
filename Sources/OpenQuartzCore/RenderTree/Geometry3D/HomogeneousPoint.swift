import Foundation

/// A point `[x y z w]` in a rendering context's target space before the perspective divide, as
/// `[px py 0 1] · M` gives it for a point of a layer's bounds (row-vector convention of
/// CATransform3D). `w > 0` is in front of the eye; `w ≤ 0` is at or behind it.
package struct HomogeneousPoint: Equatable, Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double
    package var w: Double

    @inlinable package init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }

    /// The point `[x y z 1] · transform`.
    package init(x: Double, y: Double, z: Double = 0, transform t: CATransform3D) {
        let p = t.apply(x: CGFloat(x), y: CGFloat(y), z: CGFloat(z), w: 1)
        self.init(x: Double(p.x), y: Double(p.y), z: Double(p.z), w: Double(p.w))
    }

    @inlinable package var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }

    /// A layer's quad in the facing convention of `isBackFacing`: the corners (minX, minY),
    /// (maxX, minY), (maxX, maxY), (minX, maxY) of `rect` (y down), each mapped by `transform`.
    package static func quad(_ rect: CGRect, transform t: CATransform3D) -> [HomogeneousPoint] {
        let r = rect.standardized
        return [HomogeneousPoint(x: Double(r.minX), y: Double(r.minY), transform: t),
                HomogeneousPoint(x: Double(r.maxX), y: Double(r.minY), transform: t),
                HomogeneousPoint(x: Double(r.maxX), y: Double(r.maxY), transform: t),
                HomogeneousPoint(x: Double(r.minX), y: Double(r.maxY), transform: t)]
    }
}
