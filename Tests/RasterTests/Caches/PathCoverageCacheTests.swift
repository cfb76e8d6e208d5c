import Testing
import Raster

/// The cache of path fills hands the sink exactly what the scan gives (anti-aliased or sampled
/// at pixel centres), whether it scans, records or replays; keeps a shape only on its second
/// sighting and within its byte limit; and tells apart shapes that differ only in transform,
/// rule, anti-aliasing or target.
@Suite struct PathCoverageCacheTests {
    /// Every span and cell the sink is handed, in order.
    struct Log: CoverageSink {
        var items: [[Int]] = []
        mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) { items.append([y, x, count, Int(coverage)]) }
        mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
            items.append([y, x, count, -1] + (0..<count).map { Int(coverage[$0]) })
        }
    }

    struct Shape {
        var path = Path()
        var transform = ProjectiveTransform.identity
    }

    static func shape(_ seed: Int) -> Shape {
        var state = UInt64(seed + 7) &* 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 100_000) / 100_000
        }
        var s = Shape()
        s.path.append(.ellipse(x: next() * 40, y: next() * 30, width: 10 + next() * 60, height: 8 + next() * 40))
        s.path.move(to: next() * 90, next() * 60)
        for _ in 0..<(3 + seed % 5) { s.path.line(to: next() * 90, next() * 60) }
        s.path.close()
        // A tilted plane: perspective in both directions, as a rotated layer under m34.
        s.transform = ProjectiveTransform(m11: 1 + next() * 0.3, m12: next() * 0.2, m13: (next() - 0.5) * 0.004,
                                          m21: next() * 0.2 - 0.1, m22: 1, m23: (next() - 0.5) * 0.004,
                                          m31: 5 + next() * 10, m32: 3 + next() * 10, m33: 1)
        return s
    }

    func direct(_ s: Shape, rule: FillRule, target: (Int, Int, Int, Int), antialias: Bool = false) -> [[Int]] {
        var log = Log()
        rasterize(s.path, transform: s.transform, rule: rule, antialias: antialias, targetX: target.0, targetY: target.1,
                  targetWidth: target.2, targetHeight: target.3, into: &log)
        return log.items
    }

    func cached(_ s: Shape, rule: FillRule, target: (Int, Int, Int, Int), _ cache: PathCoverageCache,
                antialias: Bool = false) -> [[Int]] {
        var log = Log()
        rasterize(s.path, transform: s.transform, rule: rule, antialias: antialias, targetX: target.0, targetY: target.1,
                  targetWidth: target.2, targetHeight: target.3, paths: cache, into: &log)
        return log.items
    }

    @Test(arguments: 0..<24)
    func scanRecordAndReplayGiveTheScansSpans(seed: Int) {
        let s = Self.shape(seed)
        let cache = PathCoverageCache()
        let target = (seed % 3 == 0 ? 20 : 0, 4, 90, 70)
        for rule in [FillRule.nonZero, .evenOdd] { for aa in [false, true] {
            let expected = direct(s, rule: rule, target: target, antialias: aa)
            #expect(!expected.isEmpty)
            let before = cache.keptBytes
            #expect(cached(s, rule: rule, target: target, cache, antialias: aa) == expected, "first sighting, seed \(seed)")
            #expect(cache.keptBytes == before, "kept on first sighting")
            #expect(cached(s, rule: rule, target: target, cache, antialias: aa) == expected, "second sighting, seed \(seed)")
            let kept = cache.keptBytes
            #expect(kept > before, "not kept on second sighting")
            #expect(cached(s, rule: rule, target: target, cache, antialias: aa) == expected, "replay, seed \(seed)")
            #expect(cache.keptBytes == kept, "a replay recorded again")
        } }
    }

    @Test func shapesDifferingInTransformRuleOrTargetAreKeptApart() {
        let cache = PathCoverageCache()
        let s = Self.shape(3)
        var moved = s
        moved.transform.m31 += 0.25
        var bent = s
        bent.transform.m13 *= 1.5
        var edited = s
        edited.path.line(to: 10, 50)
        let target = (0, 0, 100, 80), cut = (0, 10, 100, 30)
        for _ in 0..<3 {
            for (shape, rule, t) in [(s, FillRule.evenOdd, target), (moved, .evenOdd, target), (bent, .evenOdd, target),
                                     (edited, .evenOdd, target), (s, .nonZero, target), (s, .evenOdd, cut)] {
                #expect(cached(shape, rule: rule, target: t, cache) == direct(shape, rule: rule, target: t))
                #expect(cached(shape, rule: rule, target: t, cache, antialias: true) == direct(shape, rule: rule, target: t, antialias: true))
            }
        }
    }

    /// Thousands of shapes seen frame after frame are all kept (none keeps another's place
    /// among the sightings), and replay exactly.
    @Test func manyShapesAreAllKept() {
        let cache = PathCoverageCache()
        let shapes = (0..<3000).map { i -> Shape in
            var s = Shape()
            s.path.append(.ellipse(x: Double(i % 50), y: Double(i / 50 % 40), width: 6 + Double(i % 7), height: 5))
            return s
        }
        let target = (0, 0, 90, 70)
        for _ in 0..<2 { for s in shapes { _ = cached(s, rule: .nonZero, target: target, cache, antialias: true) } }
        #expect(cache.keptShapes == shapes.count, "shapes seen twice were not all kept")
        for s in shapes.prefix(200) {
            #expect(cached(s, rule: .nonZero, target: target, cache, antialias: true) == direct(s, rule: .nonZero, target: target, antialias: true))
        }
    }

    @Test func aFullCacheStillDrawsAndKeepsNothingMore() {
        let cache = PathCoverageCache(byteLimit: 64)
        for seed in 0..<4 {
            let s = Self.shape(seed)
            for _ in 0..<3 {
                #expect(cached(s, rule: .nonZero, target: (0, 0, 90, 70), cache) == direct(s, rule: .nonZero, target: (0, 0, 90, 70)))
            }
        }
        #expect(cache.keptBytes == 0)
    }

    /// Through a surface: clip, region and translucent colour act on replayed spans as on scanned ones.
    @Test func surfaceFillsMatchWithoutTheCache() {
        let cache = PathCoverageCache()
        let clip = Mask(width: 90, height: 70)
        var oval = Path()
        oval.append(.ellipse(x: 5, y: 5, width: 80, height: 60))
        clip.fill(oval)
        let region = PixelRegion(x0: 0, y0: 0, x1: 90, y1: 70, minus: [(50, 0, 60, 70), (60, 0, 90, 20), (60, 40, 90, 70)])
        for seed in 0..<6 {
            let s = Self.shape(seed)
            let color = Color(r: 0.2, g: 0.5, b: 0.9, a: 0.6)
            let plain = Surface(width: 90, height: 70), through = Surface(width: 90, height: 70)
            plain.clear(0xFF80_8080); through.clear(0xFF80_8080)
            for _ in 0..<3 {
                plain.fill(s.path, transform: s.transform, rule: .evenOdd, color: color, clip: clip, region: region,
                           antialias: seed % 2 == 0)
                through.fill(s.path, transform: s.transform, rule: .evenOdd, color: color, clip: clip, region: region,
                             antialias: seed % 2 == 0, paths: cache)
            }
            #expect((0..<70).allSatisfy { y in (0..<90).allSatisfy { plain.pixel(x: $0, y: y) == through.pixel(x: $0, y: y) } }, "seed \(seed)")
        }
    }
}
