import CRasterKernels

/// A rectangle of premultiplied RGBA pixels, 8 bits per channel, rows top to bottom.
///
/// Byte order in memory is R, G, B, A, so a pixel read as a little-endian `UInt32`
/// is `0xAABBGGRR`. Values are gamma-encoded sRGB: Core Animation blends in that
/// space, not in linear light, and so do we.
///
/// A surface may stand for a window onto a larger canvas: `origin` is the device
/// position of its top-left pixel, so offscreen work allocates only the visible part.
package final class Surface: @unchecked Sendable {
    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int
    // The origin is read for every operation drawn and moved only by the surface's owner, so
    // it skips the run-time exclusivity check.
    /// Device coordinates of pixel (0, 0).
    @exclusivity(unchecked) package var originX: Int
    /// See `originX`.
    @exclusivity(unchecked) package var originY: Int
    /// Pixels per row (equals `width`; kept explicit for views and codecs).
    package let stride: Int
    /// The pixels, `stride` per row, rows top to bottom.
    package let pixels: UnsafeMutablePointer<UInt32>
    /// The surface whose pixels a band view draws into (kept alive by the view); nil when the
    /// surface owns its pixels.
    private let owner: Surface?
    /// False for a surface over memory someone else allocated (`init(wrapping:)`).
    private let ownsPixels: Bool

    /// A transparent surface.
    package init(width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        precondition(width >= 0 && height >= 0, "Surface size must not be negative")
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        self.stride = width
        let count = max(width * height, 1)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
        owner = nil
        ownsPixels = true
    }

    /// A surface over pixels the caller allocated and keeps alive for the surface's lifetime
    /// (a bitmap context drawing into its caller's buffer in place): `width × height` pixels,
    /// rows packed. The memory is neither cleared nor freed.
    package init(wrapping pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "Surface size must not be negative")
        self.width = width
        self.height = height
        originX = 0
        originY = 0
        stride = width
        self.pixels = pixels
        owner = nil
        ownsPixels = false
    }

    /// Rows [y0, y1) of `surface` as a surface of their own, sharing its pixels: threads draw
    /// bands of one canvas in place, with nothing to allocate or copy back.
    package init(rowsOf surface: Surface, _ y0: Int, _ y1: Int) {
        precondition(0 <= y0 && y0 <= y1 && y1 <= surface.height, "Band outside the surface")
        width = surface.width
        height = y1 - y0
        originX = surface.originX
        originY = surface.originY + y0
        stride = surface.stride
        pixels = surface.pixels + y0 * surface.stride
        owner = surface
        ownsPixels = false
    }

    deinit { if ownsPixels { pixels.deallocate() } }

    /// The pixel at (x, y), which must be inside the surface.
    @inline(__always)
    package func pixel(x: Int, y: Int) -> UInt32 { pixels[y * stride + x] }

    /// Sets the pixel at (x, y), which must be inside the surface.
    @inline(__always)
    package func setPixel(x: Int, y: Int, _ value: UInt32) { pixels[y * stride + x] = value }

    /// Fills every pixel with one premultiplied value.
    package func clear(_ value: UInt32 = 0) {
        rk_fill(pixels, width * height, value)
    }

    /// A deep copy.
    package func copy() -> Surface {
        let s = Surface(width: width, height: height, originX: originX, originY: originY)
        s.pixels.update(from: pixels, count: width * height)
        return s
    }
}
