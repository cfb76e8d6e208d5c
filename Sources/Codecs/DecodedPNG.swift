/// A decoded PNG in straight (not premultiplied) RGBA, for callers that need the
/// exact stored values rather than a compositing surface.
package struct DecodedPNG: Sendable, Equatable {
    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int
    /// 16 when the file stores 16-bit samples, otherwise 8 (1, 2 and 4-bit
    /// samples are scaled up to 8 bits exactly: v × 255 / (2^depth − 1)).
    package let bitDepth: Int
    /// Straight RGBA, 4 bytes per pixel, rows top to bottom.
    /// 16-bit samples are reduced with correct rounding: round(v × 255 / 65535),
    /// computed as (v + 128) / 257.
    package let rgba8: [UInt8]
    /// Straight RGBA with 16-bit samples (4 per pixel), present only when
    /// `bitDepth == 16`. Alpha from a tRNS colour key is 0 or 65535.
    package let rgba16: [UInt16]?
}
