import Foundation

/// A font at a point size: a `CTFont` (OpenQuartzCore's TrueType engine) with UIKit's metrics.
///
/// Fonts are the faces installed on the machine. The system font (San Francisco on iOS) is
/// DejaVu Sans, the face OpenQuartzCore's text falls back to, named outright so that text does
/// not change with whichever other faces a machine has; its bold and italic are DejaVu Sans
/// Bold and Oblique, the monospaced system font DejaVu Sans Mono. Weights from `.semibold`
/// up take the bold face. When no font is installed at all the font measures zero and draws
/// nothing.
open class UIFont: NSObject, NSCopying, @unchecked Sendable {
    /// The Core Text font this font draws and measures with.
    let ctFont: CTFont

    /// A font by family, full or PostScript name, at `fontSize` points (0 or less: 12); nil
    /// when no installed face has that name (UIKit does not fall back to a similar face here,
    /// unlike Core Text).
    public init?(name fontName: String, size fontSize: CGFloat) {
        guard FontCatalog.shared.findsWithoutFallback(fontName) else { return nil }
        ctFont = CTFontCreateWithName(fontName as CFString, fontSize, nil)
        super.init()
    }

    /// A font over a Core Text font.
    init(ctFont: CTFont) {
        self.ctFont = ctFont
        super.init()
    }

    /// A face of the system font by name (falling back as Core Text does).
    private static func system(_ name: String, size: CGFloat) -> UIFont {
        UIFont(ctFont: CTFontCreateWithName(name as CFString, size, nil))
    }

    /// The same font (fonts are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal fonts: the same face at the same size.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.ctFont == ctFont
    }

    /// Hashes the face and size.
    open override var hash: Int { ctFont.hashValue }

    // MARK: System fonts

    /// The system font at `fontSize` points.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { system("DejaVu Sans", size: fontSize) }

    /// The system font at `fontSize` points and `weight`: the bold face from `.semibold` up.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        weight.rawValue >= UIFont.Weight.semibold.rawValue ? boldSystemFont(ofSize: fontSize) : systemFont(ofSize: fontSize)
    }

    /// The bold system font at `fontSize` points.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { system("DejaVu Sans Bold", size: fontSize) }

    /// The italic system font at `fontSize` points.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { system("DejaVu Sans Oblique", size: fontSize) }

    /// The system font with digits of equal width. DejaVu Sans' digits already share one
    /// advance, so this is the system font at `weight`.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The monospaced system font at `fontSize` points and `weight`.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        system(weight.rawValue >= UIFont.Weight.semibold.rawValue ? "DejaVu Sans Mono Bold" : "DejaVu Sans Mono",
               size: fontSize)
    }

    /// UIKit's standard font size for labels: 17 points.
    public class var labelFontSize: CGFloat { 17 }
    /// UIKit's standard font size for buttons: 18 points.
    public class var buttonFontSize: CGFloat { 18 }
    /// UIKit's standard system font size: 14 points.
    public class var systemFontSize: CGFloat { 14 }
    /// UIKit's small system font size: 12 points.
    public class var smallSystemFontSize: CGFloat { 12 }

    /// The family names of the installed faces.
    open class var familyNames: [String] { OQCFont.familyNames }

    // MARK: Attributes

    /// The same face at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(ctFont: CTFontCreateCopyWithAttributes(ctFont, fontSize, nil, nil))
    }

    /// The face's family name ("DejaVu Sans").
    open var familyName: String { CTFontCopyFamilyName(ctFont) }
    /// The face's PostScript name ("DejaVuSans-Bold").
    open var fontName: String { CTFontCopyPostScriptName(ctFont) }
    /// The size in points.
    open var pointSize: CGFloat { CTFontGetSize(ctFont) }
    /// The top of the tallest glyphs above the baseline, in points.
    open var ascender: CGFloat { CTFontGetAscent(ctFont) }
    /// The bottom of the lowest glyphs relative to the baseline, in points: negative below it,
    /// as UIKit reports it.
    open var descender: CGFloat { -CTFontGetDescent(ctFont) }
    /// The extra space between lines, in points.
    open var leading: CGFloat { CTFontGetLeading(ctFont) }
    /// The distance between baselines of consecutive lines: ascender − descender + leading.
    open var lineHeight: CGFloat { ascender - descender + leading }
}

extension UIFont {
    /// The weight of a font, from −1 (lightest) to 1 (heaviest), with UIKit's values.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The weight's value.
        public let rawValue: CGFloat
        /// A weight of the given value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A weight of the given value.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// Ultra-light: −0.8.
        public static let ultraLight = Weight(-0.8)
        /// Thin: −0.6.
        public static let thin = Weight(-0.6)
        /// Light: −0.4.
        public static let light = Weight(-0.4)
        /// Regular: 0.
        public static let regular = Weight(0)
        /// Medium: 0.23.
        public static let medium = Weight(0.23)
        /// Semibold: 0.3.
        public static let semibold = Weight(0.3)
        /// Bold: 0.4.
        public static let bold = Weight(0.4)
        /// Heavy: 0.56.
        public static let heavy = Weight(0.56)
        /// Black: 0.62.
        public static let black = Weight(0.62)
    }
}
