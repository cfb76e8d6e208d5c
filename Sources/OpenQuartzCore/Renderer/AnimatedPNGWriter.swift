import Foundation
import Raster
import Codecs

/// OpenQuartzCore extension: writes images as the frames of an animated PNG (APNG), which
/// browsers play and other viewers show as its first frame.
///
/// ```swift
/// var writer = AnimatedPNGWriter(width: renderer.pixelWidth, height: renderer.pixelHeight)!
/// let rate = FrameRate(framesPerSecond: 30)!
/// for frame in renderer.frames(for: root, from: 0, rate: rate, range: 0..<60) {
///     try writer.append(frame.image, delay: rate.frameDelay)
/// }
/// try Data(writer.finish()!).write(to: URL(fileURLWithPath: "spin.png"))
/// ```
///
/// Only the previous frame is kept. Each frame is stored as the rectangle that changed since
/// the one before, with the dispose and blend operations that make it smallest; the pixels a
/// decoder shows are the appended images' exactly (un-premultiplied as `pngData()` does).
public struct AnimatedPNGWriter {
    /// Why a frame could not be appended: the image is not the writer's size.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The failure in one line, naming both sizes.
        public let description: String
    }

    private var encoder: APNGEncoder
    /// One frame, un-premultiplied.
    private var straight: [UInt32]

    /// A writer of frames of `width × height` pixels, played `loopCount` times (0, the
    /// default: for ever). Nil when a side is not positive or the canvas is larger than an
    /// image may be (`CGImage.maximumDimension`, `CGImage.maximumPixelCount`).
    public init?(width: Int, height: Int, loopCount: UInt32 = 0) {
        guard width > 0, height > 0, width <= CGImage.maximumDimension, height <= CGImage.maximumDimension,
              width * height <= CGImage.maximumPixelCount,
              let encoder = APNGEncoder(width: width, height: height, loopCount: loopCount) else { return nil }
        self.encoder = encoder
        straight = [UInt32](repeating: 0, count: width * height)
    }

    /// Frames appended so far.
    public var frameCount: Int { encoder.frameCount }

    /// Appends `image`, shown for `delay.numerator / delay.denominator` seconds (a
    /// denominator of 0 counts as 100, as in APNG). `FrameRate.frameDelay` gives the delay of
    /// a frame rate.
    public mutating func append(_ image: CGImage, delay: (numerator: UInt16, denominator: UInt16)) throws(Failure) {
        let w = encoder.width, h = encoder.height
        guard image.width == w, image.height == h else {
            throw Failure(description: "APNG: frame is \(image.width)x\(image.height) pixels, the animation \(w)x\(h)")
        }
        let s = image.surface
        straight.withUnsafeMutableBufferPointer { out in
            for y in 0..<h { Premultiply.unpremultiply(s.pixels + y * s.stride, into: out.baseAddress! + y * w, count: w) }
        }
        straight.withUnsafeBufferPointer { px in
            encoder.append(straight: px.baseAddress!, stride: w,
                           delayNumerator: delay.numerator, delayDenominator: delay.denominator)
        }
    }

    /// The file's bytes, once every frame is appended; nil when no frame was (an APNG has at
    /// least one).
    public mutating func finish() -> [UInt8]? { encoder.finish() }
}
