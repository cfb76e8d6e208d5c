import Testing
import Raster

@Suite struct PathTransformTests {
    @Test func transformAlgebra() {
        let a = ProjectiveTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7)
        let b = ProjectiveTransform.rotation(Double.pi / 2)
        // self first, then other: (1, 0) → (7, 7) → rotated by 90°: (x, y) → (−y, x) = (−7, 7).
        let p = a.concatenating(b).apply(1, 0)
        #expect(abs(p.x + 7) < 1e-12 && abs(p.y - 7) < 1e-12 && p.w == 1)
        let m = ProjectiveTransform(m11: 1.2, m12: 0.3, m13: 0.001, m21: -0.4, m22: 0.9, m23: 0.002, m31: 10, m32: -3, m33: 1.1)
        guard let inv = m.inverted() else { Issue.record("invertible"); return }
        let id = m.concatenating(inv)
        for (x, y) in [(id.m11, 1.0), (id.m22, 1), (id.m33, 1), (id.m12, 0), (id.m13, 0), (id.m31, 0), (id.m32, 0)] {
            #expect(abs(x - y) < 1e-12)
        }
        #expect(!m.isAffine && a.isAffine && a.inverted()!.isAffine)
        #expect(ProjectiveTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted() == nil)
    }

    @Test func pathBuildingAndBounds() {
        var p = Path()
        p.line(to: 4, 5)                   // implicit move to (0, 0)
        p.quad(to: 8, 0, control: 6, 9)
        p.close()
        p.line(to: -2, 3)                  // new subpath from the last start (0, 0)
        #expect(p.elements == [.move(x: 0, y: 0), .line(x: 4, y: 5), .quad(cx: 6, cy: 9, x: 8, y: 0), .close,
                               .move(x: 0, y: 0), .line(x: -2, y: 3)])
        #expect(p.bounds == Rect(minX: -2, minY: 0, maxX: 8, maxY: 9))
        #expect(Path().bounds == .zero)
        #expect(p == Path(p.elements) && p != Path.rect(x: 0, y: 0, width: 1, height: 1))
        let rr = Path.roundedRect(x: 10, y: 20, width: 30, height: 16, radiusX: 40, radiusY: 4)
        #expect(rr.bounds == Rect(minX: 10, minY: 20, maxX: 40, maxY: 36)) // radius clamped to 15
    }

    @Test func affineTransformIsExactOnControlPoints() {
        let p = Path.ellipse(x: 0, y: 0, width: 10, height: 10)
        let t = p.transformed(ProjectiveTransform(a: 2, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(t.elements.count == p.elements.count)
        #expect(t.bounds == Rect(minX: 3, minY: 4, maxX: 23, maxY: 14))
    }

    @Test func projectiveTransformMapsLinesToLinesAndClipsBehindTheEye() {
        let m = ProjectiveTransform(m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        let r = Path.rect(x: 0, y: 0, width: 50, height: 20).transformed(m)
        // Corners pushed through by hand: (50, 0) → w = 1.5 → (33.33, 0); (50, 20) → (33.33, 13.33).
        let els = r.elements
        #expect(els.count == 5) // move, three lines, close
        if case let .line(x, y) = els[2] { #expect(abs(x - 100.0 / 3) < 1e-9 && abs(y - 40.0 / 3) < 1e-9) }
        // w = 1 − x/40 is ≤ 0 beyond x = 40: the clipped polygon stops at w = ε, far right.
        let back = ProjectiveTransform(m11: 1, m12: 0, m13: -1.0 / 40, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        let c = Path.rect(x: 0, y: 0, width: 80, height: 20).transformed(back)
        #expect(c.bounds.minX == 0 && c.bounds.maxX > 1e6)
        var hasNaN = false
        c.forEachElement { e in if case let .line(x, y) = e, !(x.isFinite && y.isFinite) { hasNaN = true } }
        #expect(!hasNaN)
        // An open polyline crossing the eye plane splits into the visible piece only.
        var l = Path()
        l.move(to: 0, 5)
        l.line(to: 80, 5)
        #expect(l.transformed(back).elements.count == 2)
    }

    @Test func perspectiveFillMatchesTheProjectedPolygon() {
        let m = ProjectiveTransform(m11: 1.1, m12: 0.2, m13: 0.004, m21: -0.3, m22: 0.8, m23: 0.006, m31: 12, m32: 9, m33: 1)
        let s = Surface(width: 64, height: 64)
        s.fill(.rect(x: 0, y: 0, width: 40, height: 40), transform: m, color: .white)
        // Corners by hand: [x y 1]·M, divided by w.
        let corners: [Reference.P] = [(0, 0), (40, 0), (40, 40), (0, 40)].map { c in
            let w = c.0 * 0.004 + c.1 * 0.006 + 1
            return ((c.0 * 1.1 + c.1 * -0.3 + 12) / w, (c.0 * 0.2 + c.1 * 0.8 + 9) / w)
        }
        let err = Reference.maxError(s) { x, y in
            Reference.area(corners, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
        }
        #expect(err <= 1.01)
    }

    @Test func aliasedNeighboursShareEdgesWithoutGapsOrOverlap() {
        // Two triangles of one quad, each drawn at half alpha without antialiasing: every pixel
        // centre lies in exactly one of them (half-open sampling), so no pixel is 0 or 191.
        let quad: [Reference.P] = [(3.3, 2.7), (28.9, 6.1), (25.2, 29.6), (1.8, 22.4)]
        let s = Surface(width: 32, height: 32)
        let half = Color(r: 1, g: 1, b: 1, a: 0.5)
        s.fill(Reference.path([quad[0], quad[1], quad[2]]), color: half, antialias: false)
        s.fill(Reference.path([quad[0], quad[2], quad[3]]), color: half, antialias: false)
        let whole = Surface(width: 32, height: 32)
        whole.fill(Reference.path(quad), color: half, antialias: false)
        for y in 0..<32 { for x in 0..<32 { #expect(s.pixel(x: x, y: y) == whole.pixel(x: x, y: y)) } }
    }
}
