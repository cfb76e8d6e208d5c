import Foundation

/// The divide-and-conquer step in front of the BSP trees of `DepthSort`. A group of polygons is
/// split, recursively, where one of these holds:
///
/// 1. A gap in z: the groups are ordered, the far one first.
/// 2. A gap in screen x or y: the groups cannot overlap on screen, so any order is right.
/// 3. A large group that no gap splits but a screen line x = c or y = c (at the median) crosses
///    few of: the crossed polygons are cut along the line (a plane seen edge-on, so both sides
///    need no relative order either) and each side is solved on its own. This keeps a big tangle
///    of locally overlapping polygons from becoming one BSP tree whose planes cut polygons far
///    from anything they overlap.
///
/// What remains goes to a `BSPTree`. Each step is a sort or a linear pass.
struct DepthPartition {
    /// The input polygons followed by the parts of those cut along screen lines.
    private var polygons: [DepthPolygon]
    private var epsilon: Double
    /// Per polygon: min and max of x, y, z (axis 0, 1, 2).
    private var lo: [[Double]]
    private var hi: [[Double]]
    private(set) var out: [DepthFragment] = []

    /// Beyond this many nested splits a group goes to the BSP tree as it is, which is always
    /// correct; it only bounds the recursion on contrived inputs.
    static let maxDepth = 100
    /// Groups up to this size go to a BSP tree without trying a screen cut.
    static let smallGroup = 16

    init(_ polygons: [DepthPolygon], epsilon: Double?) {
        self.polygons = polygons
        let n = polygons.count
        lo = [[Double]](repeating: [], count: 3)
        hi = lo
        for a in 0..<3 { lo[a].reserveCapacity(n); hi[a].reserveCapacity(n) }
        var scale = 1.0
        self.epsilon = 0
        for p in polygons { scale = max(scale, appendBounds(p.points)) }
        self.epsilon = epsilon ?? DepthSort.relativeEpsilon * scale
        out.reserveCapacity(n)
    }

    /// Records the bounds of a polygon; returns its largest absolute coordinate.
    private mutating func appendBounds(_ points: [Point3D]) -> Double {
        var mnX = Double.infinity, mnY = Double.infinity, mnZ = Double.infinity
        var mxX = -Double.infinity, mxY = -Double.infinity, mxZ = -Double.infinity
        for q in points {
            mnX = min(mnX, q.x); mnY = min(mnY, q.y); mnZ = min(mnZ, q.z)
            mxX = max(mxX, q.x); mxY = max(mxY, q.y); mxZ = max(mxZ, q.z)
        }
        lo[0].append(mnX); lo[1].append(mnY); lo[2].append(mnZ)
        hi[0].append(mxX); hi[1].append(mxY); hi[2].append(mxZ)
        return max(abs(mnX), abs(mnY), abs(mnZ), abs(mxX), abs(mxY), abs(mxZ))
    }

    /// Appends the polygons `items` back to front to `out`. `skip` is the axis the caller just
    /// split on by a gap: a group it produced has no gap on that axis.
    mutating func solve(_ items: [Int], skip: Int, depth: Int) {
        if items.count == 1 {
            let p = polygons[items[0]]
            out.append(DepthFragment(id: p.id, points: p.points, plane: p.plane))
            return
        }
        var items = items
        if depth < DepthPartition.maxDepth {
            // z first: it alone gives an order, and parallel stacks (zPosition) are common.
            for axis in [2, 0, 1] where axis != skip {
                let groups = gaps(&items, axis: axis)
                guard groups.count > 1 else { continue }
                if axis == 2 {
                    for g in groups { solve(Array(items[g]), skip: 2, depth: depth + 1) }
                } else {
                    // Any order is correct; the lowest `order` first keeps flat scenes in array order.
                    var keyed: [(order: Int, range: Range<Int>)] = []
                    keyed.reserveCapacity(groups.count)
                    for g in groups { keyed.append((minimumOrder(items[g]), g)) }
                    keyed.sort { $0.order < $1.order }
                    for k in keyed { solve(Array(items[k.range]), skip: axis, depth: depth + 1) }
                }
                return
            }
            if items.count > DepthPartition.smallGroup, !allCoplanar(items), let (a, b) = screenCut(items) {
                let first = minimumOrder(a[...]) <= minimumOrder(b[...])
                solve(first ? a : b, skip: -1, depth: depth + 1)
                solve(first ? b : a, skip: -1, depth: depth + 1)
                return
            }
        }
        // Sorted by depth, the BSP tree's splitter candidates are depth quantiles.
        sort(&items, axis: 2)
        BSPTree(items.map { polygons[$0] }, epsilon: epsilon).appendBackToFront(to: &out)
    }

