import Testing
import Foundation
import OpenUIKit

/// UIImage: size in points is pixels over scale, the scale a file name gives, PNG in and out,
/// drawing upright in UIKit's coordinates and resizable caps.
@Suite struct UIImageTests {
    /// A w×h PNG image filled with one color.
    func solid(_ w: Int, _ h: Int, _ rgba: [UInt8]) -> CGImage? {
        CGImage(width: w, height: h, rgba: Array([[UInt8]](repeating: rgba, count: w * h).joined()))
    }

    @Test func sizeIsPixelsOverScale() throws {
        let cg = try #require(solid(40, 20, [255, 0, 0, 255]))
        #expect(UIImage(cgImage: cg).size == CGSize(width: 40, height: 20))
        #expect(UIImage(cgImage: cg, scale: 2, orientation: .up).size == CGSize(width: 20, height: 10))
        #expect(UIImage(cgImage: cg, scale: 2, orientation: .left).size == CGSize(width: 10, height: 20))
        #expect(UIImage(cgImage: cg, scale: .nan, orientation: .up).scale == 1)
    }

    @Test func filesAndDataReadBackWithTheirScale() throws {
        let cg = try #require(solid(6, 4, [0, 0, 255, 255]))
        let data = try #require(UIImage(cgImage: cg).pngData())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("OpenUIKitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("badge@2x.png").path
        try data.write(to: URL(fileURLWithPath: path))
        let image = try #require(UIImage(contentsOfFile: path))
        #expect(image.scale == 2 && image.size == CGSize(width: 3, height: 2))
        #expect(UIImage(data: data)?.scale == 1)
        #expect(UIImage(data: data, scale: 3)?.size == CGSize(width: 2, height: 4.0 / 3.0))
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
        #expect(UIImage(contentsOfFile: folder.appendingPathComponent("missing.png").path) == nil)
        // init?(named:) looks in the current directory for name.png, then name@2x.png.
        let cwd = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        #expect(UIImage(named: "badge")?.scale == 2)
        #expect(UIImage(named: "no-such-image") == nil)
    }

    @Test func drawInRectIsUpright() throws {
        // Top row red, bottom row blue.
        let cg = try #require(CGImage(width: 1, height: 2, rgba: [255, 0, 0, 255, 0, 0, 255, 255]))
        let image = UIImage(cgImage: cg)
        let drawn = render(CGSize(width: 4, height: 8)) { image.draw(in: CGRect(x: 0, y: 0, width: 4, height: 8)) }
        #expect(pixel(drawn, 2, 1) == [255, 0, 0, 255])
        #expect(pixel(drawn, 2, 6) == [0, 0, 255, 255])
    }

    @Test func capsKeepTheirSizeWhenStretched() throws {
        // 3×1: red, green, blue; caps of one point left and right.
        let cg = try #require(CGImage(width: 3, height: 1, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]))
        let image = UIImage(cgImage: cg).resizableImage(withCapInsets: UIEdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
                                                        resizingMode: .stretch)
        #expect(image.capInsets.left == 1 && image.resizingMode == .stretch)
        let drawn = render(CGSize(width: 10, height: 1)) { image.draw(in: CGRect(x: 0, y: 0, width: 10, height: 1)) }
        #expect(pixel(drawn, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(drawn, 5, 0) == [0, 255, 0, 255])
        #expect(pixel(drawn, 9, 0) == [0, 0, 255, 255])
    }
}

extension UIImageTests {
    /// `UIImage()` is an empty image: no pixels, no size, nothing drawn, no PNG data.
    @Test func emptyImage() {
        let empty = UIImage()
        #expect(empty.cgImage == nil && empty.size == .zero && empty.pngData() == nil)
        let drawn = render(CGSize(width: 2, height: 2)) { empty.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2)) }
        #expect(pixel(drawn, 0, 0) == [0, 0, 0, 0])
        #expect(empty.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)) === empty)
    }
}
