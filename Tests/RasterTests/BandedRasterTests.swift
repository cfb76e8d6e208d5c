import Foundation
import Testing
import Raster

/// The rasterizer accumulates, resolves and sweeps a region in bands of rows (at most
/// `CoverageRasterizer.bandCells` cells each): on a 126-pixel-wide surface a band is 128 rows,
/// so these 300-row shapes cross two band boundaries. Edges continue from band to band, and
/// crossings of unrelated edges are found and redone in whichever band they fall; coverage is
/// checked against coverage integrated independently (256 sub-rows a pixel row, exact in x).
@Suite struct BandedRasterTests {
    static let width = 126, height = 300

    static func circle(_ cx: Double, _ cy: Double, _ r: Double, _ n: Int) -> [Reference.P] {
        (0..<n).map { k in
            let a = 2 * Double.pi * Double(k) / Double(n)
            return (cx + r * cos(a), cy + r * sin(a))
        }
    }

    static func fill(_ polys: [[Reference.P]], rule: FillRule) -> Surface {
        var path = Path()
        for p in polys { path.append(Reference.path(p)) }
        let s = Surface(width: width, height: height)
        s.fill(path, rule: rule, color: .white)
        return s
    }

    @Test func bandsAreAsTallAsTheTestNeeds() {
        #expect(CoverageRasterizer.bandCells / (Self.width + 2) == 128)
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func selfCrossingRibbonAcrossBandsIsExact(rule: FillRule) {
        // Down one zigzag and back up another out of phase: the two chains cross on every
        // segment, in rows on both sides of the band boundaries at 128 and 256.
        var poly: [Reference.P] = []
        for k in 0...10 { poly.append((k % 2 == 0 ? 8.3 : 117.6, 9.7 + 28.1 * Double(k))) }
        for k in (0...10).reversed() { poly.append((k % 2 == 0 ? 116.9 : 9.1, 11.2 + 27.9 * Double(k))) }
        let s = Self.fill([poly], rule: rule)
        #expect(Reference.maxRuleError(s, [poly], rule: rule) <= 1.05)
    }

    @Test func convexContourWithManyVerticesIsExact() {
        // One convex 48-gon over all three bands: a single simple contour, rasterized without
        // edge owners; the vertex cells its consecutive short edges share stay exact.
        let poly = Self.circle(63.2, 150.4, 58.7, 48)
        let s = Self.fill([poly], rule: .nonZero)
        #expect(Reference.maxRuleError(s, [poly], rule: .nonZero) <= 1.05)
    }

    @Test func overlappingConvexContoursAreExact() {
        // Two convex contours that overlap: now the edges of one meet the other's, and the
        // rows where they cross (some by a band boundary) are redone.
        let a = Self.circle(50.3, 120.6, 45.2, 40), b = Self.circle(75.8, 170.1, 47.9, 40)
        let s = Self.fill([a, b], rule: .nonZero)
        #expect(Reference.maxRuleError(s, [a, b], rule: .nonZero) <= 1.05)
    }
}
