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
    /// Rows y ..< y + count, each with the runs `row`: a rounded box's straight rows.
    mutating func rows(y: Int, count: Int, _ row: RowRuns)
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
    /// Pixel (x, y) of the target, which the caller has clipped to it (so wrapping arithmetic).
    func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + ((y &- originY) &* stride &+ (x &- originX)) }
}

extension CoverageSink {
    package var sourceOverTarget: SourceOverTarget? { nil }

    package mutating func block(y: Int, x: Int, width: Int, height: Int, coverage: UnsafePointer<UInt8>, stride: Int) {
        for r in 0..<height { cells(y: y + r, x: x, count: width, coverage: coverage + r * stride) }
    }

    package mutating func rows(y: Int, count: Int, _ row: RowRuns) {
        for r in 0..<count { row.replay(y: y + r, into: &self) }
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
    /// Cells of one band (with a stride of `width + 2`): 512 KB of accumulators and owners, within
    /// a core's L2 cache. Each band costs its set-up, the merge of its active edges and a sweep
    /// call: with bands of 2¹⁴ cells a stroke's region of some 200 × 250 cells was three bands
    /// (about 2 % of the drawing race's strokes) and one at 2048² forty (about 5 %); the other
    /// cases measured the same either way.
    package static let bandCells = 1 << 16
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
    /// Exact coverage of each redone span, from `exactOffset[row]` (−1: row not redone), in
    /// the scratch's exact-pass memory.
    var exactCoverage: UnsafeMutablePointer<UInt8>?
    let exactOffset: UnsafeMutablePointer<Int32>
    /// Per row of the band, how many edge pieces the first pass accumulated there.
    let rowPieces: UnsafeMutablePointer<Int32>
    /// Per row of the band, the first row at or below it that the exact pass redoes (the
    /// band's height: none), so that collecting an edge's pieces visits only those rows.
    let nextRedone: UnsafeMutablePointer<Int32>
    package internal(set) var hasConflicts = false
    /// Rows with more pieces than this keep the single-pass result: the exact pass costs
    /// O(n²) per row in the worst case (crossings), and such rows (dense scribbles) are noise anyway.
    static let maxExactRowPieces: Int32 = 64

    let scratch: RasterScratch
    /// Owner ids up to `firstId` are earlier fills' (see `Edge.id`).
    let firstId: Int32
    /// Receives the lines and keeps them as edges in `scratch.edges` (`rk_lines_to`), and
    /// follows each contour for the simplicity test: the scratch's, set up for this fill.
    let builder: UnsafeMutablePointer<rk_edge_builder>
    /// The received edges, `edgeCount` of them in `scratch.edges`.
    var edgeCount: Int {
        get { builder.pointee.count }
        set { builder.pointee.count = newValue }
    }
    /// Most edges kept at once (14.7 MB): a path's segments are bounded only by time (a million
    /// cubics can flatten to hundreds of millions of them), so memory must not follow them.
    package static let maxKeptEdges = 1 << 18
    /// A rasterizer of several bands reached `maxKeptEdges` and dropped the edges after them:
    /// its caller redoes the region one band at a time (`rasterize`).
    package private(set) var overflowed = false
    /// A rasterizer of one band reached `maxKeptEdges` and accumulated what it had: its cells
    /// hold those edges, and the fill has no exact pass (its meetings were not all seen).
    var batched = false
    /// The first edge of the contour being received, in `scratch.edges`.
    private var contourFirstEdge = 0
    /// Points received and not yet handed to the builder (`pending` of them, x and y; room for
    /// `batchPoints`): lines go to C a batch at a time.
    private let points: UnsafeMutablePointer<Double>
    private var pending = 0
    static let batchPoints = 64
    /// Contours with edges in the region so far, and whether all of them were simple: one
    /// simple contour cannot conflict with itself, so its cells need no owners.
    private(set) var contoursKept = 0
    package private(set) var allSimple = true
    /// Every line received is a piece of a fill's boundary (FillBoundarySink): the winding is 0
    /// or 1 everywhere, so the single pass is exact and no cell needs an owner.
    var windsZeroOrOne = false

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
        firstId = scratch.startEdgeIds()
        builder = scratch.builder
        builder.pointee = rk_edge_builder()
        builder.pointee.edges = scratch.edges
        builder.pointee.capacity = min(scratch.edgeCapacity, CoverageRasterizer.maxKeptEdges)
        builder.pointee.origin_x = Double(originX); builder.pointee.origin_y = Double(originY)
        builder.pointee.width = self.width; builder.pointee.height = self.height
        builder.pointee.antialias = antialias ? 1 : 0
        builder.pointee.edge_id = firstId
        builder.pointee.contour = scratch.vertices
        points = scratch.points
        scratch.reserve(rows: bandRows, words: wordsPerRow * bandRows, bytes: stride)
        touched = scratch.words
        rowCoverage = scratch.bytes
        conflictFirst = scratch.rowInts
        conflictLast = scratch.rowInts + bandRows
        exactOffset = scratch.rowInts + 2 * bandRows
        rowPieces = scratch.rowInts + 3 * bandRows
        nextRedone = scratch.rowInts + 4 * bandRows
    }

