
/// The rasterizer's per-cell working memory (area accumulators, kept zeroed, and edge owners,
/// whose ids count on from fill to fill) reused between fills. Allocating and faulting in two fresh full-frame buffers costs more
/// than filling a full-frame rectangle, so a few are pooled; each fill takes one for itself,
/// so fills on different threads never share one. The per-row and per-word arrays ride along
/// (grown on demand, set up afresh by each rasterizer): for a small shape, their half-dozen
/// allocations cost as much as its edges.
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
    let vertices = UnsafeMutablePointer<Double>.allocate(capacity: 2 * (CoverageRasterizer.maxTestedVertices + 1))
    /// A rasterizer's pending conflicts (row, cell pairs), room for `pendingCapacity` of them.
    private(set) var pending = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * 64)
    private(set) var pendingCapacity = 64

    /// Doubles the room for pending conflicts, keeping those there.
    func growPending() {
        let grown = UnsafeMutablePointer<Int32>.allocate(capacity: 4 * pendingCapacity)
        grown.update(from: pending, count: 2 * pendingCapacity)
        pending.deallocate()
        pending = grown
        pendingCapacity *= 2
    }

    /// The last edge id a rasterizer gave out in `owner` (see `CoverageRasterizer.owner`).
    var lastEdgeId: Int32 = 0

    private init(capacity: Int) {
        self.capacity = capacity
        acc = .allocate(capacity: capacity)
        acc.initialize(repeating: 0, count: capacity)
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
        pending.deallocate()
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
            rowInts = .allocate(capacity: 4 * rowCapacity)
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
    /// Larger buffers are freed after use rather than kept (fills work in bands of at most
    /// `maxRasterCells` cells, so this only drops odd sizes).
    private static let maxPooledCells = maxRasterCells + (1 << 16)

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
        guard s.capacity <= maxPooledCells else { return }
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
