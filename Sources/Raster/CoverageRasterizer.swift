import CRasterKernels

/// Receives the coverage of one row, left to right, in device coordinates.
package protocol CoverageSink {
    /// `count` pixels starting at (x, y), all with the same coverage (never 0).
    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8)
    /// `count` pixels starting at (x, y) with coverage per pixel (may contain zeros).
    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
    /// A block of `height` rows of `width` cells from (x, y) down, row r's coverage at
    /// `coverage + r·stride`: small shapes in one call.
    mutating func block(y: Int, x: Int, width: Int, height: Int, coverage: UnsafePointer<UInt8>, stride: Int)
    /// Set when all the sink does with cells is blend one colour source-over into pixels,
    /// unclipped: the sweep then blends each run as it sweeps it (`rk_sweep_nonzero_over`),
    /// with the same bytes as handing the run's coverage to `cells`.
    var sourceOverTarget: SourceOverTarget? { get }
}

/// Pixels that a sink blends one premultiplied colour into, source-over: device pixel (x, y) at
/// `pixels + (y − originY)·stride + (x − originX)`.
package struct SourceOverTarget {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int, originX: Int, originY: Int
    let color: UInt32

    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + (y - originY) * stride + (x - originX) }
}

extension CoverageSink {
    package var sourceOverTarget: SourceOverTarget? { nil }

    package mutating func block(y: Int, x: Int, width: Int, height: Int, coverage: UnsafePointer<UInt8>, stride: Int) {
        for r in 0..<height { cells(y: y + r, x: x, count: width, coverage: coverage + r * stride) }
    }
}

