import Foundation

extension UIFont {
    /// A Dynamic Type text style: a semantic font size and weight.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The style's name, as UIKit spells it.
        public let rawValue: String
        /// A text style by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Large titles: 34 points.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// First-level titles: 28 points.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// Second-level titles: 22 points.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// Third-level titles: 20 points.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// Headings: 17 points, semibold.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// Subheadings: 15 points.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// Body text: 17 points.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// Callouts: 16 points.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// Footnotes: 13 points.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// Standard captions: 12 points.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// Alternate captions: 11 points.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The point size at UIKit's default content size (Large), and whether the style is
        /// semibold; an unknown style is body text.
        var metrics: (size: CGFloat, semibold: Bool) {
            switch self {
            case .largeTitle: return (34, false)
            case .title1: return (28, false)
            case .title2: return (22, false)
            case .title3: return (20, false)
            case .headline: return (17, true)
            case .subheadline: return (15, false)
            case .callout: return (16, false)
            case .footnote: return (13, false)
            case .caption1: return (12, false)
            case .caption2: return (11, false)
            default: return (17, false)
            }
        }
    }

    /// The system font for `style` at UIKit's default content size (Large): there is no user
    /// setting to scale it by here.
    public class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        let m = style.metrics
        return systemFont(ofSize: m.size, weight: m.semibold ? .semibold : .regular)
    }
}
