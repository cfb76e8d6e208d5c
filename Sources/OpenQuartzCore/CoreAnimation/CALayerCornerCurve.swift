/// The outline of rounded corners (`kCACornerCurve*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
