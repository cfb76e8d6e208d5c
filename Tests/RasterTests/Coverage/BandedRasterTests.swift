import Foundation
import Testing
import Raster

/// The rasterizer accumulates, resolves and sweeps a region in bands of rows (at most
/// `CoverageRasterizer.bandCells` cells each): these shapes, some 480 pixels wide and 560 rows
/// tall, cross four band boundaries (each test checks that its shape does). Edges continue from
/// band to band, and crossings of unrelated edges are found and redone in whichever band they
/// fall; coverage is checked against coverage integrated independently (256 sub-rows a pixel
/// row, exact in x).
@Suite struct BandedRasterTests {
    static let width = 504, height = 600

    static func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, _ n: Int) -> [Reference.P] {
        (0..<n).map { k in
            let a = 2 * Double.pi * Double(k) / Double(n)
            return (cx + rx * cos(a), cy + ry * sin(a))
        }
    }

    /// The bands the rasterizer cuts the region of `polys` into, as it sizes them: the box's
    /// width rounded up to whole chunks of 8 cells (where the surface has room), plus 2.
    static func bands(_ polys: [[Reference.P]]) -> Int {
        let xs = polys.flatMap { $0.map(\.0) }, ys = polys.flatMap { $0.map(\.1) }
        let x0 = Int(xs.min()!.rounded(.down)), x1 = Int(xs.max()!.rounded(.up))
        let rows = Int(ys.max()!.rounded(.up)) - Int(ys.min()!.rounded(.down))
        let stride = min((x1 - x0 + 7) / 8 * 8, width - x0) + 2
        let bandRows = CoverageRasterizer.bandCells / stride
        return (rows + bandRows - 1) / bandRows
    }

    static func fill(_ polys: [[Reference.P]], rule: FillRule) -> Surface {
        var path = Path()
        for p in polys { path.append(Reference.path(p)) }
        let s = Surface(width: width, height: height)
        s.fill(path, rule: rule, color: .white)
        return s
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func selfCrossingRibbonAcrossBandsIsExact(rule: FillRule) {
        // Down one zigzag and back up another out of phase: the two chains cross on every
        // segment, in rows on both sides of the band boundaries.
        var poly: [Reference.P] = []
        for k in 0...10 { poly.append((k % 2 == 0 ? 13.3 : 490.6, 9.7 + 56.2 * Double(k))) }
        for k in (0...10).reversed() { poly.append((k % 2 == 0 ? 487.9 : 16.1, 11.2 + 55.8 * Double(k))) }
        #expect(Self.bands([poly]) >= 4)
        let s = Self.fill([poly], rule: rule)
        #expect(Reference.maxRuleError(s, [poly], rule: rule) <= 1.05)
    }

    @Test func convexContourWithManyVerticesIsExact() {
        // One convex 48-gon over all the bands: a single simple contour, rasterized without
        // edge owners; the vertex cells its consecutive short edges share stay exact.
        let poly = Self.ellipse(252.8, 300.4, 234.7, 283.1, 48)
        #expect(Self.bands([poly]) >= 4)
        let s = Self.fill([poly], rule: .nonZero)
        #expect(Reference.maxRuleError(s, [poly], rule: .nonZero) <= 1.05)
    }

    @Test func overlappingConvexContoursAreExact() {
        // Two convex contours that overlap: now the edges of one meet the other's, and the
        // rows where they cross (some by a band boundary) are redone.
        let a = Self.ellipse(221.3, 241.2, 200.7, 230.6, 40), b = Self.ellipse(283.2, 340.1, 211.5, 240.3, 40)
        #expect(Self.bands([a, b]) >= 4)
        let s = Self.fill([a, b], rule: .nonZero)
        #expect(Reference.maxRuleError(s, [a, b], rule: .nonZero) <= 1.05)
    }
}
