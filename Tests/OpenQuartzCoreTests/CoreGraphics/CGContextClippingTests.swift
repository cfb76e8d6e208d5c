import Foundation
import Testing
import OpenQuartzCore

@Suite struct CGContextClippingTests {
    @Test func rectClipSavedWithStateAndReset() {
        let ctx = makeRGBAContext(10, 10)
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 2, y: 2, width: 3, height: 4))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 2, y: 2, width: 3, height: 4))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(abs(ctx.coveredArea - 12) < 1e-9)
        ctx.restoreGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.resetClip()
        ctx.fill(CGRect(x: 9, y: 9, width: 1, height: 1))
        #expect(ctx.rgba(device: 9, 9).a == 255)
    }

    @Test func pathClipsIntersectAndAntialias() {
        let ctx = makeRGBAContext(10, 10)
        ctx.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        ctx.clip(using: .evenOdd)
        #expect(ctx.isPathEmpty)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 5.5, height: 10))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        // The frame left of x = 5.5: 5.5 · 10 − 3.5 · 6 = 34, with a half-covered column.
        #expect(abs(ctx.coveredArea - 34) < 0.02)
        #expect(near(ctx.rgba(device: 5, 0).a, 128))
        // An empty clip path clips everything.
        let e = makeRGBAContext(4, 4)
        e.clip()
        e.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(e.coveredArea == 0)
    }

    @Test func maskClipUsesGrayOrAlpha() {
        // A 2 × 1 gray mask: black left, white right.
        let g = CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
        g.setFillColor(gray: 1, alpha: 1)
        g.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let ctx = makeRGBAContext(4, 2)
        ctx.interpolationQuality = .none
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 2), mask: g.makeImage()!)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(ctx.rgba(device: 0, 0).a == 0 && ctx.rgba(device: 3, 1).a == 255)
        // An image with alpha clips by its alpha.
        let a = makeRGBAContext(1, 1)
        a.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        a.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let c2 = makeRGBAContext(2, 2)
        c2.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: a.makeImage()!)
        c2.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(near(c2.rgba(device: 1, 1).a, 128))
    }
}
