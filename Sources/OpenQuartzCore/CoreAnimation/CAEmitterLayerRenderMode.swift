/// How particles are composited into the layer (`CAEmitterLayer.renderMode`); CAEmitterLayer.h: the first four use source-over, `additive` adds.
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name, as Core Animation spells it.
    public let rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The value with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// Cell by cell in `emitterCells` order, each cell's particles oldest first (the default; docs/particles.md).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest particle drawn first (at the back).
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The oldest particle drawn last (in front).
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Sorted by z, the farthest first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// In the unordered order, added to what is below (plus-lighter).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
