import Foundation

/// The divide-and-conquer behind `DepthSort`. A group of polygons is split, recursively:
///
/// 1. at a gap in z: the groups are ordered, the far one first;
/// 2. at a gap in screen x or y: the groups cannot overlap on screen, so any order is right;
/// 3. else, for a large group, by a cut: along the plane of one of its polygons (a BSP node: the
///    far side, the polygons in the plane by `order`, then the near side), or along a screen line
///    x = c or y = c (a plane seen edge-on: its sides cannot overlap on screen), whichever crosses
///    fewer polygons. Crossed polygons are cut in two. Screen lines keep a big tangle of locally
///    overlapping polygons from being cut by planes of polygons far away.
///
/// Small groups go to a `BSPTree`. Each step is a sort or a linear pass, and the cut sides are
/// split again by gaps, so a scene where nothing overlaps costs O(n log n).
struct DepthPartition {
    /// The input polygons followed by the parts of those that were cut.
    private var polygons: [DepthPolygon]
    private var epsilon: Double
    /// Per polygon: min and max of x, y, z (axis 0, 1, 2).
    private var lo: [[Double]]
    private var hi: [[Double]]
    private(set) var out: [DepthFragment] = []

    /// Beyond this many nested splits a group goes to the BSP tree as it is, which is always
    /// correct; it only bounds the recursion on contrived inputs.
    static let maxDepth = 100
    /// Groups up to this size go to a BSP tree without looking for a cut.
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
        if items.count == 1 { return emit(items[0]) }
        var items = items
        guard depth < DepthPartition.maxDepth else { return appendBSP(items) }
        // z first: it alone gives an order, and parallel stacks (zPosition) are common.
        for axis in [2, 0, 1] where axis != skip {
            let groups = gaps(&items, axis: axis)
            guard groups.count > 1 else { continue }
            if axis == 2 {
                for g in groups {
                    if g.count == 1 { emit(items[g.lowerBound]) } else { solve(Array(items[g]), skip: 2, depth: depth + 1) }
                }
            } else {
                // Any order is correct; the lowest `order` first keeps flat scenes in array order.
                var keyed: [(order: Int, range: Range<Int>)] = []
                keyed.reserveCapacity(groups.count)
                for g in groups { keyed.append((minimumOrder(items[g]), g)) }
                keyed.sort { $0.order < $1.order }
                for k in keyed {
                    if k.range.count == 1 {
                        emit(items[k.range.lowerBound])
                    } else {
                        solve(Array(items[k.range]), skip: axis, depth: depth + 1)
                    }
                }
            }
            return
        }
        guard items.count > DepthPartition.smallGroup else { return appendBSP(items) }

