import Raster

/// PNG reading and writing.
///
/// Decoding accepts every image the PNG standard (ISO/IEC 15948) allows: colour
/// types 0, 2, 3, 4 and 6 at all their bit depths, palettes with tRNS, tRNS
/// colour keys, Adam7 interlacing and image data split over many IDAT chunks.
/// gAMA, cHRM, iCCP and sRGB are ignored (samples are used as stored, as sRGB);
/// other unknown ancillary chunks (tEXt, pHYs, ...) are skipped, and unknown critical
/// chunks are refused. Of an animated PNG, the default image (IDAT) is decoded: the first
/// frame when it is part of the animation, as encoders write it (ours included), so layer
/// `contents` show the first frame; `APNGDecoder` reads every frame.
///
/// Hostile input fails with a `PNGError` naming the problem; allocation is
/// bounded by `PNGLimits`, checked right after the header is read. Every chunk's
/// CRC is checked and a file must end with IEND. Inflation stops once the data
/// the header implies is complete, so compressed data beyond it is never
/// expanded; too little data is an error. Palette indices past the end of the
/// palette (invalid, but seen in the wild) decode as opaque black.
package enum PNG {
    /// Decodes to a premultiplied RGBA8 surface. 16-bit samples are first reduced
    /// to 8 bits (see `DecodedPNG.rgba8`), then each colour is premultiplied as
    /// (c·a + 127) / 255.
    package static func decode(_ data: [UInt8], limits: PNGLimits = .default) throws(PNGError) -> Surface {
        try data.withUnsafeBufferPointer { (bytes) throws(PNGError) -> Surface in
            let decoder = try PNGDecoder(bytes, limits: limits)
            let surface = Surface(width: decoder.header.width, height: decoder.header.height)
            try decoder.reconstruct(into: surface.pixels, wide: nil)
            Premultiply.premultiply(surface.pixels, count: surface.width * surface.height)
            return surface
        }
    }

    /// Decodes to straight (not premultiplied) RGBA, keeping 16-bit samples when
    /// the file has them.
    package static func decodeImage(_ data: [UInt8], limits: PNGLimits = .default) throws(PNGError) -> DecodedPNG {
        try data.withUnsafeBufferPointer { (bytes) throws(PNGError) -> DecodedPNG in
            let decoder = try PNGDecoder(bytes, limits: limits)
            let h = decoder.header
            let count = h.width * h.height
            var rgba8 = [UInt8](repeating: 0, count: count * 4)
            var rgba16: [UInt16]? = h.bitDepth == 16 ? [UInt16](repeating: 0, count: count * 4) : nil
            try rgba8.withUnsafeMutableBufferPointer { (bytes8) throws(PNGError) in
                // count ≥ 1 (the header rejects zero sizes), so the buffers have storage.
                guard let base8 = bytes8.baseAddress else { return }
                try base8.withMemoryRebound(to: UInt32.self, capacity: count) { (dst) throws(PNGError) in
                    if rgba16 != nil {
                        try rgba16?.withUnsafeMutableBufferPointer { (wide) throws(PNGError) in
                            try decoder.reconstruct(into: dst, wide: wide.baseAddress)
                        }
                    } else {
                        try decoder.reconstruct(into: dst, wide: nil)
                    }
                }
            }
            return DecodedPNG(width: h.width, height: h.height, bitDepth: h.bitDepth == 16 ? 16 : 8,
                              rgba8: rgba8, rgba16: rgba16)
        }
    }

    /// Encodes a premultiplied surface as 8-bit RGBA, un-premultiplying each
    /// pixel as (c·255 + a/2) / a. Requires a non-empty surface.
    package static func encode(_ surface: Surface) -> [UInt8] {
        PNGEncoder.encode(width: surface.width, height: surface.height) { y, row in
            let src = surface.pixels + y * surface.stride
            let out = UnsafeMutableRawPointer(row).bindMemory(to: UInt32.self, capacity: surface.width)
            for x in 0..<surface.width { out[x] = Premultiply.unpremultiply(src[x]).littleEndian }
        }
    }

    /// Encodes straight RGBA8 bytes (4 per pixel, rows top to bottom).
    /// Requires width, height ≥ 1 and `rgba.count == width × height × 4`.
    package static func encode(rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4,
                     "PNG.encode: rgba must hold width × height × 4 bytes")
        return rgba.withUnsafeBufferPointer { src in
            PNGEncoder.encode(width: width, height: height) { y, row in
                row.update(from: src.baseAddress! + y * width * 4, count: width * 4)
            }
        }
    }
}
