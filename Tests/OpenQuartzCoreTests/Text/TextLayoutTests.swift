import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Line breaking, truncation, kerning and vertical placement of TextLayout, with expected
/// positions worked out from the FreeType advances in TextFixtures (DejaVu Sans).
/// At 20.48 pt one font unit is 0.01 pt: e = 12.60, g = 13.00, i = 5.69, space = 6.51, … = 20.48.
@Suite struct TextLayoutTests {
    let font = TextFontReaderTests.font
    static let size = 20.48
    static let unit = 0.01

    func layout(_ s: String, width: Double? = nil, height: Double? = nil, wrapped: Bool = false,
                truncation: CATextLayerTruncationMode = .none,
                alignment: CATextLayerAlignmentMode = .natural) -> TextLayout {
        TextLayout(string: s, fonts: [font], size: Self.size, width: width, height: height, isWrapped: wrapped,
                   truncationMode: truncation, alignmentMode: alignment)
    }

    func text(_ line: TextLayout.Line) -> String {
        var map: [UInt16: Character] = [:]
        for c in "eigAV\u{2026}" { map[font.glyph(for: c.unicodeScalars.first!)] = c }
        return String(line.glyphs.map { map[$0.glyph] ?? "?" })
    }

    func advance(_ c: String) -> Double { TextFixtures.glyphs.first { $0.character == c }!.advance * Self.unit }

    @Test func baselinesFollowTheFontMetrics() {
        let l = layout("e\ne\ne")
        #expect(l.lines.count == 3)
        let ascent = Double(TextFixtures.ascent) * Self.unit, lineHeight = Double(TextFixtures.lineHeight) * Self.unit
        for (k, line) in l.lines.enumerated() {
            #expect(abs(line.baseline - (ascent + Double(k) * lineHeight)) < 1e-9)
        }
    }

    @Test func wrapsAtSpaces() {
        // eee (37.8) + space + ee (25.2) = 69.51 > 50.5; ee + space + eeee = 81.6 > 50.5; eeee = 50.4 fits.
        let l = layout("eee ee eeee", width: 50.5, wrapped: true)
        #expect(l.lines.map(text) == ["eee", "ee", "eeee"])
        #expect(abs(l.lines[2].width - 4 * advance("e")) < 1e-9)
    }

    @Test func unwrappedTextStaysOnOneLine() {
        let l = layout("eee ee eeee", width: 50.5)
        #expect(l.lines.count == 1)
        #expect(abs(l.lines[0].width - (9 * advance("e") + 2 * TextFixtures.spaceAdvance * Self.unit)) < 1e-9)
    }

    @Test func longWordsBreakBetweenCharacters() {
        // Three e (37.8) fit in 50, four (50.4) do not.
        let l = layout("eeeeeeeeee", width: 50, wrapped: true)
        #expect(l.lines.map(text) == ["eee", "eee", "eee", "e"])
    }

    @Test func linesThatDoNotFitTheHeightAreDropped() {
        // Two lines need ascent + descent + one line height = 47.68 pt.
        #expect(layout("eee ee eeee", width: 50.5, height: 48, wrapped: true).lines.count == 2)
        #expect(layout("eee ee eeee", width: 50.5, height: 47, wrapped: true).lines.count == 1)
        #expect(layout("eee ee eeee", width: 50.5, height: 5, wrapped: true).lines.count == 1) // first line always kept
    }

    @Test func kerningMovesThePen() {
        let l = layout("AV")
        let kern = TextFixtures.kerning.first { $0.pair == "AV" }!.value
        #expect(abs(l.lines[0].glyphs[1].x - (advance("A") + kern * Self.unit)) < 1e-9)
    }

    // Budget in 80 pt after the ellipsis: 59.52 pt.
    @Test func truncationAtTheEnd() {
        // i e e e e = 56.09 fits, one more e = 68.69 does not.
        let l = layout("ieeeeeeeeg", width: 80, truncation: .end)
        #expect(l.lines.map(text) == ["ieeee\u{2026}"])
        #expect(l.lines[0].width <= 80)
    }

    @Test func truncationAtTheStart() {
        // g + three e = 50.8 fits, four e = 63.4 does not.
        #expect(layout("ieeeeeeeeg", width: 80, truncation: .start).lines.map(text) == ["\u{2026}eeeg"])
    }

    @Test func truncationInTheMiddle() {
        // Left half budget 29.76: i e = 18.29 (i e e = 30.89 too wide); the rest, 41.23, takes e e g = 38.2.
        #expect(layout("ieeeeeeeeg", width: 80, truncation: .middle).lines.map(text) == ["ie\u{2026}eeg"])
    }

