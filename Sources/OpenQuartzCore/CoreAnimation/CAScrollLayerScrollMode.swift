/// The axes a scroll layer may scroll along (`CAScrollLayer.scrollMode`, `kCAScroll*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass
/// through (and scroll along no axis).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the mode, as Core Animation spells it.
    public let rawValue: String
    /// The mode with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The mode with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// The layer does not scroll.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// The layer scrolls along the y axis only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// The layer scrolls along the x axis only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// The layer scrolls along both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}
