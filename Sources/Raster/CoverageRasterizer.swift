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
    /// unclipped: the sweep then blends rows as it sweeps them (`rk_sweep_rows_nonzero_over`),
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
/// redone exactly from the edges' pieces in those rows (`CoverageRasterizer+ExactPass.swift`),
/// and that exact coverage replaces the single pass's for the span when the row is swept.
///
/// The edges are received first and kept (clipped to the region's rows, split at its sides;
/// 56 bytes an edge). The region is then accumulated, resolved and swept in bands of at most
/// `bandCells` cells (`CoverageRasterizer+Bands.swift`), each edge visiting the bands it
/// crosses in the order it was received: the per-cell memory (one `Float` and one `Int32` a
/// cell, pooled) stays in the cache however large the shape, and every cell receives the
/// same additions in the same order as if the whole region were accumulated at once. One bit
/// per 8 pixels marks cells that edges touched, so spans between edges go to the sink whole.
/// With `antialias` false each edge instead adds ±1 at the first pixel whose centre lies
/// right of it on each row whose centre line it crosses: pixel-centre sampling, exact as is.
package final class CoverageRasterizer: PolylineSink {
    /// Device position and size of the region being rasterized.
    let originX: Int, originY: Int, width: Int, height: Int
    let antialias: Bool
    let stride: Int
    let wordsPerRow: Int
    static let chunkShift = 3
    /// Cells of one band (with a stride of `width + 2`): 128 KB of accumulators and owners.
    package static let bandCells = 1 << 14
    /// Rows per band.
    let bandRows: Int

    /// One band's cells, touched bits and per-row bookkeeping (see `CoverageRasterizer+Bands`).
    let acc: UnsafeMutablePointer<Float>
    let owner: UnsafeMutablePointer<Int32>
    let touched: UnsafeMutablePointer<UInt64>
    let rowCoverage: UnsafeMutablePointer<UInt8>
    /// Per row of the band, the first and last cell where two unrelated edges met (first > last: none).
    let conflictFirst: UnsafeMutablePointer<Int32>
    let conflictLast: UnsafeMutablePointer<Int32>
    /// Exact coverage of each redone span, from `exactOffset[row]` (−1: row not redone).
    var exactCoverage: UnsafeMutablePointer<UInt8>?
    var exactCapacity = 0
    let exactOffset: UnsafeMutablePointer<Int32>
    /// Per row of the band, how many edge pieces the first pass accumulated there.
    let rowPieces: UnsafeMutablePointer<Int32>
    package internal(set) var hasConflicts = false
    /// The exact pass's pieces of the band being redone, and its working memory.
    var pieces: [Piece] = []
    var exactWork = ExactWork()
    /// Rows with more pieces than this keep the single-pass result: the exact pass costs
    /// O(n²) per row in the worst case (crossings), and such rows (dense scribbles) are noise anyway.
    static let maxExactRowPieces: Int32 = 64

    let scratch: RasterScratch
    /// Owner ids up to `firstId` are earlier fills' (see `Edge.id`).
    let firstId: Int32
    /// The received edges, `edgeCount` of them in `scratch.edges`.
    var edgeCount = 0
    /// Most edges kept at once (14.7 MB): a path's segments are bounded only by time (a million
    /// cubics can flatten to hundreds of millions of them), so memory must not follow them.
    package static let maxKeptEdges = 1 << 18
    /// A rasterizer of several bands reached `maxKeptEdges` and dropped the edges after them:
    /// its caller redoes the region one band at a time (`rasterize`).
    package private(set) var overflowed = false
    /// A rasterizer of one band reached `maxKeptEdges` and accumulated what it had: its cells
    /// hold those edges, and the fill has no exact pass (its meetings were not all seen).
    var batched = false
    private var startX = 0.0, startY = 0.0, lastX = 0.0, lastY = 0.0
    private var edgeId: Int32 = 0
    private var subpathFirstId: Int32 = 0
    /// The first edge of the contour being received, in `scratch.edges`.
    private var contourFirstEdge = 0
    /// The contour's vertices so far (x, y pairs; kept while there are at most
    /// `maxTestedVertices + 1`), to tell at its end whether it is simple, and their count.
    private let contour: UnsafeMutablePointer<Double>
    private var contourPoints = 0
    /// The convexity test of the contour being received, edge by edge: its first and last
    /// edge vectors, which ways it has turned, the sign of dy of its first and last edges
    /// that had one, how often that sign changed, and whether an edge folded back.
    private var firstDX = 0.0, firstDY = 0.0, lastDX = 0.0, lastDY = 0.0
    private var turnedLeft = false, turnedRight = false, folded = false
    private var firstSign = 0.0, lastSign = 0.0, signChanges = 0
    /// Contours with edges in the region so far, and whether all of them were simple: one
    /// simple contour cannot conflict with itself, so its cells need no owners.
    private(set) var contoursKept = 0
    private(set) var allSimple = true
    /// Longer contours that are not convex count as not simple: where their own edges meet is a conflict.
    static let maxTestedVertices = 16

    /// One edge as kept for the bands (`rk_edge`, EdgeKernels.h): region coordinates, y0 < y1
    /// (y0 == y1 for a horizontal edge, which only claims cells). Defined in C so that the
    /// first pass (`rk_accumulate_band`) reads it as the Swift code writes it.
    typealias Edge = rk_edge

    package init(originX: Int, originY: Int, width: Int, height: Int, antialias: Bool) {
        self.originX = originX; self.originY = originY
        self.width = max(width, 0); self.height = max(height, 0)
        self.antialias = antialias
        stride = self.width + 2
        wordsPerRow = (stride >> CoverageRasterizer.chunkShift) / 64 + 1
        bandRows = max(1, min(self.height, CoverageRasterizer.bandCells / stride))
        scratch = RasterScratch.take(cells: bandRows * stride)
        acc = scratch.acc
        owner = scratch.owner
        contour = scratch.vertices
        firstId = scratch.startEdgeIds()
        edgeId = firstId
        scratch.reserve(rows: bandRows, words: wordsPerRow * bandRows, bytes: stride)
        touched = scratch.words
        rowCoverage = scratch.bytes
        conflictFirst = scratch.rowInts
        conflictLast = scratch.rowInts + bandRows
        exactOffset = scratch.rowInts + 2 * bandRows
        rowPieces = scratch.rowInts + 3 * bandRows
    }

    deinit {
        // Cells are only touched while sweeping, which sets every one it or the edges touched
        // back to zero.
        scratch.lastEdgeId = max(scratch.lastEdgeId, edgeId)
        RasterScratch.give(scratch)
        exactCoverage?.deallocate()
        exactWork.free()
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
        contourFirstEdge = edgeCount
    }

    package func lineTo(_ x: Double, _ y: Double) {
        // Zero-length lines add nothing and must not break the chain of consecutive edge ids.
        if x == lastX && y == lastY { return }
        edgeId &+= 1
        if contourPoints <= CoverageRasterizer.maxTestedVertices {
            contour[2 * contourPoints] = x; contour[2 * contourPoints + 1] = y
        }
        contourPoints += 1
        turn(x - lastX, y - lastY)
        // A line back to the subpath's start closes it: it may share the first edge's cell.
        addLine(lastX, lastY, x, y, flags: x == startX && y == startY ? Edge.closing : 0)
        lastX = x; lastY = y
    }

    package func endSubpath(closed: Bool) {
        lineTo(startX, startY)
        endContour()
    }

    /// Ends the contour being received: marks its edges when it is simple.
    ///
    /// In a pixel that only a simple contour's edges pass through (besides edges of no other
    /// contour), the winding is that contour's, 0 or ±1, plus the constant winding of the
    /// others there: two adjacent values, where the single pass is exact for both rules, as at
    /// one vertex. Simple here: convex (every turn one way, dy changing sign at most twice
    /// around, so the direction goes round once), or, for a few vertices, no two edges
    /// meeting except neighbours at their common vertex (a dash bent at a join).
    private func endContour() {
        defer {
            contourFirstEdge = edgeCount; contourPoints = 0
            turnedLeft = false; turnedRight = false; folded = false
            firstSign = 0; lastSign = 0; signChanges = 0
        }
        guard edgeCount > contourFirstEdge else { return }
        contoursKept += 1
        guard antialias, simpleContour() else { allSimple = false; return }
        let edges = scratch.edges
        for i in contourFirstEdge..<edgeCount { edges[i].flags |= Edge.simple }
    }

    /// The next edge of the contour, (dx, dy), for the convexity test: the turn from the
    /// previous edge (none from the first) and its dy's sign.
    @inline(__always)
    private func turn(_ bx: Double, _ by: Double) {
        if contourPoints == 2 {
            firstDX = bx; firstDY = by
        } else {
            turn(from: lastDX, lastDY, to: bx, by)
        }
        lastDX = bx; lastDY = by
        if by != 0 {
            let sign: Double = by > 0 ? 1 : -1
            if lastSign == 0 { firstSign = sign } else if sign != lastSign { signChanges += 1 }
            lastSign = sign
        }
    }

    @inline(__always)
    private func turn(from ax: Double, _ ay: Double, to bx: Double, _ by: Double) {
        let cross = ax * by - ay * bx
        if cross > 0 { turnedLeft = true } else if cross < 0 { turnedRight = true }
        else if !(ax * bx + ay * by > 0) { folded = true } // a reversal, or NaN
    }

    /// Whether the contour (closed: back at its start) is a simple polygon. Convex, for any
    /// number of vertices: every turn one way and dy changing sign at most twice around (so the
    /// direction goes round once). Otherwise, for at most `maxTestedVertices`: no two edges
    /// that are not neighbours may touch, by the signs of orientation determinants (collinear
    /// counts as touching; a crossing too shallow for the rounding of a determinant to show
    /// encloses far less than a 255th of a pixel). A reversal (an edge folding back along the
    /// previous one) is never simple.
    private func simpleContour() -> Bool {
        let n = contourPoints - 1
        let p = contour
        // Closed: the last edge ended where the first began.
        guard n >= 3, lastX == startX, lastY == startY else { return false }
        // The turns and dy signs were followed edge by edge (`turn`); the turn at the start
        // vertex closes the round.
        turn(from: lastDX, lastDY, to: firstDX, firstDY)
        if folded { return false }
        var changes = signChanges
        if lastSign != 0 && firstSign != lastSign { changes += 1 }
        if !(turnedLeft && turnedRight) && changes <= 2 { return true }
        guard n <= CoverageRasterizer.maxTestedVertices else { return false }
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

    // MARK: Edges

    /// Keeps an edge (device coordinates), clipped to the region's rows and split at its sides.
    func addLine(_ dx0: Double, _ dy0: Double, _ dx1: Double, _ dy1: Double, flags: UInt8) {
        var x0 = dx0 - Double(originX), y0 = dy0 - Double(originY)
        var x1 = dx1 - Double(originX), y1 = dy1 - Double(originY)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        if y0 == y1 {
            // A horizontal edge adds no area, but inside a row it separates different windings
            // above and below it, so any other edge in the cells it spans may need the exact pass.
            guard antialias, y0 > 0, y0 < Double(height), y0 > Double(Int(y0)) else { return }
            let lo = max(min(x0, x1), 0), hi = min(max(x0, x1), Double(width))
            guard hi > lo else { return }
            keep(lo, y0, hi, y0, 0, flags | Edge.horizontal, row: Int(y0), lastRow: Int(y0))
            return
        }
        let dir: Float = y1 > y0 ? 1 : -1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1) }
        let h = Double(height), w = Double(width)
        if y1 <= 0 || y0 >= h { return }
        if !antialias {
            // Rows whose centre line y + 0.5 lies in [y0, y1) (top-left rule).
            let first = y0 <= 0.5 ? 0 : Int((y0 - 0.5).rounded(.up))
            let last = min(height - 1, Int(min((y1 - 0.5).rounded(.up), h)) - 1)
            if first <= last { keep(x0, y0, x1, y1, dir, flags, row: first, lastRow: last) }
            return
        }
        // Clip to the region's rows.
        if y0 < 0 { x0 += (x1 - x0) * (0 - y0) / (y1 - y0); y0 = 0 }
        if y1 > h { x1 = x0 + (x1 - x0) * (h - y0) / (y1 - y0); y1 = h }
        if y1 <= y0 { return }
        // Split at x = 0 and x = width. Left of the region an edge still covers every cell of
        // its rows, so it moves onto x = 0; right of the region it covers nothing visible.
        if x0 >= 0 && x1 >= 0 && x0 <= w && x1 <= w { keep(x0, y0, x1, y1, dir, flags); return }
        if x0 >= w && x1 >= w { return }
        if x0 <= 0 && x1 <= 0 { keep(0, y0, 0, y1, dir, flags); return }
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
                keep(0, ya, 0, yb, dir, flags)
            } else if mid <= w {
                keep(min(max(xa, 0), w), ya, min(max(xb, 0), w), yb, dir, flags)
            }
            ya = yb; xa = xb
            if yb >= y1 { break }
        }
    }

    /// Appends an edge inside the region (0 ≤ x ≤ width, 0 ≤ y0 < y1 ≤ height) crossing rows
    /// `Int(y0)` to the last row it reaches.
    @inline(__always)
    private func keep(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float, _ flags: UInt8) {
        keep(x0, y0, x1, y1, dir, flags, row: Int(y0),
             lastRow: min(CoverageRasterizer.ceilNonNegative(y1) - 1, height - 1))
    }

    @inline(__always)
    private func keep(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float, _ flags: UInt8,
                      row: Int, lastRow: Int) {
        if edgeCount == CoverageRasterizer.maxKeptEdges {
            guard bandRows >= height else { overflowed = true; return }
            accumulateBatch()
            contourFirstEdge = 0
        }
        if edgeCount == scratch.edgeCapacity { scratch.growEdges(keeping: edgeCount) }
        scratch.edges[edgeCount] = Edge(x0: x0, y0: y0, x1: x1, y1: y1, dir: dir, id: edgeId,
                                        contour_first: subpathFirstId, first_row: Int32(row), last_row: Int32(lastRow),
                                        flags: flags)
        edgeCount += 1
    }

    /// Ends the last contour; the edges are then complete.
    func finishEdges() { endContour() }

    /// How many ids this fill's edges have taken.
    var edgeIdsUsed: Int32 { edgeId &- firstId }

    /// ⌈v⌉ for 0 ≤ v < 2⁶², without a libm call (the baseline x86-64 target has no roundsd).
    @inline(__always)
    static func ceilNonNegative(_ v: Double) -> Int {
        let t = Int(v)
        return Double(t) < v ? t + 1 : t
    }
}

extension rk_edge {
    static let horizontal = UInt8(RK_EDGE_HORIZONTAL)
    /// The line back to the subpath's start: it may share the first edge's cell.
    static let closing = UInt8(RK_EDGE_CLOSING)
    /// Its contour is simple: where its own edges meet is no conflict.
    static let simple = UInt8(RK_EDGE_SIMPLE)
    var firstRow: Int32 { first_row }
    var lastRow: Int32 { last_row }
}
