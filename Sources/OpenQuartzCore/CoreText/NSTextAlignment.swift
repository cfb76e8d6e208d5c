/// How a paragraph's lines are aligned, as `NSParagraphStyle.alignment` gives it (raw values
/// are iOS's).
///
/// OpenQuartzCore extension: UIKit (AppKit on macOS) declares it on Apple's platforms; it is
/// here so that attributed strings written for iOS compile once UIKit is replaced.
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}
