import Foundation

extension CGPath {
    /// True when `point`, mapped through `transform` first (as Apple documents), lies inside
    /// the path under `rule`. Open subpaths count as closed by a straight line, as for filling.
    ///
    /// Exact for curves: each segment is cut where its y has a turning point, and each
    /// y-monotonic piece is solved for the ray's height by bisection to full precision, so no
    /// flattening tolerance enters. Crossings use the half-open rule (a piece covers
    /// `min y <= y < max y`), so a ray through a vertex counts once.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform)
        guard p.x.isFinite, p.y.isFinite else { return false }
        let w = windingNumber(at: p)
        switch rule {
        case .winding: return w != 0
        case .evenOdd: return w & 1 != 0
        }
    }

    /// Signed count of path crossings of the ray from `p` towards +x: +1 where the path
    /// goes towards +y, −1 where it goes towards −y.
    final func windingNumber(at p: CGPoint) -> Int {
        var winding = 0
        var start = CGPoint.zero, last = CGPoint.zero
        var open = false
        for e in storage {
            switch e {
            case .move(let q):
                if open { winding += CGPath.lineCrossing(last, start, p) }
                start = q; last = q; open = true
            case .line(let q):
                winding += CGPath.lineCrossing(last, q, p)
                last = q
            case .quadCurve(let q, let c):
                // Elevating to a cubic keeps the curve and shares one solver.
                let c1 = CGPoint(x: last.x + 2 / 3 * (c.x - last.x), y: last.y + 2 / 3 * (c.y - last.y))
                let c2 = CGPoint(x: q.x + 2 / 3 * (c.x - q.x), y: q.y + 2 / 3 * (c.y - q.y))
                winding += CGPath.cubicCrossings(last, c1, c2, q, p)
                last = q
            case .curve(let q, let c1, let c2):
                winding += CGPath.cubicCrossings(last, c1, c2, q, p)
                last = q
            case .closeSubpath:
                winding += CGPath.lineCrossing(last, start, p)
                last = start; open = false
            }
        }
        if open { winding += CGPath.lineCrossing(last, start, p) }
        return winding
    }

    static func lineCrossing(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> Int {
        if a.y == b.y { return 0 }
        let up = a.y < b.y
        let y0 = up ? a.y : b.y, y1 = up ? b.y : a.y
        guard p.y >= y0, p.y < y1 else { return 0 }
        let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
        return x > p.x ? (up ? 1 : -1) : 0
    }

    static func cubicCrossings(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ p: CGPoint) -> Int {
        // Quick rejects on the control hull.
        let minY = min(p0.y, p1.y, p2.y, p3.y), maxY = max(p0.y, p1.y, p2.y, p3.y)
        if p.y < minY || p.y >= maxY { return 0 }
        if max(p0.x, p1.x, p2.x, p3.x) <= p.x { return 0 }
        var cuts = cubicExtrema(p0.y, p1.y, p2.y, p3.y).sorted()
        cuts.insert(0, at: 0)
        cuts.append(1)
        // Cubic coefficients of y(t) = ((ay t + by) t + cy) t + dy, and likewise x.
        let ay = -p0.y + 3 * p1.y - 3 * p2.y + p3.y, by = 3 * p0.y - 6 * p1.y + 3 * p2.y
        let cy = 3 * (p1.y - p0.y), dy = p0.y
        let ax = -p0.x + 3 * p1.x - 3 * p2.x + p3.x, bx = 3 * p0.x - 6 * p1.x + 3 * p2.x
        let cx = 3 * (p1.x - p0.x), dx = p0.x
        @inline(__always) func y(_ t: CGFloat) -> CGFloat { ((ay * t + by) * t + cy) * t + dy }
        @inline(__always) func x(_ t: CGFloat) -> CGFloat { ((ax * t + bx) * t + cx) * t + dx }
        var winding = 0
        for i in 0..<(cuts.count - 1) {
            let t0 = cuts[i], t1 = cuts[i + 1]
            // Use exact end points where the piece ends at the curve's ends.
            let ya = i == 0 ? p0.y : y(t0), yb = i == cuts.count - 2 ? p3.y : y(t1)
            if ya == yb { continue }
            let up = ya < yb
            guard p.y >= (up ? ya : yb), p.y < (up ? yb : ya) else { continue }
            var lo = t0, hi = t1
            // y is monotonic on [lo, hi]; 60 halvings exhaust a Double's precision in [0, 1].
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if mid <= lo || mid >= hi { break }
                if (y(mid) < p.y) == up { lo = mid } else { hi = mid }
            }
            if x((lo + hi) / 2) > p.x { winding += up ? 1 : -1 }
        }
        return winding
    }
}
