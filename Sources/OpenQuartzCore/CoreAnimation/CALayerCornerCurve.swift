/// The outline of rounded corners (`kCACornerCurve*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the corner curve, as Core Animation spells it.
    public let rawValue: String
    /// The corner curve with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The corner curve with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// Quarter circles (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// A curve with continuous curvature into the straight edges, as iOS draws app icons.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")

    /// How far along each edge a continuous corner of radius 1 reaches (PaintCode's
    /// measurement of iOS 7's corner, which `cornerCurveExpansionFactor(_:)` answers).
    package static let continuousReach = 1.52866483
}
