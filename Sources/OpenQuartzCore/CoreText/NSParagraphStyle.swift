import Foundation

/// The paragraph attributes of an attributed string (`.paragraphStyle`) that Core Text's line
/// layout honours here: alignment and line breaking. Other attributes of Apple's class (spacing,
/// indents, tab stops) are not modelled.
///
/// OpenQuartzCore extension: UIKit declares it on iOS (see `NSTextAlignment`), as an `NSObject`.
/// Here it is a plain class, equal only to itself: swift-corelibs-foundation stops the program
/// when it compares two attribute values that are `NSObject` subclasses defined in Swift (as
/// `NSAttributedString(attributedString:)` and `append(_:)` do for neighbouring runs), while it
/// compares other Swift values through `Hashable`.
open class NSParagraphStyle: Hashable, @unchecked Sendable {
    /// The style of a paragraph without one: natural alignment, word wrapping.
    public static let `default` = NSParagraphStyle()

    /// How the paragraph's lines are aligned. Default `.natural` (left, for left-to-right text).
    open var alignment: NSTextAlignment { storedAlignment }
    /// How the paragraph's lines are broken. Default `.byWordWrapping`.
    open var lineBreakMode: NSLineBreakMode { storedLineBreakMode }

    var storedAlignment: NSTextAlignment = .natural
    var storedLineBreakMode: NSLineBreakMode = .byWordWrapping

    /// A style with the defaults.
    public init() {}

    /// Identity: a style is equal only to itself (as `NSObject` equality is by default).
    public static func == (a: NSParagraphStyle, b: NSParagraphStyle) -> Bool { a === b }

    /// Hashes the object's identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
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
