#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives the flattened path one subpath at a time and strokes each as it ends, dashing
/// it first where the style has dashes, into one outline. Its buffers are reused from
/// subpath to subpath and dash to dash, so stroking allocates only as the outline grows.
struct StrokeBuilder: PolylineSink {
    var out = Path()
    var stroker: Stroker
    let dasher: Dasher?
    /// Where the stroke can still change visible pixels (path units), or nil: everywhere.
    let region: Rect?
    let tangents: [(start: (Double, Double)?, end: (Double, Double)?)]
    var subpath = 0
    /// The subpath being received.
    var line = Polyline()
    /// The dash (or visible run) being built.
    var piece = Polyline()
    var dashesLeft: Double
    /// Per segment of the subpath being stroked solid, whether it lies out of the region (kept between subpaths).
    var hiddenScratch: [Bool] = []

    /// A builder working in `buffers`' memory (emptied; `buffers` keeps empty ones until
    /// `giveBack`).
    init(style: StrokeStyle, halfWidth: Double, tolerance: Double, region: Rect?,
         tangents: [(start: (Double, Double)?, end: (Double, Double)?)], budget: StrokeBudget,
         buffers b: inout StrokeBuffers) {
        stroker = Stroker(style: style, halfWidth: halfWidth, tolerance: tolerance, buffers: b)
        swap(&out, &b.outline)
        out.removeAll()
        swap(&line, &b.line); swap(&piece, &b.piece); swap(&hiddenScratch, &b.hidden)
        swap(&stroker.clean, &b.clean)
        stroker.arcPointsLeft = budget.maxArcPoints
        dashesLeft = budget.maxDashes
        // A pattern that repeats within the flattening tolerance (a tenth of a pixel) is stroked
        // solid: no one draws twenty dashes a pixel, and dashing one by one a pattern of 1e-308
        // took minutes for what no pixel shows (fuzz-cgcontext-timeout-083f…). Drawn one by
        // one, such dashes would cover the line at their on-fraction; solid covers it all.
        dasher = Dasher(style.dashes, phase: style.dashPhase).flatMap { $0.total >= tolerance ? $0 : nil }
        self.region = region
        self.tangents = tangents
    }

    /// Hands its memory back to `b`, the outline included (shared with `out`).
    func giveBack(_ b: inout StrokeBuffers) {
        b.outline = out
        b.line = line; b.piece = piece; b.hidden = hiddenScratch
        b.clean = stroker.clean
    }

    mutating func moveTo(_ x: Double, _ y: Double) { line.start(x, y) }

    mutating func lineTo(_ x: Double, _ y: Double) { line.extend(x, y) }

    mutating func endSubpath(closed: Bool) {
        line.end(closed: closed)
        if subpath < tangents.count {
            line.startTangent = tangents[subpath].start
            line.endTangent = tangents[subpath].end
        }
        subpath += 1
        strokeSubpath()
    }

    /// Dashes (where the pattern allows) and strokes `line`.
    mutating func strokeSubpath() {
        if let dasher, line.count > 1 {
            var length = 0.0
            forEachStretch(of: line) { _, ta, tb, _, _, _ in length += tb - ta }
            let dashes = length / dasher.total * Double(dasher.intervals.count) / 2
            if dashes <= dashesLeft {
                dashesLeft -= dashes
                dash(with: dasher)
                return
            }
        }
        strokeSolid()
    }

    /// Calls `body(i, ta, tb, len, dx, dy)` for each segment i of `l` (closed: including the
    /// closing one) with the stretch [ta, tb] of its length `len` that lies in the region
    /// (ta > tb: none of it).
    func forEachStretch(of l: Polyline, _ body: (Int, Double, Double, Double, Double, Double) -> Void) {
        let n = l.count
        let segs = l.closed ? n : n - 1
        guard segs > 0 else { return }
        l.xs.withUnsafeBufferPointer { xs in
            l.ys.withUnsafeBufferPointer { ys in
                for i in 0..<segs {
                    let j = i + 1 == n ? 0 : i + 1
                    let dx = xs[j] - xs[i], dy = ys[j] - ys[i]
                    let len = (dx * dx + dy * dy).squareRoot()
                    let (ta, tb) = stretch(xs[i], ys[i], dx, dy, len)
                    body(i, ta, tb, len, dx, dy)
                }
            }
        }
    }

