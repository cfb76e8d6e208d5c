/// One drawable segment with its place along the path, for measuring and trimming.
private struct MeasuredSegment {
    /// Control points: 2 for a line, 3 for a quad, 4 for a cubic (x, y pairs).
    var p: [Double]
    var subpath: Int
    /// Arc length before this segment, and its own length.
    var start: Double
    var length: Double
    /// Cumulative lengths at t = k/n (k = 0...n) for curves; empty for lines.
    var table: [Double]

    /// Measures a segment on a polyline within 1e-3 path units of the curve.
    static func measure(_ p: [Double], subpath: Int, start: Double) -> MeasuredSegment {
        var seg = MeasuredSegment(p: p, subpath: subpath, start: start, length: 0, table: [])
        if p.count == 4 {
            seg.length = hypot2(p[2] - p[0], p[3] - p[1])
            return seg
        }
        var dd = 0.0
        for i in stride(from: 0, to: p.count - 4, by: 2) {
            dd = max(dd, hypot2(p[i] - 2 * p[i + 2] + p[i + 4], p[i + 1] - 2 * p[i + 3] + p[i + 5]))
        }
        let n = max(8, p.count == 6 ? quadSegments(dd, 1e-3) : cubicSegments(dd, 1e-3))
        var table = [0.0]
        table.reserveCapacity(n + 1)
        var (px, py) = (p[0], p[1])
        var acc = 0.0
        for k in 1...n {
            let q = seg.point(Double(k) / Double(n))
            acc += hypot2(q.0 - px, q.1 - py)
            table.append(acc)
            (px, py) = q
        }
        seg.table = table
        seg.length = acc
        return seg
    }

    func point(_ t: Double) -> (Double, Double) {
        let u = 1 - t
        switch p.count {
        case 4: return (u * p[0] + t * p[2], u * p[1] + t * p[3])
        case 6:
            return (u * u * p[0] + 2 * u * t * p[2] + t * t * p[4], u * u * p[1] + 2 * u * t * p[3] + t * t * p[5])
        default:
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return (a * p[0] + b * p[2] + c * p[4] + d * p[6], a * p[1] + b * p[3] + c * p[5] + d * p[7])
        }
    }

    /// Parameter at arc length `s` from the segment's start.
    func parameter(_ s: Double) -> Double {
        if length <= 0 { return 0 }
        if table.isEmpty { return min(max(s / length, 0), 1) }
        let n = table.count - 1
        var lo = 0, hi = n
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] <= s { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let f = span > 0 ? (s - table[lo]) / span : 0
        return min(max((Double(lo) + f) / Double(n), 0), 1)
    }

    /// The control points of the part between parameters a < b (de Casteljau twice).
    func piece(_ a: Double, _ b: Double) -> [Double] {
        func split(_ q: [Double], _ t: Double) -> (left: [Double], right: [Double]) {
            var levels = [q]
            var prev = q
            while prev.count > 2 {
                var next: [Double] = []
                for i in stride(from: 0, to: prev.count - 2, by: 2) {
                    next.append(prev[i] + (prev[i + 2] - prev[i]) * t)
                    next.append(prev[i + 1] + (prev[i + 3] - prev[i + 1]) * t)
                }
                levels.append(next)
                prev = next
            }
            var left: [Double] = [], right: [Double] = []
            for l in levels { left.append(l[0]); left.append(l[1]) }
            for l in levels.reversed() { right.append(l[l.count - 2]); right.append(l[l.count - 1]) }
            return (left, right)
        }
        let head = b < 1 ? split(p, b).left : p
        if a <= 0 { return head }
        return split(head, b > 0 ? a / b : 0).right
    }
}

extension Path {
    /// Total arc length of all subpaths, closing segments included.
    package var length: Double {
        var total = 0.0
        forEachMeasuredSegment { total += $0.length }
        return total
    }

    /// Calls `body` for every segment (closing lines included) with arc lengths measured on a
    /// polyline within 1e-3 path units of the curve.
    private func forEachMeasuredSegment(_ body: (MeasuredSegment) -> Void) {
        var sub = -1
        var cx = 0.0, cy = 0.0, sx = 0.0, sy = 0.0
        var run = 0.0
        var i = 0
        for v in verbs {
            var p: [Double]
            switch v {
            case .move:
                sub += 1
                cx = coords[i]; cy = coords[i + 1]; sx = cx; sy = cy; i += 2
                continue
            case .line: p = [cx, cy, coords[i], coords[i + 1]]; i += 2
            case .quad: p = [cx, cy] + coords[i..<(i + 4)]; i += 4
            case .cubic: p = [cx, cy] + coords[i..<(i + 6)]; i += 6
            case .close: p = [cx, cy, sx, sy]
            }
            cx = p[p.count - 2]; cy = p[p.count - 1]
            let seg = MeasuredSegment.measure(p, subpath: sub, start: run)
            run += seg.length
            body(seg)
        }
    }

    /// The part of the path between fractions `start` and `end` of its total length, as
    /// `CAShapeLayer.strokeStart` / `strokeEnd`. Curves stay curves (cut by de Casteljau at the
    /// parameter of the wanted arc length). A closed subpath kept whole stays closed.
    package func trimmed(from start: Double, to end: Double) -> Path {
        let a = min(max(start.isNaN ? 0 : start, 0), 1), b = min(max(end.isNaN ? 1 : end, 0), 1)
        if a <= 0 && b >= 1 { return self }
        var out = Path()
        guard b > a else { return out }
        var segments: [MeasuredSegment] = []
        forEachMeasuredSegment { segments.append($0) }
        let total = segments.last.map { $0.start + $0.length } ?? 0
        guard total > 0 else { return out }
        let s0 = a * total, s1 = b * total
        var lastSub = -1
        var penEnd: (Double, Double)? = nil
        // Subpath extents, to keep fully included closed subpaths closed.
        var subStart: [Int: Double] = [:], subEnd: [Int: Double] = [:]
        for s in segments {
            if subStart[s.subpath] == nil { subStart[s.subpath] = s.start }
            subEnd[s.subpath] = s.start + s.length
        }
        var closedSubs = Set<Int>()
        var sub = -1
        for v in verbs {
            if v == .move { sub += 1 }
            if v == .close { closedSubs.insert(sub) }
        }
        for (i, s) in segments.enumerated() {
            let lo = max(s0, s.start), hi = min(s1, s.start + s.length)
            if hi < lo || (hi == lo && s.length > 0) { continue }
            let ta = s.parameter(lo - s.start), tb = s.parameter(hi - s.start)
            let q = s.piece(ta, tb)
            if s.subpath != lastSub || penEnd.map({ $0.0 != q[0] || $0.1 != q[1] }) ?? true {
                out.move(to: q[0], q[1])
            }
            switch q.count {
            case 4: out.line(to: q[2], q[3])
            case 6: out.quad(to: q[4], q[5], control: q[2], q[3])
            default: out.cubic(to: q[6], q[7], control1: q[2], q[3], control2: q[4], q[5])
            }
            penEnd = (q[q.count - 2], q[q.count - 1])
            lastSub = s.subpath
            let isLastOfSub = i + 1 == segments.count || segments[i + 1].subpath != s.subpath
            if isLastOfSub, closedSubs.contains(s.subpath), let st = subStart[s.subpath], let en = subEnd[s.subpath],
               s0 <= st, s1 >= en {
                out.close()
                penEnd = nil
            }
        }
        return out
    }
}
