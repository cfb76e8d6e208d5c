/// Where a text layer truncates text that does not fit (`kCATruncation*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the truncation mode, as Core Animation spells it.
    public let rawValue: String
    /// The truncation mode with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The truncation mode with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// Text that does not fit is cut off, with no ellipsis (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// The start of the line is replaced by an ellipsis.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// The end of the line is replaced by an ellipsis.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// The middle of the line is replaced by an ellipsis.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}
