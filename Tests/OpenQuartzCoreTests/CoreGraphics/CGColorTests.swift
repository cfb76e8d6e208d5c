import Testing
import Foundation
import OpenQuartzCore

@Suite struct CGColorTests {
    @Test func rgbComponents() {
        let c = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
        #expect(c.components == [0.25, 0.5, 0.75, 0.5])
        #expect(c.numberOfComponents == 4 && c.alpha == 0.5)
        #expect(c.rgba == (0.25, 0.5, 0.75, 0.5))
        #expect(CGColor(srgbRed: 0.25, green: 0.5, blue: 0.75, alpha: 0.5) == c)
    }

    @Test func grayComponents() {
        let g = CGColor(gray: 0.3, alpha: 0.8)
        #expect(g.components == [0.3, 0.8] && g.numberOfComponents == 2 && g.alpha == 0.8)
        #expect(g.rgba == (0.3, 0.3, 0.3, 0.8))
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.components == [0, 0])
    }

    @Test func equalityIsByColourSpaceAndComponents() {
        #expect(CGColor(gray: 0, alpha: 1) == CGColor.black)
        #expect(CGColor(gray: 0, alpha: 1) != CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) != CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(Set([CGColor(gray: 0.5, alpha: 1), CGColor(gray: 0.5, alpha: 1)]).count == 1)
    }

    @Test func copyWithAlphaKeepsSpace() {
        let c = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1).copy(alpha: 0.25)
        #expect(c?.components == [1, 0.5, 0, 0.25])
        #expect(CGColor.white.copy(alpha: 0.5)?.components == [1, 0.5])
    }

    @Test func componentsAreClamped() {
        #expect(CGColor(red: 2, green: -1, blue: .nan, alpha: 1.5).components == [1, 0, 0, 1])
        #expect(CGColor.black.copy(alpha: 7)?.alpha == 1)
    }

    @Test func colorSpaces() throws {
        let rgb = try #require(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [0.1, 0.2, 0.3, 0.4]))
        #expect(rgb == CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
        #expect(rgb.colorSpace?.model == .rgb && rgb.colorSpace?.numberOfComponents == 3)
        let gray = try #require(CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [0.5, 1]))
        #expect(gray == CGColor(genericGrayGamma2_2Gray: 0.5, alpha: 1) && gray.colorSpace?.model == .monochrome)
        #expect(CGColorSpace(name: CGColorSpace.sRGB) == CGColorSpaceCreateDeviceRGB())
        #expect(CGColorSpace(name: "kCGColorSpaceDisplayP3") == nil)
    }
}
