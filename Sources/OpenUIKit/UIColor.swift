import Foundation

/// An object that stores color data and sometimes opacity.
///
/// Built on a `CGColor`, as UIKit's is: `UIColor(white:alpha:)` and the gray class colors are
/// gray colors (two components), every other initializer gives an sRGB color (four
/// components). Components outside 0...1 are kept, as in UIKit's extended color spaces.
/// Colors are fixed: the dynamic system colors are their light-mode values.
open class UIColor: NSObject, NSCopying, @unchecked Sendable {
    /// The Core Graphics color this color draws with.
    public let cgColor: CGColor

    /// A color with the given grayscale value and opacity, in a gray color space.
    public init(white: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(gray: white, alpha: alpha)
        super.init()
    }

    /// A color with the given red, green, blue and opacity components, in sRGB.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
        super.init()
    }

    /// A color with the given Display P3 components. OpenQuartzCore draws in sRGB, so the
    /// components are taken as sRGB ones.
    public init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(srgbRed: displayP3Red, green: green, blue: blue, alpha: alpha)
        super.init()
    }

    /// A color with the given hue, saturation, brightness (HSB) and opacity, in sRGB. Hue is
    /// a fraction of a turn (0 and 1 are red).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let rgb = UIColor.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: alpha)
    }

    /// A color holding `cgColor`.
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    /// The same color (colors are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The same color with its opacity replaced by `alpha`.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// Equal colors: the same color space model and components.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return other.cgColor == cgColor
    }

    /// Hashes the color's components.
    open override var hash: Int { cgColor.hashValue }

    /// "UIExtendedSRGBColorSpace r g b a" or "UIExtendedGrayColorSpace w a", as UIKit prints a
    /// color.
    open override var description: String {
        let c = (cgColor.components ?? []).map { "\($0)" }.joined(separator: " ")
        return (cgColor.numberOfComponents == 2 ? "UIExtendedGrayColorSpace " : "UIExtendedSRGBColorSpace ") + c
    }

    // MARK: Components

    /// The red, green, blue and opacity components; a gray color gives its white value for
    /// each of red, green and blue. Returns false (leaving the pointees alone) only for a
    /// color of another model.
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let c = rgbaComponents else { return false }
        red?.pointee = c.red
        green?.pointee = c.green
        blue?.pointee = c.blue
        alpha?.pointee = c.alpha
        return true
    }

    /// The grayscale value and opacity of a gray color; false for a color in another color
    /// space, as UIKit answers for a color it cannot convert.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let c = cgColor.components, c.count == 2 else { return false }
        white?.pointee = c[0]
        alpha?.pointee = c[1]
        return true
    }

    /// The hue (a fraction of a turn), saturation, brightness and opacity of an RGB or gray
    /// color; false for a color of another model.
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let c = rgbaComponents else { return false }
        let maximum = max(c.red, c.green, c.blue), minimum = min(c.red, c.green, c.blue)
        let chroma = maximum - minimum
        var h: CGFloat = 0
        if chroma > 0 {
            if maximum == c.red { h = (c.green - c.blue) / chroma }
            else if maximum == c.green { h = (c.blue - c.red) / chroma + 2 }
            else { h = (c.red - c.green) / chroma + 4 }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? chroma / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = c.alpha
        return true
    }

    /// The color's components as red, green, blue and alpha, for RGB and gray colors.
    private var rgbaComponents: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)? {
        guard let c = cgColor.components else { return nil }
        switch c.count {
        case 2: return (c[0], c[0], c[0], c[1])
        case 4: return (c[0], c[1], c[2], c[3])
        default: return nil
        }
    }

    /// HSB to RGB: the hue picks the sextant of the color wheel, chroma is
    /// brightness × saturation. Hue wraps (any finite value); a non-finite hue counts as 0.
    static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (red: CGFloat, green: CGFloat, blue: CGFloat) {
        var h = hue.isFinite ? hue.truncatingRemainder(dividingBy: 1) : 0
        if h < 0 { h += 1 }
        let sector = h * 6
        let chroma = brightness * saturation
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let m = brightness - chroma
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case ..<1: (r, g, b) = (chroma, x, 0)
        case ..<2: (r, g, b) = (x, chroma, 0)
        case ..<3: (r, g, b) = (0, chroma, x)
        case ..<4: (r, g, b) = (0, x, chroma)
        case ..<5: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        return (r + m, g + m, b + m)
    }

    // MARK: Drawing

    /// Sets this color as both the fill and the stroke color of the current graphics context
    /// (`UIGraphicsGetCurrentContext()`); does nothing without one.
    open func set() {
        setFill()
        setStroke()
    }

    /// Sets this color as the fill color of the current graphics context.
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Sets this color as the stroke color of the current graphics context.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
}
