/// The coverage of rounded boxes (and border rings), kept by exact shape and position within a
/// pixel, as the row runs the scan produced: partial cells at the edges, one span per row for
/// the interior.
///
/// A box's coverage depends only on its size, its radii and where it sits inside a pixel, and a
/// frame redraws the same boxes as the last (a static scene, lists of identical rows, grids at
/// whole or half pixels), so each is scanned once and then replayed: a replay is a few calls per
/// row instead of the corner integrals. Replayed runs are the same bytes the scan gives at the
/// box's place, up to the floating-point rounding of its edges (10⁻¹² px). As every frame cache
/// (`FrameCachePolicy`), a shape is kept on its second sighting (one-off shapes, such as a box
/// being animated, never fill the cache), the cache holds at most `byteLimit` bytes of runs,
/// and shapes unused for a few frames are dropped. Its storage is its own: a two-way
/// set-associative table, looked up once per box drawn without hashing twice.
///
/// Lookups take a lock; a renderer drawing with several threads gives each its own cache, so
/// that threads neither wait for each other nor share the recordings' reference counts.
package final class RoundedBoxCoverageCache: FrameCaching, @unchecked Sendable {
    /// Most bytes of runs kept.
    package let byteLimit: Int

    /// Bit patterns of a box (and hole) relative to the box's top-left pixel.
    struct Key: Equatable {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

        init(_ b: RoundedBox, _ h: RoundedBox?, dx: Double, dy: Double) {
            let z: UInt64 = 0
            words = (z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z)
            withUnsafeMutableBytes(of: &words) { raw in
                let w = raw.bindMemory(to: UInt64.self)
                func put(_ i: Int, _ box: RoundedBox) {
                    w[i] = (box.minX - dx).bitPattern; w[i + 1] = (box.minY - dy).bitPattern
                    w[i + 2] = (box.maxX - dx).bitPattern; w[i + 3] = (box.maxY - dy).bitPattern
                    for k in 0..<4 { w[i + 4 + k] = box.radiusX[k].bitPattern; w[i + 8 + k] = box.radiusY[k].bitPattern }
                }
                put(0, b)
                if let h { put(12, h) }
            }
        }

        static func == (a: Key, b: Key) -> Bool {
            withUnsafeBytes(of: a.words) { x in withUnsafeBytes(of: b.words) { y in
                let p = x.bindMemory(to: UInt64.self), q = y.bindMemory(to: UInt64.self)
                var d: UInt64 = 0
                for i in 0..<24 { d |= p[i] ^ q[i] }
                return d == 0
            } }
        }

        /// A multiply-xor fold of the words (the hole's only when there is one).
        func hash(hole: Bool) -> UInt64 {
            withUnsafeBytes(of: words) { raw in
                let w = raw.bindMemory(to: UInt64.self)
                var acc: UInt64 = 0x9E37_79B9_7F4A_7C15
                for i in 0..<(hole ? 24 : 12) { acc = (acc ^ w[i]) &* 0xFF51_AFD7_ED55_8CCD; acc ^= acc >> 29 }
                return acc
            }
        }
    }

    /// A two-way set-associative table: a key lives in slot h or its neighbour h ^ 1, and a new
    /// entry replaces the older of the two.
    private static let slots = 8192
    private let lock = Locked(())
    // Guarded by `lock`. A slot's key is written with its entry and read only where the entry
    // is there, so the keys are left unwritten until then: writing all 1.5 MB of them made every
    // new renderer (a cold frame) touch and fault in pages that a scene of few shapes never uses.
    private let keys = UnsafeMutablePointer<Key>.allocate(capacity: RoundedBoxCoverageCache.slots)
    private let entries = UnsafeMutablePointer<CoverageRecording?>.allocate(capacity: RoundedBoxCoverageCache.slots)
    private let stamps = UnsafeMutablePointer<UInt64>.allocate(capacity: RoundedBoxCoverageCache.slots)
    /// The frame in which each slot was last used.
    private let usedIn = UnsafeMutablePointer<UInt64>.allocate(capacity: RoundedBoxCoverageCache.slots)
    // Guarded by `lock` too, so the run-time exclusivity check (a few dozen instructions on
    // every box drawn) adds nothing.
    @exclusivity(unchecked) private var ledger: FrameCacheLedger
    @exclusivity(unchecked) private var clock: UInt64 = 0
    /// The last frame in which a full table was swept for room.
    @exclusivity(unchecked) private var sweptForRoom: UInt64 = .max

    /// A cache that keeps at most `byteLimit` bytes of recorded coverage.
    package init(byteLimit: Int = 8 << 20) {
        self.byteLimit = byteLimit
        ledger = FrameCacheLedger(FrameCachePolicy(byteLimit: byteLimit, admission: .secondSighting, largestShare: 16))
        let n = RoundedBoxCoverageCache.slots
        entries.initialize(repeating: nil, count: n)
        stamps.initialize(repeating: 0, count: n)
        usedIn.initialize(repeating: 0, count: n)
    }

    deinit {
        let n = RoundedBoxCoverageCache.slots
        entries.deinitialize(count: n); entries.deallocate()
        keys.deallocate(); stamps.deallocate(); usedIn.deallocate()
    }

    /// Whether recordings survive the end of a frame; default true.
    package var keepsFrames: Bool {
        get { lock.withLock { _ in ledger.keepsFrames } }
        set { lock.withLock { _ in ledger.keepsFrames = newValue } }
    }

    /// Hits, misses, insertions, evictions, and what is kept now.
    package var statistics: FrameCacheStatistics { lock.withLock { _ in ledger.statistics } }

    /// Ends a frame: drops recordings idle too long (all of them, when not keeping frames).
    package func endFrame() {
        lock.withLock { _ in
            ledger.frame += 1
            if ledger.statistics.entries > 0 { sweep { ledger.keepsFrames ? ledger.isIdle($0) : true } }
        }
    }

    /// Empties the slots whose last frame of use satisfies `stale` (under the lock).
    private func sweep(_ stale: (UInt64) -> Bool) {
        for i in 0..<RoundedBoxCoverageCache.slots where entries[i] != nil && stale(usedIn[i]) {
            ledger.noteRemoved(entries[i]!.size)
            entries[i] = nil
        }
    }

    /// Hands the coverage of `box` less `hole` over the device rectangle `region` to `sink`,
    /// from the cache when it holds the shape; `within` may leave pixels out, as for `rasterize`.
    package func draw<S: CoverageSink>(_ box: RoundedBox, hole: RoundedBox?, region: (x: Int, y: Int, width: Int, height: Int),
                               within visible: PixelRegion?, into sink: inout S) {
        guard !box.isEmpty, box.isFinite, abs(box.minX) < 1e9, abs(box.minY) < 1e9,
              box.maxX - box.minX < 65536, box.maxY - box.minY < 65536 else {
            box.rasterize(hole: hole, region: region, within: visible, into: &sink)
            return
        }
        let ox = box.minX.rounded(.down), oy = box.minY.rounded(.down)
        let key = Key(box, hole, dx: ox, dy: oy)
        let h = key.hash(hole: hole != nil)
        let slot = Int(truncatingIfNeeded: h) & (RoundedBoxCoverageCache.slots - 1)
        let (found, seen): (CoverageRecording?, Bool) = lock.withLock { _ in
            clock += 1
            let other = slot ^ 1
            let s = entries[slot] != nil && keys[slot] == key ? slot : entries[other] != nil && keys[other] == key ? other : -1
            if s >= 0 {
                stamps[s] = clock
                usedIn[s] = ledger.frame
                ledger.statistics.hits += 1
                return (entries[s], true)
            }
            ledger.statistics.misses += 1
            return (nil, ledger.admits(h))
        }
        if let found {
            found.replay(at: Int(ox), Int(oy), region: region, into: &sink)
            return
        }
        guard seen else {
            box.rasterize(hole: hole, region: region, within: visible, into: &sink)
            return
        }
        // Second sighting: scan the whole shape once, keeping it while handing the part within
        // `region` to `sink`. The runs are those of the box where it is drawn, relative to its
        // top-left pixel.
        let recording = CoverageRecording()
        let whole = (x: Int(ox), y: Int(oy), width: Int(box.maxX.rounded(.up)) - Int(ox), height: Int(box.maxY.rounded(.up)) - Int(oy))
        var tee = CoverageRecording.Tee(recorder: CoverageRecording.Recorder(recording: recording, x0: whole.x, y0: whole.y),
                                        sink: sink, region: region)
        box.rasterize(hole: hole, region: whole, into: &tee)
        sink = tee.sink
        recording.findBlock()
        let size = recording.size
        lock.withLock { _ in
            let older = stamps[slot] <= stamps[slot ^ 1] ? slot : slot ^ 1
            if let old = entries[older] { ledger.noteRemoved(old.size) }
            entries[older] = nil
            guard ledger.accepts(size) else { return }
            // Full: shapes not drawn in this frame make room (once a frame); if that is not
            // enough, keep what is kept (a scene with more shapes than fit keeps a steady part
            // of them instead of thrashing).
            if !ledger.fits(size) && sweptForRoom != ledger.frame {
                sweptForRoom = ledger.frame
                let now = ledger.frame
                sweep { $0 < now }
            }
            guard ledger.fits(size) else { return }
            // `Key` is trivial (words only), so initializing a slot that held a key is allowed.
            (keys + older).initialize(to: key); entries[older] = recording; stamps[older] = clock; usedIn[older] = ledger.frame
            ledger.noteInserted(size)
        }
    }
}
