import Foundation
import Raster

/// The glyph path of each text layer, kept while the layer is unchanged: every frame
/// snapshots the tree again, and re-laying out thousands of static labels would otherwise
/// cost about a third of a frame. An entry is valid for the same live layer (held weakly, so a
/// new layer at a reused address never hits) at the same `modificationCount`, which every
/// property change — string, font, size, colour, bounds, wrapping — advances.
final class TextShapeCache: @unchecked Sendable {
    private struct Entry {
        weak var layer: CATextLayer?
        let version: UInt64
        let content: ShapeContent?
    }

    static let shared = TextShapeCache()
    /// Above this many entries, those of freed layers are dropped.
    static let pruneThreshold = 4096

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var pruneAt = TextShapeCache.pruneThreshold

    func content(for layer: CATextLayer, make: () -> ShapeContent?) -> ShapeContent? {
        let key = ObjectIdentifier(layer), version = layer.modificationCount
        lock.lock()
        if let e = entries[key], e.layer === layer, e.version == version {
            lock.unlock()
            return e.content
        }
        lock.unlock()
        let content = make()
        lock.lock()
        entries[key] = Entry(layer: layer, version: version, content: content)
        if entries.count > pruneAt {
            entries = entries.filter { $0.value.layer != nil }
            pruneAt = max(TextShapeCache.pruneThreshold, 2 * entries.count)
        }
        lock.unlock()
        return content
    }
}
