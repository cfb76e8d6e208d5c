import Foundation
import Testing
import Codecs
import TestSupport

/// Reading animated PNGs: every frame as a player shows it, against our encoder's input and
/// against Pillow's reading of a file Pillow's encoder wrote; hostile files fail with a
/// `PNGError`, never a crash.
@Suite("APNG decoder")
struct APNGDecoderTests {
    typealias B = PNGBuilder

    static func ourFile() throws -> [UInt8] { try APNGEncoderTests.encode(APNGEncoderTests.frames, loop: 3) }

    @Test func readsWhatOurEncoderWrote() throws {
        let a = try APNGDecoder.decode(try Self.ourFile())
        #expect(a.width == APNGEncoderTests.w && a.height == APNGEncoderTests.h && a.loopCount == 3)
        #expect(a.frames.count == 6)
        for (i, f) in APNGEncoderTests.frames.enumerated() where i < a.frames.count {
            let expected = APNGEncoderTests.bytes(f)
            let differing = (0..<expected.count / 4).filter { a.frames[i].rgba8[(4 * $0)..<(4 * $0 + 4)] != expected[(4 * $0)..<(4 * $0 + 4)] }
            #expect(differing.isEmpty, "frame \(i): \(differing.count) pixels differ, first \(differing.first.map { Array(a.frames[i].rgba8[(4 * $0)..<(4 * $0 + 4)]) } ?? []) for \(differing.first.map { Array(expected[(4 * $0)..<(4 * $0 + 4)]) } ?? [])")
        }
        #expect(a.frames.map { [$0.delayNumerator, $0.delayDenominator] } == APNGEncoderTests.delays.map { [$0.0, $0.1] })
        // The still decoder shows the default image, the first frame.
        #expect(try PNG.decodeImage(try Self.ourFile()).rgba8 == a.frames[0].rgba8)
    }

    @Test func readsWhatPillowWroteAsPillowShowsIt() throws {
        let file = try PillowFrames.writtenByPillow()
        let pillow = try PillowFrames(file: file)
        let ours = try APNGDecoder.decode(file)
        #expect(ours.frames.count == pillow.count && pillow.count == 5)
        #expect(Int(ours.loopCount) == pillow.loop)
        for (i, png) in pillow.pngs.enumerated() where i < ours.frames.count {
            #expect(ours.frames[i].rgba8 == (try PNG.decodeImage(png)).rgba8, "frame \(i)")
            #expect([Int(ours.frames[i].delayNumerator), Int(ours.frames[i].delayDenominator)] == pillow.delays[i])
        }
    }

    @Test func aStillPNGIsOneFrame() throws {
        let rgba = testPattern(width: 5, height: 4, opaque: false)
        let a = try APNGDecoder.decode(PNG.encode(rgba: rgba, width: 5, height: 4))
        #expect(a.frames.map(\.rgba8) == [rgba])
    }

    /// `file` with the data of the `n`th chunk of `type` changed by `edit`, CRCs fixed.
    static func edited(_ file: [UInt8], _ type: String, nth n: Int = 0, _ edit: (inout [UInt8]) -> Void) -> [UInt8] {
        var p = 8, seen = 0
        var out = file
        while p + 8 <= out.count {
            let len = Int(out[p]) << 24 | Int(out[p + 1]) << 16 | Int(out[p + 2]) << 8 | Int(out[p + 3])
            if String(decoding: out[(p + 4)..<(p + 8)], as: UTF8.self) == type {
                if seen == n {
                    var data = Array(out[(p + 8)..<(p + 8 + len)])
                    edit(&data)
                    out.replaceSubrange(p..<(p + 12 + len), with: B.chunk(type, data))
                    return out
                }
                seen += 1
            }
            p += 12 + len
        }
        return out
    }

    static func refuses(_ file: [UInt8], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try APNGDecoder.decode(file)
            Issue.record("decoded a broken file; expected \(expected)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message.contains(expected), "\(error.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func hostileFilesAreRefused() throws {
        let file = try Self.ourFile()
        Self.refuses(Self.edited(file, "acTL") { $0[0...3] = [0, 0, 0, 0] }, "acTL declares 0 frames")
        Self.refuses(Self.edited(file, "acTL") { $0[0...3] = [0x7F, 0xFF, 0xFF, 0xFF] }, "acTL declares")
        Self.refuses(Self.edited(file, "acTL") { $0[3] = 7 }, "acTL declares 7 frames, the file has 6")
        Self.refuses(Self.edited(file, "acTL") { $0[3] = 5 }, "more fcTL chunks than the 5 frames")
        Self.refuses(Self.edited(file, "fcTL", nth: 1) { $0[12...15] = [0x7F, 0xFF, 0xFF, 0xFF] }, "is not inside")
        Self.refuses(Self.edited(file, "fcTL", nth: 1) { $0[4...7] = [0, 0, 0, 0] }, "is not inside")
        Self.refuses(Self.edited(file, "fcTL", nth: 0) { $0[7] = 3 }, "must cover the whole canvas")
        Self.refuses(Self.edited(file, "fcTL", nth: 2) { $0[3] = 9 }, "sequence number 9")
        Self.refuses(Self.edited(file, "fcTL", nth: 2) { $0[24] = 3 }, "invalid dispose op 3")
        Self.refuses(Self.edited(file, "fcTL", nth: 2) { $0.removeLast() }, "expected 26")
        Self.refuses(Self.edited(file, "fdAT", nth: 0) { $0 = Array($0.prefix(4)) }, "has no data")
        Self.refuses(Array(file.dropLast(12)), "no IEND")
        // Data that inflates to the wrong size is the still decoder's error, reported as such.
        Self.refuses(Self.edited(file, "fdAT", nth: 0) { $0 = Array($0.prefix(4)) + B.zlib([0, 1, 2]) }, "PNG:")
    }

    /// Random bytes of the animation chunks changed (CRCs fixed so that they get past the
    /// chunk reader): every result decodes or fails with an error, and never has more frames
    /// than the limit. 400 rounds; `OQC_APNG_MUTATIONS=N` runs N.
    @Test func mutatedAnimationChunksNeverCrash() throws {
        let file = try Self.ourFile()
        var rng = XorShift64(state: 0x5EED_0A9E)
        var refused = 0
        let rounds = ProcessInfo.processInfo.environment["OQC_APNG_MUTATIONS"].flatMap { Int($0) } ?? 400
        for round in 0..<rounds {
            let type = ["acTL", "fcTL", "fdAT"][round % 3]
            let mutated = Self.edited(file, type, nth: round % 3 == 0 ? 0 : Int.random(in: 0..<3, using: &rng)) { data in
                guard !data.isEmpty else { return }
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    data[Int.random(in: 0..<data.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            }
            do {
                let a = try APNGDecoder.decode(mutated, maxFrames: 64)
                #expect(a.frames.count <= 64 && a.frames.allSatisfy { $0.rgba8.count == a.width * a.height * 4 })
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }
}

/// Marsaglia's xorshift: the same mutations on every run, so a failure reproduces.
struct XorShift64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
