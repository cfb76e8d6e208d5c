import Synchronization

/// The rasterizer's per-cell working memory (area accumulators and edge owners), kept zeroed
/// and reused between fills. Allocating and faulting in two fresh full-frame buffers costs more
/// than filling a full-frame rectangle, so a few are pooled; each fill takes one for itself,
/// so fills on different threads never share one.
final class RasterScratch: @unchecked Sendable {
    let capacity: Int
    let acc: UnsafeMutablePointer<Float>
    let owner: UnsafeMutablePointer<Int32>

    private init(capacity: Int) {
        self.capacity = capacity
        acc = .allocate(capacity: capacity)
        acc.initialize(repeating: 0, count: capacity)
        owner = .allocate(capacity: capacity)
        owner.initialize(repeating: 0, count: capacity)
    }

    deinit {
        acc.deallocate()
        owner.deallocate()
    }

    private static let pool = Mutex<[RasterScratch]>([])
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
        return found ?? RasterScratch(capacity: max(cells, 1 << 12))
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
