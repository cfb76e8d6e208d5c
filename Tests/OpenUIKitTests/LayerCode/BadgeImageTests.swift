import Testing
import OpenUIKit

/// A badge made as iOS code makes one: drawn once into an image context (a filled circle and a
/// centred number measured with `size(withAttributes:)`), then used as a layer's contents.
func makeBadge(count: Int, diameter: CGFloat) -> UIImage? {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: diameter, height: diameter), false, 2)
    defer { UIGraphicsEndImageContext() }
    guard let context = UIGraphicsGetCurrentContext() else { return nil }
    context.setFillColor(UIColor.systemRed.cgColor)
    context.fillEllipse(in: CGRect(x: 0, y: 0, width: diameter, height: diameter))
    let text = "\(count)" as NSString
    let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: diameter * 0.6),
                                                     .foregroundColor: UIColor.white]
    let size = text.size(withAttributes: attributes)
    text.draw(at: CGPoint(x: (diameter - size.width) / 2, y: (diameter - size.height) / 2), withAttributes: attributes)
    return UIGraphicsGetImageFromCurrentImageContext()
}

@Suite struct BadgeImageTests {
    @Test func badgeIsARedDiscWithWhiteText() throws {
        let badge = try #require(makeBadge(count: 7, diameter: 30))
        #expect(badge.size == CGSize(width: 30, height: 30) && badge.scale == 2)
        #expect(pixel(badge, 0, 0) == [0, 0, 0, 0])                  // outside the disc
        #expect(pixel(badge, 30, 6) == [255, 59, 48, 255])           // the disc, above the digit
        var white = 0
        for y in 0..<60 { for x in 0..<60 where pixel(badge, x, y) == [255, 255, 255, 255] { white += 1 } }
        #expect(white > 20)
        // As a layer's contents, at the image's scale.
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        layer.contents = badge.cgImage
        layer.contentsScale = badge.scale
        let shown = UIImage(cgImage: CAImageRenderer(size: CGSize(width: 30, height: 30)).image(for: layer))
        #expect(pixel(shown, 15, 3) == [255, 59, 48, 255])
    }
}
