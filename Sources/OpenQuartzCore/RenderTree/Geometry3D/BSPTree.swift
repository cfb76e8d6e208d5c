import Foundation

/// A binary space partitioning tree over polygons that overlap on screen, as Chromium cc's
/// `BspTree` builds it: each node holds a splitting plane and the polygons lying in it; every other
/// polygon goes to the side it lies on, cut in two when it spans the plane. Walking the tree with
/// the far side of each plane first yields a correct painter's order for any viewpoint on +z,
/// including cyclic overlaps and intersecting polygons.
struct BSPTree {
    private struct Node {
        var plane: Plane3D
        /// Indices into `pieces`, sorted by (order, index): the painter's order for coplanar polygons.
        var coplanar: [Int] = []
        var front = -1
        var back = -1
    }

    /// The input polygons followed by the parts of those that were cut.
    private var pieces: [DepthPolygon]
    private var nodes: [Node] = []
    private let epsilon: Double

    init(_ polygons: [DepthPolygon], epsilon: Double) {
        pieces = polygons
        self.epsilon = epsilon
        guard !polygons.isEmpty else { return }
        pieces.reserveCapacity(polygons.count * 2)
        nodes.append(Node(plane: polygons[0].plane))
        // Built with an explicit stack: a degenerate tree can be as deep as the polygon count.
        var work: [(node: Int, list: [Int])] = [(0, Array(polygons.indices))]
        while let (node, list) = work.popLast() {
            let s = BSPTree.chooseSplitter(pieces, list, epsilon: epsilon).position
            let plane = pieces[list[s]].plane
            var coplanar = [list[s]]
            var front: [Int] = [], back: [Int] = []
            for (j, k) in list.enumerated() where j != s {
                switch plane.side(of: pieces[k].points, epsilon: epsilon) {
                case .front: front.append(k)
                case .back: back.append(k)
                case .coplanar: coplanar.append(k)
                case .spanning:
                    guard let (f, b) = plane.split(pieces[k].points, epsilon: epsilon) else {
                        front.append(k) // cannot happen (.spanning is what split requires); kept whole
                        continue
                    }
                    let piece = pieces[k]
                    pieces.append(DepthPolygon(id: piece.id, order: piece.order, points: f, plane: piece.plane))
                    front.append(pieces.count - 1)
                    pieces.append(DepthPolygon(id: piece.id, order: piece.order, points: b, plane: piece.plane))
                    back.append(pieces.count - 1)
                }
            }
            nodes[node].plane = plane
            nodes[node].coplanar = BSPTree.painterOrder(coplanar, of: pieces)
            if !front.isEmpty {
                nodes[node].front = nodes.count
                work.append((nodes.count, front))
                nodes.append(Node(plane: plane))
            }
            if !back.isEmpty {
                nodes[node].back = nodes.count
                work.append((nodes.count, back))
                nodes.append(Node(plane: plane))
            }
        }
    }

    /// Polygons lying in one plane, in painter's order: by `order`; equal orders (such as the parts
    /// of one polygon) by index, which is deterministic.
    static func painterOrder(_ items: [Int], of polygons: [DepthPolygon]) -> [Int] {
        if items.count < 2 { return items }
        var keyed = items.map { (order: polygons[$0].order, index: $0) }
        keyed.sort { $0.order != $1.order ? $0.order < $1.order : $0.index < $1.index }
        return keyed.map(\.index)
    }

    /// Picks the splitter among a few candidates (the middle of the list first: callers pass the
    /// list sorted by depth, so for a stack of parallel layers this is the median and the tree stays
    /// balanced) by the fewest cuts, then the best balance, over a sample of the list. Returns its
    /// position in `list` and how many of `sampled` polygons it cuts.
    static func chooseSplitter(_ polygons: [DepthPolygon], _ list: [Int], epsilon: Double)
        -> (position: Int, cuts: Int, sampled: Int) {
        let m = list.count
        if m <= 3 { return (0, 0, 0) }
        let candidates = [m / 2, m / 4, (3 * m) / 4, 0, m - 1]
        let stride = max(1, m / 32)
        var best = (position: 0, cuts: 0, sampled: 0)
        var bestScore = Int.max
        for pos in candidates {
            let plane = polygons[list[pos]].plane
            var front = 0, back = 0, cuts = 0, sampled = 0
            var j = 0
            while j < m {
                if j != pos {
                    sampled += 1
                    switch plane.side(of: polygons[list[j]].points, epsilon: epsilon) {
                    case .front: front += 1
                    case .back: back += 1
                    case .coplanar: break
                    case .spanning: cuts += 1
                    }
                }
                j += stride
            }
            let score = 8 * cuts + abs(front - back)
            if score < bestScore { bestScore = score; best = (pos, cuts, sampled) }
            if score == 0 { break }
        }
        return best
    }

    /// Appends the pieces back to front for a viewer on +z looking down −z.
    func appendBackToFront(to out: inout [DepthFragment]) {
        guard !nodes.isEmpty else { return }
        enum Step { case node(Int), coplanar(Int) }
        var stack: [Step] = [.node(0)]
        while let step = stack.popLast() {
            switch step {
            case .coplanar(let i):
                for k in nodes[i].coplanar { out.append(pieces[k].fragment) }
            case .node(let i):
                let node = nodes[i]
                // The side the viewer is on is drawn last. A plane seen edge-on (normal.z == 0)
                // separates polygons that cannot overlap on screen, so either order is right.
                let viewerInFront = !node.plane.isBackFacing
                let far = viewerInFront ? node.back : node.front
                let near = viewerInFront ? node.front : node.back
                if near >= 0 { stack.append(.node(near)) }
                stack.append(.coplanar(i))
                if far >= 0 { stack.append(.node(far)) }
            }
        }
    }
}
