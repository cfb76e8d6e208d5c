import Codecs
import Foundation
import OpenQuartzCore
import Testing

/// The Swift side of `oqc animate`: `FrameRate`, `CAImageRenderer.frames(for:from:rate:range:)`
/// and `AnimatedPNGWriter`, its file read back by `APNGDecoder`.
@Suite("Animation frames from Swift")
struct AnimationFramesTests {
    @Test func frameRatesAreExactFractions() throws {
        let r = try #require(FrameRate("29.97"))
        #expect(r.numerator == 2997 && r.denominator == 100)
        #expect(r.frameDelay == (100, 2997))
        let ntsc = try #require(FrameRate("30000/1001"))
        #expect(ntsc.frameDelay == (1001, 30000))
        #expect(try #require(FrameRate("60")).frameDelay == (1, 60))
        #expect(try #require(FrameRate("0.5")).frameDelay == (2, 1))
        // 123.456789 fps: its delay 1000000/123456789 does not fit 16 bits; the closest
        // fraction that does (Python: Fraction(1000000, 123456789).limit_denominator(65535)).
        #expect(try #require(FrameRate("123456789/1000000")).frameDelay == (81, 10000))
        for bad in ["0", "-30", "nan", "inf", "1e3", "", ".5", "5.", "30/0", "0/1", "1001", "1/3601", "30 ", "٣٠", "1234567890"] {
            #expect(FrameRate(bad) == nil, "\(bad)")
        }
        #expect(FrameRate("1000") != nil && FrameRate("1/3600") != nil)
        // One rounding: i · den / num.
        #expect(FrameRate(numerator: 3, denominator: 1)?.time(ofFrame: 1, from: 0) == 1.0 / 3.0)
        #expect(r.time(ofFrame: 7, from: 0.25) == 0.25 + 700.0 / 2997.0)
    }

    static let scene = #"""
    {"canvas": {"width": 30, "height": 20, "scale": 2},
     "layers": [{"bounds": [0, 0, 8, 8], "position": [4, 10], "backgroundColor": "#FF000080", "cornerRadius": 3,
                 "animations": [{"keyPath": "position.x", "fromValue": 4, "toValue": 26, "duration": 0.5}]}]}
    """#

    func images(_ range: Range<Int>) throws -> [CGImage] {
        let scene = try Scene.parse(data: Array(Self.scene.utf8), baseDirectory: nil)
        let renderer = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background)
        let rate = try #require(FrameRate(framesPerSecond: 10))
        let frames = Array(renderer.frames(for: scene.root, from: 0, rate: rate, range: range))
        #expect(frames.map(\.index) == Array(range))
        #expect(frames.map(\.time) == range.map { Double($0) / 10 })
        return frames.map(\.image)
    }

    @Test func aSliceIsTheSameFramesOfTheWholeRange() throws {
        let whole = try images(0..<7)
        let slice = try images(3..<6)
        #expect(slice.map(\.premultipliedRGBA) == whole[3..<6].map(\.premultipliedRGBA))
        #expect(whole[0].premultipliedRGBA != whole[3].premultipliedRGBA)
    }

    @Test func theWriterKeepsEveryFrame() throws {
        let frames = try images(0..<7)
        var writer = try #require(AnimatedPNGWriter(width: 60, height: 40, loopCount: 2))
        for f in frames { try writer.append(f, delay: (1, 10)) }
        #expect(writer.frameCount == 7)
        let finished = writer.finish()
        let file = try #require(finished)
        let decoded = try APNGDecoder.decode(file)
        #expect(decoded.loopCount == 2 && decoded.frames.count == 7)
        for (i, f) in decoded.frames.enumerated() {
            let back = try #require(CGImage(width: 60, height: 40, rgba: f.rgba8))
            #expect(back.premultipliedRGBA == frames[i].premultipliedRGBA, "frame \(i)")
            #expect(f.delayNumerator == 1 && f.delayDenominator == 10)
        }
    }

    @Test func theWriterRefusesWhatItCannotWrite() throws {
        #expect(AnimatedPNGWriter(width: 0, height: 10) == nil)
        #expect(AnimatedPNGWriter(width: 1 << 20, height: 1 << 20) == nil)
        var writer = try #require(AnimatedPNGWriter(width: 4, height: 4))
        let empty = writer.finish()
        #expect(empty == nil)
        let wrong = try #require(CGImage(width: 5, height: 4, rgba: [UInt8](repeating: 255, count: 80)))
        #expect(throws: AnimatedPNGWriter.Failure.self) { try writer.append(wrong, delay: (1, 30)) }
    }
}
