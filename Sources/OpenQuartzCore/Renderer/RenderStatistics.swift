import Foundation

/// Counters that tests and benchmarks read to see what the renderer did (package access:
/// not part of the public API).
package final class RenderStatistics: @unchecked Sendable {
    /// The counters at one moment.
    package struct Counts: Sendable, Equatable {
        /// Offscreen RGBA surfaces allocated (groups, masks, shadows).
        package var offscreenSurfaces = 0
        /// Coverage masks allocated (clips and shadow shapes).
        package var masks = 0
        /// `shouldRasterize` layers composited from their kept bitmap.
        package var rasterCacheHits = 0
        /// `shouldRasterize` layers that had to be rendered into a new bitmap.
        package var rasterCacheMisses = 0
        /// Groups composited from an earlier frame's rendering.
        package var groupCacheHits = 0
        /// Layers not drawn at all because opaque layers drawn later cover them (occlusion culling).
        package var occludedLayers = 0
    }

    private var counts = Counts()
    private let lock = NSLock()

    /// The counters so far (a consistent copy).
    package var current: Counts { lock.lock(); defer { lock.unlock() }; return counts }
    /// Sets every counter back to 0.
    package func reset() { lock.lock(); counts = Counts(); lock.unlock() }

    func countOffscreen() { lock.lock(); counts.offscreenSurfaces += 1; lock.unlock() }
    func countMask() { lock.lock(); counts.masks += 1; lock.unlock() }
    func countRasterHit() { lock.lock(); counts.rasterCacheHits += 1; lock.unlock() }
    func countRasterMiss() { lock.lock(); counts.rasterCacheMisses += 1; lock.unlock() }
    func countGroupHit() { lock.lock(); counts.groupCacheHits += 1; lock.unlock() }
    func countOccluded() { lock.lock(); counts.occludedLayers += 1; lock.unlock() }
}
