import Testing
import OpenUIKit

/// UIColor as UIKit documents it: gray colors in a gray space, the rest in sRGB, components
/// read back in either model, HSB conversion and the light-mode system colors.
@Suite struct UIColorTests {
    @Test func rgbColorsAreSRGBWithFourComponents() {
        let red = UIColor.red.cgColor
        #expect(red.numberOfComponents == 4)
        #expect(red.components == [1, 0, 0, 1])
        #expect(red.colorSpace?.model == .rgb)
        #expect(UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8).cgColor.components == [0.2, 0.4, 0.6, 0.8])
    }

    @Test func grayColorsAreGrayWithTwoComponents() {
        for (color, white) in [(UIColor.black, 0.0), (.white, 1.0), (.gray, 0.5), (.darkGray, 1.0 / 3.0), (.lightGray, 2.0 / 3.0)] {
            #expect(color.cgColor.numberOfComponents == 2)
            #expect(color.cgColor.colorSpace?.model == .monochrome)
            #expect(color.cgColor.components == [CGFloat(white), 1])
        }
        #expect(UIColor.clear.cgColor.components == [0, 0])
    }

    @Test func componentsReadBackInEitherModel() {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        #expect(UIColor(white: 0.25, alpha: 0.5).getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect([r, g, b, a] == [0.25, 0.25, 0.25, 0.5])
        var w: CGFloat = -1
        #expect(!UIColor.red.getWhite(&w, alpha: &a))
        #expect(UIColor.gray.getWhite(&w, alpha: &a) && w == 0.5 && a == 1)
    }

    @Test func hueSaturationBrightness() {
        // Hue 1/3 of a turn at full saturation and brightness is pure green.
        let green = UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 1).cgColor.components ?? []
        #expect(green.count == 4 && abs(green[0]) < 1e-12 && abs(green[1] - 1) < 1e-12 && abs(green[2]) < 1e-12)
        // (0.2, 0.4, 0.6): max 0.6 (blue), chroma 0.4, hue ((r − g)/chroma + 4)/6 = 3.5/6.
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0, a: CGFloat = 0
        #expect(UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: &a))
        #expect(abs(h - 3.5 / 6) < 1e-12 && abs(s - 0.4 / 0.6) < 1e-12 && abs(v - 0.6) < 1e-12 && a == 1)
        // Round trip.
        let back = UIColor(hue: h, saturation: s, brightness: v, alpha: 1).cgColor.components ?? []
        #expect(back.count == 4 && abs(back[0] - 0.2) < 1e-12 && abs(back[1] - 0.4) < 1e-12 && abs(back[2] - 0.6) < 1e-12)
        // A hostile hue does not trap.
        _ = UIColor(hue: .nan, saturation: 1, brightness: 1, alpha: 1)
        _ = UIColor(hue: .infinity, saturation: .nan, brightness: -.infinity, alpha: 1)
    }

    @Test func withAlphaComponentKeepsTheColor() {
        let c = UIColor.orange.withAlphaComponent(0.25)
        #expect(c.cgColor.components == [1, 0.5, 0, 0.25])
        #expect(UIColor.black.withAlphaComponent(0.5).cgColor.components == [0, 0.5])
    }

    @Test func systemColorsAreTheLightModeValues() {
        #expect(UIColor.systemBlue.cgColor.components == [0, 122.0 / 255, 1, 1])
        #expect(UIColor.systemRed.cgColor.components == [1, 59.0 / 255, 48.0 / 255, 1])
        #expect(UIColor.secondaryLabel.cgColor.alpha == 0.6)
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.red != UIColor.blue)
    }

    @Test func setFillPaintsInTheCurrentContext() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(pixel(image, 1, 1) == [0, 0, 255, 255])
    }
}

/// The premultiplied RGBA bytes of pixel (x, y), counted from the image's top-left pixel.
func pixel(_ image: UIImage?, _ x: Int, _ y: Int) -> [UInt8] {
    guard let cg = image?.cgImage, x >= 0, y >= 0, x < cg.width, y < cg.height else { return [] }
    let bytes = cg.premultipliedRGBA
    let i = (y * cg.width + x) * 4
    return Array(bytes[i..<i + 4])
}
