/// Reads every frame of an animated PNG (APNG 1.0), composited as a player shows it: the
/// canvas starts transparent, each frame's rectangle is written with its blend op (source, or
/// over in straight alpha), and its dispose op (none, background, previous) is applied before
/// the next frame. A file without acTL is one frame.
///
/// Each frame's data is decoded as a PNG of its own (the file's IHDR with the frame's size,
/// its PLTE and tRNS, the frame's IDAT or fdAT data), so every colour type, bit depth and
/// interlacing the still decoder reads is read here too, under the same limits. Hostile input
/// fails with a `PNGError`: sequence numbers out of order, rectangles outside the canvas, a
/// frame count that disagrees with acTL or is over `maxFrames`, frames × canvas pixels over
/// `PNGLimits.maxPixels` (the frames are all kept).
package enum APNGDecoder {
    /// One frame as shown: the whole canvas, straight RGBA8, and how long it stays.
    package struct Frame: Equatable, Sendable {
        package var rgba8: [UInt8]
        package var delayNumerator: UInt16
        package var delayDenominator: UInt16
    }

    /// An animation: its canvas, loop count (0: for ever) and frames.
    package struct Animation: Equatable, Sendable {
        package var width: Int
        package var height: Int
        package var loopCount: UInt32
        package var frames: [Frame]
    }

    /// The most frames a file may have unless the caller allows more.
    package static let defaultMaxFrames = 10_000

    package static func decode(_ data: [UInt8], limits: PNGLimits = .default,
                               maxFrames: Int = defaultMaxFrames) throws(PNGError) -> Animation {
        let parts = try data.withUnsafeBufferPointer { (bytes) throws(PNGError) -> APNGParts in
            try APNGParts(bytes, limits: limits, maxFrames: maxFrames)
        }
        let w = parts.width, h = parts.height
        guard !parts.frames.isEmpty else {
            // A still PNG: its image is its one frame.
            let still = try PNG.decodeImage(data, limits: limits)
            return Animation(width: w, height: h, loopCount: 0,
                             frames: [Frame(rgba8: still.rgba8, delayNumerator: 0, delayDenominator: 0)])
        }
        var canvas = [UInt32](repeating: 0, count: w * h)
        var frames: [Frame] = []
        for (index, f) in parts.frames.enumerated() {
            let image = try PNG.decodeImage(parts.standalone(f), limits: limits)
            let saved = f.dispose == 2 && index > 0 ? canvas : nil
            for y in 0..<f.height {
                for x in 0..<f.width {
                    let o = 4 * (y * f.width + x)
                    let p = UInt32(image.rgba8[o]) | UInt32(image.rgba8[o + 1]) << 8
                        | UInt32(image.rgba8[o + 2]) << 16 | UInt32(image.rgba8[o + 3]) << 24
                    let c = (f.y + y) * w + f.x + x
                    canvas[c] = f.blend == 0 ? p : over(p, canvas[c])
                }
            }
            frames.append(Frame(rgba8: bytes(canvas), delayNumerator: f.delayNumerator, delayDenominator: f.delayDenominator))
            if let saved {
                canvas = saved
            } else if f.dispose != 0 {
                // Background, or previous on the first frame (the APNG specification's rule).
                for y in f.y..<(f.y + f.height) { for x in f.x..<(f.x + f.width) { canvas[y * w + x] = 0 } }
            }
        }
        return Animation(width: w, height: h, loopCount: parts.loopCount, frames: frames)
    }

    /// `src` over `dst`, straight RGBA8, rounded to nearest: out alpha
    /// a = as + ad·(1 − as), colour (cs·as + cd·ad·(1 − as)) / a.
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let sa = src >> 24, da = dst >> 24
        // A transparent source leaves the destination as stored, colour included.
        if sa == 0 { return dst }
        if sa == 255 || da == 0 { return src }
        let dw = da * (255 - sa)                    // destination weight ×255
        let a255 = sa * 255 + dw                    // out alpha ×255
        var out = (a255 + 127) / 255 << 24
        for shift: UInt32 in [0, 8, 16] {
            let cs = src >> shift & 0xFF, cd = dst >> shift & 0xFF
            out |= ((cs * sa * 255 + cd * dw) + a255 / 2) / a255 << shift
        }
        return out
    }

    static func bytes(_ pixels: [UInt32]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count * 4)
        for (i, p) in pixels.enumerated() {
            out[4 * i] = UInt8(p & 0xFF)
            out[4 * i + 1] = UInt8(p >> 8 & 0xFF)
            out[4 * i + 2] = UInt8(p >> 16 & 0xFF)
            out[4 * i + 3] = UInt8(p >> 24)
        }
        return out
    }
}
