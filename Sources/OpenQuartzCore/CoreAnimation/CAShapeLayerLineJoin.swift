/// The line join of a shape layer's stroke (`kCALineJoin*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the line join, as Core Animation spells it.
    public let rawValue: String
    /// The line join with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The line join with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// Outer edges extended to a point, beveled past `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A circular arc around the joint.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// The outer corners cut straight across.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
