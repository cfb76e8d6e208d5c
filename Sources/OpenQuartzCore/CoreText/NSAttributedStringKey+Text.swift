import Foundation

/// The attribute names text layers and Core Text lines read from an attributed string.
///
/// OpenQuartzCore extension: on iOS UIKit declares `.font`, `.foregroundColor`, `.kern` and
/// `.paragraphStyle` (with the same raw values); they are here so that attributed strings written
/// for iOS compile once UIKit is replaced. The values they take here: a `CTFont` (or a `CGFont`
/// or font name, at the layer's size) for `.font`, a `CGColor` for `.foregroundColor`, a number
/// of points for `.kern`, an `NSParagraphStyle` for `.paragraphStyle`.
extension NSAttributedString.Key {
    /// The font of the run: a `CTFont`, a `CGFont` or a font name. Default: the layer's font
    /// (Helvetica on Apple's platforms, 12 points for a Core Text line).
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour of the run's glyphs, a `CGColor`. Default: the layer's `foregroundColor`
    /// (black for a Core Text line).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Points added after each character of the run (negative tightens). Default 0.
    public static let kern = NSAttributedString.Key("NSKern")
    /// The paragraph's alignment and line breaking, an `NSParagraphStyle`; the first character
    /// of a paragraph decides. Default: the layer's `alignmentMode` and wrapping.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// Core Text's name for the font attribute (`NSAttributedString.Key.font`'s raw value).
public let kCTFontAttributeName: CFString = "NSFont"
/// Core Text's name for the glyph colour attribute, a `CGColor`.
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
/// Core Text's name for the kerning attribute (`NSAttributedString.Key.kern`'s raw value).
public let kCTKernAttributeName: CFString = "NSKern"
/// Core Text's name for the paragraph style attribute (`.paragraphStyle`'s raw value).
public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"
