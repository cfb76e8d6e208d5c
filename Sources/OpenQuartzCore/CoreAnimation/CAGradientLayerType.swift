/// The shape of a gradient layer's gradient (`kCAGradientLayer*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the gradient type, as Core Animation spells it.
    public let rawValue: String
    /// The gradient type with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The gradient type with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// A linear gradient from `startPoint` to `endPoint` (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// A radial gradient centred on `startPoint`, reaching the last colour where `endPoint` is
    /// (an ellipse scaled by the bounds).
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// A conic gradient around `startPoint`, starting in the direction of `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