    /// A flat group (a 2D UI seen in a 3D context) needs no cut at all: the BSP tree puts it in one
    /// node and orders it by `order`.
    private func allCoplanar(_ items: [Int]) -> Bool {
        let plane = polygons[items[0]].plane
        for i in items.dropFirst() where plane.side(of: polygons[i].points, epsilon: epsilon) != .coplanar {
            return false
        }
        return true
    }

    private func minimumOrder(_ items: ArraySlice<Int>) -> Int {
        var m = Int.max
        for i in items { m = min(m, polygons[i].order) }
        return m
    }

    private func sort(_ items: inout [Int], axis: Int) {
        let key = lo[axis]
        items.withUnsafeMutableBufferPointer { buf in buf.sort { key[$0] < key[$1] } }
    }

    /// Sorts by the axis minimum and cuts wherever no polygon reaches across: in z only at a real
    /// gap (more than epsilon, so that coplanar polygons stay together and `order` decides between
    /// them); on screen also where boxes merely touch (adjacent tiles).
    private func gaps(_ items: inout [Int], axis: Int) -> [Range<Int>] {
        sort(&items, axis: axis)
        let mins = lo[axis], maxs = hi[axis]
        let eps = epsilon
        var groups: [Range<Int>] = []
        var groupStart = 0
        var reach = maxs[items[0]]
        for i in 1..<items.count {
            let k = items[i]
            let cut = axis == 2 ? mins[k] > reach + eps : mins[k] >= reach - eps
            if cut {
                groups.append(groupStart..<i)
                groupStart = i
            }
            reach = max(reach, maxs[k])
        }
        groups.append(groupStart..<items.count)
        return groups
    }

    /// Splits along x = c or y = c through the median of the box centres, on the axis that crosses
    /// fewer polygons, provided it crosses at most a quarter of them and leaves both sides
    /// non-empty. Crossed polygons are cut in two (their parts are appended to `polygons`).
    private mutating func screenCut(_ items: [Int]) -> ([Int], [Int])? {
        let eps = epsilon
        var best: (axis: Int, c: Double, crossed: Int)? = nil
        var centres = [Double](repeating: 0, count: items.count)
        for axis in 0..<2 {
            let mins = lo[axis], maxs = hi[axis]
            for (j, i) in items.enumerated() { centres[j] = 0.5 * (mins[i] + maxs[i]) }
            let mid = centres.count / 2
            centres.withUnsafeMutableBufferPointer { buf in
                // A full sort would do; selection is O(n).
                select(buf, mid)
            }
            let c = centres[mid]
            var crossed = 0
            for i in items where mins[i] < c - eps && maxs[i] > c + eps { crossed += 1 }
            if crossed * 4 <= items.count, best == nil || crossed < best!.crossed { best = (axis, c, crossed) }
        }
        guard let (axis, c, _) = best else { return nil }
        var normal = Point3D(x: 0, y: 0, z: 0)
        if axis == 0 { normal.x = 1 } else { normal.y = 1 }
        let line = Plane3D(normal: normal, d: -c)
        var below: [Int] = [], above: [Int] = []
        for i in items {
            if hi[axis][i] <= c + eps {
                below.append(i)
            } else if lo[axis][i] >= c - eps {
                above.append(i)
            } else {
                let p = polygons[i]
                guard let (f, b) = line.split(p.points, epsilon: eps) else {
                    // Spans by its box but not by its vertices within epsilon: keep it whole.
                    below.append(i)
                    continue
                }
                for (part, isAbove) in [(f, true), (b, false)] {
                    polygons.append(DepthPolygon(id: p.id, order: p.order, points: part, plane: p.plane))
                    _ = appendBounds(part)
                    if isAbove { above.append(polygons.count - 1) } else { below.append(polygons.count - 1) }
                }
            }
        }
        guard !below.isEmpty, !above.isEmpty else { return nil }
        return (below, above)
    }
}

/// Moves the k-th smallest element to position k, smaller ones before it (Hoare's selection).
private func select(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int) {
    var left = 0, right = a.count - 1
    while left < right {
        let pivot = a[(left + right) / 2]
        var i = left, j = right
        while i <= j {
            while a[i] < pivot { i += 1 }
            while a[j] > pivot { j -= 1 }
            if i <= j { a.swapAt(i, j); i += 1; j -= 1 }
        }
        if k <= j { right = j } else if k >= i { left = i } else { return }
    }
}
