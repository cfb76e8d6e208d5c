/// The shape particles are emitted from (`CAEmitterLayer.emitterShape`, `kCAEmitterLayer*`); CAEmitterLayer.h.
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name, as Core Animation spells it.
    public let rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The value with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// A point at `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A line along x, `emitterSize.width` long, centred at `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize`, centred at `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth`, centred at `emitterPosition` and `emitterZPosition`.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of diameter `emitterSize.width`, centred at `emitterPosition`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of diameter `emitterSize.width`, centred at `emitterPosition` and `emitterZPosition`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}
