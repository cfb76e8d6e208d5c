import Foundation
import Raster

/// An immutable bitmap: sRGB, 8 bits per component, alpha premultiplied, stored as a
/// `Raster.Surface` (R, G, B, A in memory).
///
/// The initialisers are OpenQuartzCore's, not Apple's (Apple builds images from data providers
/// and bitmap contexts). PNG decoding and encoding live with the Codecs module.
public final class CGImage: Sendable, CustomStringConvertible {
    /// The pixels. Treat as read-only: an image never changes after creation, which is what
    /// lets the renderer share and cache it across threads. Package access: Raster's types are
    /// not part of the public API (`premultipliedRGBA` gives the bytes).
    package let surface: Surface
    /// The pixels ready for sampling; its mip chain is built on first trilinear use and then
    /// shared by every layer that shows this image.
    let texture: Texture

    /// The width in pixels.
    public var width: Int { surface.width }
    /// The height in pixels.
    public var height: Int { surface.height }
    /// Bits per colour component: always 8 (premultiplied RGBA, 8 bits a channel).
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: always 32.
    public var bitsPerPixel: Int { 32 }
    /// Bytes from one row of pixels to the next.
    public var bytesPerRow: Int { surface.stride * 4 }

    /// Largest accepted width or height, and pixel count; beyond these the initialisers
    /// return nil rather than attempt the allocation.
    public static let maximumDimension = 1 << 15
    /// See `maximumDimension`: the largest pixel count.
    public static let maximumPixelCount = 1 << 28

    /// Wraps an existing surface (not copied: the caller hands it over and must not change it).
    /// Returns nil for an empty surface. Package access, as `surface`.
    package init?(surface: Surface) {
        guard surface.width > 0, surface.height > 0 else { return nil }
        self.surface = surface
        texture = Texture(surface)
    }

    /// An image from premultiplied RGBA bytes, rows top to bottom, `width * 4` bytes per row.
    /// Returns nil when a dimension is not positive or too large, or when the byte count is not
    /// `width * height * 4`. A colour byte above its alpha (impossible when premultiplied) is
    /// clamped to the alpha, so the pixels are always valid.
    public convenience init?(width: Int, height: Int, premultipliedRGBA bytes: [UInt8]) {
        self.init(width: width, height: height, bytes: bytes, premultiply: false)
    }

    /// An image from straight (not premultiplied) RGBA bytes, premultiplied on the way in
    /// with rounding to nearest. Nil under the same conditions as `init(width:height:premultipliedRGBA:)`.
    public convenience init?(width: Int, height: Int, rgba bytes: [UInt8]) {
        self.init(width: width, height: height, bytes: bytes, premultiply: true)
    }

    private init?(width: Int, height: Int, bytes: [UInt8], premultiply: Bool) {
        guard width > 0, height > 0,
              width <= CGImage.maximumDimension, height <= CGImage.maximumDimension,
              width * height <= CGImage.maximumPixelCount,
              bytes.count == width * height * 4 else { return nil }
        let s = bytes.withUnsafeBufferPointer { Surface(width: width, height: height, rgba: $0, premultiply: premultiply) }
        self.surface = s
        texture = Texture(s)
    }

    /// `round(x * a / 255)` for bytes, exactly, without division (Raster's `mul255`, which
    /// premultiplies the pixels).
    @inline(__always)
    package static func mulDiv255(_ x: UInt32, _ a: UInt32) -> UInt32 { mul255(x, a) }

    /// The premultiplied RGBA bytes, rows top to bottom, tightly packed. OpenQuartzCore
    /// extension; Apple reaches them through `dataProvider`.
    public var premultipliedRGBA: [UInt8] {
        let count = width * height
        return [UInt8](unsafeUninitializedCapacity: count * 4) { buf, n in
            for y in 0..<height {
                let row = surface.pixels + y * surface.stride
                for x in 0..<width {
                    let p = row[x], o = 4 * (y * width + x)
                    buf[o] = UInt8(truncatingIfNeeded: p)
                    buf[o + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    buf[o + 2] = UInt8(truncatingIfNeeded: p >> 16)
                    buf[o + 3] = UInt8(truncatingIfNeeded: p >> 24)
                }
            }
            n = count * 4
        }
    }

    /// The part of the image inside `rect` (pixel units, integral-rounded outwards and clipped
    /// to the image), as Apple's `cropping(to:)`. Nil when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
        let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
        let s = Surface(width: w, height: h)
        for y in 0..<h {
            (s.pixels + y * s.stride).update(from: surface.pixels + (y0 + y) * surface.stride + x0, count: w)
        }
        return CGImage(surface: s)
    }

    /// The size, for debugging.
    public var description: String { "CGImage(\(width)×\(height))" }
}
