import Synchronization

/// The spans of aliased path fills (pixel-centre sampling, as transformed layer edges are
/// drawn), kept by exact path, transform, fill rule and target rectangle.
///
/// A frame of a static scene redraws the same transformed layers as the last: a cube's faces,
/// cards tilted in perspective. Their fills are then replayed from the spans the scan gave,
/// without flattening the path through the perspective matrix or sorting crossings again. A
/// replay hands the sink exactly the spans the scan would, so pixels are unchanged. As
/// `RoundedBoxCoverageCache`, a shape is kept on its second sighting (a layer being animated
/// changes its transform every frame and never fills the cache), at most `byteLimit` bytes are
/// kept, and when full the cache keeps what it has.
///
/// Lookups take a lock; a renderer drawing with several threads gives each its own cache.
public final class SampledSpanCache: @unchecked Sendable {
    /// Most bytes of spans kept.
    public let byteLimit: Int

    struct Key: Equatable {
        var path: Path
        var transform: ProjectiveTransform
        var rule: FillRule
        var target: (x: Int, y: Int, width: Int, height: Int)

        static func == (a: Key, b: Key) -> Bool {
            a.transform == b.transform && a.rule == b.rule && a.target == b.target
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
            mix(rule == .nonZero ? 1 : 2)
            mix(UInt64(path.verbs.count))
            path.coords.withUnsafeBufferPointer { for c in $0 { mix(c.bitPattern) } }
            return acc
        }
    }

    /// Spans as (y, x, count), in the order the scan gave them.
    final class Recording: @unchecked Sendable {
        var spans: [Int32] = []
        var size: Int { spans.count * MemoryLayout<Int32>.stride + 64 }
    }

    private struct RecordingSink: CoverageSink {
        let recording: Recording
        var fits = true
        mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
            guard let y = Int32(exactly: y), let x = Int32(exactly: x), let n = Int32(exactly: count) else { fits = false; return }
            recording.spans.append(y); recording.spans.append(x); recording.spans.append(n)
        }
        // The sampled scan gives only spans of full coverage.
        mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) { fits = false }
    }

    private struct Entry {
        var key: Key
        var recording: Recording
    }

    private let lock = Mutex(())
    // Guarded by `lock`.
    private var entries: [UInt64: Entry] = [:]
    /// Hashes of shapes seen once, direct-mapped: a shape is recorded when seen again.
    private var sightings = [UInt64](repeating: 0, count: 4096)
    private var bytes = 0

    public init(byteLimit: Int = 4 << 20) {
        self.byteLimit = byteLimit
    }

    /// Bytes of spans kept now.
    public var keptBytes: Int { lock.withLock { _ in bytes } }

    /// Hands the spans of `path` through `transform`, sampled at pixel centres over the target
    /// rectangle, to `sink`: replayed when kept, scanned (and kept, on a second sighting) when not.
    func draw<S: CoverageSink>(_ path: Path, transform: ProjectiveTransform, rule: FillRule,
                               target: (x: Int, y: Int, width: Int, height: Int), into sink: inout S) {
        let key = Key(path: path, transform: transform, rule: rule, target: target)
        let h = key.hash
        let (found, seen): (Recording?, Bool) = lock.withLock { _ in
            if let e = entries[h], e.key == key { return (e.recording, true) }
            let slot = Int(truncatingIfNeeded: h) & (sightings.count - 1)
            let seen = sightings[slot] == h
            sightings[slot] = h
            return (nil, seen)
        }
        if let found {
            replay(found, into: &sink)
            return
        }
        guard seen else {
            scan(path, transform: transform, rule: rule, target: target, into: &sink)
            return
        }
        var recorder = RecordingSink(recording: Recording())
        scan(path, transform: transform, rule: rule, target: target, into: &recorder)
        let recording = recorder.recording
        if recorder.fits {
            let size = recording.size
            lock.withLock { _ in
                if let old = entries[h] { bytes -= old.recording.size; entries[h] = nil }
                guard size <= byteLimit / 16, bytes + size <= byteLimit else { return }
                entries[h] = Entry(key: key, recording: recording)
                bytes += size
            }
            replay(recording, into: &sink)
        } else {
            scan(path, transform: transform, rule: rule, target: target, into: &sink)
        }
    }

    private func scan<S: CoverageSink>(_ path: Path, transform: ProjectiveTransform, rule: FillRule,
                                       target: (x: Int, y: Int, width: Int, height: Int), into sink: inout S) {
        rasterize(path, transform: transform, rule: rule, antialias: false, targetX: target.x, targetY: target.y,
                  targetWidth: target.width, targetHeight: target.height, into: &sink)
    }

    private func replay<S: CoverageSink>(_ r: Recording, into sink: inout S) {
        r.spans.withUnsafeBufferPointer { s in
            var i = 0
            while i + 2 < s.count {
                sink.span(y: Int(s[i]), x: Int(s[i + 1]), count: Int(s[i + 2]), coverage: 255)
                i += 3
            }
        }
    }
}
