import CZlib

/// One chunk of a PNG file: a 4-letter type and its data, CRC already checked.
struct PNGChunk {
    let type: UInt32
    /// Byte offset of the chunk's length field in the file, for error messages.
    let offset: Int
    let data: UnsafeBufferPointer<UInt8>

    static let IHDR = fourCC("IHDR"), PLTE = fourCC("PLTE"), IDAT = fourCC("IDAT")
    static let IEND = fourCC("IEND"), tRNS = fourCC("tRNS")

    /// Lowercase first letter (bit 5 of the first byte) marks an ancillary chunk,
    /// which a decoder that does not know it may skip.
    var isCritical: Bool { type & 0x2000_0000 == 0 }

    var name: String { PNGChunk.name(type) }

    static func name(_ type: UInt32) -> String {
        var s = ""
        for shift in [24, 16, 8, 0] {
            let b = UInt8(truncatingIfNeeded: type >> UInt32(shift))
            s += (b >= 0x20 && b < 0x7F) ? String(UnicodeScalar(b)) : "\\x\(String(b, radix: 16))"
        }
        return s
    }

    static func fourCC(_ s: StaticString) -> UInt32 {
        s.withUTF8Buffer { b in UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3]) }
    }
}

/// The 8 bytes every PNG file starts with.
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Walks the chunks after the signature, checking framing and CRCs.
struct PNGChunkReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 8

    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        guard !bytes.isEmpty else { throw PNGError("PNG: data is empty") }
        guard bytes.count >= 8, pngSignature.indices.allSatisfy({ bytes[$0] == pngSignature[$0] }) else {
            throw PNGError("PNG: not a PNG file (bad signature)")
        }
        self.bytes = bytes
    }

    /// The next chunk, or nil when the data ends exactly at a chunk boundary.
    mutating func next() throws(PNGError) -> PNGChunk? {
        let start = position
        let remaining = bytes.count - start
        if remaining == 0 { return nil }
        guard remaining >= 8 else {
            throw PNGError("PNG: truncated chunk header at offset \(start)")
        }
        let length = Int(readBigEndian32(bytes, start))
        let type = readBigEndian32(bytes, start + 4)
        let name = PNGChunk.name(type)
        // Each type byte must be an ASCII letter; anything else means the framing is lost.
        for shift: UInt32 in [24, 16, 8, 0] {
            let b = UInt8(truncatingIfNeeded: type >> shift) | 0x20
            guard b >= 0x61 && b <= 0x7A else {
                throw PNGError("PNG: invalid chunk type '\(name)' at offset \(start)")
            }
        }
        guard length <= Int(Int32.max) else {
            throw PNGError("PNG: \(name) chunk at offset \(start) has invalid length \(length)")
        }
        guard length + 12 <= remaining else {
            throw PNGError("PNG: truncated \(name) chunk at offset \(start) (needs \(length + 12) bytes, \(remaining) left)")
        }
        let typeAndData = UnsafeBufferPointer(rebasing: bytes[(start + 4)..<(start + 8 + length)])
        let stored = readBigEndian32(bytes, start + 8 + length)
        guard pngCRC(typeAndData) == stored else {
            throw PNGError("PNG: bad CRC in \(name) chunk at offset \(start)")
        }
        position = start + 12 + length
        return PNGChunk(type: type, offset: start,
                        data: UnsafeBufferPointer(rebasing: bytes[(start + 8)..<(start + 8 + length)]))
    }
}

/// CRC-32 as PNG uses it (the same polynomial as zlib's).
func pngCRC(_ b: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    var c = UInt(crc)
    var p = b.baseAddress
    var n = b.count
    // zlib takes a 32-bit length.
    while n > 0, let base = p {
        let step = min(n, 1 << 30)
        c = crc32(c, base, UInt32(step))
        p = base + step
        n -= step
    }
    return UInt32(truncatingIfNeeded: c)
}
