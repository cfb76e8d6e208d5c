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
        for rule in [FillRule.nonZero, .evenOdd] {
            let differing = pixelsThatDiffer(path, rule: rule)
            #expect(differing == 0, "seed \(seed), \(rule): \(differing) pixels differ")
        }
    }

    /// The region both rasterizers draw into.
    static let region = (x: 3, y: 2, width: 48, height: 36)

    /// How many pixels of the region the scanline and the accumulating rasterizer set apart.
    func pixelsThatDiffer(_ path: Path, rule: FillRule) -> Int {
        let (rx, ry, w, h) = Self.region
        var old = Grid(x0: rx, y0: ry, width: w, values: [UInt8](repeating: 0, count: w * h))
        let raster = CoverageRasterizer(originX: rx, originY: ry, width: w, height: h, antialias: false)
        var r = raster
        path.flatten(transform: .identity, tolerance: fillTolerance, into: &r)
        raster.sweep(rule: rule, into: &old)
        var new = Grid(x0: rx, y0: ry, width: w, values: [UInt8](repeating: 0, count: w * h))
        var scan = SampledScanline(originX: rx, originY: ry, width: w, height: h)
        path.flatten(transform: .identity, tolerance: fillTolerance, into: &scan)
        scan.sweep(rule: rule, into: &new)
        return zip(old.values, new.values).filter { $0 != $1 }.count
    }

    /// Edges on pixel centres, at the region's first and last column and just inside or outside
    /// them (where the first covered pixel is worked out without `rounded(.up)`), and far
    /// outside the region on both sides: the same pixels as the accumulating rasterizer.
    @Test(arguments: [-1e4, -3.5, -0.5, -1e-9, 0, 1e-9, 0.5, 0.5 + 1e-12, 7.5, 8, 46.5, 47.5 - 1e-12, 47.5, 47.5 + 1e-12, 48, 1e4])
    func crossingsOnPixelCentresAndBorders(left: Double) {
        let (rx, ry, h) = (Self.region.x, Self.region.y, Self.region.height)
        for right in [left + 1e-9, left + 0.5, left + 1, left + 30, 1e4] {
            var path = Path()
            // A vertical-sided quad and a slanted one, so crossings fall on and between centres.
            path.move(to: Double(rx) + left, Double(ry) - 1)
            path.line(to: Double(rx) + right, Double(ry) - 1)
            path.line(to: Double(rx) + right, Double(ry + h) + 1)
            path.line(to: Double(rx) + left, Double(ry + h) + 1)
            path.close()
            path.move(to: Double(rx) + left, Double(ry))
            path.line(to: Double(rx) + right + 7, Double(ry) + 20)
            path.line(to: Double(rx) + left, Double(ry) + 30)
            path.close()
            for rule in [FillRule.nonZero, .evenOdd] {
                let differing = pixelsThatDiffer(path, rule: rule)
                #expect(differing == 0, "left \(left), right \(right), \(rule): \(differing) pixels differ")
            }
        }
    }
}
