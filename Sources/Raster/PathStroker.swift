#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flattened subpath: distinct consecutive points, closed or open.
package struct Polyline {
    package var xs: [Double] = []
    package var ys: [Double] = []
    var closed = false
    /// True when the subpath had a segment, even one of zero length (stroked as a dot by round
    /// and square caps, as Core Graphics does).
    var hasSegment = false
    /// The unit tangents of the curve itself at the subpath's two ends, when it starts or ends
    /// with a curve: caps are square to the curve, as Core Graphics draws them, not to the
    /// first or last chord of its flattening (which differ by half a chord's turn, enough to
    /// open a light wedge where the ends of an unclosed full circle meet).
    var startTangent: (Double, Double)?
    var endTangent: (Double, Double)?
    package var count: Int { xs.count }
}

/// Collects a path's subpaths as polylines, dropping repeated points.
package struct PolylineCollector: PolylineSink {
    package var lines: [Polyline] = []
    var current = Polyline()

    /// An empty collector.
    package init() {}

    package mutating func moveTo(_ x: Double, _ y: Double) {
        current = Polyline()
        current.xs.append(x); current.ys.append(y)
    }

    package mutating func lineTo(_ x: Double, _ y: Double) {
        current.hasSegment = true
        if let lx = current.xs.last, let ly = current.ys.last, lx == x, ly == y { return }
        current.xs.append(x); current.ys.append(y)
    }

    package mutating func endSubpath(closed: Bool) {
        var p = current
        if closed {
            p.hasSegment = true
            if p.count > 1, p.xs[0] == p.xs[p.count - 1], p.ys[0] == p.ys[p.count - 1] {
                p.xs.removeLast(); p.ys.removeLast()
            }
            p.closed = p.count > 2 || (p.count == 2)
        }
        lines.append(p)
        current = Polyline()
    }
}

extension Path {
    /// For each subpath, in the order `flatten` ends them: the unit tangent at its start and at
    /// its end, taken from the curve's control points (nil for a line end, where the chord is
    /// the tangent, and for a subpath without length).
    func subpathEndTangents() -> [(start: (Double, Double)?, end: (Double, Double)?)] {
        var out: [(start: (Double, Double)?, end: (Double, Double)?)] = []
        var open = false
        var cx = 0.0, cy = 0.0
        var start: (Double, Double)?, end: (Double, Double)?
        var started = false
        @inline(__always) func unit(_ dx: Double, _ dy: Double) -> (Double, Double)? {
            let l = (dx * dx + dy * dy).squareRoot()
            return l > 0 && l.isFinite ? (dx / l, dy / l) : nil
        }
        /// A segment from the current point whose first and last tangents are given; nil
        /// tangents (a degenerate curve) leave the chord's direction in charge.
        func segment(first: (Double, Double)?, last: (Double, Double)?, curve: Bool) {
            guard first != nil || last != nil else { return }
            if !started { start = curve ? first : nil; started = true }
            end = curve ? last : nil
        }
        var i = 0
        for v in verbs {
            switch v {
            case .move:
                if open { out.append((start, end)) }
                cx = coords[i]; cy = coords[i + 1]; i += 2
                open = true; started = false; start = nil; end = nil
            case .line:
                let x = coords[i], y = coords[i + 1]; i += 2
                let d = unit(x - cx, y - cy)
                segment(first: d, last: d, curve: false)
                cx = x; cy = y
            case .quad:
                let x1 = coords[i], y1 = coords[i + 1], x = coords[i + 2], y = coords[i + 3]; i += 4
                segment(first: unit(x1 - cx, y1 - cy) ?? unit(x - cx, y - cy),
                        last: unit(x - x1, y - y1) ?? unit(x - cx, y - cy), curve: true)
                cx = x; cy = y
            case .cubic:
                let x1 = coords[i], y1 = coords[i + 1], x2 = coords[i + 2], y2 = coords[i + 3]
                let x = coords[i + 4], y = coords[i + 5]; i += 6
                segment(first: unit(x1 - cx, y1 - cy) ?? unit(x2 - cx, y2 - cy) ?? unit(x - cx, y - cy),
                        last: unit(x - x2, y - y2) ?? unit(x - x1, y - y1) ?? unit(x - cx, y - cy), curve: true)
                cx = x; cy = y
            case .close:
                if open { out.append((start, end)) }
                open = false
            }
        }
        if open { out.append((start, end)) }
        return out
    }

