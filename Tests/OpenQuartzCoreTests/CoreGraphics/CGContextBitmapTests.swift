import Foundation
import Testing
import OpenQuartzCore

@Suite struct CGContextBitmapTests {
    @Test func allocatedBitmapIsClearAndDescribed() {
        let ctx = makeRGBAContext(7, 3)
        #expect(ctx.width == 7 && ctx.height == 3 && ctx.bytesPerRow == 28)
        #expect(ctx.bitsPerComponent == 8 && ctx.bitsPerPixel == 32)
        #expect(ctx.alphaInfo == .premultipliedLast)
        #expect(ctx.coveredArea == 0)
        #expect(ctx.ctm == .identity)
    }

    @Test func callerBufferIsDrawnInPlace() {
        var buffer = [UInt8](repeating: 7, count: 4 * 4 * 4)
        buffer.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            #expect(ctx.data == raw.baseAddress)
            ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        // Device (0, 0) is the bottom-left pixel: memory row 3.
        #expect(Array(buffer[48..<52]) == [0, 255, 0, 255])
        // Pixels not drawn keep the caller's bytes.
        #expect(Array(buffer[0..<4]) == [7, 7, 7, 7])
    }

    @Test func paddedRowsAndOtherByteOrders() {
        // BGRA: 32-bit little-endian, alpha first.
        var bgra = [UInt8](repeating: 0, count: 2 * 24)
        bgra.withUnsafeMutableBytes { raw in
            let info = CGBitmapInfo.byteOrder32Little.rawValue | CGImageAlphaInfo.premultipliedFirst.rawValue
            let ctx = CGContext(data: raw.baseAddress, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 24,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)!
            ctx.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        }
        #expect(Array(bgra[0..<4]) == [0, 128, 255, 255])
        #expect(Array(bgra[12..<24]) == [UInt8](repeating: 0, count: 12)) // row padding untouched
        // ARGB: big-endian alpha first.
        let argb = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue)!
        argb.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        argb.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect((0..<4).map { argb.byte($0, row: 0) } == [128, 128, 0, 0])
    }

    @Test func noneSkipGrayAndAlphaOnly() {
        let rgbx = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)!
        rgbx.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        rgbx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // Half white over the opaque black a context without alpha starts as.
        #expect((0..<4).map { rgbx.byte($0, row: 0) } == [128, 128, 128, 255])

        let gray = CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                             space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
        #expect(gray.bitsPerPixel == 8 && gray.bytesPerRow == 2)
        gray.setFillColor(gray: 0.5, alpha: 1)
        gray.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        gray.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        gray.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        #expect(gray.byte(0, row: 0) == 128)
        // Rec. 709 luma of pure red: 0.2126 · 255 ≈ 54.
        #expect(near(gray.byte(1, row: 0), 54))

        let alpha = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        #expect(alpha.colorSpace == nil)
        alpha.setFillColor(red: 0.2, green: 0.9, blue: 0.1, alpha: 0.25)
        alpha.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(alpha.byte(0, row: 0) == 64)
    }

    @Test func unsupportedFormatsAndHostileSizesAreRefused() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let p = CGImageAlphaInfo.premultipliedLast.rawValue
        func make(_ w: Int, _ h: Int, _ bpc: Int = 8, _ bpr: Int = 0, _ info: UInt32 = p,
                  _ space: CGColorSpace = rgb) -> CGContext? {
            CGContext(data: nil, width: w, height: h, bitsPerComponent: bpc, bytesPerRow: bpr, space: space, bitmapInfo: info)
        }
        #expect(make(4, 4, 16) == nil)
        #expect(make(4, 4, 8, 0, CGImageAlphaInfo.last.rawValue) == nil)       // straight alpha
        #expect(make(4, 4, 8, 0, CGImageAlphaInfo.first.rawValue) == nil)
        #expect(make(4, 4, 8, 0, CGImageAlphaInfo.none.rawValue) == nil)       // 24-bit RGB
        #expect(make(4, 4, 8, 0, p | CGBitmapInfo.floatComponents.rawValue) == nil)
        #expect(make(4, 4, 8, 0, p | CGBitmapInfo.byteOrder16Little.rawValue) == nil)
        #expect(make(4, 4, 8, 0, p, CGColorSpaceCreateDeviceGray()) == nil)    // gray with alpha
        #expect(make(4, 4, 8, 0, 99) == nil)
        #expect(make(0, 4) == nil && make(4, 0) == nil && make(-1, 4) == nil)
        #expect(make(4, 4, 8, 15) == nil)                                      // row shorter than 16 bytes
        #expect(make(4, 4, 8, -16) == nil)
        #expect(make(Int.max, Int.max) == nil)
        #expect(make(1 << 15, 1 << 15) == nil)
        #expect(make(1, 1, 8, Int.max / 2) == nil)
        #expect(make(4, 4, 8, 32) != nil)
    }

    @Test func deviceSpaceIsBottomLeftAndImagesStayUpright() {
        let ctx = makeRGBAContext(4, 4)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 3, width: 1, height: 1))   // top-left of the picture (y up)
        #expect(ctx.rgba(0, row: 0) == (255, 0, 0, 255))
        #expect(ctx.rgba(0, row: 3).a == 0)
        let image = ctx.makeImage()!
        // The image's first row is the picture's top row.
        #expect(Array(image.premultipliedRGBA[0..<4]) == [255, 0, 0, 255])
        let other = makeRGBAContext(8, 8)
        other.interpolationQuality = .none
        other.draw(image, in: CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(other.rgba(0, row: 0) == (255, 0, 0, 255))
        #expect(other.rgba(1, row: 1) == (255, 0, 0, 255))
        #expect(other.rgba(0, row: 7).a == 0)
        // makeImage is a copy.
        ctx.clear(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(image.premultipliedRGBA[3] == 255)
        #expect(ctx.coveredArea == 0)
    }

    @Test func stateSaveRestoreAndTransforms() {
        let ctx = makeRGBAContext(10, 10)
        ctx.saveGState()
        ctx.translateBy(x: 2, y: 3)
        ctx.scaleBy(x: 2, y: 2)
        #expect(ctx.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 2, ty: 3))
        #expect(ctx.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 4, y: 5))
        ctx.rotate(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(ctx.userSpaceToDeviceSpaceTransform)
        #expect(abs(p.x - 2) < 1e-12 && abs(p.y - 5) < 1e-12)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.setAlpha(0.5)
        ctx.restoreGState()
        #expect(ctx.ctm == .identity)
        ctx.restoreGState() // unbalanced: ignored
        ctx.concatenate(CGAffineTransform(translationX: 5, y: 0))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // Black at full alpha again.
        #expect(ctx.rgba(device: 5, 0) == (0, 0, 0, 255))
    }

    @Test func antialiasingAndAlpha() {
        let ctx = makeRGBAContext(4, 1)
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(near(ctx.rgba(0, row: 0).a, 128))
        ctx.setShouldAntialias(false)
        ctx.fill(CGRect(x: 1, y: 0, width: 0.4, height: 1))   // misses the pixel centre
        ctx.fill(CGRect(x: 2, y: 0, width: 0.6, height: 1))   // covers it
        #expect(ctx.rgba(1, row: 0).a == 0 && ctx.rgba(2, row: 0).a == 255)
        ctx.setAlpha(0.5)
        ctx.fill(CGRect(x: 3, y: 0, width: 1, height: 1))
        #expect(ctx.rgba(3, row: 0) == (128, 128, 128, 128))
    }
}
