import Foundation
import OpenQuartzCore

/// The drawing race's cases (Benchmarks/drawing): our CGContext on what
/// Benchmarks/drawing/peers.py draws with Skia and Blend2D, the same shapes from the same seeded
/// generator, on a 512 × 512 premultiplied RGBA bitmap flipped to y-down as the peers' canvases
/// are. `drawing-race` times them; the test suite (`DrawingBenchmarks`) checks what each draws.
public enum DrawingRace {
    /// Numerical Recipes' 32-bit LCG, the same as peers.py's.
    public struct LCG {
        /// The state.
        public var s: UInt32
        /// A generator seeded with `s`.
        public init(s: UInt32) { self.s = s }
        /// The next value, in [0, 1).
        public mutating func next() -> CGFloat {
            s = 1_664_525 &* s &+ 1_013_904_223
            return CGFloat(s) / 4_294_967_296
        }
        /// The next value mapped to [lo, hi).
        public mutating func range(_ lo: CGFloat, _ hi: CGFloat) -> CGFloat { lo + (hi - lo) * next() }
    }

    /// This thread's CPU time in milliseconds: on a shared machine, wall-clock time mostly
    /// measures the other processes (peers.py measures the same way, `time.thread_time()`).
    public static func threadMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    /// `n` cubics (start, two controls, end: eight coordinates in 0 ..< 512) from `seed`.
    public static func curves(_ n: Int, _ seed: UInt32) -> [[CGFloat]] {
        var g = LCG(s: seed)
        return (0..<n).map { _ in (0..<8).map { _ in g.range(0, 512) } }
    }

    static let image: CGImage = {
        var bytes = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 {
                let o = 4 * (y * 256 + x)
                bytes[o] = UInt8(x); bytes[o + 1] = UInt8(y); bytes[o + 2] = UInt8(x ^ y)
            }
        }
        return CGImage(width: 256, height: 256, rgba: bytes)!
    }()

    /// The cases by name, each drawing into a `canvas()`: 2 000 rectangles, 500 stars, 1 000
    /// circles, 300 stroked and 100 dashed cubics, 20 linear and 20 radial gradients, 20 images.
    public static func cases() -> [(String, (CGContext) -> Void)] {
        var g = LCG(s: 1)
        let rects = (0..<2000).map { _ in
            (CGRect(x: g.range(0, 480), y: g.range(0, 480), width: g.range(8, 60), height: g.range(8, 60)),
             CGColor(red: g.next(), green: g.next(), blue: g.next(), alpha: 0.8))
        }
        g = LCG(s: 2)
        let stars = (0..<500).map { _ -> ([CGPoint], CGColor) in
            let cx = g.range(40, 472), cy = g.range(40, 472), r = g.range(10, 40)
            let pts = (0..<5).map { k -> CGPoint in
                let a = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
                return CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
            }
            return (pts, CGColor(red: g.next(), green: g.next(), blue: g.next(), alpha: 0.8))
        }
        g = LCG(s: 3)
        let circles = (0..<1000).map { _ in
            (g.range(20, 492), g.range(20, 492), g.range(5, 30), CGColor(red: g.next(), green: g.next(), blue: g.next(), alpha: 0.8))
        }
        let strokes = curves(300, 4), dashes = curves(100, 5)
        func stroke(_ c: CGContext, _ data: [[CGFloat]]) {
            for a in data {
                c.move(to: CGPoint(x: a[0], y: a[1]))
                c.addCurve(to: CGPoint(x: a[6], y: a[7]), control1: CGPoint(x: a[2], y: a[3]), control2: CGPoint(x: a[4], y: a[5]))
                c.strokePath()
            }
        }
        let space = CGColorSpaceCreateDeviceRGB()
        let linear = CGGradient(colorsSpace: space, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                             CGColor(red: 0, green: 1, blue: 0, alpha: 0.5),
                                                             CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray,
                                locations: [0, 0.4, 1])!
        let radial = CGGradient(colorsSpace: space, colors: [CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                                                             CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)] as CFArray,
                                locations: nil)!
        let all: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        return [
            ("rects", { c in for (r, col) in rects { c.setFillColor(col); c.fill(r) } }),
            ("stars", { c in
                for (pts, col) in stars { c.setFillColor(col); c.addLines(between: pts); c.closePath(); c.fillPath() }
            }),
            ("circles", { c in
                for (x, y, r, col) in circles { c.setFillColor(col); c.fillEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)) }
            }),
            ("strokes", { c in
                c.setStrokeColor(red: 0.1, green: 0.3, blue: 0.7, alpha: 1); c.setLineWidth(4); c.setLineCap(.round)
                stroke(c, strokes)
            }),
            ("dashes", { c in
                c.setStrokeColor(red: 0.1, green: 0.3, blue: 0.7, alpha: 1); c.setLineWidth(2); c.setLineCap(.butt)
                c.setLineDash(phase: 0, lengths: [8, 4])
                stroke(c, dashes)
            }),
            ("linear", { c in
                for i in 0..<20 {
                    c.drawLinearGradient(linear, start: CGPoint(x: 0, y: i), end: CGPoint(x: 512, y: 512 - i), options: all)
                }
            }),
            ("radial", { c in
                for i in 0..<20 {
                    c.drawRadialGradient(radial, startCenter: CGPoint(x: 256, y: 256), startRadius: CGFloat(10 + i),
                                         endCenter: CGPoint(x: 256, y: 256), endRadius: 300, options: all)
                }
            }),
            ("images", { c in
                // Upright on the y-down canvas, as the peers draw it: Core Graphics draws an image
                // with its top at the rectangle's maxY, so a flipped context flips it back about
                // the rectangle's middle first (what UIImage.draw(in:) does).
                for i in 0..<20 {
                    c.saveGState()
                    c.translateBy(x: 0, y: 2 * 12.25 + 480)
                    c.scaleBy(x: 1, y: -1)
                    c.draw(image, in: CGRect(x: 10.5 + CGFloat(i) * 0.25, y: 12.25, width: 480, height: 480))
                    c.restoreGState()
                }
            }),
        ]
    }


    /// A premultiplied RGBA bitmap context of 512·`scale` pixels a side, flipped so that y runs
    /// down as on the peers' canvases, and scaled so that the cases' 512 units span it.
    public static func canvas(scale: Int = 1) -> CGContext {
        let side = 512 * scale
        let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(side))
        ctx.scaleBy(x: CGFloat(scale), y: -CGFloat(scale))
        return ctx
    }

    /// One case timed on a `canvas(scale:)`: the median and least thread CPU time of `runs` draws
    /// (after one untimed draw), and an FNV-1a digest of the picture, which every draw must
    /// repeat (nil otherwise).
    public static func time(_ draw: (CGContext) -> Void, runs: Int, scale: Int = 1)
        -> (median: Double, min: Double, digest: UInt64?) {
        var times: [Double] = [], digests: Set<UInt64> = []
        for _ in 0...max(runs, 1) {
            let ctx = canvas(scale: scale)
            let start = threadMilliseconds()
            draw(ctx)
            times.append(threadMilliseconds() - start)
            var digest: UInt64 = 0xcbf2_9ce4_8422_2325
            let bytes = UnsafeRawBufferPointer(start: ctx.data, count: ctx.bytesPerRow * ctx.height)
            for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
            digests.insert(digest)
        }
        let timed = times.dropFirst().sorted()
        return (timed[timed.count / 2], timed[0], digests.count == 1 ? digests.first : nil)
    }
}
