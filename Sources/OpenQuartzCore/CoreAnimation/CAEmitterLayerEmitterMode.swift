/// Where on the emitter shape particles are born (`CAEmitterLayer.emitterMode`); CAEmitterLayer.h.
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name, as Core Animation spells it.
    public let rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The value with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// At the shape's points: its corners or ends (a circle's or sphere's centre).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// On the shape's outline.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// On the shape's surface (for flat shapes, their area).
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Anywhere inside the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}
