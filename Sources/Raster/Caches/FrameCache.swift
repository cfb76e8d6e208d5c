/// What a frame cache did, for tests, benchmarks and tools.
@usableFromInline package struct FrameCacheStatistics: Sendable, Equatable {
    /// Lookups that found an entry.
    package var hits = 0
    /// Lookups that found none.
    package var misses = 0
    /// Entries stored.
    @usableFromInline package var insertions = 0
    /// Entries dropped: idle for too many frames, or making room.
    @usableFromInline package var evictions = 0
    /// Bytes kept now.
    @usableFromInline package var bytes = 0
    /// Entries kept now.
    @usableFromInline package var entries = 0

    /// All zero.
    @usableFromInline package init() {}

    /// The sum of two caches' figures.
    package static func + (a: FrameCacheStatistics, b: FrameCacheStatistics) -> FrameCacheStatistics {
        var s = a
        s.hits += b.hits; s.misses += b.misses; s.insertions += b.insertions; s.evictions += b.evictions
        s.bytes += b.bytes; s.entries += b.entries
        return s
    }
}

/// When a frame cache takes a new entry.
@usableFromInline package enum FrameCacheAdmission: Sendable {
    /// Whenever it fits.
    case always
    /// On the key's second sighting: one-off keys (a layer being animated, whose place or shape
    /// changes every frame) never fill the cache or pay for recording.
    case secondSighting
}

/// What every frame cache of the renderer does between frames: it keeps at most `byteLimit`
/// bytes, drops entries unused for more than `maxIdleFrames` frames (Core Animation drops an
/// unused rasterized bitmap after about 100 ms: six frames at 60 Hz), may admit a key only on
/// its second sighting, and counts hits and misses. When `keepsFrames` is off (one-shot
/// renders, `CAImageRenderer.cachesFrames = false`) nothing survives the end of a frame.
///
/// The caches differ only in their keys, values and storage; this is their common ledger, kept
/// under each cache's one lock. `FrameCache` is the dictionary-backed cache built on it; the
/// coverage caches, looked up once per drawn shape, keep their own table layout on the same
/// ledger.
@usableFromInline package struct FrameCachePolicy: Sendable {
    /// Most bytes kept.
    @usableFromInline package let byteLimit: Int
    /// Frames an entry may go unused before it is dropped.
    @usableFromInline package let maxIdleFrames: UInt64
    /// When a new entry is taken.
    @usableFromInline package let admission: FrameCacheAdmission
    /// Entries larger than this share of the budget are never kept.
    @usableFromInline package let largestShare: Int
    /// Whether an entry can be hit again in the frame that made it (a shape drawn twice); when
    /// not, a cache that keeps no frames stores nothing at all.
    package let reusedWithinFrame: Bool

    /// A policy; by default entries unused for six frames go, any entry up to a quarter of
    /// the budget is taken, and entries may be reused in the frame that made them.
    package init(byteLimit: Int, maxIdleFrames: UInt64 = 6, admission: FrameCacheAdmission = .always, largestShare: Int = 4,
                reusedWithinFrame: Bool = true) {
        self.byteLimit = byteLimit
        self.maxIdleFrames = maxIdleFrames
        self.admission = admission
        self.largestShare = largestShare
        self.reusedWithinFrame = reusedWithinFrame
    }
}

/// The mutable bookkeeping of one frame cache (guarded by the cache's lock). Usable from
/// inlinable code so that `FrameCache`, generic over its key, is specialized in the module
/// that names the key (unspecialized, a lookup pays for metadata and witness calls).
@usableFromInline
struct FrameCacheLedger {
    @usableFromInline let policy: FrameCachePolicy
    @usableFromInline var frame: UInt64 = 0
    @usableFromInline var keepsFrames = true
    @usableFromInline var statistics = FrameCacheStatistics()
    /// The frame in which the entries unused in this frame were last swept out to make room.
    /// After a sweep in frame f no entry older than f remains (hits and insertions stamp f), so
    /// a second sweep in the same frame finds nothing: skipping it keeps a frame that fills
    /// the budget linear in its insertions instead of quadratic.
    @usableFromInline var sweptForRoomIn: UInt64 = .max
    private var sightings = ShapeSightings()

    @usableFromInline
    init(_ policy: FrameCachePolicy) { self.policy = policy }

    /// Whether an entry last used in frame `lastUsed` has been idle too long.
    @inlinable @inline(__always)
    func isIdle(_ lastUsed: UInt64) -> Bool { frame &- lastUsed > policy.maxIdleFrames }

    /// Whether the key with this hash may be stored now (its second sighting, when asked for).
    /// (Not inlinable: only misses ask, and the sightings stay private.)
    @usableFromInline
    mutating func admits(_ hash: UInt64) -> Bool {
        policy.admission == .always || sightings.sawBefore(hash)
    }

    /// Whether an entry of `size` bytes is small enough to keep at all.
    @inlinable @inline(__always)
    func accepts(_ size: Int) -> Bool { size <= policy.byteLimit / policy.largestShare }

    /// Whether `size` more bytes fit in the budget.
    @inlinable @inline(__always)
    func fits(_ size: Int) -> Bool { statistics.bytes + size <= policy.byteLimit }

    @inlinable
    mutating func noteInserted(_ size: Int) { statistics.bytes += size; statistics.entries += 1; statistics.insertions += 1 }
    @inlinable
    mutating func noteRemoved(_ size: Int) { statistics.bytes -= size; statistics.entries -= 1; statistics.evictions += 1 }
}

