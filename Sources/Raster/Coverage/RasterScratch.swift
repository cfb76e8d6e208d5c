import CRasterKernels

/// The rasterizer's working memory, reused between fills: the per-cell arrays of one band of
/// rows (area accumulators, kept zeroed, and edge owners, whose ids count on from fill to
/// fill), the edges a fill receives, and the per-row and per-word arrays. Allocating and
/// faulting in fresh buffers costs more than a small shape's edges, so a few are pooled; each
/// fill takes one for itself, so fills on different threads never share one.
final class RasterScratch: @unchecked Sendable {
    let capacity: Int
    let acc: UnsafeMutablePointer<Float>
    let owner: UnsafeMutablePointer<Int32>
    /// Four `Int32` per row (the rasterizer's per-row bookkeeping), at least `rowCapacity` rows.
    private(set) var rowInts: UnsafeMutablePointer<Int32>
    private(set) var rowCapacity = 0
    /// Touched-chunk bits, at least `wordCapacity` words.
    private(set) var words: UnsafeMutablePointer<UInt64>
    private(set) var wordCapacity = 0
    /// One row of coverage bytes, at least `byteCapacity`.
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var byteCapacity = 0
    /// Room for one contour's first vertices (x, y), for the rasterizer's simplicity test.
    let vertices = UnsafeMutablePointer<Double>.allocate(capacity: 2 * (Int(RK_MAX_MONOTONE_VERTICES) + 1))
    /// The rasterizer's edge intake (`rk_edge_builder`), set up by each fill.
    let builder = UnsafeMutablePointer<rk_edge_builder>.allocate(capacity: 1)
    /// Room for a small fill's vertices (x, y), its contours' ends and its boundary's pieces
    /// (FillBoundarySink).
    let boundaryPoints = UnsafeMutablePointer<Double>.allocate(capacity: 2 * FillBoundarySink.maxVertices)
    let boundaryEnds = UnsafeMutablePointer<Int>.allocate(capacity: FillBoundarySink.maxVertices)
    let boundaryPieces = UnsafeMutablePointer<Double>.allocate(capacity: 4 * Int(RK_FILL_BOUNDARY_MAX_PIECES))
    /// The rasterizer's batch of points on their way to the builder.
    let points = UnsafeMutablePointer<Double>.allocate(capacity: 2 * CoverageRasterizer.batchPoints)
    /// The edges of the fill being received, room for `edgeCapacity`.
    private(set) var edges = UnsafeMutablePointer<CoverageRasterizer.Edge>.allocate(capacity: 64)
    private(set) var edgeCapacity = 64
    /// Three lists of edge indices (edges by band, the active edges, the next band's), each
    /// `indexCapacity` long, then room for `indexCapacity` band starts.
    private(set) var indices = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private(set) var indexCapacity = 0

    /// Doubles the room for edges, keeping the first `count`.
    func growEdges(keeping count: Int) {
        let grown = UnsafeMutablePointer<CoverageRasterizer.Edge>.allocate(capacity: 2 * edgeCapacity)
        grown.moveInitialize(from: edges, count: count)
        edges.deallocate()
        edges = grown
        edgeCapacity *= 2
    }

    /// Makes room for index lists of `count` entries (contents undefined).
    func reserveIndices(_ count: Int) {
        guard count > indexCapacity else { return }
        indexCapacity = max(count, 2 * indexCapacity)
        indices.deallocate()
        indices = .allocate(capacity: 4 * indexCapacity)
    }

    /// The exact pass's pieces and working memory (`CoverageRasterizer.resolveConflicts`).
    var pieces: [CoverageRasterizer.Piece] = []
    var exactWork = CoverageRasterizer.ExactWork()

    /// The last edge id a rasterizer gave out in `owner` (see `CoverageRasterizer.owner`).
    var lastEdgeId: Int32 = 0

