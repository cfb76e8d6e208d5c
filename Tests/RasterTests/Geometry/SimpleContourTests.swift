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

    /// A ribbon 60 long along the direction at `angle` (degrees), with a tip at each end: the
    /// way along one side, the far tip, the other side back. Its sides are `offset(t)` and
    /// −`offset(t)` across from a centre line that wiggles sideways twice as fast as it goes
    /// along, so that the ribbon is monotone along its own direction only (of x, y and the
    /// diagonals); t from 0 to 1, 61 vertices a side.
    static func ribbon(angle: Double, offset: (Double) -> Double) -> [Reference.P] {
        let a = angle * Double.pi / 180, d = (cos(a), sin(a)), n = (-sin(a), cos(a))
        func at(_ t: Double, _ side: Double) -> Reference.P {
            let along = 60 * t, across = 4 * sin(t * 30) + side
            return (40 + (along - 30) * d.0 + across * n.0, 40 + (along - 30) * d.1 + across * n.1)
        }
        let ts = (0...60).map { Double($0) / 60 }
        return [at(-1.0 / 60, 0)] + ts.map { at($0, offset($0)) } + [at(61.0 / 60, 0)] + ts.reversed().map { at($0, -offset($0)) }
    }

    /// Longer contours (17 to 4 096 vertices) that are monotone along x, y or a diagonal count
    /// as simple when the two ways round from their least to their greatest vertex keep apart:
    /// a ribbon along each of the four directions is found simple (and filled exactly without
    /// owners); the same ribbon with its sides crossing in the middle is not (and still exact).
    @Test(arguments: [0.0, 90.0, 45.0, -45.0])
    func longMonotoneContours(angle: Double) {
        let straight = Self.ribbon(angle: angle) { _ in 1.5 }
        let crossed = Self.ribbon(angle: angle) { t in 2 - 4 * t }
        for (poly, simple) in [(straight, true), (crossed, false)] {
            var raster = CoverageRasterizer(originX: 0, originY: 0, width: 80, height: 80, antialias: true)
            Reference.path(poly).flatten(transform: .identity, tolerance: fillTolerance, into: &raster)
            #expect(raster.allSimple == simple, "angle \(angle), simple \(simple)")
            for rule in [FillRule.nonZero, .evenOdd] {
                let s = Surface(width: 80, height: 80)
                s.fill(Reference.path(poly), rule: rule, color: .white)
                #expect(Reference.maxRuleError(s, [poly], rule: rule) <= 1.05, "angle \(angle), simple \(simple)")
            }
        }
    }
}
