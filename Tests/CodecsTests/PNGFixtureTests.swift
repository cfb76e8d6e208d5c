import CZlib
import Foundation
import Testing
import Codecs

/// Files made by Scripts/make_png_fixtures.py, with the pixels Pillow decoded
/// from them. Every comparison here is exact (tolerance 0).
@Suite struct PNGFixtureTests {
    struct Fixture: Sendable, CustomTestStringConvertible {
        let name: String, width: Int, height: Int, bitDepth: Int
        var testDescription: String { name }
    }

    static let directory: URL? = Bundle.module.url(forResource: "Fixtures", withExtension: nil)

    static func bytes(_ file: String) -> [UInt8]? {
        guard let url = directory?.appendingPathComponent(file), let data = try? Data(contentsOf: url) else { return nil }
        return [UInt8](data)
    }

    static let fixtures: [Fixture] = {
        guard let text = bytes("manifest.txt").map({ String(decoding: $0, as: UTF8.self) }) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 4, let w = Int(f[1]), let h = Int(f[2]), let d = Int(f[3]) else { return nil }
            return Fixture(name: String(f[0]), width: w, height: h, bitDepth: d)
        }
    }()

    @Test func manifestCoversTheMatrix() {
        // 15 colour type / depth pairs × 2 interlace modes, plus the special cases.
        #expect(Self.fixtures.count == 58)
        #expect(Self.fixtures.filter { $0.name.hasPrefix("ct") }.count == 30)
    }

    @Test(arguments: fixtures)
    func decodesLikePillow(_ f: Fixture) throws {
        let png = try #require(Self.bytes(f.name + ".png"))
        let expected8 = try #require(Self.bytes(f.name + ".rgba8"))
        let img = try PNG.decodeImage(png)
        #expect(img.width == f.width && img.height == f.height && img.bitDepth == f.bitDepth)
        #expect(img.rgba8 == expected8)
        if f.bitDepth == 16 {
            let raw = try #require(Self.bytes(f.name + ".rgba16"))
            let expected16 = stride(from: 0, to: raw.count, by: 2).map { UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8 }
            #expect(img.rgba16 == expected16)
        } else {
            #expect(img.rgba16 == nil)
        }

        // The surface path is the same pixels, premultiplied with correct rounding.
        let surface = try PNG.decode(png)
        #expect(surface.width == f.width && surface.height == f.height)
        var mismatches = 0
        for i in 0..<(f.width * f.height) {
            let a = Double(expected8[4 * i + 3])
            let c = { (k: Int) in UInt32((Double(expected8[4 * i + k]) * a / 255).rounded()) }
            let want = c(0) | c(1) << 8 | c(2) << 16 | UInt32(expected8[4 * i + 3]) << 24
            if surface.pixels[i] != want { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: fixtures)
    func truncatedFixturesAreRefused(_ f: Fixture) throws {
        let png = try #require(Self.bytes(f.name + ".png"))
        for cut in Set([9, 20, 33, png.count / 2, png.count - 13, png.count - 1]) where cut < png.count {
            #expect(throws: PNGError.self, "\(f.name) cut at \(cut)") { _ = try PNG.decodeImage(Array(png.prefix(cut))) }
        }
    }

    // MARK: Our encoder, checked by Pillow

    /// Sizes of the committed ours_WxH_KIND.png files.
    static let encoderCases: [(width: Int, height: Int, opaque: Bool)] = [(37, 23, false), (64, 40, true), (1, 1, false), (200, 3, false)]

    /// ours_*.png were written by this encoder and checked with Pillow by the fixture
    /// script. The current encoder must still produce the same filtered data (compared
    /// after inflating, so a different zlib version does not matter) and the files must
    /// still decode to the pattern.
    @Test func encoderOutputMatchesPillowCheckedFiles() throws {
        // OQC_WRITE_ENCODER_FIXTURES=1 rewrites the files in the source tree instead (then
        // rebuild, and run the fixture script so Pillow checks them).
        let write = ProcessInfo.processInfo.environment["OQC_WRITE_ENCODER_FIXTURES"] != nil
        for c in Self.encoderCases {
            let name = "ours_\(c.width)x\(c.height)_\(c.opaque ? "opaque" : "alpha").png"
            let pattern = testPattern(width: c.width, height: c.height, opaque: c.opaque)
            let ours = PNG.encode(rgba: pattern, width: c.width, height: c.height)
            if write {
                let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .appendingPathComponent("Fixtures").appendingPathComponent(name)
                try Data(ours).write(to: source)
                continue
            }
            let committed = try #require(Self.bytes(name), "missing \(name)")
            let size = (1 + 4 * c.width) * c.height
            let inflated = inflatedIDAT(committed, size: size)
            #expect(inflated != nil)
            #expect(inflatedIDAT(ours, size: size) == inflated)
            #expect(try PNG.decodeImage(committed).rgba8 == pattern)
        }
    }

    private func inflatedIDAT(_ file: [UInt8], size: Int) -> [UInt8]? {
        var z = [UInt8]()
        var p = 8
        while p + 12 <= file.count {
            let len = Int(file[p]) << 24 | Int(file[p + 1]) << 16 | Int(file[p + 2]) << 8 | Int(file[p + 3])
            if String(decoding: file[(p + 4)..<(p + 8)], as: UTF8.self) == "IDAT" { z += file[(p + 8)..<(p + 8 + len)] }
            p += 12 + len
        }
        var out = [UInt8](repeating: 0, count: size)
        var outLen = UInt(size)
        let rc = out.withUnsafeMutableBufferPointer { o in
            z.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &outLen, i.baseAddress, UInt(i.count)) }
        }
        return rc == Z_OK && outLen == UInt(size) ? out : nil
    }
}