    /// The outline of the stroke of this path, to be filled with the non-zero rule. Curves
    /// are flattened within `tolerance` (path units) and round joins and caps are polygons
    /// within the same tolerance. The outline is made of one contour per open subpath (or
    /// dash) and two per closed subpath; inner corners are joined through the corner point,
    /// so the contours overlap themselves there with the same winding direction.
    public func stroked(_ style: StrokeStyle, tolerance: Double = 0.1) -> Path {
        var out = Path()
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return out }
        let tol = max(tolerance, 1e-6)
        var collector = PolylineCollector()
        flatten(transform: .identity, tolerance: tol, into: &collector)
        let tangents = subpathEndTangents()
        if tangents.count == collector.lines.count {
            for i in collector.lines.indices {
                collector.lines[i].startTangent = tangents[i].start
                collector.lines[i].endTangent = tangents[i].end
            }
        }
        var stroker = Stroker(style: style, halfWidth: hw, tolerance: tol)
        let pattern = Dasher(style.dashes, phase: style.dashPhase)
        for line in collector.lines {
            if let pattern, let pieces = pattern.split(line) {
                for piece in pieces { stroker.stroke(piece, into: &out) }
            } else {
                stroker.stroke(line, into: &out)
            }
        }
        return out
    }
}

struct Stroker {
    let style: StrokeStyle
    let hw: Double
    let tol: Double
    /// Angle step of arc polygons keeping the chord within tolerance of the circle.
    let arcStep: Double
    var pts: [(Double, Double)] = []

    init(style: StrokeStyle, halfWidth: Double, tolerance: Double) {
        self.style = style
        hw = halfWidth
        tol = tolerance
        // Arcs need not be finer than 1e-5 of the radius (≤ 700 points per circle).
        let relative = max(tolerance / halfWidth, 1e-5)
        arcStep = relative < 1 ? 2 * acos(1 - relative) : Double.pi / 2
    }

    /// Appends points on the circle around (cx, cy) from direction (ux, uy) turning by `sweep`
    /// radians (positive: from +x towards +y), excluding the start, including the end.
    mutating func arc(_ cx: Double, _ cy: Double, _ ux: Double, _ uy: Double, _ sweep: Double) {
        // Capped so an absurd width-to-tolerance ratio cannot explode the outline.
        let steps = (abs(sweep) / arcStep).rounded(.up)
        let n = max(1, min(Int(saturating: steps), 4096))
        let a0 = atan2(uy, ux)
        for k in 1...n {
            let a = a0 + sweep * Double(k) / Double(n)
            pts.append((cx + hw * cos(a), cy + hw * sin(a)))
        }
    }

    /// Emits the corner at (vx, vy) between directions d0 and d1 on the side `s` (+1: the side
    /// of n = (−dy, dx); −1 the other).
    /// `shortest` is the shorter of the two segments' lengths.
    mutating func join(_ vx: Double, _ vy: Double, _ d0: (Double, Double), _ d1: (Double, Double), _ s: Double,
                       shortest: Double) {
        let n0 = (-d0.1 * s, d0.0 * s), n1 = (-d1.1 * s, d1.0 * s)
        let cross = d0.0 * d1.1 - d0.1 * d1.0
        let dot = d0.0 * d1.0 + d0.1 * d1.1
        let a = (vx + hw * n0.0, vy + hw * n0.1), b = (vx + hw * n1.0, vy + hw * n1.1)
        if abs(cross) < 1e-12 && dot > 0 { pts.append(a); return }
        let outer = s * cross < 0 || (abs(cross) < 1e-12 && s > 0)
        if !outer {
            // The inner offset lines cross hw·tan(φ/2) from the vertex along both segments.
            // Within half of each (gentle turns, as along a flattened curve of radius ≥ hw),
            // neither neighbouring join can reach past that point, so the crossing itself is
            // the boundary: the outline stays simple there, and the rasterizer's single pass is
            // exact (a twist or a spike makes unrelated edges share cells, so the row is redone).
            // Further, a → b makes a tiny twist whose winding is 2. Otherwise go through the
            // corner point, which stays correct for any angle and segment length but leaves a
            // spike whose edges meet the boundary (an extra coverage error per corner).
            let reach = hw * abs(cross)
            if dot > 0 && 2 * reach <= shortest * (1 + dot) {
                let k = hw / (1 + dot)
                pts.append((vx + (n0.0 + n1.0) * k, vy + (n0.1 + n1.1) * k))
            } else if dot > 0 && reach <= shortest * (1 + dot) {
                pts.append(a); pts.append(b)
            } else {
                pts.append(a); pts.append((vx, vy)); pts.append(b)
            }
            return
        }
        if style.join == .miter {
            let nn = n0.0 * n1.0 + n0.1 * n1.1
            // Miter length / width = 1/sin(φ/2) = √(2/(1 + n0·n1)). The tip lies on both offset
            // lines, so a and b are collinear with their neighbours and add nothing but edges.
            if 1 + nn > 1e-12 && 2 / (1 + nn) <= style.miterLimit * style.miterLimit {
                let k = hw / (1 + nn)
                pts.append((vx + (n0.0 + n1.0) * k, vy + (n0.1 + n1.1) * k))
                return
            }
        }
        pts.append(a)
        switch style.join {
        case .bevel, .miter:
            break
        case .round:
            var sweep = atan2(n0.0 * n1.1 - n0.1 * n1.0, n0.0 * n1.0 + n0.1 * n1.1)
            if abs(cross) < 1e-12 { sweep = s > 0 ? -Double.pi : Double.pi }
            arc(vx, vy, n0.0, n0.1, sweep)
            pts.removeLast()
        }
        pts.append(b)
    }

