import Testing
import Raster
import Codecs

@Suite struct PNGEncoderTests {
    @Test(arguments: [(1, 1), (7, 3), (64, 33), (300, 2)])
    func straightRoundTripIsExact(size: (Int, Int)) throws {
        for opaque in [true, false] {
            let rgba = testPattern(width: size.0, height: size.1, opaque: opaque)
            let png = PNG.encode(rgba: rgba, width: size.0, height: size.1)
            let back = try PNG.decodeImage(png)
            #expect(back.width == size.0 && back.height == size.1 && back.bitDepth == 8 && back.rgba16 == nil)
            #expect(back.rgba8 == rgba)
        }
    }

    /// Valid premultiplied pixels (every colour ≤ alpha) survive un-premultiply then
    /// premultiply exactly: the rounding error of each step is below half a unit.
    @Test func premultipliedSurfaceRoundTripIsExact() throws {
        let w = 61, h = 17
        let rgba = testPattern(width: w, height: h, opaque: false)
        let surface = Surface(width: w, height: h)
        for i in 0..<(w * h) {
            let p = UInt32(rgba[4 * i]) | UInt32(rgba[4 * i + 1]) << 8 | UInt32(rgba[4 * i + 2]) << 16 | UInt32(rgba[4 * i + 3]) << 24
            surface.pixels[i] = Premultiply.premultiply(p)
        }
        let back = try PNG.decode(PNG.encode(surface))
        #expect(back.width == w && back.height == h)
        var mismatches = 0
        for i in 0..<(w * h) where back.pixels[i] != surface.pixels[i] { mismatches += 1 }
        #expect(mismatches == 0)
    }

    @Test func premultiplyFormulas() {
        // (200·128 + 127) / 255 = 100; (100·255 + 64) / 128 = 199.
        #expect(Premultiply.premultiply(0x80_00_00_C8) == 0x80_00_00_64)
        #expect(Premultiply.unpremultiply(0x80_00_00_64) == 0x80_00_00_C7)
        #expect(Premultiply.premultiply(0x00_FF_FF_FF) == 0)
        #expect(Premultiply.unpremultiply(0x00_12_34_56) == 0)
        #expect(Premultiply.unpremultiply(0xFF_12_34_56) == 0xFF_12_34_56)
        // Malformed premultiplied colour above alpha clamps to 255.
        #expect(Premultiply.unpremultiply(0x10_00_00_40) == 0x10_00_00_FF)
        for a: UInt32 in 1...255 {
            for c: UInt32 in 0...a {
                let p = c | a << 24
                let straight = Premultiply.unpremultiply(p) & 0xFF
                // Against the real-valued definitions, rounded to nearest.
                #expect(straight == UInt32((Double(c) * 255 / Double(a)).rounded()))
                #expect(Premultiply.premultiply(Premultiply.unpremultiply(p)) == p)
            }
            for c: UInt32 in stride(from: 0, through: 255, by: 15) {
                #expect(Premultiply.premultiply(c | a << 24) & 0xFF == UInt32((Double(c * a) / 255).rounded()))
            }
        }
    }

    @Test func fileStructure() throws {
        let png = PNG.encode(rgba: testPattern(width: 300, height: 300, opaque: false), width: 300, height: 300)
        #expect(Array(png.prefix(8)) == PNGBuilder.signature)
        #expect(Array(png[8..<33]) == PNGBuilder.ihdr(width: 300, height: 300, depth: 8, colorType: 6))
        #expect(Array(png.suffix(12)) == PNGBuilder.chunk("IEND", []))
        // The pattern compresses poorly, so its data spans several 64 KiB IDAT chunks.
        var p = 33, idats = 0
        while p < png.count - 12 {
            let len = Int(png[p]) << 24 | Int(png[p + 1]) << 16 | Int(png[p + 2]) << 8 | Int(png[p + 3])
            #expect(String(decoding: png[(p + 4)..<(p + 8)], as: UTF8.self) == "IDAT")
            #expect(len <= PNGEncoder.idatSize)
            idats += 1
            p += 12 + len
        }
        #expect(idats > 1)
    }

