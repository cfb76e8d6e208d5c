/// Where a bitmap keeps alpha and whether colour is premultiplied by it, with Core Graphics'
/// raw values (the low five bits of a `CGBitmapInfo`).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha.
    case none = 0
    /// Premultiplied alpha in the last byte of each pixel (RGBA).
    case premultipliedLast = 1
    /// Premultiplied alpha in the first byte of each pixel (ARGB).
    case premultipliedFirst = 2
    /// Straight alpha in the last byte.
    case last = 3
    /// Straight alpha in the first byte.
    case first = 4
    /// No alpha; the last byte of each pixel is ignored (RGBX).
    case noneSkipLast = 5
    /// No alpha; the first byte of each pixel is ignored (XRGB).
    case noneSkipFirst = 6
    /// Alpha only, no colour.
    case alphaOnly = 7
}