    /// The part [ta, tb] (in length along the segment) of the segment from (x, y) by (dx, dy)
    /// inside the region: the whole of it when both ends are inside or there is no region.
    @inline(__always)
    func stretch(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double, _ len: Double) -> (Double, Double) {
        guard let r = region else { return (0, len) }
        let x1 = x + dx, y1 = y + dy
        if x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY
            && x1 >= r.minX && x1 <= r.maxX && y1 >= r.minY && y1 <= r.maxY { return (0, len) }
        // Liang–Barsky on the parameter u in [0, 1].
        var u0 = 0.0, u1 = 1.0
        @inline(__always) func edge(_ p: Double, _ q: Double) {
            if p == 0 {
                if q < 0 { u0 = 1; u1 = 0 }
            } else {
                let u = q / p
                if p < 0 { if u > u0 { u0 = u } } else { if u < u1 { u1 = u } }
            }
        }
        edge(-dx, x - r.minX); edge(dx, r.maxX - x)
        edge(-dy, y - r.minY); edge(dy, r.maxY - y)
        guard u0 <= u1, u0.isFinite, u1.isFinite else { return (1, 0) }
        return (u0 * len, u1 * len)
    }

    /// Strokes `line` without dashes: whole, or (with a region) each maximal run of segments
    /// that reach it, ending flat where segments beyond it were left out.
    mutating func strokeSolid() {
        let n = line.count
        let segs = line.closed ? n : n - 1
        // A subpath whose points all lie in the region has every segment in it (the usual
        // case): no stretch to measure, nothing left out.
        guard let region, segs > 0, !line.lies(in: region) else { stroker.stroke(line, into: &out); return }
        var hidden = hiddenScratch
        defer { hiddenScratch = hidden }
        hidden.removeAll(keepingCapacity: true)
        forEachStretch(of: line) { _, ta, tb, _, _, _ in hidden.append(ta > tb) }
        guard let firstHidden = hidden.firstIndex(of: true) else { stroker.stroke(line, into: &out); return }
        // A closed subpath is walked from its first hidden segment on, so no run wraps.
        let first = line.closed ? firstHidden + 1 : 0
        var k = 0
        while k < segs {
            let s = (first + k) % segs
            if hidden[s] { k += 1; continue }
            // A run of visible segments s, s+1, ... (vertices s ... e).
            var e = s
            while k < segs && !hidden[(first + k) % segs] { e = (first + k) % segs; k += 1 }
            piece.reset()
            var v = s
            while true {
                piece.xs.append(line.xs[v]); piece.ys.append(line.ys[v])
                if v == (e + 1) % n { break }
                v = (v + 1) % n
            }
            piece.hasSegment = true
            let startsAtStart = !line.closed && s == 0, endsAtEnd = !line.closed && e == segs - 1
            piece.startCut = !startsAtStart
            piece.endCut = !endsAtEnd
            if startsAtStart { piece.startTangent = line.startTangent }
            if endsAtEnd { piece.endTangent = line.endTangent }
            stroker.stroke(piece, into: &out)
        }
    }