    /// Emits the cap at (px, py) for a line ending in direction d: from the +n side to the −n side.
    mutating func cap(_ px: Double, _ py: Double, _ d: (Double, Double)) {
        let n = (-d.1, d.0)
        switch style.cap {
        case .butt:
            pts.append((px - hw * n.0, py - hw * n.1))
        case .square:
            pts.append((px + hw * (n.0 + d.0), py + hw * (n.1 + d.1)))
            pts.append((px + hw * (d.0 - n.0), py + hw * (d.1 - n.1)))
            pts.append((px - hw * n.0, py - hw * n.1))
        case .round:
            arc(px, py, n.0, n.1, -Double.pi)
        }
    }

    mutating func flush(into out: inout Path) {
        guard pts.count > 2 else { pts.removeAll(keepingCapacity: true); return }
        // Only for the first contour: reserving again for each would copy the path every time.
        if out.isEmpty { out.reserveCapacity(elements: pts.count + 2, points: pts.count) }
        out.move(to: pts[0].0, pts[0].1)
        for p in pts.dropFirst() { out.line(to: p.0, p.1) }
        out.close()
        pts.removeAll(keepingCapacity: true)
    }

    mutating func stroke(_ input: Polyline, into out: inout Path) {
        var line = input
        // Flattened subpaths have no repeated points already; dashes may.
        var repeats = false
        for i in 1..<max(input.count, 1) where input.xs[i] == input.xs[i - 1] && input.ys[i] == input.ys[i - 1] {
            repeats = true
            break
        }
        if repeats {
            line.xs.removeAll(keepingCapacity: true); line.ys.removeAll(keepingCapacity: true)
            for i in 0..<input.count where i == 0 || input.xs[i] != line.xs[line.count - 1] || input.ys[i] != line.ys[line.count - 1] {
                line.xs.append(input.xs[i]); line.ys.append(input.ys[i])
            }
        }
        if line.closed && line.count > 1 && line.xs[0] == line.xs[line.count - 1] && line.ys[0] == line.ys[line.count - 1] {
            line.xs.removeLast(); line.ys.removeLast()
        }
        if line.count < 2 { line.closed = false }
        let n = line.count
        guard n > 0 else { return }
        let xs = line.xs, ys = line.ys
        if n == 1 {
            // A zero-length subpath: a dot for round and square caps.
            guard line.hasSegment else { return }
            let (x, y) = (xs[0], ys[0])
            switch style.cap {
            case .butt: return
            case .round:
                pts.append((x + hw, y))
                arc(x, y, 1, 0, 2 * Double.pi)
                pts.removeLast()
            case .square:
                pts = [(x - hw, y - hw), (x + hw, y - hw), (x + hw, y + hw), (x - hw, y + hw)]
            }
            flush(into: &out)
            return
        }
        // Unit directions of the segments (closed: including the closing one).
        let segs = line.closed ? n : n - 1
        var dirs: [(Double, Double)] = []
        var lens: [Double] = []
        dirs.reserveCapacity(segs)
        lens.reserveCapacity(segs)
        for i in 0..<segs {
            let j = (i + 1) % n
            let dx = xs[j] - xs[i], dy = ys[j] - ys[i]
            let len = (dx * dx + dy * dy).squareRoot()
            dirs.append((dx / len, dy / len))
            lens.append(len)
        }
        if line.closed {
            for s in [1.0, -1.0] {
                for i in 0..<n {
                    let prev = (i + segs - 1) % segs
                    join(xs[i], ys[i], dirs[prev], dirs[i], s, shortest: min(lens[prev], lens[i]))
                }
                // The two offset contours must wind oppositely so the hole stays empty.
                if s < 0 { pts.reverse() }
                flush(into: &out)
            }
            return
        }
        // Caps (and the ends of the offset sides) square to the curve where one starts or ends.
        let d0 = line.startTangent ?? dirs[0], dl = line.endTangent ?? dirs[segs - 1]
        // About one point per vertex and side, plus caps.
        pts.reserveCapacity(2 * n + 16)
        pts.append((xs[0] - d0.1 * hw, ys[0] + d0.0 * hw))
        for i in 1..<(n - 1) { join(xs[i], ys[i], dirs[i - 1], dirs[i], 1, shortest: min(lens[i - 1], lens[i])) }
        pts.append((xs[n - 1] - dl.1 * hw, ys[n - 1] + dl.0 * hw))
        cap(xs[n - 1], ys[n - 1], dl)
        var right: [(Double, Double)] = []
        right.reserveCapacity(n + 8)
        swap(&right, &pts)
        for i in 1..<(n - 1) { join(xs[i], ys[i], dirs[i - 1], dirs[i], -1, shortest: min(lens[i - 1], lens[i])) }
        right.append(contentsOf: pts.reversed())
        swap(&right, &pts)
        // Start cap, walking backwards: from the −n side of the path round to its +n side.
        pts.append((xs[0] + d0.1 * hw, ys[0] - d0.0 * hw))
        cap(xs[0], ys[0], (-d0.0, -d0.1))
        flush(into: &out)
    }
}

