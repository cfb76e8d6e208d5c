import Foundation
import Testing
import CRasterKernels
import Raster

/// Small fills go to the rasterizer as the boundary of what they fill (`rk_fill_boundary`,
/// FillBoundarySink), whose winding is 0 or 1, instead of through owners and the exact pass.
/// These check the boundary itself, that fills made from it are exact against independently
/// integrated coverage (Reference.maxRuleError, sub-row integration of the rule over every
/// pixel), and that what it cannot tell is left to the ordinary fill.
@Suite struct FillBoundaryTests {
    typealias P = Reference.P

    /// rk_fill_boundary on contours; the pieces as (x0, y0, x1, y1), or the negative result.
    static func boundary(_ contours: [[P]], evenOdd: Bool = false) -> (Int, [(Double, Double, Double, Double)]) {
        var points: [Double] = [], ends: [Int] = []
        for c in contours {
            for p in c { points += [p.0, p.1] }
            ends.append(points.count / 2)
        }
        var out = [Double](repeating: .nan, count: 4 * Int(RK_FILL_BOUNDARY_MAX_PIECES))
        let n = rk_fill_boundary(points, ends, ends.count, evenOdd ? 1 : 0, &out)
        return (n, (0..<max(n, 0)).map { (out[4 * $0], out[4 * $0 + 1], out[4 * $0 + 2], out[4 * $0 + 3]) })
    }

    static func pentagram(_ cx: Double, _ cy: Double, _ r: Double) -> [P] {
        (0..<5).map { k in
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return (cx + r * cos(a), cy + r * sin(a))
        }
    }

    @Test func aPentagramBecomesTheOutlineOfItsPoints() {
        // Non-zero: the ten sides of the star's outline, less the two that lie on its
        // horizontal edge (a horizontal piece adds nothing). The middle pentagon's sides, with
        // winding 1 and 2 on either side, are not boundary. Even-odd: the star's outline and
        // the pentagon's five sides, the pentagon being a hole; its top side is horizontal too.
        // (The horizontal edge's ends differ in y by a last bit here, so its pieces may come
        // out 1e-14 tall: only pieces taller than 1e-9 are counted.)
        let star = Self.pentagram(50, 50, 30)
        let (n, pieces) = Self.boundary([star])
        func tall(_ p: [(Double, Double, Double, Double)]) -> Int { p.filter { abs($0.3 - $0.1) > 1e-9 }.count }
        #expect(n >= 8 && tall(pieces) == 8)
        let (m, evenOddPieces) = Self.boundary([star], evenOdd: true)
        #expect(m >= 12 && tall(evenOddPieces) == 12)
        // Each piece turns so that the inside is on its right going down: the pieces close
        // (as many go down as up across every row), and the winding they make just right of
        // the star's leftmost point (its left tip) is 1.
        for k in 0..<64 {
            let y = 19.5 + Double(k) * 0.9
            let net = pieces.filter { min($0.1, $0.3) <= y && y < max($0.1, $0.3) }.reduce(0) { $0 + ($1.3 > $1.1 ? 1 : -1) }
            #expect(net == 0, "row \(y)")
        }
        let tip = star.min { $0.0 < $1.0 }!
        let y = tip.1 + 0.5, x = tip.0 + 2
        var w = 0
        for p in pieces where min(p.1, p.3) <= y && y < max(p.1, p.3) {
            let px = p.0 + (y - p.1) * (p.2 - p.0) / (p.3 - p.1)
            if px < x { w += p.3 > p.1 ? 1 : -1 }
        }
        #expect(w == 1)
    }