    /// Splits `line` into dashes and strokes each as it is made. The dash pattern is followed
    /// along the whole subpath; with a region, only the stretches of segments inside it are
    /// split (elsewhere the pattern is advanced by length in one step), and a dash that
    /// leaves the region ends flat there.
    mutating func dash(with d: Dasher) {
        let iv = d.intervals
        var (k, left, on) = d.start()
        let startsOn = on
        let n = line.count
        let segs = line.closed ? n : n - 1
        piece.reset()
        if on { piece.xs.append(line.xs[0]); piece.ys.append(line.ys[0]); piece.hasSegment = true }
        var emitted = 0
        // A closed subpath on at both ends: its first dash continues its last one, so the first
        // one's contour is taken out again at the end and the two are stroked as one.
        var held: (verbs: Range<Int>, coords: Range<Int>)?
        var first = Polyline()

        /// Strokes the dash in `piece`; a one-point remainder of a cut is dropped.
        func emit(_ b: inout StrokeBuilder) {
            guard b.piece.count >= 2 || !(b.piece.startCut || b.piece.endCut) else { b.piece.reset(); return }
            let v0 = b.out.verbs.count, c0 = b.out.coords.count
            b.stroker.stroke(b.piece, into: &b.out)
            if emitted == 0 && b.line.closed && startsOn && !b.piece.startCut {
                held = (v0..<b.out.verbs.count, c0..<b.out.coords.count)
                swap(&first, &b.piece)
            }
            emitted += 1
            b.piece.reset()
        }
        /// Moves `length` along the pattern outside the region: a dash that is on ends here
        /// (flat), and one that is on afterwards starts flat at (x, y).
        func skip(_ b: inout StrokeBuilder, _ length: Double, thenAt x: Double, _ y: Double) {
            if on && b.piece.count > 0 { b.piece.endCut = true; emit(&b) }
            var l = length
            if l > left {
                l -= left
                k = (k + 1) % iv.count; on.toggle(); left = iv[k]
                // A whole number of periods leaves the pattern where it was (the list has an even count).
                l = l.truncatingRemainder(dividingBy: d.total)
                var steps = 0
                while l > left && steps <= 2 * iv.count {
                    l -= left
                    k = (k + 1) % iv.count; on.toggle(); left = iv[k]
                    steps += 1
                }
            }
            left = max(left - l, 0)
            if on {
                b.piece.reset()
                b.piece.xs.append(x); b.piece.ys.append(y)
                b.piece.hasSegment = true; b.piece.startCut = true
            }
        }

        for i in 0..<segs {
            let j = i + 1 == n ? 0 : i + 1
            let x0 = line.xs[i], y0 = line.ys[i], x1 = line.xs[j], y1 = line.ys[j]
            let dx = x1 - x0, dy = y1 - y0
            let len = (dx * dx + dy * dy).squareRoot()
            let (ta, tb) = stretch(x0, y0, dx, dy, len)
            if ta > tb {
                skip(&self, len, thenAt: x1, y1)
                continue
            }
            if ta > 0 { skip(&self, ta, thenAt: x0 + dx * ta / len, y0 + dy * ta / len) }
            var t = ta
            while tb - t > left {
                t += left
                let x = x0 + dx * t / len, y = y0 + dy * t / len
                if on {
                    piece.xs.append(x); piece.ys.append(y)
                    if piece.count == 1 {
                        // Zero-length dash: a tiny segment along the path keeps the caps oriented.
                        piece.xs.append(x + dx / len * 1e-9); piece.ys.append(y + dy / len * 1e-9)
                    }
                    emit(&self)
                } else {
                    piece.reset()
                    piece.xs.append(x); piece.ys.append(y); piece.hasSegment = true
                }
                on.toggle()
                k = (k + 1) % iv.count
                left = iv[k]
            }
            left -= tb - t
            if tb < len {
                if on {
                    let x = x0 + dx * tb / len, y = y0 + dy * tb / len
                    if piece.xs.last != x || piece.ys.last != y { piece.xs.append(x); piece.ys.append(y) }
                }
                skip(&self, len - tb, thenAt: x1, y1)
            } else if on, let lx = piece.xs.last, let ly = piece.ys.last, lx != x1 || ly != y1 {
                piece.xs.append(x1); piece.ys.append(y1)
            }
        }
        if emitted == 0 && startsOn && on {
            stroker.stroke(line, into: &out)
            return
        }
        guard on && piece.count > 0 && !(piece.startCut && piece.count < 2) else { return }
        if let h = held {
            out.verbs.removeSubrange(h.verbs)
            out.coords.removeSubrange(h.coords)
            piece.xs.append(contentsOf: first.xs.dropFirst())
            piece.ys.append(contentsOf: first.ys.dropFirst())
            piece.endCut = first.endCut
        }
        stroker.stroke(piece, into: &out)
        piece.reset()
    }
}
