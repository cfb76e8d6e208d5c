import Foundation
import Testing
import Codecs
import TestSupport

/// The APNG writer, read back by Pillow (an independent decoder): every frame's pixels, the
/// delays as exact fractions, the loop count; and the per-frame choice of rectangle, dispose
/// and blend ops, worked out by hand.
@Suite("APNG encoder")
struct APNGEncoderTests {
    static let w = 24, h = 16

    /// Straight RGBA8 as the encoder takes it: r | g << 8 | b << 16 | a << 24.
    static func pixel(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 { r | g << 8 | b << 16 | a << 24 }

    static func square(_ frame: inout [UInt32], x: Int, y: Int, side: Int, _ p: UInt32) {
        for j in y..<(y + side) { for i in x..<(x + side) { frame[j * w + i] = p } }
    }

    /// Six frames meant to take every path: a translucent gradient, an opaque square drawn on
    /// it, the same frame again, one translucent pixel changed, a clear canvas with a square,
    /// the square moved far away.
    static var frames: [[UInt32]] {
        var f0 = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { f0[y * w + x] = pixel(UInt32(x * 10), UInt32(y * 15), 90, UInt32((x * 11 + y * 7) % 256)) } }
        var f1 = f0
        square(&f1, x: 2, y: 2, side: 4, pixel(255, 0, 0, 255))
        let f2 = f1
        var f3 = f2
        f3[10 * w + 10] = pixel(1, 2, 3, 128)
        var f4 = [UInt32](repeating: 0, count: w * h)
        square(&f4, x: 18, y: 10, side: 3, pixel(0, 0, 255, 255))
        var f5 = [UInt32](repeating: 0, count: w * h)
        square(&f5, x: 1, y: 1, side: 3, pixel(0, 0, 255, 255))
        return [f0, f1, f2, f3, f4, f5]
    }

    static let delays: [(UInt16, UInt16)] = [(1, 30), (100, 2997), (0, 0), (65535, 1), (1, 1000), (7, 3)]

    static func encode(_ frames: [[UInt32]], loop: UInt32) throws -> [UInt8] {
        var e = try #require(APNGEncoder(width: w, height: h, loopCount: loop))
        for (i, f) in frames.enumerated() {
            f.withUnsafeBufferPointer { e.append(straight: $0.baseAddress!, stride: w, delayNumerator: delays[i].0, delayDenominator: delays[i].1) }
        }
        let file = e.finish()
        return try #require(file)
    }

    static func bytes(_ frame: [UInt32]) -> [UInt8] {
        frame.flatMap { p in [UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p >> 16 & 0xFF), UInt8(p >> 24)] }
    }

    @Test func pillowDecodesEveryFrameAndDelay() throws {
        let file = try Self.encode(Self.frames, loop: 3)
        let decoded = try PillowFrames(file: file)
        #expect(decoded.width == Self.w && decoded.height == Self.h)
        #expect(decoded.count == 6)
        #expect(decoded.loop == 3)
        #expect(decoded.delays == Self.delays.map { [Int($0.0), Int($0.1)] })
        // Pillow: num / den seconds, a denominator of 0 meaning 100 (APNG's rule).
        let ms = Self.delays.map { Double($0.0) / Double($0.1 == 0 ? 100 : $0.1) * 1000 }
        #expect(decoded.durations.count == 6)
        for (a, b) in zip(decoded.durations, ms) { #expect(abs(a - b) < 1e-9) }
        for (i, f) in Self.frames.enumerated() where i < decoded.pngs.count {
            #expect(try PNG.decodeImage(decoded.pngs[i]).rgba8 == Self.bytes(f), "frame \(i)")
        }
        // A viewer without APNG shows the first frame (the default image).
        #expect(try PNG.decodeImage(file).rgba8 == Self.bytes(Self.frames[0]))
    }

    @Test func loopCountZeroPlaysForever() throws {
        let decoded = try PillowFrames(file: try Self.encode(Array(Self.frames.prefix(2)), loop: 0))
        #expect(decoded.loop == 0 && decoded.count == 2)
    }

    @Test func noFramesNoFileAndBadSizesRefused() {
        var e = APNGEncoder(width: 2, height: 2, loopCount: 0)
        let empty = e?.finish()
        #expect(e != nil && empty == nil)
        #expect(APNGEncoder(width: 0, height: 2, loopCount: 0) == nil)
        #expect(APNGEncoder(width: Int.max, height: Int.max, loopCount: 0) == nil)
    }

    /// The plan of a frame over a canvas of 8 × 8 whose previous frame covered `previous`.
    func plan(frame: [UInt32], canvas: [UInt32], previous: APNGRegion) -> APNGFramePlan {
        frame.withUnsafeBufferPointer { f in
            canvas.withUnsafeBufferPointer { c in
                APNGFramePlan(frame: f.baseAddress!, stride: 8, canvas: c.baseAddress!, width: 8, height: 8, previous: previous)
            }
        }
    }

    @Test func clearingThePreviousFrameWinsWhenItLeavesLess() {
        // Opaque red everywhere, then one blue pixel on transparent: kept, all 64 pixels
        // differ; cleared, only (6, 6) does, and it is opaque, so it is blended over.
        let red = Self.pixel(255, 0, 0, 255), blue = Self.pixel(0, 0, 255, 255)
        var frame = [UInt32](repeating: 0, count: 64)
        frame[6 * 8 + 6] = blue
        let p = plan(frame: frame, canvas: [UInt32](repeating: red, count: 64), previous: APNGRegion(x: 0, y: 0, width: 8, height: 8))
        #expect(p == APNGFramePlan(region: APNGRegion(x: 6, y: 6, width: 1, height: 1), disposePrevious: .background, blend: .over))
    }

    @Test func translucentChangeIsWrittenAsSource() {
        var frame = [UInt32](repeating: 0, count: 64)
        frame[4 * 8 + 3] = Self.pixel(10, 20, 30, 128)
        frame[5 * 8 + 5] = Self.pixel(10, 20, 30, 255)
        // The same box either way (the previous rectangle is clear already): the canvas is kept.
        let p = plan(frame: frame, canvas: [UInt32](repeating: 0, count: 64), previous: APNGRegion(x: 0, y: 0, width: 1, height: 1))
        #expect(p == APNGFramePlan(region: APNGRegion(x: 3, y: 4, width: 3, height: 2), disposePrevious: .none, blend: .source))
    }

    @Test func unchangedFrameIsOneTransparentPixel() {
        let canvas = (0..<64).map { UInt32($0) * 0x0101_0101 }
        let p = plan(frame: canvas, canvas: canvas, previous: APNGRegion(x: 2, y: 2, width: 3, height: 3))
        #expect(p == APNGFramePlan(region: APNGRegion(x: 0, y: 0, width: 1, height: 1), disposePrevious: .none, blend: .over))
    }
}
