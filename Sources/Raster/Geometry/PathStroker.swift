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
    /// The polyline starts (ends) where a stretch out of sight was left out: that end is flat
    /// (butt) whatever the cap, as the stroke goes on beyond it.
    var startCut = false, endCut = false
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
        current.start(x, y)
    }

    package mutating func lineTo(_ x: Double, _ y: Double) { current.extend(x, y) }

    package mutating func endSubpath(closed: Bool) {
        current.end(closed: closed)
        lines.append(current)
        current = Polyline()
    }
}

extension Polyline {
    /// Starts the subpath at (x, y), keeping the buffers' memory.
    mutating func start(_ x: Double, _ y: Double) {
        reset()
        xs.append(x); ys.append(y)
    }

    /// A segment to (x, y); a repeated point is dropped, but still counts as a segment.
    mutating func extend(_ x: Double, _ y: Double) {
        hasSegment = true
        if let lx = xs.last, let ly = ys.last, lx == x, ly == y { return }
        xs.append(x); ys.append(y)
    }

    /// Ends the subpath; a closed one loses a last point equal to its first.
    mutating func end(closed: Bool) {
        guard closed else { return }
        hasSegment = true
        if count > 1, xs[0] == xs[count - 1], ys[0] == ys[count - 1] {
            xs.removeLast(); ys.removeLast()
        }
        self.closed = count >= 2
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
    ///
    /// With `visible` (path units), only what can reach that rectangle is built: curves whose
    /// control points all lie farther than the stroke's reach from it become chords, segments
    /// that far away are left out (the pieces on either side end flat there), and dashes are
    /// counted and split only along the parts of segments near it. Every point of `visible`
    /// keeps its winding number. The work of one call is bounded whatever the input
    /// (`StrokeBudget`, docs/limits.md).
    package func stroked(_ style: StrokeStyle, tolerance: Double = 0.1, visible: Rect? = nil) -> Path {
        stroked(style, tolerance: tolerance, visible: visible, budget: .standard)
    }

    /// As `stroked(_:tolerance:visible:)`, within `budget`.
    package func stroked(_ style: StrokeStyle, tolerance: Double, visible: Rect?, budget: StrokeBudget) -> Path {
        var buffers = StrokeBuffers()
        return stroked(style, tolerance: tolerance, visible: visible, budget: budget, buffers: &buffers)
    }

    /// As `stroked(_:tolerance:visible:)`, within `budget`, working in `buffers` (see
    /// `StrokeBuffers`). The outline returned shares its storage with `buffers` until the
    /// next stroke made in them.
    package func stroked(_ style: StrokeStyle, tolerance: Double, visible: Rect?, budget: StrokeBudget = .standard,
                         buffers: inout StrokeBuffers) -> Path {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return Path() }
        let tol = max(tolerance, 1e-6)
        let region = visible.flatMap { StrokeBudget.reachRegion($0, style: style, halfWidth: hw, tolerance: tol) }
        var builder = StrokeBuilder(style: style, halfWidth: hw, tolerance: tol, region: region,
                                    tangents: subpathEndTangents(), budget: budget, buffers: &buffers)
        defer { builder.giveBack(&buffers) }
        builder.stroker.visible = visible.map {
            Rect(minX: $0.minX - tol, minY: $0.minY - tol, maxX: $0.maxX + tol, maxY: $0.maxY + tol)
        }
        budget.budgeted(self, tol, region: region).flatten(transform: .identity, tolerance: tol, outside: region, into: &builder)
        return builder.out
    }
}

/// The working memory of stroking (the outline, the subpath and dash being stroked, the
/// stroker's sides, directions and lengths), kept from stroke to stroke by a caller that
/// strokes often: a context drawing hundreds of strokes would otherwise allocate each of
/// these afresh and grow it by doubling, every stroke (about 2 % of the drawing race's
/// strokes went to growing arrays, and as much again to allocating and freeing them).
package struct StrokeBuffers {
    var outline = Path()
    var line = Polyline(), piece = Polyline(), clean = Polyline()
    var hidden: [Bool] = []
    var pts = GrowableList<(Double, Double)>(), other = GrowableList<(Double, Double)>()
    var dirs = GrowableList<(Double, Double)>(), lens = GrowableList<Double>()

    /// Empty buffers.
    package init() {}
}

