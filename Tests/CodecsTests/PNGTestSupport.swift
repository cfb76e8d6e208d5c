import CZlib
import Codecs

/// Builds PNG files chunk by chunk, so tests can write valid and broken files by hand.
enum PNGBuilder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in UInt32(crc32(0, b.baseAddress, UInt32(b.count))) }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return be32(UInt32(data.count)) + typeAndData + be32(crc(typeAndData))
    }

    static func ihdr(width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [depth, colorType, 0, 0, interlace])
    }

    static func zlib(_ raw: [UInt8], level: Int32 = 6) -> [UInt8] {
        var size = UInt(compressBound(UInt(raw.count)))
        var out = [UInt8](repeating: 0, count: Int(size))
        let rc = out.withUnsafeMutableBufferPointer { o in
            raw.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, UInt(raw.count), level) }
        }
        precondition(rc == Z_OK)
        return Array(out[0..<Int(size)])
    }

    /// A complete file: signature, IHDR, the given middle chunks, IEND.
    static func file(_ header: [UInt8], _ middle: [[UInt8]]) -> [UInt8] {
        signature + header + middle.flatMap { $0 } + chunk("IEND", [])
    }

    /// Offset of the first chunk of `type` (its length field).
    static func offset(of type: String, in file: [UInt8]) -> Int? {
        var p = 8
        while p + 8 <= file.count {
            let len = Int(file[p]) << 24 | Int(file[p + 1]) << 16 | Int(file[p + 2]) << 8 | Int(file[p + 3])
            if String(decoding: file[(p + 4)..<(p + 8)], as: UTF8.self) == type { return p }
            p += 12 + len
        }
        return nil
    }

    /// Recomputes every chunk CRC, so a mutated file gets past CRC checks into deeper code.
    static func fixCRCs(_ file: inout [UInt8]) {
        var p = 8
        while p + 12 <= file.count {
            let len = Int(file[p]) << 24 | Int(file[p + 1]) << 16 | Int(file[p + 2]) << 8 | Int(file[p + 3])
            guard len <= file.count - p - 12 else { return }
            let c = be32(crc(Array(file[(p + 4)..<(p + 8 + len)])))
            file.replaceSubrange((p + 8 + len)..<(p + 12 + len), with: c)
            p += 12 + len
        }
    }
}

/// A deterministic test image in straight RGBA8, with varied alpha.
/// Scripts/make_png_fixtures.py computes the same pattern to check our encoder's files.
func testPattern(width: Int, height: Int, opaque: Bool) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            out.append(UInt8((x * 7 + y * 3) & 255))
            out.append(UInt8((x * y) & 255))
            out.append(UInt8(((x ^ y) * 5) & 255))
            out.append(opaque ? 255 : UInt8((x * 11 + y * 17) & 255))
        }
    }
    return out
}