        let splitter = BSPTree.chooseSplitter(polygons, items, epsilon: epsilon)
        let planeCuts = splitter.cuts * items.count / max(1, splitter.sampled)
        if let line = screenLine(items), line.crossed < planeCuts {
            let (a, b) = cut(items, along: line)
            // (With one side empty nothing was cut: fall through to the plane, which makes progress.)
            guard !a.isEmpty, !b.isEmpty else { return solveByPlane(items, splitter: splitter.position, depth: depth) }
            let first = minimumOrder(a[...]) <= minimumOrder(b[...])
            solve(first ? a : b, skip: -1, depth: depth + 1)
            solve(first ? b : a, skip: -1, depth: depth + 1)
            return
        }
        solveByPlane(items, splitter: splitter.position, depth: depth)
    }

    /// A BSP node: the far side of the splitter's plane, the polygons in it, the near side.
    private mutating func solveByPlane(_ items: [Int], splitter position: Int, depth: Int) {
        let s = items[position]
        let plane = polygons[s].plane
        var coplanar = [s], front: [Int] = [], back: [Int] = []
        for i in items where i != s {
            switch plane.side(of: polygons[i].points, epsilon: epsilon) {
            case .front: front.append(i)
            case .back: back.append(i)
            case .coplanar: coplanar.append(i)
            case .spanning:
                let (f, b) = split(i, by: plane)
                front.append(f)
                if let b { back.append(b) }
            }
        }
        // Made before recursing: holding a copy of `polygons` while the recursion appends to it
        // would copy the whole array.
        let inPlane = coplanarFragments(coplanar)
        // As in BSPTree: the side the viewer (on +z) is on comes last.
        let viewerInFront = !plane.isBackFacing
        let (far, near) = viewerInFront ? (back, front) : (front, back)
        if !far.isEmpty { solve(far, skip: -1, depth: depth + 1) }
        out.append(contentsOf: inPlane)
        if !near.isEmpty { solve(near, skip: -1, depth: depth + 1) }
    }

    private func coplanarFragments(_ items: [Int]) -> [DepthFragment] {
        BSPTree.painterOrder(items, of: polygons).map { polygons[$0].fragment }
    }

    private mutating func appendBSP(_ items: [Int]) {
        var items = items
        // Sorted by depth, the BSP tree's splitter candidates are depth quantiles.
        sort(&items, axis: 2)
        BSPTree(items.map { polygons[$0] }, epsilon: epsilon).appendBackToFront(to: &out)
    }

    /// Cuts polygon `i` by `plane` (it spans it); returns the indices of its front and back parts.
    /// (Were it not to span the plane after all, it is kept whole, on the front.)
    private mutating func split(_ i: Int, by plane: Plane3D) -> (front: Int, back: Int?) {
        let p = polygons[i]
        guard let (f, b) = plane.split(p.points, epsilon: epsilon) else { return (i, nil) }
        polygons.append(DepthPolygon(id: p.id, order: p.order, points: f, plane: p.plane))
        _ = appendBounds(f)
        polygons.append(DepthPolygon(id: p.id, order: p.order, points: b, plane: p.plane))
        _ = appendBounds(b)
        return (polygons.count - 2, polygons.count - 1)
    }

    private mutating func emit(_ i: Int) {
        out.append(polygons[i].fragment)
    }

    private func minimumOrder(_ items: ArraySlice<Int>) -> Int {
        var m = Int.max
        for i in items { m = min(m, polygons[i].order) }
        return m
    }

    private func sort(_ items: inout [Int], axis: Int) {
        // Sorting (key, index) pairs keeps the comparisons free of indirection.
        let key = lo[axis]
        var pairs = items.map { (key[$0], $0) }
        pairs.sort { $0.0 < $1.0 }
        for j in pairs.indices { items[j] = pairs[j].1 }
    }

    /// Reorders `items` into runs separated by gaps along `axis` (in increasing order) and returns
    /// the runs: in z only at a real gap (more than epsilon, so that coplanar polygons stay
    /// together and `order` decides between them); on screen also where boxes merely touch
    /// (adjacent tiles).
    private mutating func gaps(_ items: inout [Int], axis: Int) -> [Range<Int>] {
        let mins = lo[axis], maxs = hi[axis]
        let eps = epsilon
        // When some value lies in every polygon's range there is no gap. This is the common case
        // of a flat scene on the z axis.
        var highestMin = -Double.infinity, lowestMax = Double.infinity
        var lowest = Double.infinity, highest = -Double.infinity
        for k in items {
            highestMin = max(highestMin, mins[k]); lowestMax = min(lowestMax, maxs[k])
            lowest = min(lowest, mins[k]); highest = max(highest, maxs[k])
        }
        if axis == 2 ? highestMin <= lowestMax + eps : highestMin < lowestMax - eps { return [0..<items.count] }
        if items.count > DepthPartition.exactGapLimit {
            return bucketGaps(&items, axis: axis, lowest: lowest, highest: highest)
        }
        sort(&items, axis: axis)
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

    /// Groups above this size look for gaps in O(n) with buckets instead of a sort.
    static let exactGapLimit = 256

    /// Gaps at the resolution of 4n buckets over the range: a bucket that no polygon reaches is a
    /// gap wider than epsilon. Narrower gaps are missed, which only means less splitting: the cuts
    /// that follow are correct on any group. Floor division is monotone in floating point, so
    /// polygons on either side of an empty bucket really are apart.
    private mutating func bucketGaps(_ items: inout [Int], axis: Int, lowest: Double, highest: Double) -> [Range<Int>] {
        let mins = lo[axis], maxs = hi[axis]
        let count = items.count
        let buckets = min(4 * count, 1 << 20)
        let width = (highest - lowest) / Double(buckets)
        guard width > 2 * epsilon, width.isFinite else { return [0..<count] }
        let scale = 1 / width
        @inline(__always) func bucket(_ v: Double) -> Int { min(buckets - 1, max(0, Int(saturating: (v - lowest) * scale))) }
        // Coverage by a difference array, then each bucket's run label: how many empty runs precede it.
        var label = [Int32](repeating: 0, count: buckets + 1)
        for k in items {
            label[bucket(mins[k])] += 1
            label[bucket(maxs[k]) + 1] -= 1
        }
        var covered: Int32 = 0, run: Int32 = 0, inGap = false
        for b in 0..<buckets {
            covered += label[b]
            if covered == 0 {
                if !inGap { run += 1; inGap = true }
            } else {
                inGap = false
            }
            label[b] = run
        }
        let runs = Int(run) + 1
        guard runs > 1 else { return [0..<count] }
        // A stable counting sort of the items by the run their lowest point falls in.
        var start = [Int](repeating: 0, count: runs + 1)
        for k in items { start[Int(label[bucket(mins[k])]) + 1] += 1 }
        for r in 0..<runs { start[r + 1] += start[r] }
        var next = start
        var sorted = [Int](repeating: 0, count: count)
        for k in items {
            let r = Int(label[bucket(mins[k])])
            sorted[next[r]] = k
            next[r] += 1
        }
        items = sorted
        var groups: [Range<Int>] = []
        for r in 0..<runs where start[r] < start[r + 1] { groups.append(start[r]..<start[r + 1]) }
        return groups
    }

    /// The screen line x = c or y = c through the median of the box centres that crosses fewer
    /// polygons, if it crosses at most a quarter of them (else cutting along it costs too much).
    private func screenLine(_ items: [Int]) -> (plane: Plane3D, axis: Int, c: Double, crossed: Int)? {
        let eps = epsilon
        var best: (plane: Plane3D, axis: Int, c: Double, crossed: Int)? = nil
        var centres = [Double](repeating: 0, count: items.count)
        for axis in 0..<2 {
            let mins = lo[axis], maxs = hi[axis]
            for (j, i) in items.enumerated() { centres[j] = 0.5 * (mins[i] + maxs[i]) }
            let mid = centres.count / 2
            centres.withUnsafeMutableBufferPointer { select($0, mid) }
            let c = centres[mid]
            var crossed = 0
            for i in items where mins[i] < c - eps && maxs[i] > c + eps { crossed += 1 }
            if crossed * 4 <= items.count, best == nil || crossed < best!.crossed {
                let normal = axis == 0 ? Point3D(x: 1, y: 0, z: 0) : Point3D(x: 0, y: 1, z: 0)
                best = (Plane3D(normal: normal, d: -c), axis, c, crossed)
            }
        }
        return best
    }

    /// The polygons below and above the line, those it crosses cut in two.
    private mutating func cut(_ items: [Int], along line: (plane: Plane3D, axis: Int, c: Double, crossed: Int))
        -> ([Int], [Int]) {
        let eps = epsilon
        var below: [Int] = [], above: [Int] = []
        for i in items {
            if hi[line.axis][i] <= line.c + eps {
                below.append(i)
            } else if lo[line.axis][i] >= line.c - eps {
                above.append(i)
            } else {
                let (f, b) = split(i, by: line.plane)
                above.append(f)
                if let b { below.append(b) }
            }
        }
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
