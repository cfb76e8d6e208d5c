import Foundation
import Testing
import Raster

/// Caps of a stroke that starts or ends with a curve are square to the curve (Core Graphics),
/// not to the first or last chord of its flattening. Coverage is read from an 8-bit mask.
@Suite struct StrokeCapTangentTests {
    /// A full circle of four cubic quarter-arcs starting and ending at (cx + r, cy), not closed.
    static func openCircle(cx: Double, cy: Double, r: Double) -> Path {
        let k = 4 * (2.0.squareRoot() - 1) / 3 * r
        var p = Path()
        p.move(to: cx + r, cy)
        p.cubic(to: cx, cy + r, control1: cx + r, cy + k, control2: cx + k, cy + r)
        p.cubic(to: cx - r, cy, control1: cx - k, cy + r, control2: cx - r, cy + k)
        p.cubic(to: cx, cy - r, control1: cx - r, cy - k, control2: cx - k, cy - r)
        p.cubic(to: cx + r, cy, control1: cx + k, cy - r, control2: cx + r, cy - k)
        return p
    }

    /// Where the ends of an unclosed full circle meet, butt caps leave no light
    /// wedge: the two caps lie on the same line (the radius), so the ring is solid there. The
    /// seam runs along y = 80 from x = 140 to 160 (width 20 about radius 50); the pixels on both
    /// sides of it are inside the ring and must be fully covered (tolerance: 2/255 of rounding).
    @Test func unclosedFullCircleHasNoSeam() {
        let ring = Self.openCircle(cx: 100, cy: 80, r: 50).stroked(StrokeStyle(width: 20, cap: .butt))
        let m = Mask(width: 200, height: 160)
        m.fill(ring, rule: .nonZero)
        var light = 0
        for y in 78...81 {
            for x in 141...158 where Int(m.coverage[y * 200 + x]) < 253 { light += 1 }
        }
        #expect(light == 0, "\(light) light pixels at the seam")
        // Away from the seam the ring is as solid, and its hole and outside are empty.
        #expect(m.coverage[80 * 200 + 50] >= 253)      // (50, 80), the left of the ring
        #expect(m.coverage[80 * 200 + 100] == 0)       // the centre
        #expect(m.coverage[80 * 200 + 165] == 0)       // outside, right of the seam
    }

    /// A straight line's caps are unchanged: square to the line (area w·L).
    @Test func lineCapsStaySquareToTheLine() {
        var p = Path()
        p.move(to: 20, 30)
        p.line(to: 120, 30)
        let m = Mask(width: 200, height: 160)
        m.fill(p.stroked(StrokeStyle(width: 6, cap: .butt)), rule: .nonZero)
        var s = 0
        for i in 0..<(200 * 160) { s += Int(m.coverage[i]) }
        #expect(abs(Double(s) / 255 - 600) <= 2.5)
    }
}
