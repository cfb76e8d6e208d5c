import Foundation

/// The default for `clipToPositiveW`'s threshold: `w ≥ 1e-5 · max|w|` over the polygon. Being
/// relative, it does not depend on how the homogeneous coordinates are scaled; it bounds the
/// divided coordinates by 1e5 · max|x, y, z| / max|w|.
package let positiveWRelativeEpsilon = 1e-5

/// The smallest `w` that `clipToPositiveW` keeps for `points` by default. Several polygons that
/// share edges (one rendering context) may pass one common value so that their clipped edges meet.
package func positiveWThreshold(_ points: [HomogeneousPoint]) -> Double {
    var maxW = 0.0
    for p in points { maxW = max(maxW, abs(p.w)) }
    return positiveWRelativeEpsilon * maxW
}

/// Clips a convex polygon in homogeneous space to the half-space `w ≥ minimumW` (Sutherland–Hodgman
/// against the plane `w = minimumW`, before the divide, as GPUs and Chromium's compositor do), then
/// divides by w. What lies at or behind the eye is dropped, so the result never divides by zero.
///
/// Returns an empty array when nothing is in front of the eye, when the input has fewer than three
/// points or a non-finite coordinate, or when the divide overflows. The output is not bounded by
/// any viewport: a point just in front of the eye projects far away, so callers clip the result
/// with `clipConvexPolygon(_:to:)`.
package func clipToPositiveW(_ points: [HomogeneousPoint], minimumW: Double? = nil) -> [Point3D] {
    let n = points.count
    guard n >= 3 else { return [] }
    for p in points where !p.isFinite { return [] }
    let wMin = minimumW ?? positiveWThreshold(points)
    guard wMin > 0, wMin.isFinite else { return [] }

    var out: [Point3D] = []
    out.reserveCapacity(n + 2)
    var allInside = true
    for p in points where p.w < wMin { allInside = false; break }

    @inline(__always) func divide(_ p: HomogeneousPoint) -> Point3D {
        let r = 1 / p.w
        return Point3D(x: p.x * r, y: p.y * r, z: p.z * r)
    }
    // The crossing is interpolated from the inside vertex so that an edge shared by two polygons
    // (walked in opposite directions) yields bit-identical points.
    @inline(__always) func crossing(inside a: HomogeneousPoint, outside b: HomogeneousPoint) -> Point3D {
        let t = (a.w - wMin) / (a.w - b.w)
        let r = 1 / wMin
        return Point3D(x: (a.x + t * (b.x - a.x)) * r,
                       y: (a.y + t * (b.y - a.y)) * r,
                       z: (a.z + t * (b.z - a.z)) * r)
    }

    if allInside {
        for p in points { out.append(divide(p)) }
    } else {
        // Edge by edge from the first vertex, so that the output starts where the input does.
        for i in 0..<n {
            let cur = points[i], next = points[i + 1 == n ? 0 : i + 1]
            let curIn = cur.w >= wMin, nextIn = next.w >= wMin
            if curIn { out.append(divide(cur)) }
            if curIn && !nextIn { out.append(crossing(inside: cur, outside: next)) }
            if !curIn && nextIn { out.append(crossing(inside: next, outside: cur)) }
        }
    }
    guard out.count >= 3 else { return [] }
    for p in out where !p.isFinite { return [] }
    return out
}
