import Testing
import Foundation
import OpenQuartzCore

/// The README's API example, as written there, compiles and draws what it says.
@Suite struct ReadmeExampleTests {
    @Test func readmeCardExample() throws {
        let path = NSTemporaryDirectory() + "/oqc-readme-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { try? FileManager.default.removeItem(atPath: path) }

        let card = CALayer()
        card.frame = CGRect(x: 50, y: 50, width: 200, height: 120)
        card.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        card.cornerRadius = 16
        card.shadowOpacity = 0.5
        card.shadowOffset = CGSize(width: 0, height: 5)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        card.transform = CATransform3DRotate(t, .pi / 6, 0, 1, 0)

        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 220)
        root.addSublayer(card)
        let image = CAImageRenderer(size: root.bounds.size, scale: 2).image(for: root)
        try image.writePNG(toFile: path)

        #expect(image.width == 600 && image.height == 440)
        let back = try CGImage(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(back.width == 600)
        // The card's centre is white and opaque; a corner of the canvas is empty.
        let centre = back.surface.pixel(x: 300, y: 220)
        #expect(centre == 0xFFFF_FFFF)
        #expect(back.surface.pixel(x: 2, y: 2) == 0)
    }
}