    deinit {
        // Cells are only touched while sweeping, which sets every one it or the edges touched
        // back to zero.
        scratch.lastEdgeId = max(scratch.lastEdgeId, builder.pointee.edge_id)
        RasterScratch.give(scratch)
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
        let b = builder
        b.pointee.start_x = x; b.pointee.start_y = y; b.pointee.last_x = x; b.pointee.last_y = y
        b.pointee.contour[0] = x; b.pointee.contour[1] = y
        b.pointee.contour_points = 1
        // Skip an id so the last edge of one contour and the first of the next never look consecutive.
        b.pointee.edge_id &+= 1
        b.pointee.contour_first = b.pointee.edge_id &+ 1
        contourFirstEdge = edgeCount
    }

    package func lineTo(_ x: Double, _ y: Double) {
        points[2 * pending] = x; points[2 * pending + 1] = y
        pending += 1
        if pending == CoverageRasterizer.batchPoints { flushLines() }
    }

    /// Hands the pending points to the builder, making room as it runs out.
    private func flushLines() {
        var done = 0
        while done < pending {
            done += rk_lines_to(builder, points + 2 * done, pending - done)
            if done < pending && !makeRoom() { break }
        }
        pending = 0
    }

    package func endSubpath(closed: Bool) {
        lineTo(builder.pointee.start_x, builder.pointee.start_y)
        endContour()
    }

    /// Makes room for a line's edges (three at most) when `rk_lines_to` found too little:
    /// grows the edges up to `maxKeptEdges`, then accumulates what one band holds
    /// (`accumulateBatch`); several bands overflow instead (the line is dropped). Whether
    /// there is room now.
    private func makeRoom() -> Bool {
        let b = builder
        if b.pointee.capacity < CoverageRasterizer.maxKeptEdges {
            scratch.growEdges(keeping: edgeCount)
            b.pointee.edges = scratch.edges
            b.pointee.capacity = min(scratch.edgeCapacity, CoverageRasterizer.maxKeptEdges)
            return true
        }
        guard bandRows >= height else { overflowed = true; return false }
        accumulateBatch()
        contourFirstEdge = 0
        return true
    }

    /// Ends the contour being received: marks its edges when it is simple (`rk_contour_is_simple`).
    ///
    /// In a pixel that only a simple contour's edges pass through (besides edges of no other
    /// contour), the winding is that contour's, 0 or ±1, plus the constant winding of the
    /// others there: two adjacent values, where the single pass is exact for both rules, as at
    /// one vertex. Simple here: convex (every turn one way, dy changing sign at most twice
    /// around, so the direction goes round once), or, for a few vertices, no two edges
    /// meeting except neighbours at their common vertex (a dash bent at a join), or, for up to
    /// `RK_MAX_MONOTONE_VERTICES`, monotone along x, y or a diagonal with its two ways round
    /// keeping apart (the outline of a stroke along a curve that turns less than about 135°).
    private func endContour() {
        flushLines()
        defer {
            contourFirstEdge = edgeCount
            rk_reset_contour(builder)
        }
        guard edgeCount > contourFirstEdge else { return }
        contoursKept += 1
        guard antialias, rk_contour_is_simple(builder) != 0 else { allSimple = false; return }
        let edges = scratch.edges
        for i in contourFirstEdge..<edgeCount { edges[i].flags |= Edge.simple }
    }

    // MARK: Edges

    /// Ends the last contour; the edges are then complete.
    func finishEdges() { endContour() }

    /// How many ids this fill's edges have taken.
    var edgeIdsUsed: Int32 { builder.pointee.edge_id &- firstId }
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
