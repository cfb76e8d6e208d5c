import Foundation

/// The paragraph attributes of an attributed string (`.paragraphStyle`) that Core Text's line
/// layout honours here: alignment and line breaking. Other attributes of Apple's class (spacing,
/// indents, tab stops) are not modelled.
///
/// OpenQuartzCore extension: UIKit declares it on iOS (see `NSTextAlignment`).
open class NSParagraphStyle: NSObject, @unchecked Sendable {
    /// The style of a paragraph without one: natural alignment, word wrapping.
    public static let `default` = NSParagraphStyle()

    /// How the paragraph's lines are aligned. Default `.natural` (left, for left-to-right text).
    open var alignment: NSTextAlignment { storedAlignment }
    /// How the paragraph's lines are broken. Default `.byWordWrapping`.
    open var lineBreakMode: NSLineBreakMode { storedLineBreakMode }

    var storedAlignment: NSTextAlignment = .natural
    var storedLineBreakMode: NSLineBreakMode = .byWordWrapping

    /// A style with the defaults.
    public override init() { super.init() }
}

/// A paragraph style whose attributes can be set.
///
/// OpenQuartzCore extension: UIKit declares it on iOS (see `NSTextAlignment`).
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// How the paragraph's lines are aligned. Default `.natural`.
    open override var alignment: NSTextAlignment {
        get { storedAlignment }
        set { storedAlignment = newValue }
    }
    /// How the paragraph's lines are broken. Default `.byWordWrapping`.
    open override var lineBreakMode: NSLineBreakMode {
        get { storedLineBreakMode }
        set { storedLineBreakMode = newValue }
    }

    /// A style with the defaults.
    public override init() { super.init() }
}
