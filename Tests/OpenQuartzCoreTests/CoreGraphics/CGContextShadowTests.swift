import Foundation
import Testing
import OpenQuartzCore

@Suite struct CGContextShadowTests {
    @Test func sharpShadowIsOffsetInBaseSpace() {
        let ctx = makeRGBAContext(20, 20)
        ctx.scaleBy(x: 2, y: 2) // the offset is not scaled by the CTM
        ctx.setShadow(offset: CGSize(width: 3, height: -4), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 2, y: 5, width: 2, height: 2))   // device 4..8 × 10..14
        #expect(ctx.rgba(device: 5, 11) == (255, 0, 0, 255))
        // The shadow is 3 right, 4 down (y up): device 7..11 × 6..10, under the shape where they overlap.
        #expect(ctx.rgba(device: 9, 7) == (0, 0, 255, 255))
        #expect(ctx.rgba(device: 7, 11) == (255, 0, 0, 255))
        #expect(ctx.rgba(device: 10, 5).a == 0)
    }

    @Test func blurIsAGaussianOfSigmaHalfTheBlur() {
        // A wide bar: across its left edge the shadow's alpha is Φ(x / σ), the Gaussian's
        // cumulative distribution, with σ = blur / 2 = 4.
        let ctx = makeRGBAContext(120, 40)
        ctx.setShadow(offset: CGSize(width: 0, height: 0), blur: 8, color: CGColor(gray: 0, alpha: 1))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 120, height: 40))
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.saveGState()
        // Draw the shape far away so only its shadow lands in view: shape x ≥ 60, shadow shifted 0.
        ctx.fill(CGRect(x: 60, y: -200, width: 400, height: 440))
        ctx.restoreGState()
        let sigma = 4.0
        for dx in [-10, -6, -3, -1] {
            let x = 60 + dx
            let centre = Double(dx) + 0.5
            let phi = 0.5 * erfc(-centre / (sigma * 2.0.squareRoot()))
            #expect(near(ctx.rgba(device: x, 20).a, Int((phi * 255).rounded()), 2), "dx = \(dx)")
        }
    }

    @Test func aShadowFarFromItsShapeKeepsItsWholeMass() {
        // A 20 × 20 square with its shadow 50 px to the right, blur 4 (σ = 2): the shadow lies
        // wholly on the bitmap, away from the square, and a Gaussian keeps the mass, so its
        // alpha sums to 400 × 255 (to rounding at its few hundred partial pixels). The blur is
        // computed only where it lands (CGContext+Shadows): this fails if that region is
        // taken without the offset (the shadow's left part goes missing).
        let ctx = makeRGBAContext(100, 60)
        ctx.setShadow(offset: CGSize(width: 50, height: 0), blur: 4, color: CGColor(gray: 0, alpha: 1))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 10, y: 20, width: 20, height: 20))
        var mass = 0
        for y in 0..<60 { for x in 45..<100 { mass += Int(ctx.rgba(device: x, y).a) } }
        #expect(abs(Double(mass) / 255 - 400) < 2, "\(Double(mass) / 255)")
        // Its left edge, 4 px left of where the square's left side casts: Φ(−1.75) ≈ 0.04.
        #expect(ctx.rgba(device: 56, 30).a > 0)
    }

    @Test func shadowsOfStrokesImagesAndGradients() {
        let color = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let stroke = makeRGBAContext(20, 20)
        stroke.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: color)
        stroke.setLineWidth(2)
        stroke.strokeLineSegments(between: [CGPoint(x: 5, y: 2), CGPoint(x: 5, y: 18)])
        #expect(stroke.rgba(device: 10, 10) == (0, 255, 0, 255))
        let image = makeRGBAContext(20, 20)
        image.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: color)
        image.draw(CGImage(width: 1, height: 1, rgba: [255, 0, 0, 255])!, in: CGRect(x: 2, y: 2, width: 4, height: 4))
        #expect(image.rgba(device: 9, 3) == (0, 255, 0, 255) && image.rgba(device: 3, 3) == (255, 0, 0, 255))
        // Shadow colour alpha times the shape's alpha.
        let faint = makeRGBAContext(20, 20)
        faint.setShadow(offset: CGSize(width: 8, height: 0), blur: 0)
        faint.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(near(faint.rgba(device: 10, 1).a, 85))
    }

    @Test func transparencyLayerAppliesAlphaAndShadowToTheGroup() {
        // Two overlapping squares at alpha 0.5 in a layer: one flat 50 % picture.
        let ctx = makeRGBAContext(30, 10)
        ctx.setAlpha(0.5)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        ctx.fill(CGRect(x: 10, y: 0, width: 20, height: 10))
        ctx.endTransparencyLayer()
        #expect(ctx.rgba(device: 5, 5) == (128, 0, 0, 128))
        #expect(ctx.rgba(device: 15, 5) == (128, 0, 0, 128))
        // Without the layer the overlap is darker: 1 − 0.5² = 75 %.
        let plain = makeRGBAContext(30, 10)
        plain.setAlpha(0.5)
        plain.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        plain.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        plain.fill(CGRect(x: 10, y: 0, width: 20, height: 10))
        #expect(near(plain.rgba(device: 15, 5).a, 191))
        // The group casts one shadow: inside the layer there is none.
        let sh = makeRGBAContext(30, 20)
        sh.setShadow(offset: CGSize(width: 0, height: -10), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        sh.beginTransparencyLayer(auxiliaryInfo: nil)
        sh.fill(CGRect(x: 0, y: 10, width: 10, height: 10))
        sh.fill(CGRect(x: 5, y: 10, width: 10, height: 10))
        sh.endTransparencyLayer()
        #expect(sh.rgba(device: 2, 5) == (0, 0, 255, 255))
        #expect(sh.rgba(device: 12, 15) == (0, 0, 0, 255))
        sh.endTransparencyLayer() // unbalanced: ignored
    }
}
