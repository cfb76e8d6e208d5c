/// How a paragraph's lines are aligned, as `NSParagraphStyle.alignment` gives it (raw values
/// are iOS's).
///
/// OpenQuartzCore extension: UIKit (AppKit on macOS) declares it on Apple's platforms; it is
/// here so that attributed strings written for iOS compile once UIKit is replaced.
public enum NSTextAlignment: Int, Sendable {
    /// Lines start at the left edge.
    case left = 0
    /// Lines are centred.
    case center = 1
    /// Lines end at the right edge.
    case right = 2
    /// Every line but the last is stretched to the full width.
    case justified = 3
    /// The script's natural alignment: left for left-to-right text.
    case natural = 4
}