    @Test func longTextIsTruncatedInLinearTime() {
        // 50 000 characters: a quadratic search would take a minute. Halves of 29.76 pt: e e | e e.
        let s = String(repeating: "e", count: 50_000)
        #expect(layout(s, width: 80, truncation: .middle).lines.map(text) == ["ee\u{2026}ee"])
        #expect(layout(s + " ", width: 80, truncation: .start).lines.map(text) == ["\u{2026}eeee"])
    }

    @Test func absurdSizesAndBoxesDoNotHang() {
        #expect(layout("eee", width: .infinity, height: .nan, wrapped: true).lines.count == 1)
        #expect(layout("eee ee", width: 0, height: 1e9, wrapped: true).lines.count == 5)
        let huge = TextLayout(string: "e", fonts: [font], size: 1e12, width: 100, height: 100, isWrapped: false,
                              truncationMode: .none, alignmentMode: .left)
        var p = Raster.Path()
        huge.appendOutlines(to: &p, originX: 0, originY: 0, clip: Raster.Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(p.pointCount < 100_000)
    }

    @Test func textThatFitsIsNotTruncated() {
        #expect(layout("ieeg", width: 80, truncation: .end).lines.map(text) == ["ieeg"])
    }

    @Test func wrappedTextTruncatesItsLastVisibleLine() {
        // Two lines fit; the second takes the rest ("ee eeee", 82.11 pt) and is cut to "ee…".
        let l = layout("eee ee eeee", width: 50.5, height: 48, wrapped: true, truncation: .end)
        #expect(l.lines.map(text) == ["eee", "ee\u{2026}"])
    }

    @Test func alignmentOffsetsTheLine() {
        let w = 3 * advance("e")
        #expect(abs(layout("eee", width: 100, alignment: .left).lines[0].x) < 1e-9)
        #expect(abs(layout("eee", width: 100, alignment: .natural).lines[0].x) < 1e-9)
        #expect(abs(layout("eee", width: 100, alignment: .right).lines[0].x - (100 - w)) < 1e-9)
        #expect(abs(layout("eee", width: 100, alignment: .center).lines[0].x - (100 - w) / 2) < 1e-9)
    }

    @Test func justifiedLinesReachBothEdgesExceptTheLast() {
        // "ee ee" fits 70 (56.91 pt); the paragraph's last line is left alone.
        let l = layout("ee ee ee", width: 70, wrapped: true, alignment: .justified)
        #expect(l.lines.map(text) == ["ee?ee", "ee"])
        let last = l.lines[0].glyphs.last!
        #expect(abs(last.x + advance("e") - 70) < 1e-9)
        #expect(abs(l.lines[1].width - 2 * advance("e")) < 1e-9)
    }

    @Test func missingCharactersComeFromTheFallbackFace() throws {
        let bold = try TrueTypeFont(contentsOfFile: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        // U+2EE8 (a CJK radical) is in neither face: it becomes the primary's .notdef.
        let l = TextLayout(string: "e\u{2EE8}", fonts: [bold, font], size: 20, width: nil, height: nil,
                           isWrapped: false, truncationMode: .none, alignmentMode: .left)
        #expect(l.lines[0].glyphs.count == 2)
        #expect(l.lines[0].glyphs[1].glyph == 0)
    }
}

/// Where the ink of rendered CATextLayers starts and ends for each alignment mode. Expected
/// edges come from the FreeType ink boxes of A (left edge 16 units) and e (right edge 109
/// units before its advance) and HarfBuzz's width of "Age". 40.96 pt: 0.02 pt per unit;
/// rendered at scale 2, so 1 unit = 0.04 px. Tolerance: 1 px, for anti-aliased edge pixels.
@Suite struct TextAlignmentRenderingTests {
    static let size: CGFloat = 40.96
    static let unit = 0.02
    static let ageWidth = TextFixtures.stringWidths.first { $0.string == "Age" }!.width * unit

    /// First and last device columns with visible ink in rows y0..<y1.
    func inkColumns(_ r: Rendered, rows: Range<Int>) -> (Int, Int)? {
        var first: Int?, last: Int?
        for x in 0..<r.surface.width {
            for y in rows where r.rgba(x, y).a >= 16 {
                if first == nil { first = x }
                last = x
                break
            }
        }
        return first.flatMap { f in last.map { (f, $0) } }
    }

    func render(_ s: String, alignment: CATextLayerAlignmentMode, width: CGFloat = 300, height: CGFloat = 60,
                wrapped: Bool = false) -> Rendered {
        let root = makeRoot(320, 120)
        let t = CATextLayer()
        t.frame = CGRect(x: 10, y: 0, width: width, height: height)
        t.string = s
        t.font = TextFixtures.fontPath
        t.fontSize = Self.size
        t.foregroundColor = black
        t.alignmentMode = alignment
        t.isWrapped = wrapped
        root.addSublayer(t)
        return Rendered(root, width: 320, height: 120, scale: 2)
    }

    func expectInk(_ r: Rendered, rows: Range<Int> = 0..<120, from x0: Double, to x1: Double,
                   sourceLocation: SourceLocation = #_sourceLocation) {
        guard let (a, b) = inkColumns(r, rows: rows) else {
            Issue.record("no ink", sourceLocation: sourceLocation); return
        }
        #expect(abs(Double(a) - (x0 * 2).rounded(.down)) <= 1, "ink starts at column \(a), expected \(x0 * 2)",
                sourceLocation: sourceLocation)
        #expect(abs(Double(b) - (x1 * 2).rounded(.down)) <= 1, "ink ends at column \(b), expected \(x1 * 2)",
                sourceLocation: sourceLocation)
    }

