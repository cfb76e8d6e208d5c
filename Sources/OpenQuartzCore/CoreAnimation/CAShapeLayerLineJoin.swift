/// The line join of a shape layer's stroke (`kCALineJoin*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
