/// The line cap of a shape layer's stroke (`kCALineCap*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the line cap, as Core Animation spells it.
    public let rawValue: String
    /// The line cap with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The line cap with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// The stroke ends square at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// The stroke ends in a half circle around the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// The stroke ends in a half square beyond the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}
