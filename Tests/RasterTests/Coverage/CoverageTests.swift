import Foundation
import Testing
import Raster

/// Coverage is checked as the alpha of opaque white drawn on a transparent surface, against
/// exact polygon ∩ pixel areas (Reference). Tolerance: 1/255 plus rounding (≤ 1.01 levels),
/// except where the test says otherwise.
@Suite struct CoverageTests {
    static let tol = 1.01

    @Test func axisAlignedRectExactFractions() {
        let s = Surface(width: 8, height: 8)
        let poly: [Reference.P] = [(1.25, 2.5), (6.6, 2.5), (6.6, 5.1), (1.25, 5.1)]
        s.fill(Reference.path(poly), color: .white)
        let err = Reference.maxError(s) { x, y in
            Reference.area(poly, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
        }
        #expect(err <= Self.tol)
        // Hand-worked: pixel (1, 2) is 0.75 × 0.5 covered → 95.6 → 96.
        #expect(Reference.alpha(s, 1, 2) == 96)
        #expect(Reference.alpha(s, 3, 3) == 255)
        #expect(Reference.alpha(s, 0, 3) == 0)
    }

    @Test func rotatedRectangles() {
        for angle in [0.1, 0.5, 0.7853981633974483, 1.2, 2.9] {
            let s = Surface(width: 32, height: 32)
            let (c, sn) = (cos(angle), sin(angle))
            let local: [Reference.P] = [(-9, -4.3), (9, -4.3), (9, 4.3), (-9, 4.3)]
            var corners: [Reference.P] = []
            for q in local {
                let px: Double = 16.2 + q.x * c - q.y * sn
                let py: Double = 15.7 + q.x * sn + q.y * c
                corners.append((px, py))
            }
            s.fill(Reference.path(corners), color: .white)
            let err = Reference.maxError(s) { x, y in
                Reference.area(corners, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
            }
            #expect(err <= Self.tol, "angle \(angle)")
        }
    }

    @Test func reversedOrientationCoversTheSame() {
        let poly: [Reference.P] = [(2.3, 1.1), (12.7, 3.9), (5.2, 13.4)]
        let a = Surface(width: 16, height: 16), b = Surface(width: 16, height: 16)
        a.fill(Reference.path(poly), color: .white)
        b.fill(Reference.path(poly.reversed()), color: .white)
        for y in 0..<16 { for x in 0..<16 { #expect(a.pixel(x: x, y: y) == b.pixel(x: x, y: y)) } }
        let err = Reference.maxError(a) { x, y in
            Reference.area(poly, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
        }
        #expect(err <= Self.tol)
    }

    @Test func thinSlivers() {
        // A 0.1 px wide vertical bar and a long needle triangle much thinner than a pixel.
        let s = Surface(width: 40, height: 12)
        let bar: [Reference.P] = [(3.45, 1), (3.55, 1), (3.55, 11), (3.45, 11)]
        let needle: [Reference.P] = [(6.1, 2.2), (39.3, 6.0), (6.1, 2.45)]
        s.fill(Reference.path(bar), color: .white)
        s.fill(Reference.path(needle), color: .white)
        let err = Reference.maxError(s) { x, y in
            let (x0, y0) = (Double(x), Double(y))
            return Reference.area(bar, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
                + Reference.area(needle, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
        }
        #expect(err <= Self.tol)
        #expect(Reference.alpha(s, 3, 5) == 26) // 0.1 · 255 = 25.5 → 26
    }

    @Test func circleMatchesIntegratedArea() {
        // Curves are flattened within 1/64 px and the 4-cubic circle is within 2.7e-4·r of the
        // true circle, so edge pixels may differ from the disc by up to ~5/255 (stated tolerance);
        // the total area must match π r² to 0.1%.
        let s = Surface(width: 48, height: 48)
        let (cx, cy, r) = (24.3, 23.8, 19.6)
        s.fill(.ellipse(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r), color: .white)
        var total = 0.0
        var worst = 0.0
        for y in 0..<48 {
            for x in 0..<48 {
                let a = Double(Reference.alpha(s, x, y))
                total += a / 255
                let e = Reference.discArea(cx: cx, cy: cy, r: r, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
                worst = max(worst, abs(a - 255 * e))
            }
        }
        #expect(worst <= 5)
        #expect(abs(total - Double.pi * r * r) / (Double.pi * r * r) < 1e-3)
    }

    /// A five-pointed star drawn as one self-intersecting pentagram.
    static func star(cx: Double, cy: Double, r: Double) -> (tips: [Reference.P], inner: [Reference.P]) {
        let tips: [Reference.P] = (0..<5).map { k in
            let a = -Double.pi / 2 + Double(k) * 2 * Double.pi / 5
            return (cx + r * cos(a), cy + r * sin(a))
        }
        // Inner vertices: where the pentagram's edges cross, at radius r·cos(72°)/cos(36°).
        let ri = r * cos(2 * Double.pi / 5) / cos(Double.pi / 5)
        let inner: [Reference.P] = (0..<5).map { k in
            let a = -Double.pi / 2 + Double.pi / 5 + Double(k) * 2 * Double.pi / 5
            return (cx + ri * cos(a), cy + ri * sin(a))
        }
        return (tips, inner)
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func selfIntersectingStar(rule: FillRule) {
        let (tips, inner) = Self.star(cx: 20.3, cy: 21.1, r: 18.4)
        var p = Path()
        let order = [0, 2, 4, 1, 3]
        p.move(to: tips[0].x, tips[0].y)
        for k in order.dropFirst() { p.line(to: tips[k].x, tips[k].y) }
        p.close()
        let s = Surface(width: 42, height: 42)
        s.fill(p, rule: rule, color: .white)
        // Outline: tip, inner, tip, inner... The even-odd region lacks the inner pentagon.
        var outline: [Reference.P] = []
        for k in 0..<5 { outline.append(tips[k]); outline.append(inner[k]) }
        func expected(_ x: Int, _ y: Int) -> Double {
            let (x0, y0) = (Double(x), Double(y))
            let a = Reference.area(outline, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
            return rule == .nonZero ? a : a - Reference.area(inner, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
        }
        // Exact everywhere, including the pixels where edges cross (rows redone by sub-bands).
        #expect(Reference.maxError(s, expected) <= Self.tol)
        // The centre: winding 2 is inside for nonZero, outside for evenOdd.
        #expect(Reference.alpha(s, 20, 21) == (rule == .nonZero ? 255 : 0))
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func overlappingContoursAreExact(rule: FillRule) {
        // Two clockwise rectangles sharing part of an edge (x = 10.3) and overlapping, plus a
        // counter-clockwise triangle crossing both. Expected coverage per pixel is the exact
        // area of the region the rule selects, built from disjoint pieces by hand:
        // winding = [in A] + [in B] − [in T].
        let a: [Reference.P] = [(2.2, 2.6), (10.3, 2.6), (10.3, 12.4), (2.2, 12.4)]
        let b: [Reference.P] = [(6.7, 5.1), (10.3, 5.1), (10.3, 15.8), (6.7, 15.8)]
        let t: [Reference.P] = [(1.4, 14.2), (14.6, 9.3), (4.1, 1.2)] // counter-clockwise on screen
        var p = Reference.path(a)
        p.append(Reference.path(b))
        p.append(Reference.path(t))
        let s = Surface(width: 17, height: 17)
        s.fill(p, rule: rule, color: .white)
        let worst = Reference.maxRuleError(s, [a, b, t], rule: rule)
        // Sub-row integration is exact in x and has O(1/n²) error in y for straight edges.
        #expect(worst <= 1.05)
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func exactSpanKeepsTheRestOfTheRow(rule: FillRule) {
        // Rows where two slivers cross (x ≈ 21) also hold, to the left, a rectangle with a
        // counter-wound hole and a doubly wound square (winding 2 at the crossing's left end
        // for some rows), and to the right a slanted edge. Only the crossing's cells are redone;
        // the winding entering them comes from everything on their left.
        let outer: [Reference.P] = [(1.3, 1.2), (31.6, 1.2), (31.6, 18.7), (1.3, 18.7)]
        let hole: [Reference.P] = [(3.4, 4.6), (3.4, 15.2), (8.9, 15.2), (8.9, 4.6)]      // counter-clockwise
        let twice: [Reference.P] = [(10.2, 6.3), (15.8, 6.3), (15.8, 13.1), (10.2, 13.1)]
        let s1: [Reference.P] = [(17.1, 3.3), (18.4, 3.1), (25.2, 16.8), (23.9, 17.0)]
        let s2: [Reference.P] = [(24.6, 2.9), (25.8, 3.4), (18.3, 16.4), (17.2, 15.9)]
        let right: [Reference.P] = [(27.3, 2.2), (30.1, 2.2), (29.2, 17.9), (26.6, 17.9)]
        let polys = [outer, hole, twice, twice, s1, s2, right]
        var p = Path()
        for poly in polys { p.append(Reference.path(poly)) }
        let s = Surface(width: 34, height: 21)
        s.fill(p, rule: rule, color: .white)
        #expect(Reference.maxRuleError(s, polys, rule: rule) <= 1.05)
    }

    @Test func nextContourStartingWhereTheLastEndedIsNotTakenForItsNeighbour() {
        // Contour A ends with an edge through pixel (4, 4); contour B starts with an edge through
        // the same pixel, crossing it. Only consecutive edges of one contour may share a pixel
        // unchecked, so that pixel must still come out exact (nonZero union).
        let a: [Reference.P] = [(1.2, 1.3), (8.6, 1.3), (4.3, 7.9)]
        let b: [Reference.P] = [(4.1, 7.5), (2.0, 2.2), (9.4, 6.6)]
        var p = Reference.path(a)
        p.append(Reference.path(b))
        let s = Surface(width: 12, height: 12)
        s.fill(p, rule: .evenOdd, color: .white)
        let err = Reference.maxError(s) { x, y in
            let (x0, y0) = (Double(x), Double(y))
            // Even-odd of two simple triangles: |A| + |B| − 2|A ∩ B|, with A ∩ B by clipping A by B's half-planes.
            var inter = a
            for i in 0..<3 {
                let p0 = b[i], p1 = b[(i + 1) % 3]
                let side = { (q: Reference.P) -> Double in (p1.x - p0.x) * (q.y - p0.y) - (p1.y - p0.y) * (q.x - p0.x) }
                let sign = side(b[(i + 2) % 3]) > 0 ? 1.0 : -1.0
                var out: [Reference.P] = []
                for j in 0..<inter.count {
                    let c = inter[j], d = inter[(j + 1) % inter.count]
                    let sc = side(c) * sign, sd = side(d) * sign
                    if sc >= 0 { out.append(c) }
                    if (sc >= 0) != (sd >= 0) {
                        let t = sc / (sc - sd)
                        out.append((c.x + (d.x - c.x) * t, c.y + (d.y - c.y) * t))
                    }
                }
                inter = out
            }
            let ia = Reference.area(a, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
            let ib = Reference.area(b, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
            let ii = inter.count >= 3 ? Reference.area(inter, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1) : 0
            return ia + ib - 2 * ii
        }
        #expect(err <= Self.tol)
    }

    @Test func tallRegionsAreRasterizedInBandsSeamlessly() {
        // 4100 px wide: bands of maxRasterCells / 4102 rows. A slanted triangle across band
        // boundaries must match the exact areas, in particular on the rows around each boundary.
        let w = 4100, h = 2100
        let m = Mask(width: w, height: h)
        let poly: [Reference.P] = [(10.3, 5.7), (4090.6, 1000.2), (700.1, 2095.9)]
        m.fill(Reference.path(poly))
        var worst = 0.0
        let band = Raster.maxRasterCells / (w + 2)
        #expect(band < h / 2)
        for y in [0, band - 1, band, band + 1, 2 * band - 1, 2 * band, h - 1] {
            for x in stride(from: 0, to: w, by: 7) {
                let e = Reference.area(poly, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
                worst = max(worst, abs(Double(m.coverage[y * w + x]) - 255 * e))
            }
        }
        #expect(worst <= Self.tol)
    }

    /// The first pass takes edges of |dx/dy| ≤ 1 and > 1 down different loops, with x stepped
    /// along the rows an edge crosses whole and its first and last rows done apart: triangles
    /// with edges of every kind of slope (vertical, 10⁻¹³, 0.3, a hair under, at and over 1,
    /// 1.7, 7, 300), starting and ending inside rows and on row boundaries, one with an edge
    /// along the region's right side, each filled alone (one simple contour: no owners) and
    /// with a far-off square beside it (owners kept, so that loop's instance runs too), and
    /// each mirrored left to right.
    @Test func edgesOfEverySlopeMatchIntegratedArea() {
        let slopes: [Double] = [0, 1e-13, 0.3, 0.999_999, 1, 1.000_001, 1.7, 7, 300]
        for (i, k) in slopes.enumerated() {
            for top in [2.0, 2.37] {
                // Apex at (x, top); one edge of slope k down-right, one vertical (or down-left
                // for k = 0), closed by a horizontal base at y = top + h.
                let h = k > 20 ? 0.9 : (k > 5 ? 3.3 : 11.6)
                let x = 3.2 + Double(i % 3) * 0.25
                let right: [Reference.P] = [(x, top), (x + k * h, top + h), (k == 0 ? x - 5.5 : x, top + h)]
                let span = x + k * h + 7
                // And mirrored, for edges of negative slope.
                for (tri, square) in [(right, false), (right, true), (right.map { (span - $0.x, $0.y) }, false),
                                      (right.map { (span - $0.x, $0.y) }, true)] {
                    let w = Int(span.rounded(.up)) + (square ? 10 : 0)
                    let s = Surface(width: w, height: 18)
                    var path = Reference.path(tri)
                    let box: [Reference.P] = [(Double(w) - 6, 14), (Double(w) - 2, 14), (Double(w) - 2, 17), (Double(w) - 6, 17)]
                    if square { path.append(Reference.path(box)) }
                    s.fill(path, color: .white)
                    let err = Reference.maxError(s) { px, py in
                        let (x0, y0, x1, y1) = (Double(px), Double(py), Double(px + 1), Double(py + 1))
                        return Reference.area(tri, x0: x0, y0: y0, x1: x1, y1: y1)
                            + (square ? Reference.area(box, x0: x0, y0: y0, x1: x1, y1: y1) : 0)
                    }
                    #expect(err <= Self.tol, "slope \(k), top \(top), square \(square)")
                }
            }
        }
        // An edge along the region's right side (x = width) in the last rows of the region.
        let s = Surface(width: 9, height: 6)
        let tri: [Reference.P] = [(9, 0.5), (9, 6), (3.3, 6)]
        s.fill(Reference.path(tri), color: .white)
        let err = Reference.maxError(s) { px, py in
            Reference.area(tri, x0: Double(px), y0: Double(py), x1: Double(px + 1), y1: Double(py + 1))
        }
        #expect(err <= Self.tol)
    }

    @Test func reusedScratchMemoryStartsClean() {
        // Fills reuse pooled working memory; a fill after messy ones must match a lone fill.
        let poly: [Reference.P] = [(3.3, 2.1), (27.6, 5.9), (11.2, 29.4)]
        let expected = Surface(width: 32, height: 32)
        expected.fill(Reference.path(poly), color: .white)
        for round in 0..<4 {
            let messy = Surface(width: 32, height: 32)
            let (tips, _) = Self.star(cx: 16, cy: 16, r: 40)
            var p = Path()
            for k in [0, 2, 4, 1, 3] { if k == 0 { p.move(to: tips[k].x, tips[k].y) } else { p.line(to: tips[k].x, tips[k].y) } }
            p.append(.rect(x: -5, y: 10.5, width: 60, height: 3.25))
            messy.fill(p, rule: round % 2 == 0 ? .evenOdd : .nonZero, color: .white, antialias: round < 2)
            let again = Surface(width: 32, height: 32)
            again.fill(Reference.path(poly), color: .white)
            for y in 0..<32 { for x in 0..<32 { #expect(again.pixel(x: x, y: y) == expected.pixel(x: x, y: y)) } }
        }
    }

    @Test func pixelCentreSamplingWithoutAntialias() {
        let s = Surface(width: 8, height: 8)
        s.fill(.rect(x: 0.4, y: 1.5, width: 2.2, height: 1.1), color: .white, antialias: false)
        // Centres 0.5, 1.5, 2.5 are in [0.4, 2.6); rows: centre 1.5 in [1.5, 2.6), 2.5 too.
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = x <= 2 && (y == 1 || y == 2)
                #expect(Reference.alpha(s, x, y) == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func clipsToSurfaceAndHonoursOrigin() {
        // A surface that is a window at device (100, 50) onto a large triangle.
        let s = Surface(width: 16, height: 16, originX: 100, originY: 50)
        let poly: [Reference.P] = [(-500, -300), (108.5, 57.25), (40, 900)]
        s.fill(Reference.path(poly), color: .white)
        let err = Reference.maxError(s) { x, y in
            let (x0, y0) = (Double(x + 100), Double(y + 50))
            return Reference.area(poly, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
        }
        #expect(err <= Self.tol)
    }

    @Test func sourceOverRounding() {
        // 50% grey over opaque red: premultiplied (128,128,128,128) + (255,0,0,255)·127/255.
        let s = Surface(width: 1, height: 1)
        s.clear(0xFF00_00FF)
        s.fill(.rect(x: 0, y: 0, width: 1, height: 1), color: Color(r: 1, g: 1, b: 1, a: 0.5))
        #expect(s.pixel(x: 0, y: 0) == 0xFF80_80FF) // r = 128 + 127 = 255, g = b = 128
        // Exhaustive check of the rounding division against the formula.
        for x in 0...255 {
            for a in stride(from: 0, through: 255, by: 3) {
                let exact = (Double(x * a) / 255).rounded()
                #expect(Raster.mul255(UInt32(x), UInt32(a)) == UInt32(exact))
            }
        }
    }

    @Test func premultipliedColor() {
        #expect(Color.white.premultipliedPixel == 0xFFFF_FFFF)
        #expect(Color(r: 1, g: 0.5, b: 0, a: 0.5).premultipliedPixel == 0x8000_4080)
        #expect(Color.clear.premultipliedPixel == 0)
    }

    @Test func sweepBlendingStraightInMatchesTheCoverageRows() {
        // An unclipped source-over fill blends each run as the sweep converts it; through a clip
        // of full coverage (x·255/255 = x) the same fill goes through coverage rows and the
        // masked blend. Both must leave the same bytes: overlapping stars (rows redone exactly),
        // ellipses, a shape crossing the surface's edges, opaque and translucent colours.
        let plain = Surface(width: 160, height: 120), clipped = Surface(width: 160, height: 120)
        let full = Mask(width: 160, height: 120)
        full.clear(255)
        var shapes: [Path] = []
        for k in 0..<6 {
            let cx = 20 + 25.3 * Double(k), cy = 30 + 11.7 * Double(k), r = 8 + 5.1 * Double(k)
            var star = Path()
            for j in 0..<5 {
                let a = -Double.pi / 2 + Double(j) * 4 * .pi / 5
                if j == 0 { star.move(to: cx + r * cos(a), cy + r * sin(a)) } else { star.line(to: cx + r * cos(a), cy + r * sin(a)) }
            }
            star.close()
            shapes.append(star)
            shapes.append(.ellipse(x: cx - 0.6 * r + 3.3, y: cy + 0.25 * r, width: 1.3 * r, height: 0.9 * r))
        }
        shapes.append(.ellipse(x: -20.5, y: 90.25, width: 220, height: 60))
        for (i, p) in shapes.enumerated() {
            let color = i % 3 == 0 ? Color(r: 0.2, g: 0.6, b: 0.9, a: 1) : Color(r: 0.9, g: 0.3, b: 0.1, a: 0.8 - 0.05 * Float(i % 4))
            plain.fill(p, color: color)
            clipped.fill(p, color: color, clip: full)
        }
        var same = true, painted = 0
        for k in 0..<(160 * 120) {
            if plain.pixels[k] != clipped.pixels[k] { same = false }
            if plain.pixels[k] != 0 { painted += 1 }
        }
        #expect(same)
        #expect(painted > 4000)
    }
}
