import Testing
import Raster

/// Hostile geometry must neither crash nor hang, and must leave finite, valid pixels.
@Suite struct RobustnessTests {
    static func premultipliedValid(_ s: Surface) -> Bool {
        for i in 0..<(s.width * s.height) {
            let p = s.pixels[i], a = p >> 24
            if p & 0xFF > a || (p >> 8) & 0xFF > a || (p >> 16) & 0xFF > a { return false }
        }
        return true
    }

    @Test func extremeAndNonFiniteCoordinates() {
        let s = Surface(width: 32, height: 32)
        var p = Path()
        p.move(to: -1e300, -1e300)
        p.line(to: 1e300, 5)
        p.line(to: 16, 1e300)
        p.close()
        p.move(to: .nan, 3)
        p.line(to: 4, .infinity)
        p.cubic(to: 10, 10, control1: .nan, 0, control2: 1e308, -1e308)
        p.close()
        for aa in [true, false] {
            for rule in [FillRule.nonZero, .evenOdd] {
                s.fill(p, rule: rule, color: .white, antialias: aa)
                s.fill(p, transform: .scale(1e200, 1e-200), rule: rule, color: .white, antialias: aa)
                s.fill(p, transform: ProjectiveTransform(m11: 1, m12: 0, m13: 1e-3, m21: 0, m22: 1, m23: -1e-3,
                                                         m31: 0, m32: 0, m33: 0), color: .white, antialias: aa)
            }
        }
        // A near-horizontal edge whose slope overflows.
        var sliver = Path()
        sliver.move(to: 0, 5)
        sliver.line(to: 30, 5 + 0x1p-1030)  // a subnormal rise
        sliver.line(to: 30, 20)
        sliver.close()
        s.fill(sliver, color: .white)
        s.fillRect(x: .nan, y: 0, width: 10, height: 10, color: .white)
        s.fillRect(x: -1e308, y: -1e308, width: .infinity, height: 1e308, color: .white)
        #expect(Self.premultipliedValid(s))
    }

    @Test func degenerateTexturesAndTransforms() {
        let tex = Texture(Surface(width: 4, height: 4))
        let s = Surface(width: 16, height: 16)
        s.draw(tex, transform: ProjectiveTransform(a: 0, b: 0, c: 0, d: 0, tx: 3, ty: 3))      // singular
        s.draw(tex, transform: ProjectiveTransform(a: 1e-300, b: 0, c: 0, d: 1e300, tx: 3, ty: 3))
        s.draw(tex, transform: .identity, filter: .trilinear, sourceRect: Rect(x: 100, y: 100, width: 5, height: 5))
        s.draw(tex, transform: .identity, sourceRect: Rect(x: .nan, y: 0, width: 1, height: 1))
        s.draw(Texture(Surface(width: 0, height: 0)), transform: .identity)
        let persp = ProjectiveTransform(m11: 1, m12: 0, m13: 0.5, m21: 0, m22: 1, m23: 0.5, m31: 0, m32: 0, m33: -1)
        s.draw(tex, transform: persp, filter: .trilinear)
        #expect(Self.premultipliedValid(s))
    }

    @Test func strokeAndDashExtremes() {
        let l = Path.rect(x: 0, y: 0, width: 1e6, height: 1e6)
        // A billion dashes would be needed: stroked solid instead (bounded work).
        let dashed = l.stroked(StrokeStyle(width: 2, dashes: [1e-3, 1e-3]))
        #expect(!dashed.isEmpty && dashed.pointCount < 100)
        let wide = Path.ellipse(x: 0, y: 0, width: 10, height: 10).stroked(StrokeStyle(width: 1e9, join: .round), tolerance: 1e-6)
        #expect(wide.pointCount < 10_000_000)
        #expect(l.stroked(StrokeStyle(width: .nan)).isEmpty)
        #expect(l.stroked(StrokeStyle(width: 2, dashes: [.nan, 1])).pointCount > 0)
        #expect(l.trimmed(from: .nan, to: .nan).length >= 0)
    }

    @Test func blurExtremes() {
        let m = Mask(width: 3, height: 3)
        m.clear(255)
        #expect(gaussianBlur(m, sigma: .nan).width == 3)
        #expect(gaussianBlur(m, sigma: -4).width == 3)
        let big = gaussianBlur(m, sigma: 1e9)
        #expect(big.width == 3 + 2 * 768)
    }
}

import Dispatch

@Suite struct ConcurrencyTests {
    @Test func parallelFillsOnSeparateSurfacesMatchSerialOnes() {
        // Fills share only the scratch pool; results must not depend on what runs alongside.
        let shapes: [Path] = (0..<16).map { i in
            var p = Path.ellipse(x: 3.3 + Double(i), y: 2.1, width: 40, height: 30 + Double(i))
            p.append(.rect(x: 10.5, y: 5.25 + Double(i % 3), width: 30, height: 20))
            return p
        }
        let expected: [[UInt32]] = shapes.map { p in
            let s = Surface(width: 64, height: 64)
            s.fill(p, rule: .evenOdd, color: .white)
            return Array(UnsafeBufferPointer(start: s.pixels, count: 64 * 64))
        }
        /// Each iteration writes only its own slot.
        final class Slots: @unchecked Sendable {
            let ok = UnsafeMutablePointer<Bool>.allocate(capacity: 16 * 8)
            deinit { ok.deallocate() }
        }
        let results = Slots()
        DispatchQueue.concurrentPerform(iterations: 16 * 8) { k in
            let s = Surface(width: 64, height: 64)
            s.fill(shapes[k % 16], rule: .evenOdd, color: .white)
            results.ok[k] = Array(UnsafeBufferPointer(start: s.pixels, count: 64 * 64)) == expected[k % 16]
        }
        #expect((0..<(16 * 8)).allSatisfy { results.ok[$0] })
    }
}
