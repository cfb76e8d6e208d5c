import Testing
import Raster

/// A rectangle path whose sides land on whole pixels is filled span by span, without the
/// rasterizer (`rasterize`): it must be recognised only when it is one, and fill exactly the
/// pixels the rasterizer fills for the same rectangle drawn with an extra point on one side
/// (which the recogniser turns down, so the rasterizer draws it).
@Suite struct WholePixelRectangleTests {
    static func poly(_ pts: [(Double, Double)], close: Bool = true) -> Path {
        var p = Path()
        p.move(to: pts[0].0, pts[0].1)
        for q in pts.dropFirst() { p.line(to: q.0, q.1) }
        if close { p.close() }
        return p
    }

    @Test func recognisesRectanglesAndNothingElse() {
        let r = Rect(minX: 2, minY: 3, maxX: 9, maxY: 7)
        #expect(Path.rect(x: 2, y: 3, width: 7, height: 4).axisAlignedRectangle() == r)
        // The other way round, starting at another corner, with and without close, with a
        // line back to the start.
        #expect(Self.poly([(9, 7), (9, 3), (2, 3), (2, 7)]).axisAlignedRectangle() == r)
        #expect(Self.poly([(2, 7), (9, 7), (9, 3), (2, 3)], close: false).axisAlignedRectangle() == r)
        #expect(Self.poly([(2, 3), (2, 7), (9, 7), (9, 3), (2, 3)]).axisAlignedRectangle() == r)
        // Not rectangles: a fifth point on a side, a last line that does not return, a
        // diagonal, a zero-width one, two subpaths, a curve.
        #expect(Self.poly([(2, 3), (5, 3), (9, 3), (9, 7), (2, 7)]).axisAlignedRectangle() == nil)
        #expect(Self.poly([(2, 3), (9, 3), (9, 7), (2, 7), (2, 4)]).axisAlignedRectangle() == nil)
        #expect(Self.poly([(2, 3), (9, 4), (9, 7), (2, 7)]).axisAlignedRectangle() == nil)
        #expect(Self.poly([(2, 3), (2, 3), (2, 7), (2, 7)]).axisAlignedRectangle() == nil)
        var two = Path.rect(x: 0, y: 0, width: 1, height: 1)
        two.append(Path.rect(x: 2, y: 2, width: 1, height: 1))
        #expect(two.axisAlignedRectangle() == nil)
        var curved = Path()
        curved.move(to: 2, 3); curved.line(to: 9, 3); curved.quad(to: 9, 7, control: 10, 5); curved.line(to: 2, 7)
        #expect(curved.axisAlignedRectangle() == nil)
        // Whole pixels only after the transform: half a pixel off is left to the rasterizer.
        #expect(wholePixelRectangle(.rect(x: 2, y: 3, width: 7, height: 4), .identity) == r)
        #expect(wholePixelRectangle(.rect(x: 2.5, y: 3, width: 7, height: 4), .identity) == nil)
        #expect(wholePixelRectangle(.rect(x: 1.5, y: 2.5, width: 3.5, height: 2), .scale(2, 2)) == Rect(minX: 3, minY: 5, maxX: 10, maxY: 9))
        #expect(wholePixelRectangle(.rect(x: 2, y: 3, width: 7, height: 4), .rotation(0.3)) == nil)
        #expect(wholePixelRectangle(.rect(x: .nan, y: 3, width: 7, height: 4), .identity) == nil)
    }

    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd], [true, false])
    func fillsWhatTheRasterizerFills(rule: FillRule, antialias: Bool) {
        // Rectangles inside the surface, across each of its sides and beyond it, under an
        // identity, a whole-pixel translation, a scale of 2 and a flip.
        let rects: [(Double, Double, Double, Double)] = [(3, 4, 10, 6), (-5, 2, 12, 30), (20, -3, 40, 9), (1, 1, 1, 1), (-50, -50, 200, 200)]
        let transforms: [ProjectiveTransform] = [.identity, .translation(3, -2), .scale(2, 2),
                                                 ProjectiveTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 24)]
        for (x, y, w, h) in rects {
            for m in transforms {
                let plain = Path.rect(x: x, y: y, width: w, height: h)
                #expect(wholePixelRectangle(plain, m) != nil)
                // The same rectangle with a point in the middle of its top side.
                let pointed = Self.poly([(x, y), (x + w / 2, y), (x + w, y), (x + w, y + h), (x, y + h)])
                let a = Surface(width: 32, height: 24), b = Surface(width: 32, height: 24)
                for s in [a, b] { s.fill(.rect(x: 0, y: 0, width: 32, height: 24), color: Color(r: 0.2, g: 0.4, b: 0.6, a: 1)) }
                let c = Color(r: 0.9, g: 0.1, b: 0.3, a: 0.7)
                a.fill(plain, transform: m, rule: rule, color: c, antialias: antialias)
                b.fill(pointed, transform: m, rule: rule, color: c, antialias: antialias)
                var same = true
                for py in 0..<24 { for px in 0..<32 where a.pixel(x: px, y: py) != b.pixel(x: px, y: py) { same = false } }
                #expect(same, "rect \(x), \(y), \(w), \(h) under \(m)")
            }
        }
    }
}
