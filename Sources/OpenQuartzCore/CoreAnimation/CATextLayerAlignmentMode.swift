/// Horizontal alignment of a text layer's lines (`kCAAlignment*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the alignment mode, as Core Animation spells it.
    public let rawValue: String
    /// The alignment mode with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The alignment mode with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// The script's natural alignment: left for left-to-right text (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines start at the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines end at the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines are centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Every line but the last is stretched to the full width.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
