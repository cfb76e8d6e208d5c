import Testing
import OpenUIKit

/// String measuring and drawing, measured against the font's own tables: a line is as wide as
/// its glyphs' advances and kerning, and as tall as the font's `lineHeight` (UIKit's
/// documented line height: ascender − descender + leading).
@Suite struct StringDrawingTests {
    let font = UIFont.systemFont(ofSize: 20)

    /// The advance width of `text` in DejaVu Sans at `size`, summed from the font's tables.
    func advances(_ text: String, size: CGFloat) -> CGFloat? {
        guard let f = OQCFont(name: "DejaVu Sans", size: size) else { return nil }
        let glyphs = text.unicodeScalars.map { f.glyph(for: $0) }
        var width: CGFloat = 0
        for (i, g) in glyphs.enumerated() {
            width += f.advance(forGlyph: g)
            if i + 1 < glyphs.count { width += f.kerning(between: g, and: glyphs[i + 1]) }
        }
        return width
    }

    @Test func systemFontMetrics() {
        #expect(font.pointSize == 20 && font.familyName == "DejaVu Sans")
        #expect(font.descender < 0 && font.ascender > 0)
        #expect(abs(font.lineHeight - (font.ascender - font.descender + font.leading)) < 1e-9)
        #expect(UIFont.boldSystemFont(ofSize: 12).fontName == "DejaVuSans-Bold")
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == "DejaVuSans-Bold")
        #expect(UIFont.systemFont(ofSize: 12, weight: .light).fontName == "DejaVuSans")
        #expect(UIFont(name: "No Such Font Anywhere", size: 12) == nil)
        #expect(UIFont(name: "DejaVu Sans Mono", size: 9)?.pointSize == 9)
        #expect(font.withSize(30).pointSize == 30)
    }

    @Test func sizeOfOneLineIsItsAdvancesByTheLineHeight() throws {
        let expected = try #require(advances("Hello, layers", size: 20))
        let size = "Hello, layers".size(withAttributes: [.font: font])
        #expect(abs(size.width - expected) < 1e-6)
        #expect(abs(size.height - font.lineHeight) < 1e-6)
        // NSString and NSAttributedString measure the same.
        #expect(("Hello, layers" as NSString).size(withAttributes: [.font: font]) == size)
        #expect(NSAttributedString(string: "Hello, layers", attributes: [.font: font]).size() == size)
        #expect("".size(withAttributes: [.font: font]) == .zero)
    }

    @Test func boundingRectWrapsToTheWidth() throws {
        let word = try #require(advances("word", size: 20))
        let space = try #require(advances(" ", size: 20))
        // Two words and a space fit; the third wraps: three words → two lines.
        let width = 2 * word + space + word / 2
        let rect = "word word word".boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude),
                                                options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        #expect(rect.origin == .zero)
        #expect(abs(rect.height - 2 * font.lineHeight) < 1e-6)
        #expect(abs(rect.width - (2 * word + space)) < 1e-6)
    }

    @Test func boundingRectWithoutLineFragmentsIsOneLineFromTheBaseline() throws {
        let context = NSStringDrawingContext()
        let rect = "word word word".boundingRect(with: CGSize(width: 10, height: 10), options: [],
                                                attributes: [.font: font], context: context)
        #expect(abs(rect.minY + font.ascender) < 1e-6)
        #expect(abs(rect.width - (try #require(advances("word word word", size: 20)))) < 1e-6)
        #expect(context.totalBounds == rect && context.actualScaleFactor == 1)
    }

    @Test func drawAtPointPaintsInTheColorWithinTheMeasuredBox() {
        let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.red]
        let size = "Hi".size(withAttributes: attributes)
        let image = render(CGSize(width: 60, height: 60)) { "Hi".draw(at: CGPoint(x: 10, y: 10), withAttributes: attributes) }
        var inside = 0, outside = 0, wrongColor = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let p = pixel(image, x, y)
                guard p.count == 4, p[3] > 0 else { continue }
                if p[1] != 0 || p[2] != 0 { wrongColor += 1 }
                let inBox = CGFloat(x) >= 9 && CGFloat(x) <= 11 + size.width && CGFloat(y) >= 9 && CGFloat(y) <= 11 + size.height
                if inBox { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 20 && outside == 0 && wrongColor == 0)
    }

    @Test func drawInRectWrapsLines() throws {
        let word = try #require(advances("word", size: 20))
        let image = render(CGSize(width: 100, height: 100)) {
            "word word".draw(in: CGRect(x: 0, y: 0, width: word + 2, height: 100),
                             withAttributes: [.font: font, .foregroundColor: UIColor.blue])
        }
        // The second word is on the second line: ink between one and two line heights down.
        let secondLine = Int(font.lineHeight) + 2..<Int(2 * font.lineHeight) - 2
        let ink = secondLine.contains { y in (0..<100).contains { x in pixel(image, x, y).last ?? 0 > 0 } }
        #expect(ink)
        // Nothing is drawn to the right of the wrapping width.
        let beyond = (0..<100).contains { y in (Int(word) + 4..<100).contains { x in pixel(image, x, y).last ?? 0 > 0 } }
        #expect(!beyond)
    }

    @Test func nothingIsDrawnWithoutAContext() {
        #expect(UIGraphicsGetCurrentContext() == nil)
        "Hi".draw(at: .zero, withAttributes: [.font: font])
        NSAttributedString(string: "Hi").draw(in: CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

extension StringDrawingTests {
    /// The text styles at UIKit's default content size.
    @Test func preferredFontsHaveTheDefaultSizes() {
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        #expect(UIFont.preferredFont(forTextStyle: .caption2).pointSize == 11)
        #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == "DejaVuSans-Bold")
        #expect(UIFont.preferredFont(forTextStyle: .body).fontName == "DejaVuSans")
    }
}
