import Foundation
import Testing
import OpenQuartzCore

/// Drawing a `CTLine` into a context. Expected geometry is DejaVu Sans's glyph table read with a
/// separate script (unitsPerEm 2048; "H": ink x 201…1339, y 0…1493, advance 1540; its left
/// stem x 201…403), at 40.96 points so that one font unit is 0.02 points.
@Suite struct CGContextTextTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    static func line(_ s: String, color: CGColor? = red) -> CTLine {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 40.96, nil)
        var attributes: [NSAttributedString.Key: Any] = [.font: font]
        if let color { attributes[.foregroundColor] = color }
        return CTLineCreateWithAttributedString(NSAttributedString(string: s, attributes: attributes) as CFAttributedString)
    }

    /// The pixels with any alpha, as (minX, minY, maxX, maxY) in memory rows (row 0 on top).
    static func ink(_ c: CGContext) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for row in 0..<c.height {
            for x in 0..<c.width where c.rgba(x, row: row).a > 0 {
                box = box.map { (min($0.0, x), min($0.1, row), max($0.2, x), max($0.3, row)) } ?? (x, row, x, row)
            }
        }
        return box
    }

    @Test func lineSitsOnTheTextPositionUpright() throws {
        let c = makeRGBAContext(64, 48)
        c.textPosition = CGPoint(x: 10, y: 8)
        CTLineDraw(Self.line("H"), c)
        // Ink x 10 + 4.02 … 10 + 26.78, device y 8 … 8 + 29.86 (y up: memory rows 48 − 37.86 … 40).
        let box = try #require(Self.ink(c))
        #expect(box.0 == 14 && box.2 == 36)
        #expect(box.1 == 10 && box.3 == 39)
        // Inside the left stem (x 14.02 … 18.06): opaque red; left of it, below the baseline and
        // between the stems under the crossbar: nothing.
        #expect(c.rgba(device: 16, 20) == (255, 0, 0, 255))
        #expect(c.rgba(device: 12, 20).a == 0 && c.rgba(device: 16, 6).a == 0 && c.rgba(device: 25, 12).a == 0)
        // The pen moved to the line's end: one advance, 30.8 points.
        #expect(abs(c.textPosition.x - 40.8) < 1e-9 && c.textPosition.y == 8)
    }

    @Test func flippedContextNeedsTheFlippedTextMatrix() {
        // A layer's context: y down from the top (as draw(in:) gets it).
        func draw(flipText: Bool) -> CGContext {
            let c = makeRGBAContext(64, 80)
            c.translateBy(x: 0, y: 80)
            c.scaleBy(x: 1, y: -1)
            if flipText { c.textMatrix = CGAffineTransform(scaleX: 1, y: -1) }
            c.textPosition = CGPoint(x: 10, y: 40)
            CTLineDraw(Self.line("H"), c)
            return c
        }
        // Memory rows are layer y here. Flipped text matrix: upright, ink rows 40 − 29.86 … 40.
        let upright = draw(flipText: true)
        #expect(upright.rgba(16, row: 30) == (255, 0, 0, 255) && upright.rgba(16, row: 44).a == 0)
        // Without it the glyph is mirrored below the baseline, as on iOS.
        let mirrored = draw(flipText: false)
        #expect(mirrored.rgba(16, row: 44) == (255, 0, 0, 255) && mirrored.rgba(16, row: 30).a == 0)
    }

    @Test func textMatrixScalesAndTheStateIsNotSaved() throws {
        let c = makeRGBAContext(128, 48)
        c.saveGState()
        c.textMatrix = CGAffineTransform(scaleX: 2, y: 1)
        c.textPosition = CGPoint(x: 4, y: 8)
        c.restoreGState()
        // Core Graphics keeps text position and matrix outside the graphics state.
        #expect(c.textMatrix == CGAffineTransform(scaleX: 2, y: 1) && c.textPosition == CGPoint(x: 4, y: 8))
        CTLineDraw(Self.line("H"), c)
        let box = try #require(Self.ink(c))
        // Twice as wide: x 4 + 8.04 … 4 + 53.56; the pen moves two advances.
        #expect(box.0 == 12 && box.2 == 57)
        #expect(abs(c.textPosition.x - (4 + 61.6)) < 1e-9)
    }

    @Test func runsWithoutAColourAreBlackAndAlphaApplies() {
        let c = makeRGBAContext(64, 48)
        c.setAlpha(0.5)
        c.textPosition = CGPoint(x: 10, y: 8)
        CTLineDraw(Self.line("H", color: nil), c)
        let p = c.rgba(device: 16, 20)
        #expect(p.r == 0 && p.g == 0 && p.b == 0 && near(p.a, 128))
    }
}
