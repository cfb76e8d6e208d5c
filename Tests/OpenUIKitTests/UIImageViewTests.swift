import Testing
import OpenUIKit

/// UIImageView shows its image as its layer's contents, sized to the image by `init(image:)`.
@Suite struct UIImageViewTests {
    @Test func imageIsTheLayersContents() throws {
        let cg = try #require(CGImage(width: 4, height: 2, rgba: Array([[UInt8]](repeating: [0, 0, 255, 255], count: 8).joined())))
        let view = UIImageView(image: UIImage(cgImage: cg, scale: 2, orientation: .up))
        #expect(view.frame == CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(view.intrinsicContentSize == CGSize(width: 2, height: 1) && !view.isUserInteractionEnabled)
        view.frame = CGRect(x: 0, y: 0, width: 8, height: 4)
        let shown = UIImage(cgImage: CAImageRenderer(size: CGSize(width: 8, height: 4)).image(for: view.layer))
        #expect(view.layer.contents as? CGImage === cg && view.layer.contentsScale == 2)
        #expect(pixel(shown, 7, 3) == [0, 0, 255, 255])
        view.image = nil
        _ = CAImageRenderer(size: CGSize(width: 8, height: 4)).image(for: view.layer)
        #expect(view.layer.contents == nil)
    }
}
