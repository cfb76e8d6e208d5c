import Foundation

/// Options for drawing and measuring strings (`boundingRect(with:options:attributes:context:)`,
/// `draw(with:options:attributes:context:)`).
public struct NSStringDrawingOptions: OptionSet, Sendable {
    /// The options as bits.
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lays the string out as lines in the rectangle (wrapped to its width), the rectangle's
    /// origin at the top left of the first line. Without it the string is one line and the
    /// origin is on its baseline.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Uses the fonts' leading between lines (the layout always does).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measures glyph extents rather than typographic bounds; accepted, the typographic
    /// bounds are measured.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncates the last line that fits with an ellipsis when the text does not fit.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}
