/// The fill rule of a shape layer (`kCAFillRule*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the fill rule, as Core Animation spells it.
    public let rawValue: String
    /// The fill rule with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The fill rule with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// A point is inside when the path winds around it a non-zero number of times (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}
