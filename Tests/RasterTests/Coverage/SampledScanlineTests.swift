import Testing
import Raster

/// The scanline rasterizer for pixel-centre sampling gives exactly the pixels of the
/// accumulating rasterizer in its sampled mode, on random polygons (self-intersecting ones
/// and several contours included) under both fill rules and partly outside the region.
@Suite struct SampledScanlineTests {
    /// Coverage collected into a grid.
    struct Grid: CoverageSink {
        let x0: Int, y0: Int, width: Int
        var values: [UInt8]
        mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
            for i in 0..<count { values[(y - y0) * width + x - x0 + i] = coverage }
        }
        mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
            for i in 0..<count where coverage[i] != 0 { values[(y - y0) * width + x - x0 + i] = coverage[i] }
        }
    }

    @Test(arguments: 0..<60)
    func matchesTheAccumulatingRasterizer(seed: Int) {
        var state = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 100_000) / 100_000
        }
        var path = Path()
        for _ in 0..<(1 + seed % 3) {
            path.move(to: next() * 70 - 10, next() * 50 - 8)
            for _ in 0..<(2 + Int(next() * 7)) { path.line(to: next() * 70 - 10, next() * 50 - 8) }
            path.close()
        }
        if seed % 5 == 0 { path.append(.ellipse(x: next() * 30, y: next() * 20, width: 5 + next() * 30, height: 4 + next() * 20)) }
        let (rx, ry, w, h) = (3, 2, 48, 36)
        for rule in [FillRule.nonZero, .evenOdd] {
            var old = Grid(x0: rx, y0: ry, width: w, values: [UInt8](repeating: 0, count: w * h))
            let raster = CoverageRasterizer(originX: rx, originY: ry, width: w, height: h, antialias: false)
            var r = raster
            path.flatten(transform: .identity, tolerance: fillTolerance, into: &r)
            raster.sweep(rule: rule, into: &old)
            var new = Grid(x0: rx, y0: ry, width: w, values: [UInt8](repeating: 0, count: w * h))
            var scan = SampledScanline(originX: rx, originY: ry, width: w, height: h)
            path.flatten(transform: .identity, tolerance: fillTolerance, into: &scan)
            scan.sweep(rule: rule, into: &new)
            let differing = zip(old.values, new.values).filter { $0 != $1 }.count
            #expect(differing == 0, "seed \(seed), \(rule): \(differing) pixels differ")
        }
    }
}