    @Test func filtersInvertExactly() {
        var state: UInt32 = 12345
        for bpp in [1, 2, 3, 4, 6, 8] {
            let n = 37
            var row = [UInt8](repeating: 0, count: n), prior = row
            for i in 0..<n {
                state = state &* 1_103_515_245 &+ 12345
                row[i] = UInt8(truncatingIfNeeded: state >> 16)
                prior[i] = UInt8(truncatingIfNeeded: state >> 8)
            }
            for type: UInt8 in 0...4 {
                var out = [UInt8](repeating: 0, count: n + 1)
                PNGFilter.apply(type, row: row, prior: prior, count: n, distance: bpp, into: &out)
                #expect(out[0] == type)
                var back = Array(out[1...])
                let ok = PNGFilter.unfilter(type, row: &back, prior: prior, count: n, distance: bpp)
                #expect(ok && back == row, "filter \(type) bpp \(bpp)")
            }
        }
    }

    @Test func heuristicPicksTheObviousFilter() {
        let n = 16
        let ramp = (0..<n).map { UInt8($0 * 4) }
        var out = [UInt8](repeating: 0, count: n + 1)
        // Same as the row above: Up leaves all zeros.
        PNGFilter.filterBest(row: ramp, prior: ramp, count: n, distance: 4, into: &out)
        #expect(out[0] == 2 && out[1...].allSatisfy { $0 == 0 })
        // A horizontal ramp under a zero row: Sub gives constant 16s after the first pixel.
        let zeros = [UInt8](repeating: 0, count: n)
        PNGFilter.filterBest(row: ramp, prior: zeros, count: n, distance: 4, into: &out)
        #expect(out[0] == 1 && Array(out[5...]) == [UInt8](repeating: 16, count: n - 4))
        // A constant row of zeros: None already sums to 0 and wins ties.
        PNGFilter.filterBest(row: zeros, prior: ramp, count: n, distance: 4, into: &out)
        #expect(out[0] == 0)
    }

    @Test func decodeMatchesPremultipliedDecodeImage() throws {
        let rgba = testPattern(width: 19, height: 5, opaque: false)
        let png = PNG.encode(rgba: rgba, width: 19, height: 5)
        let surface = try PNG.decode(png)
        for i in 0..<(19 * 5) {
            let c = { (k: Int) in UInt32((Double(Int(rgba[4 * i + k]) * Int(rgba[4 * i + 3])) / 255).rounded()) }
            let expected = c(0) | c(1) << 8 | c(2) << 16 | UInt32(rgba[4 * i + 3]) << 24
            #expect(surface.pixels[i] == expected)
        }
    }

    /// All 65536 16-bit grey values in one 256x256 image: the 8-bit reduction must be
    /// round(v · 255 / 65535) and the 16-bit output must be the stored values.
    @Test func sixteenBitReductionRounds() throws {
        var raw = [UInt8]()
        for y in 0..<256 {
            raw.append(0)
            for x in 0..<256 { raw += [UInt8(y), UInt8(x)] }
        }
        let file = PNGBuilder.file(PNGBuilder.ihdr(width: 256, height: 256, depth: 16, colorType: 0),
                                   [PNGBuilder.chunk("IDAT", PNGBuilder.zlib(raw))])
        let img = try PNG.decodeImage(file)
        #expect(img.bitDepth == 16)
        var bad8 = 0, bad16 = 0
        for v in 0..<65536 {
            let expected = UInt8((Double(v) * 255 / 65535).rounded())
            if img.rgba8[4 * v] != expected || img.rgba8[4 * v + 3] != 255 { bad8 += 1 }
            if img.rgba16?[4 * v + 2] != UInt16(v) || img.rgba16?[4 * v + 3] != 0xFFFF { bad16 += 1 }
        }
        #expect(bad8 == 0 && bad16 == 0)
    }
}