/// Anything the renderer ends frames on and reads statistics from.
package protocol FrameCaching: AnyObject, Sendable {
    /// Whether entries survive the end of a frame (`cachesFrames`).
    var keepsFrames: Bool { get set }
    /// Ends a frame: drops what has been idle too long (everything, when not keeping frames).
    func endFrame()
    /// Hits, misses, insertions, evictions, and what is kept now.
    var statistics: FrameCacheStatistics { get }
}

/// A cache of values kept between frames, under `FrameCachePolicy`: one lock, a byte budget,
/// frame-age eviction, optional second-sighting admission, hit and miss counts.
///
/// Lookups stamp the entry in place (entries are boxed), so a hit writes no dictionary.
package final class FrameCache<Key: Hashable, Value: Sendable>: FrameCaching, @unchecked Sendable {
    @usableFromInline
    final class Slot {
        @usableFromInline let value: Value
        @usableFromInline let bytes: Int
        @usableFromInline var lastUsed: UInt64
        @inlinable
        init(_ value: Value, bytes: Int, frame: UInt64) { self.value = value; self.bytes = bytes; lastUsed = frame }
    }

    @usableFromInline let lock = Locked(())
    // Guarded by `lock`, so the run-time exclusivity check would only repeat what the lock
    // already ensures, on every lookup.
    @exclusivity(unchecked) @usableFromInline var ledger: FrameCacheLedger
    @exclusivity(unchecked) @usableFromInline var slots: [Key: Slot] = [:]

    /// An empty cache keeping to `policy`.
    @inlinable
    package init(_ policy: FrameCachePolicy) { ledger = FrameCacheLedger(policy) }

    /// The budget, idle limit and admission this cache keeps to.
    @inlinable
    package var policy: FrameCachePolicy { ledger.policy }

    /// Whether entries survive the end of a frame (`cachesFrames`); default true.
    @inlinable
    package var keepsFrames: Bool {
        get { lock.withLock { _ in ledger.keepsFrames } }
        set { lock.withLock { _ in ledger.keepsFrames = newValue } }
    }

    /// Hits, misses, insertions, evictions, and what is kept now.
    @inlinable
    package var statistics: FrameCacheStatistics { lock.withLock { _ in ledger.statistics } }

    /// The value kept for `key`, if any; a hit counts as a use in this frame.
    @inlinable
    package func value(for key: Key) -> Value? {
        lock.withLock { _ in
            guard let s = slots[key] else { ledger.statistics.misses += 1; return nil }
            s.lastUsed = ledger.frame
            ledger.statistics.hits += 1
            return s.value
        }
    }

    /// Whether a value for `key` would be admitted now: always, or on the key's second
    /// sighting (this call is the sighting). Callers that pay to make the value ask first.
    @inlinable
    package func admits(_ key: Key) -> Bool {
        lock.withLock { _ in ledger.admits(UInt64(bitPattern: Int64(key.hashValue))) }
    }

    /// Keeps `value` for `key` (`bytes` its size) when the policy admits it (`admitted`: the
    /// caller asked `admits` already): a key already kept keeps its value; when the budget is
    /// full, what was not used in this frame makes room, and if that is not enough the value
    /// is not kept (a scene larger than the budget keeps a steady part of itself instead of
    /// thrashing).
    @inlinable
    package func insert(_ value: Value, for key: Key, bytes: Int, admitted: Bool = false) {
        lock.withLock { _ in
            guard ledger.keepsFrames || ledger.policy.reusedWithinFrame, ledger.accepts(bytes), slots[key] == nil,
                  admitted || ledger.admits(UInt64(bitPattern: Int64(key.hashValue))) else { return }
            if !ledger.fits(bytes), ledger.sweptForRoomIn != ledger.frame {
                let now = ledger.frame
                evict { $0 < now }
                ledger.sweptForRoomIn = now
            }
            guard ledger.fits(bytes) else { return }
            slots[key] = Slot(value, bytes: bytes, frame: ledger.frame)
            ledger.noteInserted(bytes)
        }
    }

    /// Drops the entry for `key`, if any.
    @inlinable
    package func remove(_ key: Key) {
        lock.withLock { _ in if let s = slots.removeValue(forKey: key) { ledger.noteRemoved(s.bytes) } }
    }

    /// Drops the entries whose key satisfies `predicate` (an older version of something).
    @inlinable
    package func removeAll(where predicate: (Key) -> Bool) {
        lock.withLock { _ in
            let doomed = slots.keys.filter(predicate)
            for k in doomed { if let s = slots.removeValue(forKey: k) { ledger.noteRemoved(s.bytes) } }
        }
    }

    /// Ends a frame: drops what has been idle too long (everything, when not keeping frames).
    @inlinable
    package func endFrame() {
        lock.withLock { _ in
            ledger.frame += 1
            if !ledger.keepsFrames {
                for s in slots.values { ledger.noteRemoved(s.bytes) }
                slots.removeAll()
            } else {
                let f = ledger
                evict { f.isIdle($0) }
            }
        }
    }

    /// Drops every entry whose last use satisfies `stale` (called under the lock).
    @usableFromInline
    func evict(_ stale: (UInt64) -> Bool) {
        var doomed: [Key] = []
        for (k, s) in slots where stale(s.lastUsed) { doomed.append(k) }
        for k in doomed { if let s = slots.removeValue(forKey: k) { ledger.noteRemoved(s.bytes) } }
    }
}
