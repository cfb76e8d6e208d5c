import Foundation

/// Where a convex polygon lies relative to a plane, vertices within `epsilon` of it counting as on it.
package enum PlaneSide: Equatable, Sendable {
    /// Every vertex on the positive side or on the plane (at least one strictly positive).
    case front
    /// Every vertex on the negative side or on the plane (at least one strictly negative).
    case back
    /// Every vertex on the plane.
    case coplanar
    /// Vertices strictly on both sides.
    case spanning
}

extension Plane3D {
    package func side(of points: [Point3D], epsilon: Double) -> PlaneSide {
        var front = false, back = false
        for p in points {
            let s = signedDistance(p)
            if s > epsilon { front = true } else if s < -epsilon { back = true }
            if front && back { return .spanning }
        }
        return front ? .front : (back ? .back : .coplanar)
    }

    /// Cuts a convex polygon that spans the plane into its positive and negative parts (both convex,
    /// same winding as the input). Vertices on the plane go to both parts, and each crossing point is
    /// computed once and put in both, so the parts share their cut edge bit for bit: filling both
    /// leaves no crack and no overlap. The crossing is interpolated from the positive vertex towards
    /// the negative one, so polygons sharing an edge get the same point whichever way they walk it.
    /// Returns nil unless `side(of:epsilon:)` is `.spanning`.
    package func split(_ points: [Point3D], epsilon: Double) -> (front: [Point3D], back: [Point3D])? {
        guard side(of: points, epsilon: epsilon) == .spanning else { return nil }
        let n = points.count
        var front: [Point3D] = [], back: [Point3D] = []
        front.reserveCapacity(n + 1)
        back.reserveCapacity(n + 1)
        @inline(__always) func sideOf(_ s: Double) -> Int { s > epsilon ? 1 : (s < -epsilon ? -1 : 0) }
        var prev = points[n - 1]
        var prevS = signedDistance(prev)
        var prevSide = sideOf(prevS)
        for cur in points {
            let curS = signedDistance(cur)
            let curSide = sideOf(curS)
            if prevSide * curSide < 0 {
                let p = prevSide > 0 ? Point3D.lerp(prev, cur, prevS / (prevS - curS))
                                     : Point3D.lerp(cur, prev, curS / (curS - prevS))
                front.append(p)
                back.append(p)
            }
            if curSide >= 0 { front.append(cur) }
            if curSide <= 0 { back.append(cur) }
            prev = cur; prevS = curS; prevSide = curSide
        }
        return (front, back)
    }
}
