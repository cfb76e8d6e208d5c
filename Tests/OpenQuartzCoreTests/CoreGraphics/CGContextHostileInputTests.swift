import Foundation
import Testing
import OpenQuartzCore

/// The CGContext API given what a careless or hostile caller passes: sizes past Int's range,
/// row strides that overflow, coordinates of 1e308 and NaN, huge line widths, blurs and dash
/// patterns, transparency layers nested without end. Nothing may trap, allocate without bound
/// or take long; where a picture is defined, it is the one worked out here.
@Suite("CGContext hostile input")
struct CGContextHostileInputTests {
    static let rgb = CGColorSpaceCreateDeviceRGB()
    static let premultipliedLast = CGImageAlphaInfo.premultipliedLast.rawValue

    /// Sizes whose byte count overflows or is absurd are refused before anything is allocated.
    @Test func hugeSizesAreRefused() {
        let cases: [(Int, Int, Int)] = [
            (Int.max, 1, 0), (1, Int.max, 0), (Int.max, Int.max, 0), (1 << 32, 1 << 32, 0), (-1, 10, 0),
            (10, -1, 0), (0, 10, 0), (10, 10, -1), (10, 10, Int.max), (10, 10, Int.min), (10, 10, 39),
            (1 << 16, 1 << 16, 0), (46341, 46341, 0), (1 << 15, 1 << 15, Int.max / 1024), (4, 4, 1 << 40),
        ]
        for (w, h, row) in cases {
            #expect(CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: row, space: Self.rgb,
                              bitmapInfo: Self.premultipliedLast) == nil, "\(w)×\(h) bytesPerRow \(row)")
        }
        // The smallest stride that fits is accepted, and one byte of padding too.
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 40, space: Self.rgb,
                          bitmapInfo: Self.premultipliedLast)?.bytesPerRow == 40)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 41, space: Self.rgb,
                          bitmapInfo: Self.premultipliedLast)?.bytesPerRow == 41)
    }

    static let hostile: [CGFloat] = [.nan, .infinity, -.infinity, 1e308, -1e308, .greatestFiniteMagnitude, 1e-308, .leastNonzeroMagnitude, 1e19, -1e19]

    /// Every drawing call with non-finite and huge coordinates returns quickly and leaves the
    /// bitmap as it was or painted, never out of range.
    @Test func hostileCoordinatesDoNotTrap() {
        let c = makeRGBAContext(16, 16)
        let start = DrawingBenchmarks.threadMilliseconds()
        for v in Self.hostile {
            c.setLineWidth(v)
            c.setShadow(offset: CGSize(width: v, height: v), blur: v, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            c.setLineDash(phase: v, lengths: [v, 1, v])
            c.move(to: CGPoint(x: v, y: 0))
            c.addLine(to: CGPoint(x: 8, y: v))
            c.addCurve(to: CGPoint(x: v, y: v), control1: CGPoint(x: -v, y: v), control2: CGPoint(x: 3, y: 3))
            c.addArc(center: CGPoint(x: 8, y: 8), radius: v, startAngle: 0, endAngle: v, clockwise: false)
            c.addArc(tangent1End: CGPoint(x: v, y: 1), tangent2End: CGPoint(x: 2, y: v), radius: v)
            c.addEllipse(in: CGRect(x: 0, y: 0, width: v, height: v))
            c.strokePath()
            c.fill(CGRect(x: v, y: v, width: v, height: v))
            c.fillEllipse(in: CGRect(x: -v, y: 0, width: v, height: 4))
            c.stroke(CGRect(x: 1, y: 1, width: 4, height: 4), width: v)
            c.clear(CGRect(x: v, y: 0, width: 1, height: v))
            c.saveGState()
            c.scaleBy(x: v, y: v)
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            c.restoreGState()
            c.drawLinearGradient(Self.gradient, start: CGPoint(x: v, y: 0), end: CGPoint(x: 0, y: v), options: [])
            c.drawRadialGradient(Self.gradient, startCenter: .zero, startRadius: v, endCenter: CGPoint(x: v, y: 1),
                                 endRadius: v, options: [.drawsAfterEndLocation])
        }
        #expect(c.width == 16)
        // A hang guard, not a benchmark, in CPU time (the machine's load does not count): a
        // debug build takes seconds for the strokes of curves 1e308 wide (flattened to
        // thousands of segments).
        #expect(DrawingBenchmarks.threadMilliseconds() - start < 180_000)
    }

    static let gradient = CGGradient(colorsSpace: rgb, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                                CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray,
                                     locations: [0, 1])!

    /// A huge line width strokes the whole bitmap (the pen covers it): every pixel red.
    @Test func hugeLineWidthCoversTheBitmap() {
        for width: CGFloat in [20, 1e3, 1e6, 1e19] {
            let c = makeRGBAContext(8, 8)
            c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.setLineWidth(width)
            c.setLineCap(.round)
            c.move(to: CGPoint(x: 4, y: 4))
            c.addLine(to: CGPoint(x: 5, y: 4))
            c.strokePath()
            #expect(c.rgba(0, row: 0) == (255, 0, 0, 255), "width \(width)")
            #expect(c.rgba(7, row: 7) == (255, 0, 0, 255), "width \(width)")
        }
    }

    /// A blur so small that σ² underflows (1e-200) trapped building the kernel; it is no blur.
    @Test func denormalBlurIsNoBlur() {
        for blur: CGFloat in [1e-200, 1e-308, .leastNonzeroMagnitude, 1e-3] {
            let c = makeRGBAContext(8, 8)
            c.setShadow(offset: CGSize(width: 2, height: 0), blur: blur, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
            // The shadow is the square moved 2 px right, unblurred: blue where it shows.
            #expect(c.rgba(device: 3, 3) == (255, 0, 0, 255), "blur \(blur)")
            #expect(c.rgba(device: 7, 3) == (0, 0, 255, 255), "blur \(blur)")
            #expect(c.rgba(device: 1, 3).a == 0, "blur \(blur)")
        }
    }

    /// A huge blur spreads the shadow too thin to see; the shape itself is drawn.
    @Test func hugeBlurIsBounded() {
        for blur: CGFloat in [1e4, 1e9, 1e300, .infinity] {
            let c = makeRGBAContext(8, 8)
            c.setShadow(offset: .zero, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
            #expect(c.rgba(device: 3, 3) == (255, 0, 0, 255), "blur \(blur)")
            // σ is clamped to 256 px: 16 px² of shadow spread over 2π·256² px² is under 1/255.
            #expect(c.rgba(device: 0, 0).a <= 1, "blur \(blur)")
        }
    }

    /// Dash patterns of denormal, zero or NaN lengths either dash (within the dash limit) or
    /// stroke solid; none runs for ever.
    @Test func degenerateDashPatterns() {
        for lengths: [CGFloat] in [[.leastNonzeroMagnitude, .leastNonzeroMagnitude], [1e-300], [0, 0], [.nan, 1], [1e308, 1e-308], [-1, 2]] {
            let c = makeRGBAContext(8, 8)
            c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.setLineWidth(2)
            c.setLineDash(phase: 0, lengths: lengths)
            c.move(to: CGPoint(x: 0, y: 4))
            c.addLine(to: CGPoint(x: 8, y: 4))
            c.strokePath()
            #expect(c.width == 8, "\(lengths)")
        }
    }

    /// Transparency layers nested without end take at most `maximumTransparencyLayerPixels`:
    /// past it a layer is empty (what is drawn in it is dropped), and ending them all leaves
    /// the bitmap drawable.
    @Test func nestedTransparencyLayersAreBounded() {
        let c = makeRGBAContext(64, 64)
        for _ in 0..<5000 { c.beginTransparencyLayer(auxiliaryInfo: nil) }
        let open = c.transparencyLayers.reduce(0) { $0 + $1.surface.width * $1.surface.height }
        #expect(open <= c.maximumTransparencyLayerPixels)
        #expect(c.maximumTransparencyLayerPixels == 1 << 24)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        for _ in 0..<5000 { c.endTransparencyLayer() }
        #expect(c.transparencyLayers.isEmpty)
        // The fill was made in a layer past the bound: dropped.
        #expect(c.rgba(0, row: 0).a == 0)
        // Ending the layers restored the graphics state the first one saved (black fill).
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        #expect(c.rgba(0, row: 0) == (255, 0, 0, 255))
    }

    /// Ordinary nesting is unaffected: a fill three layers deep, at half alpha outside, is
    /// composited once at that alpha (255 · 0.5 → 128 premultiplied).
    @Test func shallowNestingDraws() {
        let c = makeRGBAContext(8, 8)
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 4, height: 4), auxiliaryInfo: nil)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        c.endTransparencyLayer()
        c.endTransparencyLayer()
        c.endTransparencyLayer()
        #expect(near(c.rgba(device: 1, 1).r, 128) && near(c.rgba(device: 1, 1).a, 128))
        // Outside the innermost layer's rectangle nothing was drawn.
        #expect(c.rgba(device: 6, 6).a == 0)
    }
}