/// Splits polylines into dashes.
struct Dasher {
    static let maxDashes = 1_000_000.0
    let intervals: [Double]
    let total: Double
    let phase: Double

    /// Nil when the pattern draws a solid line (empty, negative or zero-length intervals).
    init?(_ dashes: [Double], phase: Double) {
        guard !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let list = dashes.count % 2 == 1 ? dashes + dashes : dashes
        let sum = list.reduce(0, +)
        guard sum > 0, phase.isFinite else { return nil }
        intervals = list
        total = sum
        var p = phase.truncatingRemainder(dividingBy: sum)
        if p < 0 { p += sum }
        self.phase = p
    }

    /// Dashes for one polyline; nil when there would be more than `maxDashes` (the line is
    /// then stroked solid, as Skia does, rather than building millions of contours).
    func split(_ line: Polyline) -> [Polyline]? {
        guard line.count > 1 else { return [line] }
        var xs = line.xs, ys = line.ys
        if line.closed { xs.append(xs[0]); ys.append(ys[0]) }
        var length = 0.0
        for i in 0..<(xs.count - 1) { length += hypot2(xs[i + 1] - xs[i], ys[i + 1] - ys[i]) }
        guard length / total * Double(intervals.count) / 2 <= Dasher.maxDashes else { return nil }
        // Position in the pattern.
        var k = 0
        var left = intervals[0]
        var p = phase
        // An interval is skipped once the phase reaches its end, except a zero-length dash at
        // the very start, which is a dot.
        while p > left || (p == left && left > 0) { p -= left; k = (k + 1) % intervals.count; left = intervals[k] }
        left -= p
        var on = k % 2 == 0
        var pieces: [Polyline] = []
        var cur = Polyline()
        let startsOn = on
        if on { cur.xs.append(xs[0]); cur.ys.append(ys[0]); cur.hasSegment = true }
        for i in 0..<(xs.count - 1) {
            let dx = xs[i + 1] - xs[i], dy = ys[i + 1] - ys[i]
            let len = (dx * dx + dy * dy).squareRoot()
            var t = 0.0
            while len - t > left {
                t += left
                let x = xs[i] + dx * t / len, y = ys[i] + dy * t / len
                if on {
                    cur.xs.append(x); cur.ys.append(y)
                    if cur.count == 1 {
                        // Zero-length dash: a tiny segment along the path keeps the caps oriented.
                        cur.xs.append(x + dx / len * 1e-9); cur.ys.append(y + dy / len * 1e-9)
                    }
                    pieces.append(cur)
                    cur = Polyline()
                } else {
                    cur = Polyline()
                    cur.xs.append(x); cur.ys.append(y); cur.hasSegment = true
                }
                on.toggle()
                k = (k + 1) % intervals.count
                left = intervals[k]
            }
            left -= len - t
            if on, let lx = cur.xs.last, let ly = cur.ys.last, lx != xs[i + 1] || ly != ys[i + 1] {
                cur.xs.append(xs[i + 1]); cur.ys.append(ys[i + 1])
            }
        }
        if pieces.isEmpty && startsOn && on { return [line] }
        if on && cur.count > 0 {
            // A closed subpath whose pattern is on at both ends: the last dash continues into
            // the first, so the corner at the start is joined, not capped.
            if line.closed && startsOn && !pieces.isEmpty {
                let first = pieces.removeFirst()
                cur.xs.append(contentsOf: first.xs.dropFirst())
                cur.ys.append(contentsOf: first.ys.dropFirst())
            }
            pieces.append(cur)
        }
        return pieces
    }
}
