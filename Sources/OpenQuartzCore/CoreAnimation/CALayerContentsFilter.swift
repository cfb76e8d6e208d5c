/// The filter used to resample `contents` (`kCAFilter*`).
/// Spelt as Apple's Swift overlay spells it: a string-backed struct, so unknown raw values pass through.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the filter, as Core Animation spells it.
    public let rawValue: String
    /// The filter with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The filter with this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name (`rawValue`).
    public var description: String { rawValue }

    /// The nearest pixel, with no interpolation.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear interpolation between the four nearest pixels (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Bilinear interpolation between two mipmap levels, for smooth minification.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}
