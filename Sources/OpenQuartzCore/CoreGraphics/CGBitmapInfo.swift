/// A bitmap's layout bits: its `CGImageAlphaInfo` (low five bits), float components and byte
/// order, as Core Graphics declares them. `CGContext(data:…bitmapInfo:)` takes the raw value,
/// usually `CGImageAlphaInfo.premultipliedLast.rawValue` or, for BGRA,
/// `CGBitmapInfo.byteOrder32Little.rawValue | CGImageAlphaInfo.premultipliedFirst.rawValue`.
public struct CGBitmapInfo: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Bitmap info from its raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that describe floating-point components.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating point (not supported by OpenQuartzCore's contexts).
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold a `CGImageByteOrderInfo`.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The format's natural byte order.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian pixels.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 0x1000)
    /// 32-bit little-endian pixels.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 0x2000)
    /// 16-bit big-endian pixels.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 0x3000)
    /// 32-bit big-endian pixels.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 0x4000)
}
