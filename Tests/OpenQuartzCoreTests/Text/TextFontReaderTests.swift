import Foundation
import Raster
import Testing
import OpenQuartzCore

/// DejaVu Sans read by our TrueType reader, checked against Pillow/FreeType and HarfBuzz
/// values committed in TextFixtures.generated.swift (Scripts/make_font_fixtures.py).
@Suite struct TextFontReaderTests {
    static let font: TrueTypeFont = {
        do { return try TrueTypeFont(contentsOfFile: TextFixtures.fontPath) } catch {
            preconditionFailure("DejaVu Sans is needed for the text tests (apt install fonts-dejavu-core): \(error)")
        }
    }()

    var font: TrueTypeFont { Self.font }

    func glyph(_ s: String) -> UInt16 { font.glyph(for: s.unicodeScalars.first!) }

    @Test func namesAndMetricsMatchFreeType() {
        #expect(font.names.family == TextFixtures.familyName)
        #expect(font.names.style == TextFixtures.styleName)
        #expect(font.names.weight == 400)
        #expect(!font.names.isItalic)
        #expect(font.unitsPerEm == TextFixtures.unitsPerEm)
        #expect(font.ascender == TextFixtures.ascent)
        #expect(font.descender == TextFixtures.descent)
        #expect(font.ascender + font.descender + font.lineGap == TextFixtures.lineHeight)
    }

    @Test func advancesMatchFreeType() {
        for g in TextFixtures.glyphs {
            #expect(Double(font.advance(glyph(g.character))) == g.advance, "\(g.character)")
        }
        #expect(Double(font.advance(glyph(" "))) == TextFixtures.spaceAdvance)
    }

    /// Tight bounds of the outline, from flattening its curves finely.
    static func inkBounds(_ p: Raster.Path) -> (Double, Double, Double, Double) {
        var b = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for poly in p.flattenedPolygons(tolerance: 0.05) {
            for q in poly { b = (min(b.0, q.x), min(b.1, q.y), max(b.2, q.x), max(b.3, q.y)) }
        }
        return b
    }

    /// Ink area in square points of one character drawn by a CATextLayer through our
    /// rasterizer at `size` points (scale 1): the sum of its anti-aliased coverage.
    static func renderedArea(_ c: String, size: CGFloat) -> Double {
        let t = CATextLayer()
        t.frame = CGRect(x: 0, y: 0, width: size * 1.6, height: size * 1.4)
        t.string = c
        t.font = TextFixtures.fontPath
        t.fontSize = size
        t.foregroundColor = black
        let root = makeRoot(size * 1.6, size * 1.4)
        root.addSublayer(t)
        let r = Rendered(root, width: size * 1.6, height: size * 1.4)
        var sum = 0
        for y in 0..<r.surface.height { for x in 0..<r.surface.width { sum += r.rgba(x, y).a } }
        return Double(sum) / 255
    }

    /// FreeType renders at 2048 ppem (one pixel per unit), so its ink box is our outline's
    /// extent rounded out to whole pixels and hinting may move an edge by a unit: tolerance 2 units.
    /// Its coverage sum is the ink area; ours, rendered at 256 px per em, scales by (256/2048)²:
    /// tolerance 0.5 % for hinting and 8-bit coverage.
    @Test func outlinesMatchFreeTypeBoundsAndArea() throws {
        for g in TextFixtures.glyphs {
            let outline = try font.decodeOutline(glyph(g.character))
            let b = Self.inkBounds(outline)
            #expect(abs(b.0 - g.bounds.0) <= 2, "\(g.character) xMin \(b.0) vs \(g.bounds.0)")
            #expect(abs(b.1 - g.bounds.1) <= 2, "\(g.character) yMin \(b.1) vs \(g.bounds.1)")
            #expect(abs(b.2 - g.bounds.2) <= 2, "\(g.character) xMax \(b.2) vs \(g.bounds.2)")
            #expect(abs(b.3 - g.bounds.3) <= 2, "\(g.character) yMax \(b.3) vs \(g.bounds.3)")
            let area = Self.renderedArea(g.character, size: 256) * 64
            #expect(abs(area - g.area) <= g.area * 0.005, "\(g.character) area \(area) vs \(g.area)")
        }
    }

    /// The accented letters in the fixture are composite glyphs in DejaVu Sans, so the
    /// outline checks above cover component offsets; a glyph with a hole has two contours.
    @Test func compositeAndMultiContourGlyphs() throws {
        for c in ["\u{e9}", "\u{f1}", "\u{c7}"] {
            #expect(try font.decodeContourCount(glyph(c)) < 0, "\(c) should be a composite glyph")
        }
        #expect(try font.decodeContourCount(glyph("O")) == 2)
        var closes = 0
        try font.decodeOutline(glyph("O")).forEachElement { if case .close = $0 { closes += 1 } }
        #expect(closes == 2)
    }

    @Test func gposKerningMatchesHarfBuzz() {
        for (pair, value) in TextFixtures.kerning {
            let s = Array(pair)
            let k = font.kerning(glyph(String(s[0])), glyph(String(s[1])))
            #expect(Double(k) == value, "\(pair): \(k) vs \(value)")
        }
    }

