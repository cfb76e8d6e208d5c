import Foundation
import Raster

/// Bitmaps of `shouldRasterize` layers, reused while their subtree is unchanged (CALayer.h).
/// Entries unused for `maxIdleFrames` frames are evicted, like Core Animation's 100 ms rule.
final class RenderCache: @unchecked Sendable {
    struct Key: Hashable {
        let identity: ObjectIdentifier
        let version: UInt64
        let scale: Double
    }

    struct Entry {
        let texture: Texture
        /// Texture pixels → the layer's bounds space.
        let toLayer: ProjectiveTransform
    }

    private var entries: [Key: (entry: Entry, lastUsed: UInt64)] = [:]
    private var frame: UInt64 = 0
    private let lock = NSLock()
    static let maxIdleFrames: UInt64 = 6

    func lookup(_ key: Key) -> Entry? {
        lock.lock(); defer { lock.unlock() }
        guard let e = entries[key] else { return nil }
        entries[key] = (e.entry, frame)
        return e.entry
    }

    func store(_ key: Key, _ entry: Entry) {
        lock.lock(); defer { lock.unlock() }
        // An older version of the same layer can never be hit again.
        entries = entries.filter { $0.key.identity != key.identity || $0.key.scale != key.scale }
        entries[key] = (entry, frame)
    }

    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        frame += 1
        entries = entries.filter { frame - $0.value.lastUsed <= Self.maxIdleFrames }
    }
}

/// Counters that tests and benchmarks read to see what the renderer did.
public final class RenderStatistics: @unchecked Sendable {
    public struct Counts: Sendable, Equatable {
        /// Offscreen RGBA surfaces allocated (groups, masks, shadows).
        public var offscreenSurfaces = 0
        /// Coverage masks allocated (clips and shadow shapes).
        public var masks = 0
        public var rasterCacheHits = 0
        public var rasterCacheMisses = 0
    }

    private var counts = Counts()
    private let lock = NSLock()

    public var current: Counts { lock.lock(); defer { lock.unlock() }; return counts }
    public func reset() { lock.lock(); counts = Counts(); lock.unlock() }

    func countOffscreen() { lock.lock(); counts.offscreenSurfaces += 1; lock.unlock() }
    func countMask() { lock.lock(); counts.masks += 1; lock.unlock() }
    func countRasterHit() { lock.lock(); counts.rasterCacheHits += 1; lock.unlock() }
    func countRasterMiss() { lock.lock(); counts.rasterCacheMisses += 1; lock.unlock() }
}
