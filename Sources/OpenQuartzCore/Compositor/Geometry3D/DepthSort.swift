import Foundation

/// The front-most polygon under a screen point and its depth there (larger z is nearer).
package struct DepthHit: Equatable, Sendable {
    package var id: Int
    package var z: Double

    package init(id: Int, z: Double) { self.id = id; self.z = z }
}

/// The painter's order of one 3D rendering context: its polygons sorted back to front by their
/// geometry, intersecting ones cut, as Core Animation draws them (research §7).
///
/// Most polygons of a real scene overlap nothing, or overlap only polygons wholly behind or in
/// front of them, so a BSP tree over everything would waste work. The polygons are first split,
/// recursively, into groups separated by a gap in z (ordered: the far group first), in x or in y
/// (unordered: they cannot overlap on screen). Only groups that no axis separates go to a BSP tree.
/// Each step is a sort, so a scene where nothing overlaps costs O(n log n).
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
        var sorter = Partition(polygons, epsilon: epsilon)
        sorter.solve(0, n, skip: -1, depth: 0)
        fragments = sorter.out
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

/// The recursive gap split behind `DepthSort`, over an index permutation of the input.
private struct Partition {
    let polygons: [DepthPolygon]
    let epsilon: Double
    /// Per polygon: min and max of x, y, z (axis 0, 1, 2).
    var lo: [[Double]]
    var hi: [[Double]]
    var index: [Int]
    var out: [DepthFragment] = []

    /// Beyond this many nested splits the group goes to the BSP tree as it is, which is always
    /// correct; it only bounds the recursion on contrived inputs.
    static let maxDepth = 64

    init(_ polygons: [DepthPolygon], epsilon: Double?) {
        self.polygons = polygons
        let n = polygons.count
        var lo = [[Double]](repeating: [Double](repeating: 0, count: n), count: 3)
        var hi = lo
        var scale = 1.0
        for (i, p) in polygons.enumerated() {
            var mn = (Double.infinity, Double.infinity, Double.infinity)
            var mx = (-Double.infinity, -Double.infinity, -Double.infinity)
            for q in p.points {
                mn = (min(mn.0, q.x), min(mn.1, q.y), min(mn.2, q.z))
                mx = (max(mx.0, q.x), max(mx.1, q.y), max(mx.2, q.z))
            }
            lo[0][i] = mn.0; lo[1][i] = mn.1; lo[2][i] = mn.2
            hi[0][i] = mx.0; hi[1][i] = mx.1; hi[2][i] = mx.2
            scale = max(scale, abs(mn.0), abs(mn.1), abs(mn.2), abs(mx.0), abs(mx.1), abs(mx.2))
        }
        self.lo = lo
        self.hi = hi
        self.epsilon = epsilon ?? DepthSort.relativeEpsilon * scale
        index = Array(0..<n)
        out.reserveCapacity(n)
    }

    /// Emits `index[start..<end]` back to front. `skip` is the axis the caller just split on: a group
    /// it produced has no gap on that axis.
    mutating func solve(_ start: Int, _ end: Int, skip: Int, depth: Int) {
        if end - start == 1 {
            let p = polygons[index[start]]
            out.append(DepthFragment(id: p.id, points: p.points, plane: p.plane))
            return
        }
        if depth < Partition.maxDepth {
            // z first: it alone gives an order, and parallel stacks (zPosition) are common.
            for axis in [2, 0, 1] where axis != skip {
                let groups = gaps(start, end, axis: axis)
                guard groups.count > 1 else { continue }
                if axis == 2 {
                    for g in groups { solve(g.0, g.1, skip: 2, depth: depth + 1) }
                } else {
                    // Any order is correct; the lowest `order` first keeps flat scenes in array order.
                    var keyed: [(order: Int, range: (Int, Int))] = []
                    keyed.reserveCapacity(groups.count)
                    for g in groups {
                        var m = Int.max
                        for i in g.0..<g.1 { m = min(m, polygons[index[i]].order) }
                        keyed.append((m, g))
                    }
                    keyed.sort { $0.order < $1.order }
                    for k in keyed { solve(k.range.0, k.range.1, skip: axis, depth: depth + 1) }
                }
                return
            }
        }
        // Sorted by depth, the BSP tree's splitter candidates are depth quantiles.
        sortRange(start, end, axis: 2)
        var group: [DepthPolygon] = []
        group.reserveCapacity(end - start)
        for i in start..<end { group.append(polygons[index[i]]) }
        BSPTree(group, epsilon: epsilon).appendBackToFront(to: &out)
    }

    private mutating func sortRange(_ start: Int, _ end: Int, axis: Int) {
        let key = lo[axis]
        index.withUnsafeMutableBufferPointer { buf in
            var slice = UnsafeMutableBufferPointer(rebasing: buf[start..<end])
            slice.sort { key[$0] < key[$1] }
        }
    }

    /// Sorts the range by the axis minimum and cuts it wherever no polygon reaches across: in z only
    /// at a real gap (more than epsilon, so that coplanar polygons stay together and `order` decides
    /// between them); on screen also where boxes merely touch (adjacent tiles).
    private mutating func gaps(_ start: Int, _ end: Int, axis: Int) -> [(Int, Int)] {
        sortRange(start, end, axis: axis)
        let mins = lo[axis], maxs = hi[axis]
        let eps = epsilon
        var groups: [(Int, Int)] = []
        var groupStart = start
        var reach = maxs[index[start]]
        for i in (start + 1)..<end {
            let k = index[i]
            let cut = axis == 2 ? mins[k] > reach + eps : mins[k] >= reach - eps
            if cut {
                groups.append((groupStart, i))
                groupStart = i
            }
            reach = max(reach, maxs[k])
        }
        groups.append((groupStart, end))
        return groups
    }
}