/// Bounds on the work of stroking one path, whatever its coordinates, width and dash pattern
/// (a curve 1e308 wide, a width of 1e300, dashes of 1e-9 along a path 1e9 long); beyond them
/// the outline degrades (coarser curves and arcs, solid instead of dashed) rather than taking
/// minutes. Ordinary drawing stays far below all three. See docs/limits.md.
package struct StrokeBudget: Sendable {
    /// Segments that flattening the path's curves may make in all; past it the tolerance grows
    /// until the curves fit (segments go as 1/√tolerance).
    var maxSegments: Int
    /// Points that round joins and caps may add in all; past it arcs become single chords.
    var maxArcPoints: Int
    /// Dashes in all (counted along the visible parts); a subpath that would pass it is
    /// stroked solid, as Skia does past a million dashes. (Patterns that repeat within the
    /// tolerance are stroked solid whatever their count: see `StrokeBuilder.init`.)
    var maxDashes: Double
    /// The budget of every stroke.
    package static let standard = StrokeBudget()

    /// A budget with the given bounds, each defaulting to the standard one (tests lower them).
    package init(maxSegments: Int = 1 << 18, maxArcPoints: Int = 1 << 20, maxDashes: Double = 1_000_000) {
        self.maxSegments = maxSegments
        self.maxArcPoints = maxArcPoints
        self.maxDashes = maxDashes
    }

    /// The farthest any part of the stroke lies from the flattened path: half the width, times
    /// the miter limit for miter joins (a miter tip is at most limit · width / 2 from its corner)
    /// and √2 for square caps, plus the tolerance. Nil when that is not finite.
    static func reach(_ style: StrokeStyle, halfWidth hw: Double, tolerance: Double) -> Double? {
        var k = style.cap == .square ? 2.0.squareRoot() : 1
        if style.join == .miter, !style.miterLimit.isNaN { k = max(k, style.miterLimit) }
        let r = hw * k * 1.001 + 2 * tolerance
        return r.isFinite ? r : nil
    }

    /// `visible` grown by the stroke's reach: what lies outside cannot change the winding of
    /// any point of `visible` (the outline is, edge for edge, the sum of the boundaries of the
    /// pieces a stroke is made of, each within the reach of its segment or corner).
    static func reachRegion(_ visible: Rect, style: StrokeStyle, halfWidth hw: Double, tolerance: Double) -> Rect? {
        guard let r = reach(style, halfWidth: hw, tolerance: tolerance),
              visible.minX.isFinite, visible.minY.isFinite, visible.maxX.isFinite, visible.maxY.isFinite,
              visible.maxX >= visible.minX, visible.maxY >= visible.minY else { return nil }
        let g = Rect(minX: visible.minX - r, minY: visible.minY - r, maxX: visible.maxX + r, maxY: visible.maxY + r)
        return g.minX.isFinite && g.minY.isFinite && g.maxX.isFinite && g.maxY.isFinite ? g : nil
    }

    /// `path` as it is when flattening its curves within `tolerance` makes at most
    /// `maxSegments` segments (curves outside `region`, sent as chords, count one); otherwise a
    /// copy in which the curves that would need more than an equal share `c` of the budget are
    /// already flattened, each to at most `c` segments (within a tolerance of its own, as fine
    /// as that allows), and curves with non-finite second differences are chords. Curves
    /// under the share are left to be flattened as asked.
    package func budgeted(_ path: Path, _ tolerance: Double, region: Rect?) -> Path {
        // Segments each curve needs (uncapped), in order; lines count one.
        var needs: [Double] = []
        var lines = 0
        var cx = 0.0, cy = 0.0
        var i = 0
        let c = path.coords
        func need(_ xs: (Double, Double, Double, Double), _ ys: (Double, Double, Double, Double), cubic: Bool) -> Double {
            if let region, Path.misses(region, xs: xs, ys: ys) { return 1 }
            let d1 = hypot2(xs.0 - 2 * xs.1 + xs.2, ys.0 - 2 * ys.1 + ys.2)
            let dd = cubic ? max(d1, hypot2(xs.1 - 2 * xs.2 + xs.3, ys.1 - 2 * ys.2 + ys.3)) : d1
            // As quadSegments and cubicSegments, before their cap.
            let n = (cubic ? (0.75 * dd / tolerance) : (dd / (4 * tolerance))).squareRoot().rounded(.up)
            return n.isFinite ? max(n, 1) : .infinity
        }
        for v in path.verbs {
            switch v {
            case .move: cx = c[i]; cy = c[i + 1]; i += 2
            case .line: cx = c[i]; cy = c[i + 1]; i += 2; lines += 1
            case .quad:
                needs.append(need((cx, c[i], c[i + 2], c[i + 2]), (cy, c[i + 1], c[i + 3], c[i + 3]), cubic: false))
                cx = c[i + 2]; cy = c[i + 3]; i += 4
            case .cubic:
                needs.append(need((cx, c[i], c[i + 2], c[i + 4]), (cy, c[i + 1], c[i + 3], c[i + 5]), cubic: true))
                cx = c[i + 4]; cy = c[i + 5]; i += 6
            case .close: break
            }
        }
        let cap = Double(1 << 16)
        let total = needs.reduce(0) { $0 + min($1, cap) }
        guard total + Double(lines) > Double(maxSegments) else { return path }
        // The largest share c with Σ min(need, c) within what the lines leave.
        let room = Double(max(maxSegments - lines, needs.count))
        var lo = 1.0, hi = cap
        while lo < hi {
            let mid = ((lo + hi + 1) / 2).rounded(.down)
            if needs.reduce(0, { $0 + min($1, mid) }) <= room { lo = mid } else { hi = mid - 1 }
        }
        let share = lo
        var out = Path()
        out.reserveCapacity(elements: path.verbs.count, points: path.pointCount)
        var k = 0
        i = 0
        /// Flattens one curve from (cx, cy) to at most `share` segments into `out`.
        func flattenCurve(_ curve: (inout Path) -> Void, need n: Double, to x: Double, _ y: Double) {
            guard n.isFinite else { out.line(to: x, y); return }
            var one = Path()
            one.move(to: cx, cy)
            curve(&one)
            // Segments go as 1/√tolerance: this tolerance makes at most `share` of them.
            var sink = PathBuildingSink()
            one.flatten(transform: .identity, tolerance: tolerance * (n / share) * (n / share) * 1.0001, into: &sink)
            var j = 2
            while j + 1 < sink.path.coords.count { out.line(to: sink.path.coords[j], sink.path.coords[j + 1]); j += 2 }
        }
        for v in path.verbs {
            switch v {
            case .move: cx = c[i]; cy = c[i + 1]; i += 2; out.move(to: cx, cy)
            case .line: cx = c[i]; cy = c[i + 1]; i += 2; out.line(to: cx, cy)
            case .quad:
                let (x1, y1, x, y) = (c[i], c[i + 1], c[i + 2], c[i + 3]); i += 4
                let n = needs[k]; k += 1
                if n <= share { out.quad(to: x, y, control: x1, y1) } else {
                    flattenCurve({ $0.quad(to: x, y, control: x1, y1) }, need: n, to: x, y)
                }
                cx = x; cy = y
            case .cubic:
                let (x1, y1, x2, y2, x, y) = (c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5]); i += 6
                let n = needs[k]; k += 1
                if n <= share { out.cubic(to: x, y, control1: x1, y1, control2: x2, y2) } else {
                    flattenCurve({ $0.cubic(to: x, y, control1: x1, y1, control2: x2, y2) }, need: n, to: x, y)
                }
                cx = x; cy = y
            case .close: out.close()
            }
        }
        return out
    }
}

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