    @Test func left() {
        let start = 10 + 16 * Self.unit
        expectInk(render("Age", alignment: .left), from: start, to: 10 + Self.ageWidth - 109 * Self.unit)
        expectInk(render("Age", alignment: .natural), from: start, to: 10 + Self.ageWidth - 109 * Self.unit)
    }

    @Test func right() {
        let x = 310 - Self.ageWidth
        expectInk(render("Age", alignment: .right), from: x + 16 * Self.unit, to: 310 - 109 * Self.unit)
    }

    @Test func center() {
        let x = 10 + (300 - Self.ageWidth) / 2
        expectInk(render("Age", alignment: .center), from: x + 16 * Self.unit, to: x + Self.ageWidth - 109 * Self.unit)
    }

    @Test func justified() {
        // "Age Age" (171.5 pt) fits 200 pt, three words do not: the first line is stretched to
        // both edges, the last is set flush left.
        let r = render("Age Age Age", alignment: .justified, width: 200, height: 120, wrapped: true)
        let lineHeight = Double(TextFixtures.lineHeight) * Self.unit * 2 // px
        let firstLine = 0..<Int(lineHeight), secondLine = Int(lineHeight)..<240
        expectInk(r, rows: firstLine, from: 10 + 16 * Self.unit, to: 210 - 109 * Self.unit)
        expectInk(r, rows: secondLine, from: 10 + 16 * Self.unit, to: 10 + Self.ageWidth - 109 * Self.unit)
    }

    @Test func firstLineHangsFromTheTopByTheAscent() {
        // The top of A is 1493 units above a baseline placed `ascent` (1901 units) below the top.
        let r = render("A", alignment: .left)
        var top: Int?
        for y in 0..<r.surface.height where top == nil {
            for x in 0..<r.surface.width where r.rgba(x, y).a >= 16 { top = y; break }
        }
        let expected = Double(TextFixtures.ascent - 1493) * Self.unit * 2
        #expect(abs(Double(top ?? -10) - expected.rounded(.down)) <= 1, "top row \(top ?? -1), expected \(expected)")
    }

    @Test func changesRedrawAfterTheCachedFrame() {
        // The glyph path is cached per layer between frames; any property change must invalidate it.
        let root = makeRoot(320, 120)
        let t = CATextLayer()
        t.frame = CGRect(x: 10, y: 0, width: 300, height: 60)
        t.string = "Age"
        t.font = TextFixtures.fontPath
        t.fontSize = Self.size
        t.foregroundColor = black
        root.addSublayer(t)
        let renderer = CAImageRenderer(size: CGSize(width: 320, height: 120), scale: 2)
        let first = inkColumns(Rendered(root, width: 320, height: 120, scale: 2, renderer: renderer), rows: 0..<240)
        let again = inkColumns(Rendered(root, width: 320, height: 120, scale: 2, renderer: renderer), rows: 0..<240)
        #expect(first.map { [$0.0, $0.1] } == again.map { [$0.0, $0.1] })
        t.alignmentMode = .right
        let moved = inkColumns(Rendered(root, width: 320, height: 120, scale: 2, renderer: renderer), rows: 0..<240)
        #expect(moved?.1 == Int(((310 - 109 * Self.unit) * 2).rounded(.down)))
        t.string = "A"
        let shorter = inkColumns(Rendered(root, width: 320, height: 120, scale: 2, renderer: renderer), rows: 0..<240)
        #expect(shorter.map { $0.1 - $0.0 } ?? 0 < 60) // one letter, about 55 px wide
    }

    @Test func inkOutsideTheBoundsIsCut() {
        // A 30 pt wide layer with much longer text: nothing is drawn right of x = 40 pt.
        let r = render("Age Age Age", alignment: .left, width: 30)
        let (_, last) = inkColumns(r, rows: 0..<120) ?? (0, 0)
        #expect(last <= 80)
        #expect(last >= 70) // the second glyph is cut at the edge, not dropped
    }
}
