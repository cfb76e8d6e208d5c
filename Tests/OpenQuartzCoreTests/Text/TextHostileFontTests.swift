import Foundation
import Testing
import OpenQuartzCore

/// Damaged and hostile font files, built from DejaVu Sans' real bytes: each must be refused
/// with an `OQCFontError` (or, for glyph data, draw nothing for that glyph) — never crash or hang.
@Suite struct TextHostileFontTests {
    static let bytes: [UInt8] = {
        guard let d = FileManager.default.contents(atPath: TextFixtures.fontPath) else {
            preconditionFailure("DejaVu Sans is needed for the text tests (apt install fonts-dejavu-core)")
        }
        return [UInt8](d)
    }()

    /// (offset, length) of a table, read from the directory independently of the reader.
    static func table(_ tag: String, in b: [UInt8] = bytes) -> (offset: Int, length: Int) {
        let n = Int(b[4]) << 8 | Int(b[5])
        for i in 0..<n {
            let r = 12 + 16 * i
            if String(decoding: b[r..<r + 4], as: UTF8.self) == tag {
                return (u32(b, r + 8), u32(b, r + 12))
            }
        }
        preconditionFailure("no \(tag) table")
    }

    static func recordOffset(_ tag: String, in b: [UInt8] = bytes) -> Int {
        let n = Int(b[4]) << 8 | Int(b[5])
        for i in 0..<n where String(decoding: b[12 + 16 * i..<16 + 16 * i], as: UTF8.self) == tag { return 12 + 16 * i }
        preconditionFailure("no \(tag) table")
    }