/// A subpath's polyline handed to the stroker: a whole subpath, a run of its segments or a dash.
extension Polyline {
    /// Whether every point lies in `r` (NaN does not).
    func lies(in r: Rect) -> Bool {
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                for i in 0..<xs.count where !(xs[i] >= r.minX && xs[i] <= r.maxX && ys[i] >= r.minY && ys[i] <= r.maxY) {
                    return false
                }
                return true
            }
        }
    }

    /// Empties the buffers (keeping their memory) and clears the flags.
    mutating func reset() {
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        closed = false; hasSegment = false
        startTangent = nil; endTangent = nil
        startCut = false; endCut = false
    }
}

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

/// A dash pattern, normalised: an even number of on and off lengths and a phase within one period.
struct Dasher {
    let intervals: [Double]
    let total: Double
    let phase: Double

    /// Nil when the pattern draws a solid line (empty, negative or zero-length intervals).
    init?(_ dashes: [Double], phase: Double) {
        guard !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let list = dashes.count % 2 == 1 ? dashes + dashes : dashes
        let sum = list.reduce(0, +)
        guard sum > 0, sum.isFinite, phase.isFinite else { return nil }
        intervals = list
        total = sum
        var p = phase.truncatingRemainder(dividingBy: sum)
        if p < 0 { p += sum }
        self.phase = p
    }

    /// Where each subpath starts in the pattern: the interval, what is left of it, and whether it is on.
    func start() -> (k: Int, left: Double, on: Bool) {
        var k = 0
        var left = intervals[0]
        var p = phase
        // An interval is skipped once the phase reaches its end, except a zero-length dash at
        // the very start, which is a dot.
        while p > left || (p == left && left > 0) { p -= left; k = (k + 1) % intervals.count; left = intervals[k] }
        return (k, left - p, k % 2 == 0)
    }
}
