#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Stroker {
    let style: StrokeStyle
    let hw: Double
    let tol: Double
    /// Angle step of arc polygons keeping the chord within tolerance of the circle.
    let arcStep: Double
    /// Arc points still allowed in this outline (`StrokeBudget.maxArcPoints`).
    var arcPointsLeft = StrokeBudget.standard.maxArcPoints
    /// What can be seen (path units, with a tolerance's margin), or nil: everything. Arcs
    /// are only made fine where they can be seen.
    var visible: Rect?
    /// The contour being built, and scratch for the other side, the directions and lengths
    /// of segments and a polyline without repeated points: kept between calls (the lists are
    /// shared with the `StrokeBuffers` they came from, and `swap` exchanges `pts` and `other`
    /// only here).
    var pts: GrowableList<(Double, Double)>
    var other: GrowableList<(Double, Double)>
    let dirs: GrowableList<(Double, Double)>
    let lens: GrowableList<Double>
    var clean = Polyline()

    /// A half turn's steps (a round cap's arc), and the cosine and sine of one of them.
    let halfTurn: (steps: Int, cos: Double, sin: Double)

    /// A stroker whose scratch lists are `buffers`' (emptied as it goes).
    init(style: StrokeStyle, halfWidth: Double, tolerance: Double, buffers: StrokeBuffers) {
        pts = buffers.pts; other = buffers.other; dirs = buffers.dirs; lens = buffers.lens
        pts.removeAll()
        self.style = style
        hw = halfWidth
        tol = tolerance
        // Arcs need not be finer than 1e-5 of the radius (≤ 700 points per circle).
        let relative = max(tolerance / halfWidth, 1e-5)
        arcStep = relative < 1 ? 2 * acos(1 - relative) : Double.pi / 2
        let n = Stroker.arcSteps(Double.pi, arcStep)
        halfTurn = (n, cos(Double.pi / Double(n)), sin(Double.pi / Double(n)))
    }

    /// Steps of an arc turning by `sweep` (at most 4 096, so that an absurd width-to-tolerance
    /// ratio cannot explode the outline).
    static func arcSteps(_ sweep: Double, _ arcStep: Double) -> Int {
        max(1, min(Int(saturating: (abs(sweep) / arcStep).rounded(.up)), 4096))
    }

    /// Appends points on the circle around (cx, cy) from direction (ux, uy) turning by `sweep`
    /// radians (positive: from +x towards +y), excluding the start, including the end.
    /// (ux, uy) is a unit vector: the points are it turned by k·sweep/n, k = 1 … n.
    mutating func arc(_ cx: Double, _ cy: Double, _ ux: Double, _ uy: Double, _ sweep: Double) {
        let isHalfTurn = abs(sweep) == Double.pi
        let n = arcPointsLeft > 0 ? (isHalfTurn ? halfTurn.steps : Stroker.arcSteps(sweep, arcStep)) : 1
        @inline(__always) func point(_ k: Int) -> (Double, Double) {
            let a = sweep * Double(k) / Double(n), c = cos(a), s = sin(a)
            return (cx + hw * (ux * c - uy * s), cy + hw * (ux * s + uy * c))
        }
        guard n > 1, let v = visible, !(cx - hw >= v.minX && cx + hw <= v.maxX && cy - hw >= v.minY && cy + hw <= v.maxY) else {
            arcPointsLeft -= n
            // The whole arc: each point the last turned by one step (a rotation, where a cosine
            // and a sine a point cost a round cap about a microsecond). The error grows by an
            // ulp or so a step: under 10⁻¹² of the radius after 4 096 of them.
            let c: Double, s: Double
            if isHalfTurn && n == halfTurn.steps {
                c = halfTurn.cos; s = sweep > 0 ? halfTurn.sin : -halfTurn.sin
            } else {
                let step = sweep / Double(n)
                c = cos(step); s = sin(step)
            }
            var x = ux, y = uy
            for _ in 1...n {
                (x, y) = (x * c - y * s, x * s + y * c)
                pts.append((cx + hw * x, cy + hw * y))
            }
            return
        }
        // Part of the circle is out of sight: a run of steps whose circular segment (within its
        // chord's box grown by the sagitta) misses `visible` is its chord alone, which leaves the
        // winding of every visible point as it was. The points kept are those above, to rounding.
        var stack: [(Int, Int)] = [(0, n)]
        while let (k0, k1) = stack.popLast() {
            if k1 - k0 > 1 {
                let p0 = point(k0), p1 = point(k1)
                let theta = abs(sweep) * Double(k1 - k0) / Double(n)
                let box: Rect
                if theta < Double.pi {
                    let sag = hw * (1 - cos(theta / 2))
                    box = Rect(minX: min(p0.0, p1.0) - sag, minY: min(p0.1, p1.1) - sag,
                               maxX: max(p0.0, p1.0) + sag, maxY: max(p0.1, p1.1) + sag)
                } else {
                    box = Rect(minX: cx - hw, minY: cy - hw, maxX: cx + hw, maxY: cy + hw)
                }
                if box.maxX >= v.minX && box.minX <= v.maxX && box.maxY >= v.minY && box.minY <= v.maxY {
                    // Visible (or NaN): halve, the first half on top of the stack.
                    let mid = (k0 + k1) / 2
                    stack.append((mid, k1)); stack.append((k0, mid))
                    continue
                }
            }
            arcPointsLeft -= 1
            pts.append(point(k1))
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

    /// Emits the cap at (px, py) for a line ending in direction d: from the +n side to the −n
    /// side; `flat`: a butt end whatever the style (where a left-out stretch was cut off).
    mutating func cap(_ px: Double, _ py: Double, _ d: (Double, Double), flat: Bool = false) {
        let n = (-d.1, d.0)
        switch flat ? .butt : style.cap {
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

    /// Appends `pts` to `out` as one closed contour and empties it.
    mutating func flush(into out: inout Path) {
        defer { pts.removeAll() }
        guard pts.count > 2 else { return }
        out.move(to: pts[0].0, pts[0].1)
        out.verbs.append(contentsOf: repeatElement(Path.Verb.line, count: pts.count - 1))
        // A homogeneous tuple's elements are laid out in order, so the points after the first
        // are 2·(count − 1) consecutive Doubles: one copy instead of an append per coordinate.
        UnsafeRawPointer(pts.base + 1).withMemoryRebound(to: Double.self, capacity: 2 * (pts.count - 1)) {
            out.coords.append(contentsOf: UnsafeBufferPointer(start: $0, count: 2 * (pts.count - 1)))
        }
        out.close()
    }

    /// Strokes one polyline into `out`.
    mutating func stroke(_ input: Polyline, into out: inout Path) {
        // Flattened subpaths have no repeated points already; dashes may.
        var repeats = false
        for i in 1..<max(input.count, 1) where input.xs[i] == input.xs[i - 1] && input.ys[i] == input.ys[i - 1] {
            repeats = true
            break
        }
        guard repeats else { strokeDistinct(input, into: &out); return }
        var line = Polyline()
        swap(&line, &clean)
        line.reset()
        line.closed = input.closed; line.hasSegment = input.hasSegment
        line.startTangent = input.startTangent; line.endTangent = input.endTangent
        line.startCut = input.startCut; line.endCut = input.endCut
        for i in 0..<input.count where i == 0 || input.xs[i] != line.xs[line.count - 1] || input.ys[i] != line.ys[line.count - 1] {
            line.xs.append(input.xs[i]); line.ys.append(input.ys[i])
        }
        strokeDistinct(line, into: &out)
        swap(&line, &clean)
    }

    /// Strokes a polyline without repeated consecutive points.
    private mutating func strokeDistinct(_ line: Polyline, into out: inout Path) {
        var n = line.count
        let xs = line.xs, ys = line.ys
        if line.closed && n > 1 && xs[0] == xs[n - 1] && ys[0] == ys[n - 1] { n -= 1 }
        let closed = line.closed && n >= 2
        guard n > 0 else { return }
        if n == 1 {
            // A zero-length subpath: a dot for round and square caps.
            guard line.hasSegment, !line.startCut, !line.endCut else { return }
            let (x, y) = (xs[0], ys[0])
            switch style.cap {
            case .butt: return
            case .round:
                pts.append((x + hw, y))
                arc(x, y, 1, 0, 2 * Double.pi)
                pts.removeLast()
            case .square:
                pts.append((x - hw, y - hw)); pts.append((x + hw, y - hw))
                pts.append((x + hw, y + hw)); pts.append((x - hw, y + hw))
            }
            flush(into: &out)
            return
        }
        // Unit directions of the segments (closed: including the closing one).
        let segs = closed ? n : n - 1
        dirs.removeAll()
        lens.removeAll()
        // Room for a side's corners (a few points each at sharp ones; arcs grow as they must)
        // at once, rather than doubling up from little on the first subpath of every path.
        let room = 2 * n + 16
        pts.reserve(room)
        other.reserve(room)
        dirs.reserve(segs); lens.reserve(segs)
        for i in 0..<segs {
            let j = i + 1 == n ? 0 : i + 1
            let dx = xs[j] - xs[i], dy = ys[j] - ys[i]
            let len = (dx * dx + dy * dy).squareRoot()
            dirs.append((dx / len, dy / len))
            lens.append(len)
        }
        if closed {
            for s in [1.0, -1.0] {
                for i in 0..<n {
                    let prev = i == 0 ? segs - 1 : i - 1
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
        pts.append((xs[0] - d0.1 * hw, ys[0] + d0.0 * hw))
        for i in 1..<(n - 1) { join(xs[i], ys[i], dirs[i - 1], dirs[i], 1, shortest: min(lens[i - 1], lens[i])) }
        pts.append((xs[n - 1] - dl.1 * hw, ys[n - 1] + dl.0 * hw))
        cap(xs[n - 1], ys[n - 1], dl, flat: line.endCut)
        // The other side, walked forwards into the scratch, then appended backwards.
        swap(&other, &pts)
        pts.removeAll()
        for i in 1..<(n - 1) { join(xs[i], ys[i], dirs[i - 1], dirs[i], -1, shortest: min(lens[i - 1], lens[i])) }
        other.append(reversed: pts)
        swap(&other, &pts)
        // Start cap, walking backwards: from the −n side of the path round to its +n side.
        pts.append((xs[0] + d0.1 * hw, ys[0] - d0.0 * hw))
        cap(xs[0], ys[0], (-d0.0, -d0.1), flat: line.startCut)
        flush(into: &out)
    }
}
