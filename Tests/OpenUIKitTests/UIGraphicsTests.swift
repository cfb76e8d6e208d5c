import Testing
import OpenUIKit

/// UIKit's image contexts and image renderer: y-down coordinates from the top left, the
/// scale in points and pixels, the context stack.
@Suite struct UIGraphicsTests {
    @Test func imageContextIsFlippedAndScaled() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 20), false, 2)
        #expect(UIGraphicsGetCurrentContext() != nil)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5))
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image?.size == CGSize(width: 10, height: 20) && image?.scale == 2)
        #expect(image?.cgImage?.width == 20 && image?.cgImage?.height == 40)
        // The top-left 5 points are the top-left 10 pixels.
        #expect(pixel(image, 0, 0) == [255, 0, 0, 255] && pixel(image, 9, 9) == [255, 0, 0, 255])
        #expect(pixel(image, 10, 10) == [0, 0, 0, 0] && pixel(image, 19, 39) == [0, 0, 0, 0])
    }

    @Test func opaqueContextsHaveNoAlpha() {
        let image = render(CGSize(width: 2, height: 2)) {}
        #expect(pixel(image, 0, 0) == [0, 0, 0, 0])
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), true, 1)
        let opaque = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(pixel(opaque, 1, 1).last == 255)
    }

    @Test func invalidSizesGiveNoContext() {
        for size in [CGSize.zero, CGSize(width: -5, height: 5), CGSize(width: CGFloat.nan, height: 1),
                     CGSize(width: CGFloat.infinity, height: 1), CGSize(width: 1e12, height: 1e12)] {
            UIGraphicsBeginImageContextWithOptions(size, false, 1)
            #expect(UIGraphicsGetCurrentContext() == nil)
            #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
            UIGraphicsEndImageContext()
        }
    }

    @Test func pushAndPopNestContexts() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        let outer = UIGraphicsGetCurrentContext()
        let other = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        if let other { UIGraphicsPushContext(other) }
        #expect(other != nil && UIGraphicsGetCurrentContext() === other)
        // A pushed context is not an image context.
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func rendererDrawsAtItsFormatsScale() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20), format: format)
        var current: CGContext?
        var mid: UIImage?
        let image = renderer.image { ctx in
            current = UIGraphicsGetCurrentContext()
            #expect(current === ctx.cgContext)
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            mid = ctx.currentImage
        }
        #expect(image.size == CGSize(width: 30, height: 20) && image.scale == 3 && image.cgImage?.width == 90)
        #expect(pixel(image, 29, 29) == [0, 0, 255, 255] && pixel(image, 30, 30) == [0, 0, 0, 0])
        #expect(pixel(mid, 0, 0) == [0, 0, 255, 255])
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(renderer.allowsImageOutput && renderer.format.bounds.size == CGSize(width: 30, height: 20))
    }

    @Test func rendererBoundsOriginIsTheImagesTopLeft() {
        let format = UIGraphicsImageRendererFormat.default()
        #expect(format.scale == 1 && !format.opaque)
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 10, width: 20, height: 20), format: format)
        let image = renderer.image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 10, y: 10, width: 5, height: 5))
        }
        #expect(pixel(image, 0, 0) == [255, 0, 0, 255] && pixel(image, 5, 5) == [0, 0, 0, 0])
    }

    @Test func rendererPNGDataReadsBack() {
        let data = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2)).pngData { ctx in
            UIColor.green.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        }
        let image = UIImage(data: data)
        #expect(image?.size == CGSize(width: 3, height: 2) && pixel(image, 2, 1) == [0, 255, 0, 255])
    }

    @Test func emptyRendererGivesAnImageWithoutTrapping() {
        var ran = false
        let image = UIGraphicsImageRenderer(size: .zero).image { _ in ran = true }
        #expect(!ran && image.cgImage?.width == 1)
    }
}

extension UIGraphicsTests {
    /// `preferred()` is the base format class's, as in UIKit; formats copy every setting.
    @Test func formatsCopyTheirSettings() {
        let format = UIGraphicsImageRendererFormat.preferred()
        format.scale = 2
        format.opaque = true
        format.preferredRange = .standard
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), format: format)
        let copied = renderer.format as? UIGraphicsImageRendererFormat
        #expect(copied !== format && copied?.scale == 2 && copied?.opaque == true && copied?.preferredRange == .standard)
        #expect(UIGraphicsRendererFormat.preferred().bounds == .zero)
    }
}
