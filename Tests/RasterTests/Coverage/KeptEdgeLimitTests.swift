import Testing
import Raster

/// The rasterizer keeps at most `CoverageRasterizer.maxKeptEdges` edges at once, however many
/// segments a path flattens to: a part of several bands that would keep more is redone one band
/// at a time, and a band that would keep more accumulates them in batches; a fill without
/// antialiasing that would keep more crossings is sampled by the coverage rasterizer. All draw
/// what the path covers: checked on rectangles whose sides are made of many collinear steps,
/// against the plain rectangle's coverage.
@Suite struct KeptEdgeLimitTests {
    /// A rectangle from (x0, y0) to (x1, y1) whose left and right sides are `steps` collinear
    /// segments each.
    static func steppedRectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, steps: Int) -> Path {
        var p = Path()
        p.move(to: x0, y0)
        for k in 1...steps { p.line(to: x0, y0 + (y1 - y0) * Double(k) / Double(steps)) }
        p.line(to: x1, y1)
        for k in 1...steps { p.line(to: x1, y1 - (y1 - y0) * Double(k) / Double(steps)) }
        p.close()
        return p
    }

    /// The largest difference in alpha between the stepped and the plain rectangle.
    static func worstDifference(width: Int, height: Int, _ r: (Double, Double, Double, Double), steps: Int) -> Int {
        let stepped = Surface(width: width, height: height), plain = Surface(width: width, height: height)
        stepped.fill(steppedRectangle(r.0, r.1, r.2, r.3, steps: steps), color: .white)
        plain.fill(Path.rect(x: r.0, y: r.1, width: r.2 - r.0, height: r.3 - r.1), color: .white)
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                worst = max(worst, abs(Int(stepped.pixel(x: x, y: y) >> 24) - Int(plain.pixel(x: x, y: y) >> 24)))
            }
        }
        return worst
    }

    @Test func tooManyEdgesForSeveralBandsAreDrawnBandByBand() {
        // 300 × 600 pixels: bands of 217 rows. 2 × 160 000 edges over the whole height.
        let steps = CoverageRasterizer.maxKeptEdges * 5 / 8
        #expect(2 * steps > CoverageRasterizer.maxKeptEdges)
        #expect(Self.worstDifference(width: 300, height: 600, (10.25, 10.5, 289.75, 589.5), steps: steps) <= 1)
    }

    @Test func tooManyEdgesForOneBandAreAccumulatedInBatches() {
        // The same number of edges within 20 rows: one band, which keeps at most the limit.
        let steps = CoverageRasterizer.maxKeptEdges * 5 / 8
        #expect(Self.worstDifference(width: 300, height: 60, (10.25, 20.5, 289.75, 40.25), steps: steps) <= 1)
    }

    @Test func tooManyEdgesWithoutAntialiasingAreSampledByTheCoverageRasterizer() {
        // Pixel-centre sampling keeps only edges that cross a row's centre line: here the left
        // side zigzags across every centre line 2 × 230 times on its way down (the crossings
        // cancel in pairs), 2 × 230 × 578 edges that cross one, past the limit. The coverage
        // rasterizer then samples the same pixel centres; crossings dropped past the limit
        // would leave the lower rows empty.
        let zigzags = 230
        #expect(2 * zigzags * 578 > CoverageRasterizer.maxKeptEdges)
        var stepped = Path()
        stepped.move(to: 10.25, 10.25)
        for row in 11...588 {
            for _ in 0..<zigzags {
                stepped.line(to: 10.25, Double(row) + 0.75)
                stepped.line(to: 10.25, Double(row) + 0.25)
            }
        }
        stepped.line(to: 10.25, 589.5)
        stepped.line(to: 200.75, 589.5)
        stepped.line(to: 200.75, 10.25)
        stepped.close()
        let a = Surface(width: 300, height: 600), b = Surface(width: 300, height: 600)
        a.fill(stepped, color: .white, antialias: false)
        b.fill(Path.rect(x: 10.25, y: 10.25, width: 190.5, height: 579.25), color: .white, antialias: false)
        var differing = 0
        for y in 0..<600 { for x in 0..<300 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0)
        #expect(b.pixel(x: 100, y: 500) >> 24 == 255)
    }
}
