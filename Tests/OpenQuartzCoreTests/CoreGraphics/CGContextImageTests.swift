import Foundation
import Testing
import OpenQuartzCore

@Suite struct CGContextImageTests {
    /// 2 × 2: red, green / blue, white (rows top to bottom).
    let quad = CGImage(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])!

    @Test func drawScalesUprightWithNearestSampling() {
        let ctx = makeRGBAContext(4, 4)
        ctx.interpolationQuality = .none
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ctx.rgba(0, row: 0) == (255, 0, 0, 255))
        #expect(ctx.rgba(3, row: 1) == (0, 255, 0, 255))
        #expect(ctx.rgba(1, row: 3) == (0, 0, 255, 255))
        #expect(ctx.rgba(2, row: 2) == (255, 255, 255, 255))
    }

    @Test func drawingInAFlippedSpaceFlipsTheImage() {
        // A CTM that flips y (as a layer's context does) shows the image upside down, as in Core Graphics.
        let ctx = makeRGBAContext(2, 2)
        ctx.translateBy(x: 0, y: 2)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(ctx.rgba(0, row: 1) == (255, 0, 0, 255))
    }

    @Test func tilingRepeatsFromTheRectOrigin() {
        let ctx = makeRGBAContext(8, 8)
        ctx.interpolationQuality = .none
        ctx.draw(quad, in: CGRect(x: 1, y: 1, width: 2, height: 2), byTiling: true)
        // Tiles sit at x = 1 + 2i, y = 1 + 2j; device (1, 2) is the top-left texel (red) of the tile at (1, 1).
        #expect(ctx.rgba(device: 1, 2) == (255, 0, 0, 255))
        #expect(ctx.rgba(device: 5, 6) == (255, 0, 0, 255))
        #expect(ctx.rgba(device: 0, 0) == (0, 255, 0, 255))   // tile at (−1, −1): its top-right texel
        #expect(ctx.coveredArea == 64)
    }

    @Test func tilingFarFromTheOriginEnds() {
        // A tile origin 2⁷⁰ tiles away: there `i + 1 == i` in Double, and counting tiles by
        // stepping a Double never ended (fuzz-cgcontext-timeout-04eb…). The tiles that cover
        // the 8×8 clip are still found and painted.
        let ctx = makeRGBAContext(8, 8)
        let white = CGImage(width: 1, height: 1, rgba: [255, 255, 255, 255])!
        ctx.draw(white, in: CGRect(x: -0x1p70, y: -0x1p70, width: 1, height: 1), byTiling: true)
        #expect(ctx.coveredArea == 64)
    }

    @Test func alphaAndInterpolation() {
        let ctx = makeRGBAContext(4, 1)
        ctx.setAlpha(0.5)
        let white = CGImage(width: 1, height: 1, rgba: [255, 255, 255, 255])!
        ctx.draw(white, in: CGRect(x: 0, y: 0, width: 4, height: 1))
        #expect(ctx.rgba(2, row: 0) == (128, 128, 128, 128))
        let lin = makeRGBAContext(4, 1)
        let ramp = CGImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 255, 255, 255, 255])!
        lin.draw(ramp, in: CGRect(x: 0, y: 0, width: 4, height: 1))
        // Bilinear: pixel centre 1.5 of 4 is texel coordinate 0.75, a quarter of the way between texel centres.
        #expect(near(lin.rgba(1, row: 0).r, 64))
    }
}