/// Exact-area scanline rasterizer by signed-area accumulation (as font-rs, stb_truetype v2),
/// with an exact second pass for rows where edges meet.
///
/// Every edge adds, to each cell of each pixel row it crosses, the signed area between the
/// edge and the cell's right side, and the remainder of its height to the next cell; a
/// running sum along the row then gives, for every pixel, the integral of the winding
/// number over that pixel. Where a pixel holds only one edge (or consecutive edges of one
/// contour, or any edges of one simple contour), the winding takes two adjacent values there
/// and applying the fill rule to that integral is exact.
///
/// Pixels that two unrelated edges pass through (crossings, overlapping or touching
/// contours, coincident edges) are noticed while accumulating: each cell remembers the last
/// edge that covered it, and horizontal edges claim the cells they run through (they split a
/// pixel into different windings above and below). The span of such cells in each row is
/// redone exactly: the path is flattened again and only the pieces in those rows are kept.
/// Pieces right of the span cannot change it and are dropped; pieces left of it only set the
/// winding at its left end, so they are merged into one vertical step at that end. The span is
/// then cut into sub-bands at every piece end and every crossing, and within each band (where
/// pieces neither end nor cross) the pieces are sorted left to right and only those where the
/// fill rule changes are accumulated, with weight ±1: that gives coverage itself, exact for
/// both rules, which replaces the single-pass coverage of the span when the row is swept.
///
/// Memory is one `Float` and one `Int32` per pixel of the intersection of the path's bounds
/// with the target (pooled and reused; regions beyond `maxRasterCells` are done in bands), one bit per 8 pixels marking cells that edges touched (so spans between
/// edges go to the sink whole: interiors are filled without per-pixel work here), and the
/// pieces and exact coverage of the spans being redone (at most `maxExactRowPieces` per row: busier rows keep the
/// single-pass result, as FreeType and Skia would give).
/// With `antialias` false each edge instead adds ±1 at the first pixel whose centre lies
/// right of it on each row whose centre line it crosses: pixel-centre sampling, exact as is.
package final class CoverageRasterizer: PolylineSink {
    /// Device position and size of the region being rasterized.
    let originX: Int, originY: Int, width: Int, height: Int
    let antialias: Bool
    let stride: Int
    let wordsPerRow: Int
    let acc: UnsafeMutablePointer<Float>
    let touched: UnsafeMutablePointer<UInt64>
    let rowCoverage: UnsafeMutablePointer<UInt8>
    private var startX = 0.0, startY = 0.0, lastX = 0.0, lastY = 0.0
    static let chunkShift = 3

    private let scratch: RasterScratch
    private var swept = false
    /// Per cell, the id of the last edge whose area landed in it. Ids count on from fill to
    /// fill of the same scratch, so ids up to `firstId` are earlier fills' (none of this one's):
    /// the sweep need not set the owners back to zero.
    private let owner: UnsafeMutablePointer<Int32>
    private let firstId: Int32
    /// Per row, the first and last cell where two unrelated edges met (first > last: none).
    private let conflictFirst: UnsafeMutablePointer<Int32>
    private let conflictLast: UnsafeMutablePointer<Int32>
    /// Exact coverage of each redone span, from `exactOffset[row]` (−1: row not redone).
    private var exactCoverage: UnsafeMutablePointer<UInt8>?
    private let exactOffset: UnsafeMutablePointer<Int32>
    package private(set) var hasConflicts = false
    private var edgeId: Int32 = 0
    private var subpathFirstId: Int32 = 0
    private var closingSubpath = false
    /// Cells where two non-consecutive edges of the contour being received met (row, cell):
    /// conflicts only if the contour turns out not to be simple (see `endContour`).
    /// (Pairs of Int32 in the scratch's `pending`, `pendingCount` of them.)
    private var pendingCount = 0
    /// The contour's vertices so far (x, y pairs; kept while there are at most
    /// `maxTestedVertices + 1`), to tell at its end whether it is simple, and their count.
    private let contour: UnsafeMutablePointer<Double>
    private var contourPoints = 0
    /// Longer contours are not tested: their pending cells are conflicts.
    static let maxTestedVertices = 16
    /// Second pass: pieces of the rows being redone, instead of accumulating.
    private var collecting = false
    private var pieces: [Piece] = []
    /// Per row, how many edge pieces the first pass accumulated there.
    private let rowPieces: UnsafeMutablePointer<Int32>
    /// Rows with more pieces than this keep the single-pass result: the exact pass costs
    /// O(n²) per row in the worst case (crossings), and such rows (dense scribbles) are noise anyway.
    static let maxExactRowPieces: Int32 = 64

    struct Piece {
        var row: Int32
        var dir: Int32
        var xt: Double, yt: Double, xb: Double, yb: Double
    }

    package init(originX: Int, originY: Int, width: Int, height: Int, antialias: Bool) {
        self.originX = originX; self.originY = originY
        self.width = max(width, 0); self.height = max(height, 0)
        self.antialias = antialias
        stride = self.width + 2
        wordsPerRow = (stride >> CoverageRasterizer.chunkShift) / 64 + 1
        let cells = max(stride * self.height, 1)
        scratch = RasterScratch.take(cells: cells)
        acc = scratch.acc
        owner = scratch.owner
        contour = scratch.vertices
        firstId = scratch.startEdgeIds()
        edgeId = firstId
        let rows = max(self.height, 1)
        let words = max(wordsPerRow * self.height, 1)
        scratch.reserve(rows: rows, words: words, bytes: stride)
        touched = scratch.words
        touched.initialize(repeating: 0, count: words)
        rowCoverage = scratch.bytes
        conflictFirst = scratch.rowInts
        conflictFirst.initialize(repeating: Int32.max, count: rows)
        conflictLast = scratch.rowInts + rows
        conflictLast.initialize(repeating: -1, count: rows)
        exactOffset = scratch.rowInts + 2 * rows
        exactOffset.initialize(repeating: -1, count: rows)
        rowPieces = scratch.rowInts + 3 * rows
        rowPieces.initialize(repeating: 0, count: rows)
    }

    deinit {
        // The sweep has set every accumulator it or the edges touched back to zero.
        if swept {
            scratch.lastEdgeId = edgeId
            RasterScratch.give(scratch)
        }
        exactCoverage?.deallocate()
    }

    /// The region to rasterize: `bounds` (device space, already transformed) clipped to the target.
    static func region(bounds: Rect, targetX: Int, targetY: Int, targetWidth: Int, targetHeight: Int)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        guard !(bounds.minX.isNaN || bounds.minY.isNaN || bounds.maxX.isNaN || bounds.maxY.isNaN) else { return nil }
        let x0 = max(Double(targetX), (bounds.minX).rounded(.down))
        let y0 = max(Double(targetY), (bounds.minY).rounded(.down))
        let x1 = min(Double(targetX + targetWidth), (bounds.maxX).rounded(.up))
        let y1 = min(Double(targetY + targetHeight), (bounds.maxY).rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        return (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
    }

    // MARK: PolylineSink (device coordinates; every subpath is closed for filling)

    package func moveTo(_ x: Double, _ y: Double) {
        endContour()
        startX = x; startY = y; lastX = x; lastY = y
        contour[0] = x; contour[1] = y
        contourPoints = 1
        // Skip an id so the last edge of one contour and the first of the next never look consecutive.
        edgeId &+= 1
        subpathFirstId = edgeId &+ 1
    }

    package func lineTo(_ x: Double, _ y: Double) {
        // Zero-length lines add nothing and must not break the chain of consecutive edge ids.
        if x == lastX && y == lastY { return }
        edgeId &+= 1
        if contourPoints <= CoverageRasterizer.maxTestedVertices {
            contour[2 * contourPoints] = x; contour[2 * contourPoints + 1] = y
        }
        contourPoints += 1
        // A line back to the subpath's start closes it: it may share the first edge's cell.
        closingSubpath = x == startX && y == startY
        addLine(lastX, lastY, x, y)
        closingSubpath = false
        lastX = x; lastY = y
    }

    package func endSubpath(closed: Bool) {
        lineTo(startX, startY)
        endContour()
    }

    /// Ends the contour being received: its pending cells become conflicts unless it is simple.
    ///
    /// In a pixel that only a simple contour's edges pass through (besides edges of no other
    /// contour), the winding is that contour's, 0 or ±1, plus the constant winding of the
    /// others there: two adjacent values, where the single pass is exact for both rules, as at
    /// one vertex. Simple here: convex (every turn one way, dy changing sign at most twice
    /// around, so the direction goes round once), or, for a few vertices, no two edges
    /// meeting except neighbours at their common vertex (a dash bent at a join).
    private func endContour() {
        guard pendingCount > 0 else { return }
        defer { pendingCount = 0 }
        if collecting || !simpleContour() {
            let cells = scratch.pending
            for i in 0..<pendingCount { flag(Int(cells[2 * i]), Int(cells[2 * i + 1])) }
        }
    }

    /// Whether the contour's vertices (closed: the first repeated last, at most
    /// `maxTestedVertices`) make a simple polygon. Convex: every turn one way and dy changing
    /// sign at most twice around (so the direction goes round once). Otherwise no two edges
    /// that are not neighbours may touch, by the signs of orientation determinants (collinear
    /// counts as touching; a crossing too shallow for the rounding of a determinant to show
    /// encloses far less than a 255th of a pixel). A reversal (an edge folding back along the
    /// previous one) is never simple.
    private func simpleContour() -> Bool {
        let n = contourPoints - 1
        let p = contour
        guard n >= 3, n <= CoverageRasterizer.maxTestedVertices,
              p[2 * n] == p[0], p[2 * n + 1] == p[1] else { return false }
        var left = false, right = false, changes = 0
        var lastSign = 0.0, firstSign = 0.0
        for i in 0..<n {
            let j = i + 1, k = i + 2 > n ? 1 : i + 2
            let ax = p[2 * j] - p[2 * i], ay = p[2 * j + 1] - p[2 * i + 1]
            let bx = p[2 * k] - p[2 * j], by = p[2 * k + 1] - p[2 * j + 1]
            let cross = ax * by - ay * bx
            if cross > 0 { left = true } else if cross < 0 { right = true }
            else if !(ax * bx + ay * by > 0) { return false } // a reversal, or NaN
            if ay != 0 {
                let sign: Double = ay > 0 ? 1 : -1
                if lastSign == 0 { firstSign = sign } else if sign != lastSign { changes += 1 }
                lastSign = sign
            }
        }
        if lastSign != 0 && firstSign != lastSign { changes += 1 }
        if !(left && right) && changes <= 2 { return true }
        @inline(__always) func orient(_ a: Int, _ b: Int, _ c: Int) -> Double {
            let v = (p[2 * b] - p[2 * a]) * (p[2 * c + 1] - p[2 * a + 1]) - (p[2 * b + 1] - p[2 * a + 1]) * (p[2 * c] - p[2 * a])
            return v > 0 ? 1 : (v < 0 ? -1 : 0)
        }
        for i in 0..<n {
            // Edges i (vertex i to i + 1) and j that are not neighbours: j ≥ i + 2, and not
            // the last edge with the first.
            var j = i + 2
            while j < n - (i == 0 ? 1 : 0) {
                let d1 = orient(i, i + 1, j), d2 = orient(i, i + 1, j + 1)
                let d3 = orient(j, j + 1, i), d4 = orient(j, j + 1, i + 1)
                if d1 * d2 <= 0 && d3 * d4 <= 0 { return false }
                j += 1
            }
        }
        return true
    }

    /// Keeps (row, c) as a pending conflict of the contour being received.
    private func postpone(_ row: Int, _ c: Int) {
        if pendingCount == scratch.pendingCapacity { scratch.growPending() }
        scratch.pending[2 * pendingCount] = Int32(row)
        scratch.pending[2 * pendingCount + 1] = Int32(c)
        pendingCount += 1
    }

    @inline(__always)
    private func flag(_ row: Int, _ c: Int) {
        conflictFirst[row] = min(conflictFirst[row], Int32(c))
        conflictLast[row] = max(conflictLast[row], Int32(c))
        hasConflicts = true
    }

    // MARK: Edges

    func addLine(_ dx0: Double, _ dy0: Double, _ dx1: Double, _ dy1: Double) {
        var x0 = dx0 - Double(originX), y0 = dy0 - Double(originY)
        var x1 = dx1 - Double(originX), y1 = dy1 - Double(originY)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        if y0 == y1 {
            // A horizontal edge adds no area, but inside a row it separates different windings
            // above and below it, so any other edge in the cells it spans may need the exact pass.
            if antialias && !collecting { claimHorizontal(x0, x1, y0) }
            return
        }
        let dir: Float = y1 > y0 ? 1 : -1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1) }
        let h = Double(height), w = Double(width)
        if y1 <= 0 || y0 >= h { return }
        if !antialias {
            addSampledLine(x0, y0, x1, y1, dir)
            return
        }
        // Clip to the region's rows.
        if y0 < 0 { x0 += (x1 - x0) * (0 - y0) / (y1 - y0); y0 = 0 }
        if y1 > h { x1 = x0 + (x1 - x0) * (h - y0) / (y1 - y0); y1 = h }
        if y1 <= y0 { return }
        // Split at x = 0 and x = width. Left of the region an edge still covers every cell of
        // its rows, so it moves onto x = 0; right of the region it covers nothing visible.
        if x0 >= 0 && x1 >= 0 && x0 <= w && x1 <= w { emit(x0, y0, x1, y1, dir); return }
        if x0 >= w && x1 >= w { return }
        if x0 <= 0 && x1 <= 0 { emit(0, y0, 0, y1, dir); return }
        var ya = y0, xa = x0
        let dxdy = (x1 - x0) / (y1 - y0)
        // Crossing ys of x = 0 and x = width, in order of y.
        var cuts: (Double, Double) = (.infinity, .infinity)
        if (x0 < 0) != (x1 < 0) { cuts.0 = y0 + (0 - x0) / dxdy }
        if (x0 > w) != (x1 > w) { cuts.1 = y0 + (w - x0) / dxdy }
        if cuts.1 < cuts.0 { swap(&cuts.0, &cuts.1) }
        for k in 0..<3 {
            let yc = k == 0 ? cuts.0 : (k == 1 ? cuts.1 : y1)
            guard yc.isFinite && yc > ya else { continue }
            let yb = min(yc, y1)
            let xb = yb == y1 ? x1 : x0 + (yb - y0) * dxdy
            let mid = (xa + xb) / 2
            if mid < 0 {
                emit(0, ya, 0, yb, dir)
            } else if mid <= w {
                emit(min(max(xa, 0), w), ya, min(max(xb, 0), w), yb, dir)
            }
            ya = yb; xa = xb
            if yb >= y1 { break }
        }
    }

    @inline(__always)
    private func emit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        if collecting { collect(x0, y0, x1, y1, dir) } else { accumulate(x0, y0, x1, y1, dir, detect: true) }
    }

    /// Records that the current edge covers cells c0...c1 of `row`, flagging the row when an
    /// unrelated edge got there first. Consecutive edges of a contour share their vertex cell
    /// without harm (the winding there still takes only two values).
    @inline(__always)
    private func claim(_ row: Int, _ c0: Int, _ c1: Int) {
        let cells = owner + row * stride
        let id = edgeId
        var c = c0
        while c <= c1 {
            let p = cells[c]
            if p != id {
                if p > firstId && p != id &- 1 { met(p, row, c) }
                cells[c] = id
            }
            c += 1
        }
    }

    /// Edge `p` of this fill, not the current edge's predecessor, had cell c of `row`.
    @inline(never)
    private func met(_ p: Int32, _ row: Int, _ c: Int) {
        if closingSubpath && p == subpathFirstId { return }
        // Two edges of this contour: a conflict only if it is not simple.
        if p >= subpathFirstId { postpone(row, c) } else { flag(row, c) }
    }

    private func claimHorizontal(_ xa: Double, _ xb: Double, _ y: Double) {
        guard y > 0 && y < Double(height) else { return }
        let row = Int(y)
        guard y > Double(row) else { return }
        let lo = max(min(xa, xb), 0), hi = min(max(xa, xb), Double(width))
        guard hi > lo else { return }
        let c0 = Int(lo), c1 = min(CoverageRasterizer.ceilNonNegative(hi) - 1, width - 1)
        if c1 >= c0 {
            claim(row, c0, c1)
            mark(row, c0, c1)
        }
    }

    @inline(__always)
    private func mark(_ row: Int, _ c0: Int, _ c1: Int) {
        let words = touched + row * wordsPerRow
        var k = c0 >> CoverageRasterizer.chunkShift
        let last = c1 >> CoverageRasterizer.chunkShift
        if k >> 6 == last >> 6 {
            // Within one word (nearly always): the bits k...last at once.
            words[k >> 6] |= (~0 << UInt64(k & 63)) & (~0 >> UInt64(63 - (last & 63)))
            return
        }
        while k <= last {
            words[k >> 6] |= 1 << UInt64(k & 63)
            k += 1
        }
    }

    /// ⌈v⌉ for 0 ≤ v < 2⁶², without a libm call (the baseline x86-64 target has no roundsd).
    @inline(__always)
    static func ceilNonNegative(_ v: Double) -> Int {
        let t = Int(v)
        return Double(t) < v ? t + 1 : t
    }

    /// H(z) = ∫ clamp(u, 0, 1) du from −∞ to z: the area right of an edge at parameter z.
    @inline(__always)
    private static func ramp(_ z: Double) -> Double {
        z <= 0 ? 0 : (z <= 1 ? 0.5 * z * z : z - 0.5)
    }

    /// Adds an edge lying inside the region (0 ≤ x ≤ width, 0 ≤ y ≤ height), y0 < y1.
    private func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float, detect: Bool) {
        let dxdy = (x1 - x0) / (y1 - y0)
        var row = Int(y0)
        let lastRow = min(CoverageRasterizer.ceilNonNegative(y1) - 1, height - 1)
        var ytop = y0
        var xtop = x0
        while row <= lastRow {
            let ybot = min(y1, Double(row + 1))
            // Clamped: a near-horizontal edge's slope can overflow.
            let xbot = ybot == y1 ? x1 : min(max(x0 + (ybot - y0) * dxdy, min(x0, x1)), max(x0, x1))
            let hgt = Float(ybot - ytop) * dir
            if detect { rowPieces[row] &+= 1 }
            if hgt != 0 {
                let (i0, i1) = CoverageRasterizer.addArea(acc + row * stride, xtop, xbot, hgt)
                mark(row, i0, i1)
                if detect { claim(row, i0, max(i1 - 1, i0)) }
            }
            ytop = ybot; xtop = xbot
            row += 1
        }
    }

    /// Adds to `line` the signed area right of an edge crossing one row from x = xtop to xbot
    /// with signed height `hgt`, and returns the first and last cell changed.
    @inline(__always)
    private static func addArea(_ line: UnsafeMutablePointer<Float>, _ xtop: Double, _ xbot: Double, _ hgt: Float)
        -> (Int, Int) {
        let lo = min(xtop, xbot), hi = max(xtop, xbot)
        let i0 = Int(lo)
        let i1 = CoverageRasterizer.ceilNonNegative(hi)
        if i1 <= i0 + 1 {
            let a = hgt * Float(Double(i0 + 1) - 0.5 * (lo + hi))
            line[i0] += a
            line[i0 + 1] += hgt - a
            return (i0, i0 + 1)
        }
        // The edge's x is uniform in [lo, hi] over the row's height, so the area right of it
        // in cell c is h/(hi−lo)·(H(c+1−lo) − H(c+1−hi)). Cells strictly between the end
        // cells all get the same increment h/(hi−lo).
        let s = Double(hgt) / (hi - lo)
        if i1 == i0 + 2 {
            // Two cells (the usual shallow edge): lo lies in [i0, i0 + 1) and hi in (i0 + 1, i0 + 2],
            // so the ramps below take known branches. The same operations as `area`, without
            // them (H is 0.5·z² at z = 1 and at 0 on both sides, so the boundary cases agree).
            let z0 = Double(i0 + 1), z1 = Double(i0 + 2)
            let u0 = z0 - lo, u1 = z1 - lo, v1 = z1 - hi
            let a0 = s * (0.5 * u0 * u0)
            let a1 = s * ((u1 - 0.5) - 0.5 * v1 * v1)
            line[i0] += Float(a0)
            line[i0 + 1] += Float(a1 - a0)
            line[i1] += hgt - Float(a1)
            return (i0, i1)
        }
        @inline(__always) func area(_ c: Int) -> Double {
            let z = Double(c + 1)
            return s * (CoverageRasterizer.ramp(z - lo) - CoverageRasterizer.ramp(z - hi))
        }
        let a0 = area(i0), a1 = area(i0 + 1)
        line[i0] += Float(a0)
        line[i0 + 1] += Float(a1 - a0)
        if i1 - i0 > 2 {
            let step = Float(s)
            var c = i0 + 2
            while c < i1 - 1 { line[c] += step; c += 1 }
            let b0 = area(i1 - 2), b1 = area(i1 - 1)
            line[i1 - 1] += Float(b1 - b0)
            line[i1] += hgt - Float(b1)
        } else {
            line[i1] += hgt - Float(a1)
        }
        return (i0, i1)
    }

    // MARK: Exact pass for rows where unrelated edges meet

    /// Keeps the parts of an edge (inside the region, y0 < y1) that lie in flagged rows.
    private func collect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        let dxdy = (x1 - x0) / (y1 - y0)
        var row = Int(y0)
        let lastRow = min(CoverageRasterizer.ceilNonNegative(y1) - 1, height - 1)
        while row <= lastRow {
            if conflictFirst[row] <= conflictLast[row] {
                let yt = max(y0, Double(row)), yb = min(y1, Double(row + 1))
                if yb > yt {
                    let xt = yt == y0 ? x0 : x0 + (yt - y0) * dxdy
                    let xb = yb == y1 ? x1 : x0 + (yb - y0) * dxdy
                    pieces.append(Piece(row: Int32(row), dir: Int32(dir), xt: xt, yt: yt, xb: xb, yb: yb))
                }
            }
            row += 1
        }
    }

    /// Chooses the rows to redo and starts the second pass; when it returns true, feed the same
    /// path again and call `resolveConflicts`.
    func beginExactPass() -> Bool {
        endContour()
        guard hasConflicts else { return false }
        var any = false
        var total = 0
        for row in 0..<height where conflictFirst[row] <= conflictLast[row] {
            if rowPieces[row] > CoverageRasterizer.maxExactRowPieces {
                conflictFirst[row] = Int32.max
            } else {
                any = true
                total += Int(rowPieces[row])
            }
        }
        guard any else { return false }
        collecting = true
        pieces.removeAll(keepingCapacity: true)
        pieces.reserveCapacity(total)
        return true
    }

    /// Recomputes the flagged span of every flagged row exactly from the collected pieces (see
    /// the type's comment). A piece that bounds the filled region over consecutive bands is
    /// accumulated once over all of them (the sum of its parts is the same line).
    func resolveConflicts(rule: FillRule) {
        collecting = false
        guard !pieces.isEmpty else { return }
        // Pieces grouped by row (counting sort; collection interleaves the rows).
        let starts = UnsafeMutablePointer<Int>.allocate(capacity: height + 1)
        starts.initialize(repeating: 0, count: height + 1)
        defer { starts.deallocate() }
        for p in pieces { starts[Int(p.row) + 1] += 1 }
        var busiest = 0
        for r in 0..<height {
            busiest = max(busiest, starts[r + 1])
            starts[r + 1] += starts[r]
        }
        let byRow = UnsafeMutableBufferPointer<Piece>.allocate(capacity: pieces.count)
        defer { byRow.deallocate() }
        do {
            let next = UnsafeMutablePointer<Int>.allocate(capacity: height)
            defer { next.deallocate() }
            next.update(from: starts, count: height)
            for p in pieces {
                let r = Int(p.row)
                byRow.initializeElement(at: next[r], to: p)
                next[r] += 1
            }
        }
        pieces = []
        // Per-row scratch. A piece splits into at most three at the span's ends, and the left
        // steps number at most two per piece.
        let most = 3 * busiest + 2
        let span = UnsafeMutablePointer<Piece>.allocate(capacity: most)
        let stepY = UnsafeMutablePointer<Double>.allocate(capacity: 2 * most)
        let stepDir = UnsafeMutablePointer<Int>.allocate(capacity: 2 * most)
        let ys = UnsafeMutablePointer<Double>.allocate(capacity: most * (most + 1) + 2)
        let order = UnsafeMutablePointer<Int>.allocate(capacity: most)
        let keys = UnsafeMutablePointer<Double>.allocate(capacity: most)
        let runFrom = UnsafeMutablePointer<Double>.allocate(capacity: most)
        let runSign = UnsafeMutablePointer<Int8>.allocate(capacity: most)
        let line = UnsafeMutablePointer<Float>.allocate(capacity: stride + 2)
        defer {
            span.deallocate(); stepY.deallocate(); stepDir.deallocate(); ys.deallocate(); order.deallocate(); keys.deallocate()
            runFrom.deallocate(); runSign.deallocate(); line.deallocate()
        }
        var total = 0
        for row in 0..<height where starts[row + 1] > starts[row] && conflictFirst[row] <= conflictLast[row] {
            total += Int(conflictLast[row] - conflictFirst[row]) + 1
        }
        let exact = UnsafeMutablePointer<UInt8>.allocate(capacity: max(total, 1))
        exactCoverage?.deallocate()
        exactCoverage = exact
        var filled = 0
        for row in 0..<height where starts[row + 1] > starts[row] && conflictFirst[row] <= conflictLast[row] {
            let ps = byRow.baseAddress! + starts[row]
            let left = Double(conflictFirst[row]), right = Double(conflictLast[row] + 1)
            let cells = Int(conflictLast[row] - conflictFirst[row]) + 1
            // The pieces over the span, shifted so that it starts at 0, and the winding steps
            // of those left of it.
            var count = 0, stepCount = 0
            @inline(__always) func step(_ y0: Double, _ y1: Double, _ dir: Int32) {
                stepY[stepCount] = y0; stepDir[stepCount] = Int(dir)
                stepY[stepCount + 1] = y1; stepDir[stepCount + 1] = -Int(dir)
                stepCount += 2
            }
            for i in 0..<(starts[row + 1] - starts[row]) {
                let p = ps[i]
                if min(p.xt, p.xb) >= right { continue }
                if max(p.xt, p.xb) <= left {
                    step(p.yt, p.yb, p.dir)
                    continue
                }
                // Cut where x crosses the span's ends: up to three parts, each left of, over or
                // right of the span.
                var c1 = p.yb, c2 = p.yb, k = 0
                @inline(__always) func cut(at e: Double) {
                    guard (p.xt - e) * (p.xb - e) < 0 else { return }
                    let y = p.yt + (p.yb - p.yt) * (e - p.xt) / (p.xb - p.xt)
                    if k == 0 { c1 = y } else { c2 = y }
                    k += 1
                }
                cut(at: left)
                cut(at: right)
                if c2 < c1 { swap(&c1, &c2) }
                @inline(__always) func part(_ ya: Double, _ yb: Double) {
                    guard yb > ya else { return }
                    let xa = CoverageRasterizer.x(p, ya), xb = CoverageRasterizer.x(p, yb)
                    let mid = (xa + xb) / 2
                    if mid <= left {
                        step(ya, yb, p.dir)
                    } else if mid < right {
                        span[count] = Piece(row: p.row, dir: p.dir,
                                            xt: min(max(xa, left), right) - left, yt: ya,
                                            xb: min(max(xb, left), right) - left, yb: yb)
                        count += 1
                    }
                }
                part(p.yt, c1)
                part(c1, c2)
                part(c2, p.yb)
            }
            // The winding left of the span, as vertical pieces at its start.
            if stepCount > 0 {
                CoverageRasterizer.insertionSort(stepY, stepDir, stepCount)
                var w = 0, i = 0
                while i < stepCount {
                    let y = stepY[i]
                    while i < stepCount && stepY[i] == y { w += stepDir[i]; i += 1 }
                    if w != 0 && i < stepCount {
                        span[count] = Piece(row: Int32(row), dir: Int32(w), xt: 0, yt: y, xb: 0, yb: stepY[i])
                        count += 1
                    }
                }
            }
            line.initialize(repeating: 0, count: cells + 2)
            bands(span, count, rule: rule, ys: ys, order: order, keys: keys, runFrom: runFrom, runSign: runSign,
                  into: line)
            exactOffset[row] = Int32(filled)
            var sum: Float = 0
            for c in 0..<cells {
                sum += line[c]
                exact[filled + c] = NonZeroArea.coverage(sum)
            }
            filled += cells
        }
    }

    /// The band algorithm over `count` pieces of one row (see the type's comment), accumulating
    /// coverage (weights ±1 where the fill rule changes) into `line`.
    private func bands(_ ps: UnsafeMutablePointer<Piece>, _ count: Int, rule: FillRule,
                       ys: UnsafeMutablePointer<Double>, order: UnsafeMutablePointer<Int>,
                       keys: UnsafeMutablePointer<Double>, runFrom: UnsafeMutablePointer<Double>,
                       runSign: UnsafeMutablePointer<Int8>, into line: UnsafeMutablePointer<Float>) {
        guard count > 0 else { return }
        // Band limits: every piece end, every crossing of two pieces.
        var n = 0
        for i in 0..<count {
            let p = ps[i]
            ys[n] = p.yt; ys[n + 1] = p.yb; n += 2
            for j in (i + 1)..<count {
                let q = ps[j]
                let lo = max(p.yt, q.yt), hi = min(p.yb, q.yb)
                if hi <= lo { continue }
                let dLo = CoverageRasterizer.x(p, lo) - CoverageRasterizer.x(q, lo)
                let dHi = CoverageRasterizer.x(p, hi) - CoverageRasterizer.x(q, hi)
                if (dLo < 0 && dHi > 0) || (dLo > 0 && dHi < 0) {
                    ys[n] = lo + (hi - lo) * dLo / (dLo - dHi); n += 1
                }
            }
        }
        CoverageRasterizer.insertionSort(ys, n)
        runSign.initialize(repeating: 0, count: count)
        @inline(__always) func close(_ i: Int, at y: Double) {
            let p = ps[i], y0 = runFrom[i]
            if y > y0 {
                _ = CoverageRasterizer.addArea(line, CoverageRasterizer.x(p, y0), CoverageRasterizer.x(p, y),
                                               Float(y - y0) * Float(runSign[i]))
            }
            runSign[i] = 0
        }
        for b in 0..<(n - 1) {
            let ya = ys[b], yb = ys[b + 1]
            if !(yb > ya) { continue }
            var m = 0
            for i in 0..<count {
                let p = ps[i]
                if p.yt <= ya && p.yb >= yb {
                    order[m] = i
                    keys[m] = CoverageRasterizer.x(p, ya) + CoverageRasterizer.x(p, yb)
                    m += 1
                } else if runSign[i] != 0 {
                    close(i, at: p.yb)
                }
            }
            if m == 0 { continue }
            // Pieces do not cross inside the band, so their midpoints order them.
            CoverageRasterizer.insertionSort(keys, order, m)
            var w: Int32 = 0
            for k in 0..<m {
                let i = order[k]
                let before = CoverageRasterizer.inside(w, rule)
                w &+= ps[i].dir
                let after = CoverageRasterizer.inside(w, rule)
                let sign: Int8 = before == after ? 0 : (after ? 1 : -1)
                if sign != runSign[i] {
                    if runSign[i] != 0 { close(i, at: ya) }
                    runSign[i] = sign
                    runFrom[i] = ya
                }
            }
        }
        for i in 0..<count where runSign[i] != 0 { close(i, at: ps[i].yb) }
    }

    /// Sorts the first `n` values; the lists here are short (a row's pieces) and often sorted.
    @inline(__always)
    private static func insertionSort(_ v: UnsafeMutablePointer<Double>, _ n: Int) {
        var i = 1
        while i < n {
            let x = v[i]
            var j = i - 1
            while j >= 0 && v[j] > x { v[j + 1] = v[j]; j -= 1 }
            v[j + 1] = x
            i += 1
        }
    }

    /// Sorts the first `n` keys, carrying `items` along.
    @inline(__always)
    private static func insertionSort(_ keys: UnsafeMutablePointer<Double>, _ items: UnsafeMutablePointer<Int>, _ n: Int) {
        var i = 1
        while i < n {
            let k = keys[i], it = items[i]
            var j = i - 1
            while j >= 0 && keys[j] > k { keys[j + 1] = keys[j]; items[j + 1] = items[j]; j -= 1 }
            keys[j + 1] = k; items[j + 1] = it
            i += 1
        }
    }

    @inline(__always)
    private static func x(_ p: Piece, _ y: Double) -> Double {
        if y <= p.yt { return p.xt }
        if y >= p.yb { return p.xb }
        return p.xt + (p.xb - p.xt) * (y - p.yt) / (p.yb - p.yt)
    }

    @inline(__always)
    private static func inside(_ w: Int32, _ rule: FillRule) -> Bool {
        rule == .nonZero ? w != 0 : w & 1 != 0
    }

    /// Non-antialiased edge: rows whose centre line y + 0.5 lies in [y0, y1) (top-left rule).
    private func addSampledLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        let first = y0 <= 0.5 ? 0 : Int((y0 - 0.5).rounded(.up))
        let last = min(height - 1, Int(min((y1 - 0.5).rounded(.up), Double(height))) - 1)
        if first > last { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        let w = Double(width)
        for row in first...last {
            let x = x0 + (Double(row) + 0.5 - y0) * dxdy
            // First pixel whose centre is at or right of the edge.
            let c = (x - 0.5).rounded(.up)
            if !(c < w) { continue } // also skips NaN from degenerate slopes
            let i = c <= 0 ? 0 : Int(c)
            acc[row * stride + i] += dir
            mark(row, i, i)
        }
    }

    // MARK: Sweep

    /// Hands every row's coverage to `sink`, as whole spans between touched cells.
    package func sweep<S: CoverageSink>(rule: FillRule, into sink: inout S) {
        swept = true
        switch (antialias, rule) {
        case (true, .nonZero): sweep(NonZeroArea.self, into: &sink)
        case (true, .evenOdd): sweep(EvenOddArea.self, into: &sink)
        case (false, .nonZero): sweep(NonZeroSample.self, into: &sink)
        case (false, .evenOdd): sweep(EvenOddSample.self, into: &sink)
        }
    }

    private func sweep<R: CoverageRule, S: CoverageSink>(_ rule: R.Type, into sink: inout S) {
        let chunks = (width + (1 << CoverageRasterizer.chunkShift) - 1) >> CoverageRasterizer.chunkShift
        let direct = sink.sourceOverTarget
        let wordsPerRow = self.wordsPerRow
        for row in 0..<height {
            let line = acc + row * stride
            let words = touched + row * wordsPerRow
            let y = originY + row
            var sum: Float = 0
            defer {
                // Cells right of the region take the ends of edges at x = width.
                line[width] = 0; line[width + 1] = 0
            }
            // The first chunk at or after k whose touched bit is `set` (chunks: none), found a
            // word at a time. Bits may be set past the last chunk (cells at x = width).
            @inline(__always) func next(_ k: Int, set: Bool) -> Int {
                var i = k >> 6
                let flip: UInt64 = set ? 0 : ~0
                var w = (words[i] ^ flip) & (~0 << UInt64(k & 63))
                while w == 0 {
                    i += 1
                    if i >= wordsPerRow { return chunks }
                    w = words[i] ^ flip
                }
                return min((i << 6) + w.trailingZeroBitCount, chunks)
            }
            var k = 0
            while k < chunks {
                let start = next(k, set: true)
                if start > k {
                    // Untouched chunks between edges: one span of the winding left of them.
                    let c = R.coverage(sum)
                    if c != 0 {
                        let x0 = k << CoverageRasterizer.chunkShift
                        let x1 = min(start << CoverageRasterizer.chunkShift, width)
                        sink.span(y: y, x: originX + x0, count: x1 - x0, coverage: c)
                    }
                }
                if start >= chunks { break }
                k = start + 1 < chunks ? next(start + 1, set: false) : chunks
                let x0 = start << CoverageRasterizer.chunkShift
                let x1 = min(k << CoverageRasterizer.chunkShift, width)
                if R.self == NonZeroArea.self, let direct, exactOffset[row] < 0 {
                    rk_sweep_nonzero_over(line + x0, direct.pixel(originX + x0, y), x1 - x0, &sum, direct.color)
                    continue
                }
                var any = R.sweep(line + x0, rowCoverage, x1 - x0, &sum)
                if exactOffset[row] >= 0 {
                    let first = Int(conflictFirst[row])
                    let lo = max(x0, first), hi = min(x1, Int(conflictLast[row]) + 1)
                    let exact = Int(exactOffset[row]) - first
                    for x in lo..<max(hi, lo) {
                        let c = exactCoverage![exact + x]
                        rowCoverage[x - x0] = c
                        any |= c
                    }
                }
                if any != 0 { sink.cells(y: y, x: originX + x0, count: x1 - x0, coverage: rowCoverage) }
            }
        }
    }
}

