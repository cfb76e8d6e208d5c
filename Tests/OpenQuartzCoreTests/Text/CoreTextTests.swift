import Foundation
import Testing
import OpenQuartzCore

/// The Core Text subset label code uses, and attributed strings in text layers. Expected metrics
/// are DejaVu Sans's hhea table read with a separate script (unitsPerEm 2048, ascender 1901,
/// descender −483, line gap 0), scaled by size / 2048.
@Suite struct CoreTextTests {
    @Test func fontMetricsAreTheFacesScaled() {
        let f = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
        #expect(CTFontGetSize(f) == 20)
        #expect(abs(CTFontGetAscent(f) - 1901.0 * 20 / 2048) < 1e-9)
        #expect(abs(CTFontGetDescent(f) - 483.0 * 20 / 2048) < 1e-9)
        #expect(CTFontGetLeading(f) == 0)
        #expect(CTFontGetUnitsPerEm(f) == 2048)
        #expect(CTFontCopyPostScriptName(f) == "DejaVuSans")
        #expect(CTFontCopyFamilyName(f) == "DejaVu Sans")
        // Core Text: size 0 means 12 points; an unknown name falls back to an installed face.
        #expect(CTFontGetSize(CTFontCreateWithName("DejaVu Sans" as CFString, 0, nil)) == 12)
        #expect(!CTFontCopyPostScriptName(CTFontCreateWithName("No Such Font" as CFString, 9, nil)).isEmpty)
        let g = CGFont("DejaVu Sans" as CFString)
        #expect(g?.unitsPerEm == 2048 && g?.ascent == 1901 && g?.descent == -483)
        let fromG = CTFontCreateWithGraphicsFont(g!, 10, nil, nil)
        #expect(CTFontGetSize(fromG) == 10 && CTFontCopyPostScriptName(fromG) == "DejaVuSans")
    }

    /// A line's typographic width is the sum of its runs' advances; each run measured alone at
    /// its own size gives the same total (DejaVu has no kerning pair between "A" and "B" across
    /// fonts: runs of different sizes are not kerned together), and kerning adds after each
    /// character but the last.
    @Test func lineBoundsAddTheRunsUp() throws {
        let small = CTFontCreateWithName("DejaVu Sans" as CFString, 10, nil)
        let big = CTFontCreateWithName("DejaVu Sans" as CFString, 30, nil)
        func width(_ s: NSAttributedString) -> Double { CTLineGetTypographicBounds(CTLineCreateWithAttributedString(s), nil, nil, nil) }
        let a = width(NSAttributedString(string: "Axis", attributes: [.font: small]))
        let b = width(NSAttributedString(string: "Label", attributes: [.font: big]))
        let both = NSMutableAttributedString(string: "Axis", attributes: [.font: small])
        both.append(NSAttributedString(string: "Label", attributes: [.font: big]))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let line = CTLineCreateWithAttributedString(both)
        let w = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(abs(w - (a + b)) < 1e-9)
        #expect(CTLineGetGlyphCount(line) == 9)
        // The line is as tall as its tallest run.
        #expect(abs(ascent - 1901.0 * 30 / 2048) < 1e-9 && abs(descent - 483.0 * 30 / 2048) < 1e-9)
        let kerned = width(NSAttributedString(string: "Axis", attributes: [.font: small, .kern: 2.0]))
        #expect(abs(kerned - (a + 3 * 2)) < 1e-9)
        // OQCFont measures the same line.
        let plain = try #require(OQCFont(name: "DejaVu Sans", size: 10))
        #expect(abs(CGFloat(a) - plain.width(of: "Axis")) < 1e-9)
    }

    /// Runs keep their colours: a red word then a blue word, each drawn in its own colour, and
    /// the layer's foregroundColor (white) is not used for an attributed string.
    @Test func textLayerDrawsEachRunInItsColour() {
        let root = makeRoot(200, 40)
        let t = CATextLayer()
        t.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        let s = NSMutableAttributedString(string: "HHHH", attributes: [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 24, nil),
                                                                     .foregroundColor: red])
        s.append(NSAttributedString(string: "HHHH", attributes: [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 24, nil),
                                                               .foregroundColor: blue]))
        t.string = s
        root.addSublayer(t)
        let r = Rendered(root, width: 200, height: 40)
        var reds = 0, blues = 0, whites = 0
        var lastRed = -1, firstBlue = 1000
        for y in 0..<40 {
            for x in 0..<200 {
                let p = r.rgba(x, y)
                guard p.a == 255 else { continue }
                if p.r == 255 && p.b == 0 { reds += 1; lastRed = max(lastRed, x) }
                if p.b == 255 && p.r == 0 { blues += 1; firstBlue = min(firstBlue, x) }
                if p.r == 255 && p.g == 255 && p.b == 255 { whites += 1 }
            }
        }
        #expect(reds > 50 && blues > 50 && whites == 0)
        #expect(lastRed < firstBlue)                 // red first, then blue
        // Mutating the string afterwards does not change the layer (the property copies).
        s.mutableString.setString("")
        #expect((t.string as? NSAttributedString)?.string == "HHHHHHHH")
    }

    /// Paragraph alignment per paragraph: the first right-aligned, the second centred; a
    /// truncating line break mode truncates with an ellipsis on one line.
    @Test func paragraphStylesAlignAndTruncate() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
        let right = NSMutableParagraphStyle(); right.alignment = .right
        let centre = NSMutableParagraphStyle(); centre.alignment = .center
        let s = NSMutableAttributedString(string: "I\n", attributes: [.font: font, .paragraphStyle: right])
        s.append(NSAttributedString(string: "I", attributes: [.font: font, .paragraphStyle: centre]))
        let t = CATextLayer()
        t.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        t.string = s
        let layout = t.textLayout()!.layout
        #expect(layout.lines.count == 2)
        let w = layout.lines[0].width
        #expect(abs(layout.lines[0].x - (200 - w)) < 1e-9)
        #expect(abs(layout.lines[1].x - (200 - w) / 2) < 1e-9)
        let tail = NSMutableParagraphStyle(); tail.lineBreakMode = .byTruncatingTail
        t.isWrapped = true
        t.string = NSAttributedString(string: "a long line that does not fit", attributes: [.font: font, .paragraphStyle: tail])
        let truncated = t.textLayout()!.layout
        #expect(truncated.lines.count == 1)
        #expect(truncated.lines[0].width <= 200)
        let ellipsis = FontCatalog.shared.font(named: "DejaVu Sans")!.glyph(for: "\u{2026}")
        #expect(truncated.lines[0].glyphs.contains { $0.glyph == ellipsis })
    }

    /// `font` takes what Apple's takes: a CTFont, a CGFont or a name (the layer's fontSize sizes
    /// them all), all drawing the same glyphs.
    @Test func fontAcceptsCTFontCGFontAndName() {
        func path(_ font: Any?) -> String {
            let t = CATextLayer()
            t.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
            t.string = "Ag"
            t.font = font
            t.fontSize = 18
            let l = t.textLayout()!.layout
            #expect(abs(l.size - 18) < 1e-12)
            return l.fonts[l.lines[0].glyphs[0].font].names.postScriptName
        }
        let byName = path("DejaVu Serif")
        #expect(byName == "DejaVuSerif")
        #expect(path(CTFontCreateWithName("DejaVu Serif" as CFString, 50, nil)) == byName)
        #expect(path(CGFont("DejaVu Serif" as CFString)) == byName)
        #expect(path("DejaVu Serif" as CFTypeRef) == byName)
    }
}
