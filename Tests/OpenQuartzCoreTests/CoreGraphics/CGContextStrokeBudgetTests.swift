import Foundation
import Testing
import OpenQuartzCore

/// Strokes painted through a CGContext are built only as far as the clip (and a shadow) can
/// show them, within `StrokeBudget` (docs/limits.md): hostile paths return quickly, ordinary
/// ones paint what they painted. Times are this thread's CPU time.
@Suite("CGContext stroke budget")
struct CGContextStrokeBudgetTests {
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// fuzz-cgcontext's open timeouts (Fuzz/Crashers/fuzz-cgcontext-timeout-…): curves
    /// about 1e308 wide, stroked, with round joins, a huge width or tiny dashes. Each of
    /// these took from seconds to minutes in a debug build (4 M flattened segments, or 10 M
    /// dashes, or 350 arc points per corner); each must now take well under a second or two.
    @Test func hostileStrokesAreQuick() {
        let c = makeRGBAContext(35, 32)
        func curves(_ big: CGFloat) {
            c.move(to: CGPoint(x: 3, y: 4))
            for k in 0..<64 {
                c.addCurve(to: CGPoint(x: CGFloat(k % 7) * 5, y: CGFloat(k / 7) * 3),
                           control1: CGPoint(x: big, y: -big), control2: CGPoint(x: -big, y: big))
            }
        }
        let cases: [(String, () -> Void)] = [
            ("1e308 curves", { c.setLineWidth(2); c.setLineDash(phase: 0, lengths: []); curves(1e308) }),
            ("1e300 curves, round joins", { c.setLineJoin(.round); curves(1e300) }),
            ("1e30 curves, dashed", { c.setLineDash(phase: 0, lengths: [0.5, 0.25]); curves(1e30) }),
            ("width 1e300", {
                c.setLineDash(phase: 0, lengths: []); c.setLineWidth(1e300); c.setLineJoin(.round); c.setLineCap(.round)
                c.move(to: .zero)
                for k in 0..<20_000 { c.addLine(to: CGPoint(x: k % 35, y: k % 2 == 0 ? 32 : 0)) }
            }),
            ("tiny dashes", {
                c.setLineWidth(1); c.setLineDash(phase: 0, lengths: [0.2, 0.2])
                for k in 0..<20 { c.move(to: CGPoint(x: -1e5, y: CGFloat(k))); c.addLine(to: CGPoint(x: 1e5, y: CGFloat(k))) }
            }),
        ]
        for (name, build) in cases {
            c.saveGState()
            build()
            let start = Self.cpuSeconds()
            c.strokePath()
            let seconds = Self.cpuSeconds() - start
            c.restoreGState()
            #expect(seconds < 2, "\(name): \(seconds) s")
        }
    }

    /// A stroke reaching past the bitmap paints inside it what the same stroke paints in a
    /// bitmap large enough to hold it all (the clip-limited outline changes nothing visible;
    /// 1/255 for the order of float sums), with and without a shadow whose source lies
    /// outside the small bitmap.
    @Test func strokePastTheBitmapPaintsTheSame() {
        for shadow in [false, true] {
            let small = makeRGBAContext(40, 30), large = makeRGBAContext(240, 230)
            for (c, offset) in [(small, CGFloat(0)), (large, CGFloat(100))] {
                c.translateBy(x: offset, y: offset)
                if shadow { c.setShadow(offset: CGSize(width: 25, height: -18), blur: 3, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.7)) }
                c.setStrokeColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8)
                c.setLineWidth(5); c.setLineCap(.round); c.setLineJoin(.round)
                c.move(to: CGPoint(x: -60, y: 10))
                c.addCurve(to: CGPoint(x: 90, y: 25), control1: CGPoint(x: 0, y: -70), control2: CGPoint(x: 40, y: 90))
                c.addLine(to: CGPoint(x: 20, y: 80))
                c.strokePath()
                c.setLineDash(phase: 1, lengths: [6, 3])
                c.setLineCap(.butt)
                c.strokeEllipse(in: CGRect(x: -30, y: -20, width: 90, height: 60))
            }
            var worst = 0
            for y in 0..<30 {
                for x in 0..<40 {
                    let a = small.rgba(device: x, y), b = large.rgba(device: x + 100, y + 100)
                    worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
                }
            }
            #expect(worst <= 1, "shadow \(shadow): \(worst)")
        }
    }
}
