/// The storage format of a layer's backing store (`contentsFormat`), as Apple's Swift overlay
/// spells it: a string-backed struct, so unknown raw values pass through.
///
/// OpenQuartzCore draws every backing store as 8-bit premultiplied RGBA, whichever format is
/// asked for (docs/limits.md): the hint is kept, archived and copied, and changes no pixel.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The format's name, as Core Animation spells it (`kCAContentsFormat…`).
    public let rawValue: String
    /// The format with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The format with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// Four 8-bit unsigned channels: red, green, blue, alpha (the default).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Four 16-bit half-float channels, for extended range and precision.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit unsigned grey channel.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}
