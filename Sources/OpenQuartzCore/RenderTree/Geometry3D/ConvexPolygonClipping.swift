import Foundation

/// Clips a convex polygon to an axis-aligned rectangle in x and y (Sutherland–Hodgman, one edge
/// at a time). z is interpolated linearly along the cut edges, which is exact for a planar
/// polygon after the perspective divide (its z is an affine function of x and y). Callers use it
/// to bring geometry that projects far away (just in front of the eye) back to the viewport before
/// sorting or rasterising. Returns an empty array when less than a triangle remains.
package func clipConvexPolygon(_ points: [Point3D], to rect: CGRect) -> [Point3D] {
    let r = rect.standardized
    guard points.count >= 3, !r.isNull, r.width > 0, r.height > 0 else { return [] }
    let minX = Double(r.minX), maxX = Double(r.maxX), minY = Double(r.minY), maxY = Double(r.maxY)

    var fastPath = true
    for p in points where !(p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY) {
        fastPath = false; break
    }
    if fastPath { return points }

    var a = points
    var b: [Point3D] = []
    b.reserveCapacity(points.count + 4)
    // Each edge of the rectangle as (axis is y?, bound, keep values above the bound?).
    let edges: [(Bool, Double, Bool)] = [(false, minX, true), (false, maxX, false),
                                         (true, minY, true), (true, maxY, false)]
    for (useY, bound, keepAbove) in edges {
        b.removeAll(keepingCapacity: true)
        let n = a.count
        guard n > 0 else { return [] }
        var prev = a[n - 1]
        var prevV = useY ? prev.y : prev.x
        var prevIn = keepAbove ? prevV >= bound : prevV <= bound
        for cur in a {
            let curV = useY ? cur.y : cur.x
            let curIn = keepAbove ? curV >= bound : curV <= bound
            if curIn != prevIn {
                // Interpolate from the inside vertex, as clipToPositiveW does.
                let (i, o, iv, ov) = curIn ? (cur, prev, curV, prevV) : (prev, cur, prevV, curV)
                var p = Point3D.lerp(i, o, (iv - bound) / (iv - ov))
                if useY { p.y = bound } else { p.x = bound }
                b.append(p)
            }
            if curIn { b.append(cur) }
            prev = cur; prevV = curV; prevIn = curIn
        }
        swap(&a, &b)
    }
    return a.count >= 3 ? a : []
}

/// `clipConvexPolygon(_:to:)` for plain 2D points.
package func clipConvexPolygon(_ points: [CGPoint], to rect: CGRect) -> [CGPoint] {
    clipConvexPolygon(points.map { Point3D(x: Double($0.x), y: Double($0.y), z: 0) }, to: rect)
        .map { CGPoint(x: $0.x, y: $0.y) }
}
