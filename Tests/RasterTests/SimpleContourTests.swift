import Foundation
import Testing
import Raster

/// The rasterizer skips its exact pass for pixels that only edges of one simple contour share
/// (a convex dash, a dash bent at a join): there the winding takes two adjacent values and the
/// single pass is exact. These check that against independently integrated coverage, and that
/// contours that are not simple (a bow tie, a folded spike) still come out exact.
@Suite struct SimpleContourTests {
    /// The outline's contours as polygons (moves start one, lines extend it).
    static func polygons(_ p: Path) -> [[Reference.P]] {
        var out: [[Reference.P]] = []
        for e in p.elements {
            switch e {
            case let .move(x, y): out.append([(x, y)])
            case let .line(x, y): out[out.count - 1].append((x, y))
            default: break
            }
        }
        return out.filter { $0.count >= 3 }
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func thinDashesAlongABentLineAreExact(rule: FillRule) {
        // 2 wide dashes (8 on, 4 off, butt ends) along a polyline with gentle and sharp bends:
        // straight dashes are convex quadrilaterals, those across a bend are simple hexagons,
        // and each one's two long sides share pixels near its ends.
        var line = Path()
        line.move(to: 3.3, 4.1)
        line.line(to: 30.7, 9.6)
        line.line(to: 36.2, 27.9)
        line.line(to: 12.4, 33.8)
        line.line(to: 8.1, 21.3)
        var style = StrokeStyle(width: 2)
        style.cap = .butt
        style.dashes = [8, 4]
        let outline = line.stroked(style)
        let s = Surface(width: 40, height: 38)
        s.fill(outline, rule: rule, color: .white)
        // Sub-row integration has O(1/n²) error in y for straight edges.
        #expect(Reference.maxRuleError(s, Self.polygons(outline), rule: rule) <= 1.05)
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func contoursThatAreNotSimpleStayExact(rule: FillRule) {
        // A thin bow tie (its two long edges cross inside a pixel), a thin quadrilateral folded
        // over itself, and a small pentagram: few vertices, every turn one way for the
        // pentagram, but none of them simple.
        let bow: [Reference.P] = [(2.3, 3.4), (21.6, 5.1), (21.8, 3.6), (2.5, 5.3)]
        let folded: [Reference.P] = [(3.1, 9.2), (18.7, 10.4), (6.2, 10.9), (17.9, 9.6), (18.3, 12.2)]
        var star: [Reference.P] = []
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            star.append((11.2 + 6.3 * cos(a), 19.7 + 6.3 * sin(a)))
        }
        for poly in [bow, folded, star] {
            let s = Surface(width: 24, height: 28)
            s.fill(Reference.path(poly), rule: rule, color: .white)
            #expect(Reference.maxRuleError(s, [poly], rule: rule) <= 1.05)
        }
    }
}