    static func u32(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3]) }
    static func put16(_ b: inout [UInt8], _ o: Int, _ v: Int) { b[o] = UInt8((v >> 8) & 0xFF); b[o + 1] = UInt8(v & 0xFF) }
    static func put32(_ b: inout [UInt8], _ o: Int, _ v: Int) {
        put16(&b, o, (v >> 16) & 0xFFFF); put16(&b, o + 2, v & 0xFFFF)
    }

    func refuses(_ b: [UInt8], _ check: (OQCFontError) -> Bool = { _ in true }) -> Bool {
        do { _ = try TrueTypeFont(bytes: b); return false } catch { return check(error) }
    }

    @Test func realFontLoads() throws {
        _ = try TrueTypeFont(bytes: Self.bytes)
    }

    @Test func truncatedFilesAreRefused() {
        // Cut inside the header, the directory, and in the middle of tables (the tables a
        // cut falls in are then past the end of the file).
        for length in [0, 3, 11, 12, 40, 200, 1_000, 50_000, 600_000, Self.bytes.count - 1] {
            #expect(refuses(Array(Self.bytes.prefix(length))), "truncated to \(length) bytes")
        }
    }

    @Test func tableOffsetPastTheEndIsRefused() {
        var b = Self.bytes
        Self.put32(&b, Self.recordOffset("hmtx") + 8, b.count - 10) // 24 982 bytes from 10 before the end
        #expect(refuses(b) { if case .outOfBounds(table: "hmtx", _, _) = $0 { return true }; return false })
    }

    @Test func truncatedTableIsRefused() {
        var b = Self.bytes
        Self.put32(&b, Self.recordOffset("loca") + 12, 100) // loca too short for numGlyphs + 1 offsets
        #expect(refuses(b) { if case .outOfBounds(table: "loca", _, _) = $0 { return true }; return false })
    }

    @Test func absurdCountsAreRefused() {
        var b = Self.bytes
        Self.put16(&b, 4, 60_000) // table count
        #expect(refuses(b))

        b = Self.bytes
        Self.put16(&b, Self.table("maxp").offset + 4, 65_535) // numGlyphs past what loca holds
        #expect(refuses(b))

        b = Self.bytes
        Self.put16(&b, Self.table("hhea").offset + 34, 0) // numberOfHMetrics 0
        #expect(refuses(b) { if case .invalidValue(table: "hhea", _) = $0 { return true }; return false })

        b = Self.bytes
        Self.put16(&b, Self.table("head").offset + 18, 0) // unitsPerEm 0
        #expect(refuses(b))

        b = Self.bytes
        Self.put16(&b, Self.table("name").offset + 2, 60_000) // name records past the table
        #expect(refuses(b))
    }

    @Test func absurdCmapGroupCountIsRefused() throws {
        // Rewrite the font's preferred Unicode subtable's header into format 12 with a huge group count.
        var b = Self.bytes
        let cmap = Self.table("cmap").offset
        let n = Int(b[cmap + 2]) << 8 | Int(b[cmap + 3])
        for i in 0..<n {
            let sub = cmap + Self.u32(b, cmap + 8 + 8 * i)
            Self.put16(&b, sub, 12); Self.put16(&b, sub + 2, 0)
            Self.put32(&b, sub + 4, 40); Self.put32(&b, sub + 12, 0x7FFF_FFFF)
        }
        #expect(refuses(b) { if case .invalidValue(table: "cmap", _) = $0 { return true }; return false })
    }

    @Test func cffFontIsRefusedClearly() {
        // An 'OTTO' file with a CFF table and no glyf table.
        var b = Self.be32(0x4F54_544F) + Self.be16(1) + Self.be16(16) + Self.be16(0) + Self.be16(0)
        b += Array("CFF ".utf8) + Self.be32(0) + Self.be32(28) + Self.be32(4) + [1, 0, 4, 1]
        #expect(refuses(b) { $0 == .cffOutlinesUnsupported })
        #expect(OQCFontError.cffOutlinesUnsupported.description.contains("CFF"))
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16((v >> 16) & 0xFFFF) + be16(v & 0xFFFF) }

    /// Glyph g's (offset, length) in glyf through the long loca (DejaVu Sans uses format 1).
    static func glyphData(_ g: Int, in b: [UInt8] = bytes) -> (offset: Int, length: Int) {
        let loca = table("loca").offset, glyf = table("glyf").offset
        let start = u32(b, loca + 4 * g), end = u32(b, loca + 4 * g + 4)
        return (glyf + start, end - start)
    }

    @Test func compositeRecursionIsRefused() throws {
        let font = try TrueTypeFont(bytes: Self.bytes)
        let g = Int(font.glyph(for: "\u{e9}"))
        #expect(try font.decodeContourCount(UInt16(g)) < 0)
        // Point the first component of é back at é itself.
        var b = Self.bytes
        let data = Self.glyphData(g)
        Self.put16(&b, data.offset + 12, g)
        let hostile = try TrueTypeFont(bytes: b)
        #expect(throws: OQCFontError.self) { try hostile.decodeOutline(UInt16(g)) }
        #expect(hostile.outline(UInt16(g)).isEmpty) // drawn as nothing
        #expect(!hostile.outline(hostile.glyph(for: "e")).isEmpty) // other glyphs unaffected
    }

    @Test func mutualRecursionIsRefused() throws {
        let font = try TrueTypeFont(bytes: Self.bytes)
        let a = Int(font.glyph(for: "\u{e9}")), c = Int(font.glyph(for: "\u{f1}"))
        var b = Self.bytes
        Self.put16(&b, Self.glyphData(a).offset + 12, c)
        Self.put16(&b, Self.glyphData(c).offset + 12, a)
        let hostile = try TrueTypeFont(bytes: b)
        #expect(throws: OQCFontError.self) { try hostile.decodeOutline(UInt16(a)) }
    }

    @Test func absurdPointCountsAndBadFlagsAreRefused() throws {
        let font = try TrueTypeFont(bytes: Self.bytes)
        let g = Int(font.glyph(for: "O"))
        let data = Self.glyphData(g)
        var b = Self.bytes
        Self.put16(&b, data.offset + 12, 65_535) // last contour ends at point 65535: the data runs out
        #expect(throws: OQCFontError.self) { try TrueTypeFont(bytes: b).decodeOutline(UInt16(g)) }

        b = Self.bytes
        Self.put16(&b, data.offset, 30_000) // 30 000 contours in a glyph of a few hundred bytes
        #expect(throws: OQCFontError.self) { try TrueTypeFont(bytes: b).decodeOutline(UInt16(g)) }

        b = Self.bytes
        Self.put16(&b, data.offset + 12, 5) // second contour ends before the first
        #expect(throws: OQCFontError.self) { try TrueTypeFont(bytes: b).decodeOutline(UInt16(g)) }
    }

    /// Random byte damage inside glyf, loca, cmap and GPOS: every glyph decodes or throws,
    /// and laying out text with the damaged font completes.
    @Test func randomDamageNeverCrashes() throws {
        var rng = SplitMix(seed: 7)
        for tag in ["glyf", "loca", "cmap", "GPOS", "kern", "name"] {
            let t = Self.table(tag)
            for _ in 0..<4 {
                var b = Self.bytes
                for _ in 0..<200 { b[t.offset + Int(rng.next() % UInt64(t.length))] = UInt8(truncatingIfNeeded: rng.next()) }
                guard let font = try? TrueTypeFont(bytes: b) else { continue }
                for g in stride(from: 0, to: min(font.numGlyphs, 3000), by: 3) { _ = try? font.decodeOutline(UInt16(g)) }
                let layout = TextLayout(string: "Hello AVATAR éñÅ…", fonts: [font], size: 20, width: 100, height: 100,
                                        isWrapped: true, truncationMode: .end, alignmentMode: .justified)
                _ = layout.lines.count
            }
        }
    }

    @Test func collectionFacesAreRead() throws {
        guard let bold = FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf") else {
            Issue.record("DejaVuSans-Bold.ttf missing (fonts-dejavu-core)"); return
        }
        let faces = [Self.bytes, [UInt8](bold)]
        // A .ttc: header, then each font with its table offsets made absolute.
        var ttc = Array("ttcf".utf8) + Self.be32(0x0001_0000) + Self.be32(faces.count)
        var starts: [Int] = []
        var at = 12 + 4 * faces.count
        for f in faces { starts.append(at); at += (f.count + 3) / 4 * 4 }
        for s in starts { ttc += Self.be32(s) }
        for (f, s) in zip(faces, starts) {
            var copy = f
            let n = Int(f[4]) << 8 | Int(f[5])
            for i in 0..<n { Self.put32(&copy, 12 + 16 * i + 8, Self.u32(f, 12 + 16 * i + 8) + s) }
            ttc += copy + [UInt8](repeating: 0, count: (4 - f.count % 4) % 4)
        }
        #expect(try SFNTFace.faceCount(in: ttc) == 2)
        let regular = try TrueTypeFont(bytes: ttc, faceIndex: 0), boldFace = try TrueTypeFont(bytes: ttc, faceIndex: 1)
        #expect(regular.names.style == "Book")
        #expect(boldFace.names.style == "Bold")
        #expect(boldFace.names.weight == 700)
        #expect(boldFace.advance(boldFace.glyph(for: "A")) != regular.advance(regular.glyph(for: "A")))
        #expect(throws: OQCFontError.faceIndexOutOfRange(index: 2, count: 2)) { try TrueTypeFont(bytes: ttc, faceIndex: 2) }
        var hostile = ttc
        Self.put32(&hostile, 8, 0x7FFF_FFFF) // absurd face count
        #expect(throws: OQCFontError.self) { try TrueTypeFont(bytes: hostile) }
    }
}

/// A small deterministic generator for the damage test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
