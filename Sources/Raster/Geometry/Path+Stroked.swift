#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
