import Foundation
import Raster
import Codecs

extension CGImage {
    /// Decodes a PNG (every colour type, bit depth and interlacing), within the default limits
    /// on its size (at most 100 million pixels). OpenQuartzCore extension.
    public convenience init(pngData: [UInt8]) throws {
        try self.init(pngData: pngData, limits: .default)
    }

    /// Decodes a PNG within `limits` (see `PNG.decode`).
    package convenience init(pngData: [UInt8], limits: PNGLimits) throws {
        let surface = try PNG.decode(pngData, limits: limits)
        guard surface.width > 0, surface.height > 0 else { throw PNGError("PNG: image has no pixels") }
        self.init(surface: surface)!
    }

    /// The image as PNG bytes (RGBA, 8 bits per channel, un-premultiplied).
    public func pngData() -> [UInt8] { PNG.encode(surface) }

    /// Writes the PNG atomically: a temporary file in the same folder, renamed over the
    /// destination only once it is complete, so a reader never sees half a file.
    public func writePNG(toFile path: String) throws {
        let url = URL(fileURLWithPath: path)
        try Data(pngData()).write(to: url, options: .atomic)
    }
}
