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

/// Rendered groups (offscreen content, shadow and mask of a layer) from earlier frames, reused
/// while the subtree, its place on the target and the visible region are unchanged: a static
/// scene re-rendered every frame composites most groups from here. Entries unused for
/// `maxIdleFrames` frames are evicted, and the total is kept under `byteLimit`.
final class GroupCache: @unchecked Sendable {
    struct Key: Hashable {
        enum Kind: Hashable { case group, shadow(sigma: Double, hole: PixelRect?), pathShadow(sigma: Double), boundsClip(antialias: Bool, within: ObjectIdentifier?),
                          occlusion(item: Int, alpha: Float) }
        let kind: Kind
        let identity: ObjectIdentifier
        let version: UInt64
        let world: CATransform3D
        let region: PixelRect
    }

    private var entries: [Key: (value: AnyObject, bytes: Int, lastUsed: UInt64)] = [:]
    /// Off for one-shot renders, which would only pay for keeping the bitmaps.
    var isEnabled = true
    private var bytes = 0
    private var frame: UInt64 = 0
    private let lock = NSLock()
    static let maxIdleFrames: UInt64 = 6
    static let byteLimit = 32 << 20

    func lookup(_ key: Key) -> AnyObject? {
        lock.lock(); defer { lock.unlock() }
        guard isEnabled else { return nil }
        guard let e = entries[key] else { return nil }
        entries[key] = (e.value, e.bytes, frame)
        return e.value
    }

    func store(_ key: Key, _ surface: Surface) { store(key, surface, bytes: surface.width * surface.height * 4) }
    func store(_ key: Key, _ mask: Mask) { store(key, mask, bytes: mask.width * mask.height) }

    func store(_ key: Key, _ value: AnyObject, bytes size: Int) {
        lock.lock(); defer { lock.unlock() }
        guard isEnabled, size <= Self.byteLimit / 4, entries[key] == nil else { return }
        if bytes + size > Self.byteLimit { evict(keepingFrame: frame) }
        guard bytes + size <= Self.byteLimit else { return }
        entries[key] = (value, size, frame)
        bytes += size
    }

    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        frame += 1
        evict(keepingFrame: frame > Self.maxIdleFrames ? frame - Self.maxIdleFrames : 0)
    }

    /// Drops every entry last used before `keepingFrame`.
    private func evict(keepingFrame: UInt64) {
        for (k, e) in entries where e.lastUsed < keepingFrame {
            entries[k] = nil
            bytes -= e.bytes
        }
    }
}

/// A clip mask kept between frames, with the clip it was cut from (see `GroupCache.Key`).
final class KeptClip {
    let mask: Mask
    let within: Mask?
    init(mask: Mask, within: Mask?) { self.mask = mask; self.within = within }
}

/// Counters that tests and benchmarks read to see what the renderer did.
public final class RenderStatistics: @unchecked Sendable {
    /// The counters at one moment.
    public struct Counts: Sendable, Equatable {
        /// Offscreen RGBA surfaces allocated (groups, masks, shadows).
        public var offscreenSurfaces = 0
        /// Coverage masks allocated (clips and shadow shapes).
        public var masks = 0
        /// `shouldRasterize` layers composited from their kept bitmap.
        public var rasterCacheHits = 0
        /// `shouldRasterize` layers that had to be rendered into a new bitmap.
        public var rasterCacheMisses = 0
        /// Groups composited from an earlier frame's rendering.
        public var groupCacheHits = 0
        /// Layers not drawn at all because opaque layers drawn later cover them (occlusion culling).
        public var occludedLayers = 0
    }

    private var counts = Counts()
    private let lock = NSLock()

    /// The counters so far (a consistent copy).
    public var current: Counts { lock.lock(); defer { lock.unlock() }; return counts }
    /// Sets every counter back to 0.
    public func reset() { lock.lock(); counts = Counts(); lock.unlock() }

    func countOffscreen() { lock.lock(); counts.offscreenSurfaces += 1; lock.unlock() }
    func countMask() { lock.lock(); counts.masks += 1; lock.unlock() }
    func countRasterHit() { lock.lock(); counts.rasterCacheHits += 1; lock.unlock() }
    func countRasterMiss() { lock.lock(); counts.rasterCacheMisses += 1; lock.unlock() }
    func countGroupHit() { lock.lock(); counts.groupCacheHits += 1; lock.unlock() }
    func countOccluded() { lock.lock(); counts.occludedLayers += 1; lock.unlock() }
}
