/// The byte order of a bitmap's pixels, with Core Graphics' raw values (bits 12–14 of a
/// `CGBitmapInfo`).
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The bits that hold the byte order.
    case orderMask = 0x7000
    /// The format's natural order (big-endian components as listed: RGBA is R first).
    case orderDefault = 0
    /// 16-bit little-endian pixels.
    case order16Little = 0x1000
    /// 32-bit little-endian pixels: `premultipliedFirst` is B, G, R, A in memory.
    case order32Little = 0x2000
    /// 16-bit big-endian pixels.
    case order16Big = 0x3000
    /// 32-bit big-endian pixels (as the default order).
    case order32Big = 0x4000
}
