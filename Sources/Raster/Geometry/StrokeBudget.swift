#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
