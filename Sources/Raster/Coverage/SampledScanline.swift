/// Rasterization without anti-aliasing (pixel-centre sampling, iOS's default for transformed
/// layer edges) by scanline crossings: per row, each edge crossing the row's centre line gives
/// the first pixel whose centre is at or right of it, the crossings sorted left to right give
/// the winding, and the inside stretches go to the sink as whole spans.
///
/// The same rule as `CoverageRasterizer` with `antialias` false (rows whose centre y + 0.5 lies
/// in [y0, y1) of an edge; the same arithmetic, so the same pixels), without its per-cell
/// accumulators and chunk sweep: a convex quad costs two crossings per row.
package struct SampledScanline: PolylineSink {
    struct Edge {
        /// First and one-past-last row (region rows) whose centres the edge crosses.
        var row0: Int, row1: Int
        var x0: Double, y0: Double, dxdy: Double
        var dir: Int32
    }

    let originX: Int, originY: Int, width: Int, height: Int
    private(set) var edges: [Edge] = []
    /// More edges than `CoverageRasterizer.maxKeptEdges` came, and those after it were dropped:
    /// the caller draws the path with `CoverageRasterizer` (non-antialiased, the same pixels),
    /// whose memory is bounded however many edges come.
    package private(set) var overflowed = false
    private var startX = 0.0, startY = 0.0, lastX = 0.0, lastY = 0.0

    package init(originX: Int, originY: Int, width: Int, height: Int) {
        self.originX = originX; self.originY = originY; self.width = width; self.height = height
    }

    package mutating func moveTo(_ x: Double, _ y: Double) {
        startX = x; startY = y; lastX = x; lastY = y
    }

    package mutating func lineTo(_ x: Double, _ y: Double) {
        add(lastX, lastY, x, y)
        lastX = x; lastY = y
    }

    package mutating func endSubpath(closed: Bool) {
        lineTo(startX, startY)
    }

    private mutating func add(_ dx0: Double, _ dy0: Double, _ dx1: Double, _ dy1: Double) {
        var x0 = dx0 - Double(originX), y0 = dy0 - Double(originY)
        var x1 = dx1 - Double(originX), y1 = dy1 - Double(originY)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { return }
        let dir: Int32 = y1 > y0 ? 1 : -1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1) }
        let h = Double(height)
        if y1 <= 0 || y0 >= h { return }
        let first = y0 <= 0.5 ? 0 : Int((y0 - 0.5).rounded(.up))
        let last = min(height - 1, Int(min((y1 - 0.5).rounded(.up), h)) - 1)
        if first > last { return }
        guard edges.count < CoverageRasterizer.maxKeptEdges else { overflowed = true; return }
        edges.append(Edge(row0: first, row1: last + 1, x0: x0, y0: y0, dxdy: (x1 - x0) / (y1 - y0), dir: dir))
    }

    /// Hands the inside spans of every row to `sink`.
    package mutating func sweep<S: CoverageSink>(rule: FillRule, into sink: inout S) {
        guard !edges.isEmpty else { return }
        edges.sort { $0.row0 < $1.row0 }
        let n = edges.count
        let active = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let xs = UnsafeMutablePointer<Int>.allocate(capacity: n), dirs = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        defer { active.deallocate(); xs.deallocate(); dirs.deallocate() }
        var activeCount = 0, next = 0
        let lastColumn = Double(width) - 1
        let bottom = edges.reduce(0) { max($0, $1.row1) }
        edges.withUnsafeBufferPointer { edges in
            for row in edges[0].row0..<bottom {
                while next < n && edges[next].row0 <= row { active[activeCount] = next; activeCount += 1; next += 1 }
                var kept = 0
                for i in 0..<activeCount where edges[active[i]].row1 > row { active[kept] = active[i]; kept += 1 }
                activeCount = kept
                if activeCount == 0 { continue }
                // Crossings, kept sorted by x as they come (few per row: insertion).
                var count = 0
                for i in 0..<activeCount {
                    let e = edges[active[i]]
                    let x = e.x0 + (Double(row) + 0.5 - e.y0) * e.dxdy
                    // First pixel whose centre is at or right of the edge: ⌈x − 0.5⌉, clamped
                    // to [0, width). Worked out on the integers (⌈v⌉ < w exactly when v ≤ w − 1,
                    // ⌈v⌉ ≤ 0 exactly when v ≤ 0) because `rounded(.up)` is a call into libm
                    // on this target, once per crossing.
                    let v = x - 0.5
                    if !(v <= lastColumn) { continue } // also skips NaN from degenerate slopes
                    let px: Int
                    if v <= 0 { px = 0 } else { let t = Int(v); px = Double(t) < v ? t + 1 : t }
                    var j = count
                    while j > 0 && xs[j - 1] > px { xs[j] = xs[j - 1]; dirs[j] = dirs[j - 1]; j -= 1 }
                    xs[j] = px; dirs[j] = e.dir
                    count += 1
                }
                var winding: Int32 = 0
                var k = 0
                let y = originY + row
                while k < count {
                    let x = xs[k]
                    while k < count && xs[k] == x { winding &+= dirs[k]; k += 1 }
                    let inside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                    guard inside else { continue }
                    let end = k < count ? xs[k] : width
                    if end > x { sink.span(y: y, x: originX + x, count: end - x, coverage: 255) }
                }
            }
        }
    }
}