    private init(capacity: Int) {
        self.capacity = capacity
        // One cell past the last band row: the first pass's steep pieces add +0 to the cell
        // two right of their first (EdgeKernels.c, `add_steep`), which for a piece at the
        // region's right edge in the band's last row is this one.
        acc = .allocate(capacity: capacity + 1)
        acc.initialize(repeating: 0, count: capacity + 1)
        owner = .allocate(capacity: capacity)
        owner.initialize(repeating: 0, count: capacity)
        rowInts = .allocate(capacity: 0)
        words = .allocate(capacity: 0)
        bytes = .allocate(capacity: 0)
    }

    deinit {
        acc.deallocate()
        owner.deallocate()
        rowInts.deallocate()
        words.deallocate()
        bytes.deallocate()
        vertices.deallocate()
        builder.deallocate()
        points.deallocate()
        boundaryPoints.deallocate()
        boundaryEnds.deallocate()
        boundaryPieces.deallocate()
        edges.deallocate()
        indices.deallocate()
        exactWork.free()
    }

    /// The id after which a new fill's edge ids start: the last one handed out, or 0 after
    /// setting every owner back to zero once the ids have gone past half of `Int32`'s range
    /// (a fill's own edges cannot use up the other half: that would take gigabytes of path).
    func startEdgeIds() -> Int32 {
        if lastEdgeId > Int32.max / 2 {
            owner.update(repeating: 0, count: capacity)
            lastEdgeId = 0
        }
        return lastEdgeId
    }

    /// Makes room for `rows` rows, `words` touched words and `bytes` coverage bytes (contents
    /// undefined: the rasterizer initialises what it uses).
    func reserve(rows: Int, words w: Int, bytes b: Int) {
        if rows > rowCapacity {
            rowCapacity = max(rows, 2 * rowCapacity)
            rowInts.deallocate()
            rowInts = .allocate(capacity: 5 * rowCapacity)
        }
        if w > wordCapacity {
            wordCapacity = max(w, 2 * wordCapacity)
            words.deallocate()
            words = .allocate(capacity: wordCapacity)
        }
        if b > byteCapacity {
            byteCapacity = max(b, 2 * byteCapacity)
            bytes.deallocate()
            bytes = .allocate(capacity: byteCapacity)
        }
    }

    private static let pool = Locked<[RasterScratch]>([])
    private static let maxPooled = 4
    /// Larger buffers are freed after use rather than kept (a band holds at most
    /// `CoverageRasterizer.bandCells` cells, or one row of a very wide region).
    private static let maxPooledCells = 1 << 20

    /// A scratch with at least `cells` zeroed cells.
    static func take(cells: Int) -> RasterScratch {
        let found: RasterScratch? = pool.withLock { list in
            var best = -1
            for (i, s) in list.enumerated() where s.capacity >= cells {
                if best < 0 || s.capacity < list[best].capacity { best = i }
            }
            return best >= 0 ? list.remove(at: best) : nil
        }
        if let found { return found }
        // Sizes rounded up to a power of two (within the pooled limit), so that fills of
        // similar sizes find one another's scratch instead of each allocating and zeroing one.
        var capacity = 1 << 12
        while capacity < cells && capacity < maxPooledCells { capacity <<= 1 }
        return RasterScratch(capacity: max(min(capacity, maxPooledCells), cells))
    }

    /// Returns a scratch whose cells the caller has set back to zero.
    static func give(_ s: RasterScratch) {
        // A scratch that a huge path's edges grew is freed too (2¹⁶ edges: 3.5 MB).
        guard s.capacity <= maxPooledCells, s.edgeCapacity <= 1 << 16 else { return }
        // Nor is the exact pass's memory kept once a busy fill has grown it past a few MB.
        if s.exactWork.bytes > 1 << 22 || s.pieces.capacity > 1 << 16 {
            s.exactWork.free()
            s.exactWork = CoverageRasterizer.ExactWork()
            s.pieces = []
        }
        pool.withLock { list in
            list.append(s)
            if list.count > maxPooled {
                var smallest = 0
                for (i, t) in list.enumerated() where t.capacity < list[smallest].capacity { smallest = i }
                list.remove(at: smallest)
            }
        }
    }
}