    /// All ordered pairs of 54 characters (2 916), zero and non-zero, against HarfBuzz.
    @Test func everyLetterPairKernsAsHarfBuzz() {
        let chars = Array(TextFixtures.pairAlphabet)
        var mismatches: [String] = []
        for a in chars {
            for b in chars {
                let k = Double(font.kerning(glyph(String(a)), glyph(String(b))))
                let expected = TextFixtures.allKerning[String([a, b])] ?? 0
                if k != expected { mismatches.append("\(a)\(b): \(k) vs \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(TextFixtures.allKerning.count > 100) // the fixture really exercises kerning
    }

    @Test func stringWidthsMatchHarfBuzz() throws {
        let f = try #require(OQCFont(name: TextFixtures.fontPath, size: CGFloat(TextFixtures.unitsPerEm)))
        for (s, w) in TextFixtures.stringWidths {
            #expect(abs(Double(f.width(of: s)) - w) < 1e-6, "\(s)")
        }
        // At 36 pt every width scales by 36 / unitsPerEm.
        let small = f.withSize(36)
        #expect(abs(Double(small.width(of: "AVATAR")) - 7698 * 36 / 2048) < 1e-9)
    }

    @Test func missingCharacterMapsToNotdef() {
        #expect(font.glyph(for: "\u{E000}") == 0) // private use: DejaVu Sans has none
        #expect(font.glyph(for: "A") != 0)
    }

    // MARK: character maps built by hand

    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    /// A cmap with one subtable (platform 3, given encoding) at offset 12.
    static func cmap(encoding: Int, subtable: [UInt8]) throws -> FontTable {
        let bytes = be16(0) + be16(1) + be16(3) + be16(encoding) + be32(12) + subtable
        return try FontTable(bytes: bytes, base: 0, length: bytes.count, tag: "cmap")
    }

    @Test func cmapFormat4ByHand() throws {
        // Segments: 'A'…'C' → 10…12 by delta; 'a'…'b' → glyphs 20, 21 by idRangeOffset; end 0xFFFF.
        let seg = 3
        var t = Self.be16(4) + Self.be16(0) + Self.be16(0) + Self.be16(2 * seg) + Self.be16(4) + Self.be16(1) + Self.be16(2)
        t += Self.be16(0x43) + Self.be16(0x62) + Self.be16(0xFFFF) + Self.be16(0) // endCode, pad
        t += Self.be16(0x41) + Self.be16(0x61) + Self.be16(0xFFFF)                // startCode
        t += Self.be16(10 - 0x41) + Self.be16(0) + Self.be16(1)                  // idDelta
        // idRangeOffset of segment 1 points 4 bytes on, past segment 2's entry, at the glyph array.
        t += Self.be16(0) + Self.be16(4) + Self.be16(0)
        t += Self.be16(20) + Self.be16(21)
        t[2...3] = ArraySlice(Self.be16(t.count))
        let map = try CharacterMap(try Self.cmap(encoding: 1, subtable: t), numGlyphs: 100)
        #expect(map.glyph(for: "A") == 10)
        #expect(map.glyph(for: "C") == 12)
        #expect(map.glyph(for: "D") == 0)
        #expect(map.glyph(for: "a") == 20)
        #expect(map.glyph(for: "b") == 21)
        #expect(map.glyph(for: "\u{1F600}") == 0)
    }

    @Test func symbolCmapMapsBytesThroughThePrivateUseArea() throws {
        // One format 4 segment U+F041…U+F042 → 3…4 (delta), then the 0xFFFF end segment.
        var t = Self.be16(4) + Self.be16(0) + Self.be16(0) + Self.be16(4) + Self.be16(4) + Self.be16(1) + Self.be16(0)
        t += Self.be16(0xF042) + Self.be16(0xFFFF) + Self.be16(0) + Self.be16(0xF041) + Self.be16(0xFFFF)
        t += Self.be16((3 - 0xF041) & 0xFFFF) + Self.be16(1) + Self.be16(0) + Self.be16(0)
        let map = try CharacterMap(try Self.cmap(encoding: 0, subtable: t), numGlyphs: 10)
        #expect(map.glyph(for: "A") == 3)
        #expect(map.glyph(for: "B") == 4)
        #expect(map.glyph(for: "\u{F041}") == 3)
        #expect(map.glyph(for: "C") == 0)
    }

    @Test func cmapFormat12ByHand() throws {
        // Groups: U+0041…U+0043 → 5…7, U+1F600…U+1F601 → 50…51; numGlyphs 51 cuts off 51.
        var t = Self.be16(12) + Self.be16(0) + Self.be32(16 + 24) + Self.be32(0) + Self.be32(2)
        t += Self.be32(0x41) + Self.be32(0x43) + Self.be32(5)
        t += Self.be32(0x1F600) + Self.be32(0x1F601) + Self.be32(50)
        let map = try CharacterMap(try Self.cmap(encoding: 10, subtable: t), numGlyphs: 51)
        #expect(map.glyph(for: "B") == 6)
        #expect(map.glyph(for: "\u{1F600}") == 50)
        #expect(map.glyph(for: "\u{1F601}") == 0) // glyph id 51 is past numGlyphs
        #expect(map.glyph(for: "D") == 0)
    }
}
