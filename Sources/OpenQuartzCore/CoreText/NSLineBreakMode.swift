/// How a paragraph's lines are broken or truncated, as `NSParagraphStyle.lineBreakMode` gives
/// it (raw values are Apple's).
///
/// OpenQuartzCore extension: UIKit declares it on iOS (see `NSTextAlignment`).
public enum NSLineBreakMode: Int, Sendable {
    /// Breaks at word boundaries (the default).
    case byWordWrapping = 0
    /// Breaks between characters.
    case byCharWrapping = 1
    /// One line per paragraph, cut at the edge.
    case byClipping = 2
    /// One line per paragraph, "…" at the start when it does not fit.
    case byTruncatingHead = 3
    /// One line per paragraph, "…" at the end when it does not fit.
    case byTruncatingTail = 4
    /// One line per paragraph, "…" in the middle when it does not fit.
    case byTruncatingMiddle = 5
}
