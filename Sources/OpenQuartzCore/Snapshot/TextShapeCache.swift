import Foundation
import Raster

/// The glyph path of each text layer, kept while the layer is unchanged: every frame
/// snapshots the tree again, and re-laying out thousands of static labels would otherwise
/// cost about a third of a frame. An entry is valid for the same live layer (held weakly, so a
/// new layer at a reused address never hits) at the same `modificationCount`, which every
/// property change — string, font, size, colour, bounds, wrapping — advances. One per
/// snapshotter (so per renderer), a frame cache like the others (`FrameCachePolicy`).
final class TextShapeCache: Sendable {
    private struct Entry: @unchecked Sendable {
        weak var layer: CATextLayer?
        let version: UInt64
        let content: ShapeContent?
    }

    private let kept = FrameCache<ObjectIdentifier, Entry>(FrameCachePolicy(byteLimit: 32 << 20, largestShare: 16))

    /// The cache, for ending frames and reading statistics.
    var frameCache: any FrameCaching { kept }

    func content(for layer: CATextLayer, make: () -> ShapeContent?) -> ShapeContent? {
        let key = ObjectIdentifier(layer), version = layer.modificationCount
        if let e = kept.value(for: key), e.layer === layer, e.version == version { return e.content }
        let content = make()
        // A stale entry (another version, or a freed layer's address) makes way for this one.
        kept.remove(key)
        let bytes = 64 + (content.map { $0.path.pointCount * 17 } ?? 0)
        kept.insert(Entry(layer: layer, version: version, content: content), for: key, bytes: bytes)
        return content
    }
}