/// Maps an accumulated winding value (area integral, or sampled integer) to 8-bit coverage.
protocol CoverageRule {
    static func coverage(_ v: Float) -> UInt8
    /// One run of the sweep: adds each of `count` cells to `sum` in order, writes the coverage
    /// of each running sum to `out` and sets the cells back to 0; returns the OR of the coverage.
    static func sweep(_ line: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>, _ count: Int,
                      _ sum: inout Float) -> UInt8
}

extension CoverageRule {
    @inline(__always)
    static func sweep(_ line: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>, _ count: Int,
                      _ sum: inout Float) -> UInt8 {
        var any: UInt8 = 0
        for x in 0..<count {
            sum += line[x]
            line[x] = 0
            let c = coverage(sum)
            out[x] = c
            any |= c
        }
        return any
    }
}

enum NonZeroArea: CoverageRule {
    @inline(__always)
    static func coverage(_ v: Float) -> UInt8 { UInt8(min(abs(v), 1) * 255 + 0.5) }

    /// The common case, in C (`rk_sweep_nonzero`: the same operations, the conversion vectorised).
    @inline(__always)
    static func sweep(_ line: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>, _ count: Int,
                      _ sum: inout Float) -> UInt8 {
        rk_sweep_nonzero(line, out, count, &sum)
    }
}

enum EvenOddArea: CoverageRule {
    /// The accumulated value folded into a triangle wave of period 2.
    @inline(__always)
    static func coverage(_ v: Float) -> UInt8 {
        var t = abs(v)
        if t > 2 { t -= 2 * Float(Int(t * 0.5)) }
        if t > 1 { t = 2 - t }
        return UInt8(max(t, 0) * 255 + 0.5)
    }
}

enum NonZeroSample: CoverageRule {
    @inline(__always)
    static func coverage(_ v: Float) -> UInt8 { abs(v) > 0.5 ? 255 : 0 }
}

enum EvenOddSample: CoverageRule {
    @inline(__always)
    static func coverage(_ v: Float) -> UInt8 { Int(abs(v) + 0.5) & 1 != 0 ? 255 : 0 }
}
