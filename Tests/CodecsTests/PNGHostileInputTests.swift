import Testing
import Codecs

/// Malformed and hostile files: each must throw a PNGError that names the
/// problem, never crash, never allocate beyond the limits.
@Suite struct PNGHostileInputTests {
    /// A valid 3x2 8-bit RGB file with one IDAT.
    static let valid: [UInt8] = {
        let raw: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 10, 20, 30, 40, 50, 60, 70, 80, 90]
        return PNGBuilder.file(PNGBuilder.ihdr(width: 3, height: 2, depth: 8, colorType: 2),
                               [PNGBuilder.chunk("IDAT", PNGBuilder.zlib(raw))])
    }()

    func message(_ data: [UInt8], limits: PNGLimits = .default) -> String? {
        do {
            _ = try PNG.decodeImage(data, limits: limits)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func validBaselineDecodes() throws {
        let img = try PNG.decodeImage(Self.valid)
        #expect(img.width == 3 && img.height == 2 && img.bitDepth == 8)
        // Row 1 uses the Sub filter: 10,20,30 then +40,50,60 then +70,80,90.
        #expect(img.rgba8 == [1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255,
                              10, 20, 30, 255, 50, 70, 90, 255, 120, 150, 180, 255])
    }

    @Test func emptyAndGarbage() {
        #expect(message([]) == "PNG: data is empty")
        #expect(message(Array("GIF89a and then some".utf8)) == "PNG: not a PNG file (bad signature)")
        #expect(message(Array(PNGBuilder.signature.prefix(5))) == "PNG: not a PNG file (bad signature)")
        #expect(message(PNGBuilder.signature) == "PNG: no chunks after the signature")
    }

    @Test func everyTruncationIsRefused() {
        for n in 0..<Self.valid.count {
            let m = message(Array(Self.valid.prefix(n)))
            #expect(m != nil, "prefix of \(n) bytes decoded")
        }
        #expect(message(Array(Self.valid.prefix(Self.valid.count - 12))) ==
                "PNG: truncated file: data ends at offset \(Self.valid.count - 12) before the IEND chunk")
        let idat = PNGBuilder.offset(of: "IDAT", in: Self.valid)!
        #expect(message(Array(Self.valid.prefix(idat + 10)))?.hasPrefix("PNG: truncated IDAT chunk at offset \(idat)") == true)
    }

    @Test func badCRCs() {
        var data = Self.valid
        let idat = PNGBuilder.offset(of: "IDAT", in: data)!
        data[idat + 9] ^= 0x40
        #expect(message(data) == "PNG: bad CRC in IDAT chunk at offset \(idat)")
        var header = Self.valid
        header[8 + 8 + 3] ^= 1  // low byte of width
        #expect(message(header) == "PNG: bad CRC in IHDR chunk at offset 8")
    }

    @Test func absurdDimensionsRefusedBeforeAllocating() {
        // 100000 x 100000 RGBA would need 40 GB; it must fail on the header alone.
        let huge = PNGBuilder.file(PNGBuilder.ihdr(width: 100_000, height: 100_000, depth: 8, colorType: 6),
                                   [PNGBuilder.chunk("IDAT", PNGBuilder.zlib([0]))])
        #expect(message(huge) == "PNG: image size 100000x100000 exceeds the limit of 100000000 pixels")
        #expect(throws: PNGError.self) { _ = try PNG.decode(huge) }
        let wide = PNGBuilder.file(PNGBuilder.ihdr(width: 1 << 25, height: 1, depth: 8, colorType: 0), [])
        #expect(message(wide) == "PNG: image size 33554432x1 exceeds the limit of 16777216x16777216")
        let maxed = PNGBuilder.file(PNGBuilder.ihdr(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, depth: 16, colorType: 6), [])
        #expect(message(maxed, limits: PNGLimits(maxPixels: .max, maxWidth: .max, maxHeight: .max))?
            .contains("exceeds the limit") == true)
        let over = PNGBuilder.file(PNGBuilder.ihdr(width: 0x8000_0000, height: 1, depth: 8, colorType: 0), [])
        #expect(message(over) == "PNG: image size 2147483648x1 exceeds the PNG maximum of 2^31-1")
        let small = PNGLimits(maxPixels: 5)
        #expect(message(Self.valid, limits: small) == "PNG: image size 3x2 exceeds the limit of 5 pixels")
    }

    @Test func zeroSize() {
        let zero = PNGBuilder.file(PNGBuilder.ihdr(width: 0, height: 5, depth: 8, colorType: 2), [])
        #expect(message(zero) == "PNG: image has zero size (0x5)")
    }

    @Test func decompressionBombStopsAtExpectedSize() throws {
        // A 4x4 grey image (4 rows of 1 + 4 bytes) whose zlib stream inflates to 16 MiB.
        let bomb = PNGBuilder.zlib([UInt8](repeating: 0, count: 16 << 20), level: 9)
        #expect(bomb.count > 10_000)
        let file = PNGBuilder.file(PNGBuilder.ihdr(width: 4, height: 4, depth: 8, colorType: 0),
                                   [PNGBuilder.chunk("IDAT", bomb)])
        let img = try PNG.decodeImage(file)
        #expect(img.rgba8 == [UInt8](repeating: 0, count: 16).flatMap { _ in [0, 0, 0, 255] as [UInt8] })
        // Inflation stops once the 20 expected bytes exist: only the stream's first
        // few bytes are read, not its 16 MiB payload.
        let inflater = try PNGInflater(capacity: 20)
        try bomb.withUnsafeBufferPointer { b throws(PNGError) in try inflater.feed(b, chunkOffset: 0) }
        #expect(inflater.isFull && inflater.produced == 20)
        #expect(inflater.consumed < 100)
    }

    @Test func limitsBoundEveryImageWithinThem() throws {
        // The worst case for data size: 16-bit RGBA, interlaced, so many short pass rows.
        for w in 1...20 {
            for h in 1...20 {
                let ihdr = PNGBuilder.be32(UInt32(w)) + PNGBuilder.be32(UInt32(h)) + [16, 6, 0, 0, 1]
                let limits = PNGLimits(maxPixels: w * h, maxWidth: w, maxHeight: h)
                let header = try ihdr.withUnsafeBufferPointer { b throws(PNGError) in try PNGHeader(b, limits: limits) }
                #expect(header.filteredByteCount <= limits.maxDecompressedBytes, "\(w)x\(h)")
            }
        }
        #expect(PNGLimits.default.maxDecompressedBytes == 8 * 100_000_000 + 4 * (1 << 24))
    }

    @Test func tooShortImageData() {
        let raw = [UInt8](repeating: 0, count: 19)  // needs 2 × (1 + 9) = 20
        let file = PNGBuilder.file(PNGBuilder.ihdr(width: 3, height: 2, depth: 8, colorType: 2),
                                   [PNGBuilder.chunk("IDAT", PNGBuilder.zlib(raw))])
        #expect(message(file) == "PNG: image data too short: 19 of 20 bytes")
        // A stored (level 0) stream cut after 5 of its 20 data bytes: 2 zlib + 5 block header bytes first.
        let cut = Array(PNGBuilder.zlib([UInt8](repeating: 0, count: 20), level: 0).prefix(12))
        let unfinished = PNGBuilder.file(PNGBuilder.ihdr(width: 3, height: 2, depth: 8, colorType: 2),
                                         [PNGBuilder.chunk("IDAT", cut)])
        #expect(message(unfinished) == "PNG: image data too short: 5 of 20 bytes (zlib stream unfinished)")
        let none = PNGBuilder.file(PNGBuilder.ihdr(width: 3, height: 2, depth: 8, colorType: 2), [])
        #expect(message(none) == "PNG: no IDAT chunk (no image data)")
    }

    @Test func corruptZlibAndFilters() {
        let ihdr = PNGBuilder.ihdr(width: 3, height: 2, depth: 8, colorType: 2)
        let garbage = PNGBuilder.file(ihdr, [PNGBuilder.chunk("IDAT", [0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF])])
        #expect(message(garbage)?.hasPrefix("PNG: corrupt zlib data in IDAT chunk at offset 33") == true)
        var raw = [UInt8](repeating: 0, count: 20)
        raw[10] = 5
        let badFilter = PNGBuilder.file(ihdr, [PNGBuilder.chunk("IDAT", PNGBuilder.zlib(raw))])
        #expect(message(badFilter) == "PNG: invalid filter type 5 on row 1")
    }

    @Test func headerValidation() {
        func header(_ depth: UInt8, _ type: UInt8, interlace: UInt8 = 0) -> String? {
            message(PNGBuilder.file(PNGBuilder.ihdr(width: 1, height: 1, depth: depth, colorType: type, interlace: interlace),
                                    [PNGBuilder.chunk("IDAT", PNGBuilder.zlib([0, 0, 0, 0, 0, 0, 0, 0, 0]))]))
        }
        #expect(header(4, 2) == "PNG: bit depth 4 is not allowed for colour type 2")
        #expect(header(16, 3) == "PNG: bit depth 16 is not allowed for colour type 3")
        #expect(header(3, 0) == "PNG: bit depth 3 is not allowed for colour type 0")
        #expect(header(8, 5) == "PNG: invalid colour type 5 in IHDR")
        #expect(header(8, 2, interlace: 2) == "PNG: unknown interlace method 2 in IHDR")
        let notFirst = PNGBuilder.signature + PNGBuilder.chunk("gAMA", [0, 0, 0xB1, 0x8F])
            + PNGBuilder.ihdr(width: 1, height: 1, depth: 8, colorType: 0)
        #expect(message(notFirst) == "PNG: first chunk is 'gAMA', expected IHDR")
        let short = PNGBuilder.signature + PNGBuilder.chunk("IHDR", [0, 0, 0, 1])
        #expect(message(short) == "PNG: IHDR chunk has length 4, expected 13")
        var method = PNGBuilder.signature + PNGBuilder.ihdr(width: 1, height: 1, depth: 8, colorType: 0)
        method[8 + 8 + 10] = 1
        PNGBuilder.fixCRCs(&method)
        #expect(message(method) == "PNG: unknown compression method 1 in IHDR")
    }

    @Test func chunkRules() {
        let idat = PNGBuilder.chunk("IDAT", PNGBuilder.zlib([0, 0]))
        let grey = PNGBuilder.ihdr(width: 1, height: 1, depth: 8, colorType: 0)
        let pal = PNGBuilder.ihdr(width: 1, height: 1, depth: 1, colorType: 3)
        let plte = PNGBuilder.chunk("PLTE", [1, 2, 3, 4, 5, 6])
        #expect(message(PNGBuilder.file(grey, [PNGBuilder.chunk("ABCD", []), idat]))
                == "PNG: unknown critical chunk 'ABCD' at offset 33")
        #expect(message(PNGBuilder.file(grey, [PNGBuilder.chunk("abCd", [9, 9]), idat])) == nil)
        #expect(message(PNGBuilder.file(grey, [PNGBuilder.chunk("AB1D", []), idat]))
                == "PNG: invalid chunk type 'AB1D' at offset 33")
        #expect(message(PNGBuilder.file(pal, [idat])) == "PNG: palette image has no PLTE chunk before its image data")
        #expect(message(PNGBuilder.file(pal, [PNGBuilder.chunk("PLTE", [1, 2, 3, 4, 5, 6, 7, 8, 9]), idat]))
                == "PNG: palette has 3 entries, more than bit depth 1 can index")
        #expect(message(PNGBuilder.file(pal, [PNGBuilder.chunk("PLTE", [1, 2, 3, 4]), idat]))
                == "PNG: PLTE chunk at offset 33 has invalid length 4")
        #expect(message(PNGBuilder.file(grey, [plte, idat])) == "PNG: PLTE chunk at offset 33 is not allowed in a greyscale image")
        #expect(message(PNGBuilder.file(pal, [plte, PNGBuilder.chunk("tRNS", [1, 2, 3]), idat]))
                == "PNG: tRNS chunk at offset 51 has 3 entries but the palette has 2")
        #expect(message(PNGBuilder.file(pal, [PNGBuilder.chunk("tRNS", [1]), plte, idat]))
                == "PNG: tRNS chunk at offset 33 comes before PLTE")
        #expect(message(PNGBuilder.file(grey, [PNGBuilder.chunk("tRNS", [0, 0, 0]), idat]))
                == "PNG: tRNS chunk at offset 33 has length 3, expected 2 for greyscale")
        #expect(message(PNGBuilder.file(grey, [idat, PNGBuilder.chunk("tEXt", Array("a\0b".utf8)), idat]))
                == "PNG: IDAT chunks are not consecutive (another one at offset 70)")
        #expect(message(PNGBuilder.file(pal, [plte, idat, plte])) == "PNG: PLTE chunk after image data at offset 73")
        #expect(message(PNGBuilder.file(grey, [PNGBuilder.ihdr(width: 1, height: 1, depth: 8, colorType: 0), idat]))
                == "PNG: second IHDR chunk at offset 33")
        let huge = PNGBuilder.signature + grey + PNGBuilder.be32(0x8000_0000) + Array("IDAT".utf8)
        #expect(message(huge) == "PNG: IDAT chunk at offset 33 has invalid length 2147483648")
    }

    @Test func paletteIndexOutOfRangeShowsOpaqueBlack() throws {
        // 2-bit palette with 2 entries; the row holds indices 0, 1, 2, 3.
        let file = PNGBuilder.file(PNGBuilder.ihdr(width: 4, height: 1, depth: 2, colorType: 3),
                                   [PNGBuilder.chunk("PLTE", [10, 20, 30, 40, 50, 60]),
                                    PNGBuilder.chunk("IDAT", PNGBuilder.zlib([0, 0b00_01_10_11]))])
        let img = try PNG.decodeImage(file)
        #expect(img.rgba8 == [10, 20, 30, 255, 40, 50, 60, 255, 0, 0, 0, 255, 0, 0, 0, 255])
    }

    /// Deterministic fuzzing: single-byte mutations with CRCs repaired, so they reach
    /// header validation, inflation, unfiltering and expansion. Any outcome but a crash passes.
    @Test func mutatedFilesNeverCrash() {
        let seeds: [[UInt8]] = [
            Self.valid,
            PNGBuilder.file(PNGBuilder.ihdr(width: 5, height: 3, depth: 2, colorType: 3, interlace: 1),
                            [PNGBuilder.chunk("PLTE", [1, 2, 3, 4, 5, 6, 7, 8, 9]), PNGBuilder.chunk("tRNS", [7]),
                             PNGBuilder.chunk("IDAT", PNGBuilder.zlib([UInt8](repeating: 0x1B, count: 40)))]),
            PNGBuilder.file(PNGBuilder.ihdr(width: 3, height: 3, depth: 16, colorType: 2, interlace: 1),
                            [PNGBuilder.chunk("tRNS", [0, 1, 0, 2, 0, 3]),
                             PNGBuilder.chunk("IDAT", PNGBuilder.zlib([UInt8](repeating: 4, count: 60)))]),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var decoded = 0, refused = 0
        for seed in seeds {
            for _ in 0..<600 {
                var data = seed
                for _ in 0..<(1 + random() % 3) {
                    data[8 + random() % (data.count - 8)] = UInt8(truncatingIfNeeded: random())
                }
                PNGBuilder.fixCRCs(&data)
                if message(data) == nil { decoded += 1 } else { refused += 1 }
            }
        }
        #expect(decoded > 0 && refused > 0)
    }
}
