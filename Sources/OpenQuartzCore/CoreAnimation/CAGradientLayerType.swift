/// The shape of a gradient layer's gradient (`kCAGradientLayer*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
