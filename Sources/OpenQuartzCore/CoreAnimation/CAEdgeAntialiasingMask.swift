/// Which edges of a layer are antialiased when `allowsEdgeAntialiasing` is on (`kCALayer*Edge`).
/// "Bottom" is the min-Y edge and "top" the max-Y edge, whatever the platform's y direction.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The edges as bits.
    public let rawValue: UInt32
    /// Edges from bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The edge at the minimum x.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The edge at the maximum x.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The edge at the minimum y (Core Animation's name, from macOS's y-up coordinates).
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The edge at the maximum y.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}
