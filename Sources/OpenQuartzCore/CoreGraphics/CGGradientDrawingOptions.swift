/// Whether a gradient's end colours continue beyond its start and end, as Core Graphics
/// declares it.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt32
    /// An option set from its raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Paint the start colour before the start location (the start point or circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Paint the end colour after the end location.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