    @Test func whatItCannotTellIsLeftToTheOrdinaryFill() {
        // One contour whose edges do not cross: nothing to do.
        #expect(Self.boundary([[(0, 0), (10, 0), (10, 10), (0, 10)]]).0 == -2)
        // A vertex on another edge (a T), and two edges along one line.
        #expect(Self.boundary([[(0, 0), (10, 0), (10, 10), (0, 10)], [(5, 10), (8, 20), (2, 20)]]).0 == -1)
        #expect(Self.boundary([[(0, 0), (10, 10), (0, 10)], [(2, 2), (8, 8), (2, 8)]]).0 == -1)
        // A coordinate that is not finite; more edges than it takes.
        #expect(Self.boundary([[(0, 0), (.nan, 5), (10, 10)], [(1, 1), (2, 1), (2, 2)]]).0 == -1)
        let many = (0..<Int(RK_FILL_BOUNDARY_MAX_EDGES) + 1).map { k -> P in
            let a = Double(k) * 2.1
            return (50 + 40 * cos(a), 50 + 40 * sin(a))
        }
        #expect(Self.boundary([many]).0 == -1)
        // Coordinates whose determinants overflow (a pentagram 1e300 across): refused, not
        // pieces with infinite or NaN ends.
        #expect(Self.boundary([Self.pentagram(0, 0, 1e300)]).0 == -1)
        // Two squares, one inside the other and wound the same way: with non-zero the inner
        // square's sides (winding 1 and 2 either side) go; with even-odd it is a hole and stays.
        let outer: [P] = [(0, 0), (10, 0), (10, 10), (0, 10)], inner: [P] = [(3, 3), (7, 3), (7, 7), (3, 7)]
        #expect(Self.boundary([outer, inner]).0 == 2)
        #expect(Self.boundary([outer, inner], evenOdd: true).0 == 4)
    }

    /// A random polygon of 4 to 12 vertices in a box, most of them self-crossing.
    static func randomPolygon(_ g: inout TextureKernelTests.Random, x0: Double, y0: Double, size: Double) -> [P] {
        let n = 4 + g.below(9)
        return (0..<n).map { _ in (g.unit(x0, x0 + size), g.unit(y0, y0 + size)) }
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func randomSelfCrossingPolygonsFillExactly(rule: FillRule) {
        // Random polygons, one or two to a path, filled through the boundary; every pixel's
        // alpha within 1.05 of 255 × the rule's exact coverage (as SimpleContourTests asks of
        // the exact pass), and most of them must have taken the boundary.
        var g = TextureKernelTests.Random(state: rule == .nonZero ? 0x9E37_79B9 : 0x7F4A_7C15)
        var resolved = 0
        for k in 0..<60 {
            var polys = [Self.randomPolygon(&g, x0: 1.3, y0: 2.1, size: 21)]
            if k % 3 == 0 { polys.append(Self.randomPolygon(&g, x0: 4.7, y0: 1.2, size: 17)) }
            if Self.boundary(polys, evenOdd: rule == .evenOdd).0 >= 0 { resolved += 1 }
            var path = Path()
            for p in polys {
                path.move(to: p[0].0, p[0].1)
                for q in p.dropFirst() { path.line(to: q.0, q.1) }
                path.close()
            }
            let s = Surface(width: 24, height: 24)
            s.fill(path, rule: rule, color: .white)
            let err = Reference.maxRuleError(s, polys, rule: rule)
            #expect(err <= 1.05, "polygon \(k): \(polys)")
        }
        #expect(resolved >= 50)
    }

    @Test func theStarsOfTheRaceAreTheSameAsThroughTheExactPass() {
        // The boundary and the exact pass are two exact ways to the same coverage: 200 stars
        // of the drawing race's kind filled both ways (the exact pass forced by more points
        // than the boundary takes: the star's first point, again and again) agree to 1/255
        // everywhere.
        var g = TextureKernelTests.Random(state: 0xBF58_476D)
        var worst = 0
        for _ in 0..<200 {
            let star = Self.pentagram(g.unit(20, 28), g.unit(20, 28), g.unit(4, 18))
            let a = Surface(width: 48, height: 48), b = Surface(width: 48, height: 48)
            a.fill(Reference.path(star), rule: .nonZero, color: .white)
            var padded = star
            // Points past RK_FILL_BOUNDARY_MAX_EDGES: a repeated point adds no edge, only a point.
            for _ in 0..<(Int(RK_FILL_BOUNDARY_MAX_EDGES) - 4) { padded.append(star[0]) }
            b.fill(Reference.path(padded), rule: .nonZero, color: .white)
            for y in 0..<48 { for x in 0..<48 { worst = max(worst, abs(Reference.alpha(a, x, y) - Reference.alpha(b, x, y))) } }
        }
        #expect(worst <= 1)
    }
}
