/// The coverage of path fills, kept by exact path, transform, fill rule, anti-aliasing and
/// target rectangle, as the runs the scan handed its sink.
///
/// A frame of a static scene fills the same paths as the last: text labels' glyph outlines,
/// shape layers, a cube's faces and cards tilted in perspective (aliased, sampled at pixel
/// centres). Their fills are then replayed instead of flattening the path (through the
/// perspective matrix, for 3D layers) and accumulating its edges again. A replay hands the sink
/// exactly the runs the scan would, so pixels are unchanged. As `RoundedBoxCoverageCache`, a
/// shape is kept on its second sighting (a layer being animated changes its transform every
/// frame and never fills the cache), at most `byteLimit` bytes are kept, and shapes unused for
/// a few frames are dropped (`FrameCachePolicy`): a long-lived renderer whose shapes change
/// keeps caching the new ones.
///
/// Lookups take a lock; a renderer drawing with several threads gives each its own cache.
package final class PathCoverageCache: FrameCaching, @unchecked Sendable {
    /// Most bytes of runs kept.
    package let byteLimit: Int

    struct Key: Equatable {
        var path: Path
        var transform: ProjectiveTransform
        var rule: FillRule
        var antialias: Bool
        var exactOverlaps: Bool
        var target: (x: Int, y: Int, width: Int, height: Int)

        static func == (a: Key, b: Key) -> Bool {
            a.transform == b.transform && a.rule == b.rule && a.antialias == b.antialias
                && a.exactOverlaps == b.exactOverlaps && a.target == b.target
                && a.path.verbs == b.path.verbs && a.path.coords == b.path.coords
        }

        /// A multiply-xor fold of the coordinates' and matrix's bits.
        var hash: UInt64 {
            var acc: UInt64 = 0x9E37_79B9_7F4A_7C15
            @inline(__always) func mix(_ v: UInt64) { acc = (acc ^ v) &* 0xFF51_AFD7_ED55_8CCD; acc ^= acc >> 29 }
            let t = transform
            mix(t.m11.bitPattern); mix(t.m12.bitPattern); mix(t.m13.bitPattern)
            mix(t.m21.bitPattern); mix(t.m22.bitPattern); mix(t.m23.bitPattern)
            mix(t.m31.bitPattern); mix(t.m32.bitPattern); mix(t.m33.bitPattern)
            mix(UInt64(bitPattern: Int64(target.x)) ^ UInt64(bitPattern: Int64(target.y)) << 32)
            mix(UInt64(bitPattern: Int64(target.width)) ^ UInt64(bitPattern: Int64(target.height)) << 32)
            mix((rule == .nonZero ? 1 : 2) | (antialias ? 4 : 0) | (exactOverlaps ? 8 : 0))
            mix(UInt64(path.verbs.count))
            path.coords.withUnsafeBufferPointer { for c in $0 { mix(c.bitPattern) } }
            return acc
        }
    }

    private struct Entry: @unchecked Sendable {
        var key: Key
        var recording: CoverageRecording
    }

    /// Recordings by the key's hash (the entry holds the whole key, compared on a hit).
    private let kept: FrameCache<UInt64, Entry>

    /// A cache that keeps at most `byteLimit` bytes of recorded coverage.
    package init(byteLimit: Int = 8 << 20) {
        self.byteLimit = byteLimit
        kept = FrameCache(FrameCachePolicy(byteLimit: byteLimit, admission: .secondSighting, largestShare: 16))
    }

    /// Whether recordings survive the end of a frame; default true.
    package var keepsFrames: Bool {
        get { kept.keepsFrames }
        set { kept.keepsFrames = newValue }
    }
    /// Ends a frame: drops recordings idle too long (all of them, when not keeping frames).
    package func endFrame() { kept.endFrame() }
    /// Hits, misses, insertions, evictions, and what is kept now.
    package var statistics: FrameCacheStatistics { kept.statistics }

    /// Bytes of runs kept now.
    package var keptBytes: Int { kept.statistics.bytes }
    /// Shapes kept now.
    package var keptShapes: Int { kept.statistics.entries }

    /// Hands the coverage of `path` through `transform` over the target rectangle to `sink`, as
    /// `rasterize` does: replayed when kept, scanned (and kept, on a second sighting) when not.
    func draw<S: CoverageSink>(_ path: Path, transform: ProjectiveTransform, rule: FillRule, antialias: Bool,
                               exactOverlaps: Bool, target: (x: Int, y: Int, width: Int, height: Int),
                               into sink: inout S) {
        // Runs are recorded relative to the target's corner in 16 bits.
        guard target.width < 65536, target.height < 65536 else {
            scan(path, transform, rule, antialias, exactOverlaps, target, into: &sink)
            return
        }
        let key = Key(path: path, transform: transform, rule: rule, antialias: antialias,
                      exactOverlaps: exactOverlaps, target: target)
        let h = key.hash
        let region = (x: target.x, y: target.y, width: target.width, height: target.height)
        if let e = kept.value(for: h), e.key == key {
            e.recording.replay(at: target.x, target.y, region: region, into: &sink)
            return
        }
        guard kept.admits(h) else {
            scan(path, transform, rule, antialias, exactOverlaps, target, into: &sink)
            return
        }
        // Recorded while handed to `sink`: one scan, no replay.
        let recording = CoverageRecording()
        var tee = CoverageRecording.Tee(recorder: CoverageRecording.Recorder(recording: recording, x0: target.x, y0: target.y),
                                        sink: sink, region: region)
        scan(path, transform, rule, antialias, exactOverlaps, target, into: &tee)
        sink = tee.sink
        recording.findBlock()
        kept.insert(Entry(key: key, recording: recording), for: h, bytes: recording.size + 64, admitted: true)
    }

    private func scan<S: CoverageSink>(_ path: Path, _ transform: ProjectiveTransform, _ rule: FillRule, _ antialias: Bool,
                                       _ exactOverlaps: Bool, _ target: (x: Int, y: Int, width: Int, height: Int),
                                       into sink: inout S) {
        rasterize(path, transform: transform, rule: rule, antialias: antialias, targetX: target.x, targetY: target.y,
                  targetWidth: target.width, targetHeight: target.height, exactOverlaps: exactOverlaps, into: &sink)
    }
}
