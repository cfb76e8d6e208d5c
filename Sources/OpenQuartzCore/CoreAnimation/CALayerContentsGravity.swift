/// How a layer places its `contents` image in its bounds (`kCAGravity*`). "top"/"bottom" mean max-Y/min-Y, as in Apple's headers.
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the contents gravity, as Core Animation spells it.
    public let rawValue: String
    /// The contents gravity with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The contents gravity with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// The contents at its natural size, centred.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// At natural size, centred at the top edge.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// At natural size, centred at the bottom edge.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// At natural size, centred at the left edge.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// At natural size, centred at the right edge.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// At natural size, in the top-left corner.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// At natural size, in the top-right corner.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// At natural size, in the bottom-left corner.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// At natural size, in the bottom-right corner.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled to fit the bounds, keeping its aspect ratio (letterboxed).
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled to fill the bounds, keeping its aspect ratio (cropped).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
