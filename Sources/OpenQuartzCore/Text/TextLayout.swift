import Foundation
import Raster

/// Lays text out as Core Text lays out a CATextLayer's string: lines stacked from the top of
/// the box, the first baseline at the font's ascent, lines `ascent + descent + lineGap` apart,
/// kerning applied, optional word wrapping (at spaces, by characters for words longer than a
/// line), truncation with "…" and the five alignment modes. Characters the font lacks come
/// from the fallback face. Units are points; y grows downwards from the top of the box.
struct TextLayout {
    struct Glyph {
        /// Index into `fonts`.
        var font: Int
        var glyph: UInt16
        /// Pen position of the glyph's origin on its baseline.
        var x: Double
    }

    struct Line {
        var glyphs: [Glyph]
        /// Start of the line relative to the box's left edge (set by alignment).
        var x: Double
        var baseline: Double
        /// Advance width without trailing spaces.
        var width: Double
    }

    /// One character of a paragraph after shaping.
    private struct Item {
        var font: Int
        var glyph: UInt16
        var advance: Double
        /// Kerning between this item and the next (0 at paragraph end or across fonts).
        var kern: Double
        var isSpace: Bool
    }

    let fonts: [TrueTypeFont]
    let size: Double
    let ascent: Double
    let descent: Double
    let lineGap: Double
    var lineHeight: Double { ascent + descent + lineGap }
    private(set) var lines: [Line] = []

    /// - Parameters:
    ///   - fonts: the requested face first, then faces tried for characters it lacks.
    ///   - width: the box width; nil lays every paragraph out on one unbounded line.
    ///   - height: the box height; lines whose descent would fall below it are dropped (the
    ///     first line is always kept).
    init(string: String, fonts: [TrueTypeFont], size: Double, width: Double?, height: Double?,
         isWrapped: Bool, truncationMode: CATextLayerTruncationMode, alignmentMode: CATextLayerAlignmentMode) {
        self.fonts = fonts
        self.size = size
        let primary = fonts[0], s = size / Double(primary.unitsPerEm)
        ascent = Double(primary.ascender) * s
        descent = Double(primary.descender) * s
        lineGap = Double(max(primary.lineGap, 0)) * s
        guard size > 0, size.isFinite else { return }

        let paragraphs = TextLayout.paragraphs(string).map(shape)
        let boxWidth = width.flatMap { $0.isFinite ? max($0, 0) : nil }
        let wraps = isWrapped && boxWidth != nil
        var maxLines = Int.max
        if let h = height, h.isFinite {
            let extra = (h - ascent - descent) / lineHeight
            maxLines = extra >= 0 ? Int(min(extra, 1e6).rounded(.down)) + 1 : 1
        }
        let truncates = truncationMode == .start || truncationMode == .middle || truncationMode == .end
        var out: [Line] = []
        paragraphLoop: for items in paragraphs {
            let ranges: [Range<Int>] = wraps ? TextLayout.wrap(items, width: boxWidth!) : [0..<items.count]
            for (k, r) in ranges.enumerated() {
                let isLastVisible = out.count == maxLines - 1
                var line: Line
                var justify = wraps && alignmentMode == .justified && k < ranges.count - 1
                if truncates, let w = boxWidth, isLastVisible || !wraps {
                    // The last line that fits takes the rest of its paragraph, truncated.
                    let rest = r.lowerBound..<items.count
                    if TextLayout.width(items, rest) > w + 1e-9 {
                        line = truncate(items, rest, width: w, mode: truncationMode)
                        justify = false
                    } else {
                        line = makeLine(items, [rest])
                        justify = justify && rest == r
                    }
                } else {
                    line = makeLine(items, [r])
                }
                line.baseline = ascent + Double(out.count) * lineHeight
                if let w = boxWidth {
                    align(&line, width: w, mode: alignmentMode, justify: justify, items: items)
                }
                out.append(line)
                if out.count >= maxLines { break paragraphLoop }
                if truncates && isLastVisible { break paragraphLoop }
            }
        }
        lines = out
    }

    // MARK: shaping

    static func paragraphs(_ s: String) -> [Substring.UnicodeScalarView] {
        var out: [Substring.UnicodeScalarView] = []
        let scalars = s.unicodeScalars
        var start = scalars.startIndex, i = start
        while i < scalars.endIndex {
            let c = scalars[i]
            if c == "\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}" || c == "\u{85}" {
                out.append(Substring(s)[start..<i].unicodeScalars)
                var next = scalars.index(after: i)
                if c == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next; i = next
            } else {
                i = scalars.index(after: i)
            }
        }
        out.append(Substring(s)[start..<scalars.endIndex].unicodeScalars)
        return out
    }

    private func shape(_ scalars: Substring.UnicodeScalarView) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(scalars.count)
        for c0 in scalars {
            var c = c0
            if c == "\t" { c = " " } else if c.value < 0x20 || (0x7F..<0xA0).contains(c.value) { continue }
            let (font, glyph) = lookup(c)
            let f = fonts[font]
            let advance = Double(f.advance(glyph)) * size / Double(f.unitsPerEm)
            if let last = items.last, last.font == font {
                items[items.count - 1].kern = Double(f.kerning(last.glyph, glyph)) * size / Double(f.unitsPerEm)
            }
            items.append(Item(font: font, glyph: glyph, advance: advance, kern: 0,
                              isSpace: c == " " || c == "\u{3000}"))
        }
        return items
    }

    /// The first font with a glyph for the scalar; the primary's .notdef when none has one.
    private func lookup(_ c: Unicode.Scalar) -> (Int, UInt16) {
        for (i, f) in fonts.enumerated() {
            let g = f.glyph(for: c)
            if g != 0 { return (i, g) }
        }
        return (0, 0)
    }

    /// Advance width of items in `r`, kerning inside the range, trailing spaces excluded.
    private static func width(_ items: [Item], _ r: Range<Int>) -> Double {
        var end = r.upperBound
        while end > r.lowerBound, items[end - 1].isSpace { end -= 1 }
        var w = 0.0
        var i = r.lowerBound
        while i < end {
            w += items[i].advance
            if i + 1 < end { w += items[i].kern }
            i += 1
        }
        return w
    }

    // MARK: line breaking

    /// Greedy breaking: a line ends after the last space run that lets it fit; a word wider
    /// than the line is broken between characters (at least one character per line).
    private static func wrap(_ items: [Item], width w: Double) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        let n = items.count
        if n == 0 { return [0..<0] }
        while start < n {
            var pen = 0.0, i = start
            var lastBreak: Int? = nil // index just after a space run
            var fitEnd = start        // characters that fit, for breaking inside a word
            while i < n {
                if items[i].isSpace {
                    // Spaces hang past the edge; a break is allowed after the run.
                    while i < n, items[i].isSpace { pen += items[i].advance + items[i].kern; i += 1 }
                    lastBreak = i
                    fitEnd = i
                    continue
                }
                let next = pen + items[i].advance
                if next > w + 1e-9 { break }
                pen = next + items[i].kern
                i += 1
                fitEnd = i
            }
            if i >= n { ranges.append(start..<n); break }
            var end = lastBreak.map { $0 > start ? $0 : max(fitEnd, start + 1) } ?? max(fitEnd, start + 1)
            // Spaces after a break inside a word hang at the end of this line, not start the next.
            while end < n, items[end].isSpace { end += 1 }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    // MARK: truncation

    private func ellipsis() -> (font: Int, glyph: UInt16, advance: Double) {
        let (font, glyph) = lookup("\u{2026}")
        let f = fonts[font]
        return (font, glyph, Double(f.advance(glyph)) * size / Double(f.unitsPerEm))
    }

    private func truncate(_ items: [Item], _ r: Range<Int>, width w: Double,
                          mode: CATextLayerTruncationMode) -> Line {
        let e = ellipsis()
        let budget = w - e.advance
        guard budget >= 0 else { return Line(glyphs: [], x: 0, baseline: 0, width: 0) }
        var head = r.lowerBound..<r.lowerBound, tail = r.upperBound..<r.upperBound
        switch mode {
        case .end:
            head = r.lowerBound..<longestPrefix(items, r, budget)
        case .start:
            tail = longestSuffix(items, r, budget)..<r.upperBound
        default:
            let h = longestPrefix(items, r, budget / 2)
            head = r.lowerBound..<h
            tail = longestSuffix(items, h..<r.upperBound, budget - TextLayout.width(items, head))..<r.upperBound
        }
        // Spaces next to the ellipsis would only widen the gap.
        while head.upperBound > head.lowerBound, items[head.upperBound - 1].isSpace { head = head.lowerBound..<head.upperBound - 1 }
        while tail.lowerBound < tail.upperBound, items[tail.lowerBound].isSpace { tail = tail.lowerBound + 1..<tail.upperBound }
        while tail.upperBound > tail.lowerBound, items[tail.upperBound - 1].isSpace { tail = tail.lowerBound..<tail.upperBound - 1 }
        var line = makeLine(items, [head])
        var x = line.width
        line.glyphs.append(Glyph(font: e.font, glyph: e.glyph, x: x))
        x += e.advance
        for i in tail {
            line.glyphs.append(Glyph(font: items[i].font, glyph: items[i].glyph, x: x))
            x += items[i].advance + (i + 1 < tail.upperBound ? items[i].kern : 0)
        }
        line.width = x
        return line
    }

    /// End of the longest prefix of `r` whose width (trailing spaces not counted) fits `budget`.
    private func longestPrefix(_ items: [Item], _ r: Range<Int>, _ budget: Double) -> Int {
        var pen = 0.0, best = r.lowerBound
        for i in r {
            let w = pen + items[i].advance
            if !items[i].isSpace {
                if w > budget + 1e-9 { break }
                best = i + 1
            }
            pen = w + items[i].kern
        }
        return best
    }

    /// Start of the longest suffix of `r` whose width (trailing spaces not counted) fits `budget`.
    private func longestSuffix(_ items: [Item], _ r: Range<Int>, _ budget: Double) -> Int {
        var end = r.upperBound
        while end > r.lowerBound, items[end - 1].isSpace { end -= 1 }
        var w = 0.0, start = end
        while start > r.lowerBound {
            let i = start - 1
            let next = w + items[i].advance + (i + 1 < end ? items[i].kern : 0)
            if next > budget + 1e-9 { break }
            w = next
            start = i
        }
        return start == end ? r.upperBound : start
    }

    // MARK: positioning

    private func makeLine(_ items: [Item], _ ranges: [Range<Int>]) -> Line {
        var glyphs: [Glyph] = []
        var x = 0.0
        for r in ranges {
            var end = r.upperBound
            while end > r.lowerBound, items[end - 1].isSpace { end -= 1 }
            glyphs.reserveCapacity(end - r.lowerBound)
            for i in r.lowerBound..<end {
                glyphs.append(Glyph(font: items[i].font, glyph: items[i].glyph, x: x))
                x += items[i].advance + (i + 1 < end ? items[i].kern : 0)
            }
        }
        return Line(glyphs: glyphs, x: 0, baseline: 0, width: x)
    }

    private func align(_ line: inout Line, width w: Double, mode: CATextLayerAlignmentMode, justify: Bool,
                       items: [Item]) {
        switch mode {
        case .right: line.x = w - line.width
        case .center: line.x = (w - line.width) / 2
        case .justified where justify:
            // Stretch the spaces between words so the line reaches both edges.
            let spaces = line.glyphs.indices.filter { isSpaceGlyph(line.glyphs[$0]) }
            guard !spaces.isEmpty, line.width < w else { return }
            let extra = (w - line.width) / Double(spaces.count)
            var shift = 0.0, k = 0
            for i in line.glyphs.indices {
                line.glyphs[i].x += shift
                if k < spaces.count, spaces[k] == i { shift += extra; k += 1 }
            }
            line.width = w
        default: line.x = 0 // natural and left (left-to-right text)
        }
    }

    private func isSpaceGlyph(_ g: Glyph) -> Bool {
        let f = fonts[g.font]
        return g.glyph == f.glyph(for: " ")
    }

    // MARK: outlines

    /// Appends every glyph outline, placed with the box's top-left corner at (originX, originY),
    /// y down, to `path`. With `clip`, glyphs are cut to that rectangle (same space as the
    /// origin): wholly outside ones are skipped, straddling ones flattened and clipped.
    func appendOutlines(to path: inout Raster.Path, originX: Double, originY: Double, clip: Raster.Rect? = nil) {
        for line in lines {
            let baseline = originY + line.baseline
            for g in line.glyphs {
                let f = fonts[g.font]
                let s = size / Double(f.unitsPerEm)
                let ox = originX + line.x + g.x
                let outline = f.outline(g.glyph)
                if outline.isEmpty { continue }
                guard let c = clip else {
                    TextLayout.append(outline, to: &path, x: ox, baseline: baseline, scale: s)
                    continue
                }
                let b = f.outlineBounds(g.glyph)
                let minX = ox + b.minX * s, maxX = ox + b.maxX * s
                let minY = baseline - b.maxY * s, maxY = baseline - b.minY * s
                if maxX <= c.minX || minX >= c.maxX || maxY <= c.minY || minY >= c.maxY { continue }
                if minX >= c.minX && maxX <= c.maxX && minY >= c.minY && maxY <= c.maxY {
                    TextLayout.append(outline, to: &path, x: ox, baseline: baseline, scale: s)
                } else {
                    var placed = Raster.Path()
                    TextLayout.append(outline, to: &placed, x: ox, baseline: baseline, scale: s)
                    GlyphClipping.appendClipped(placed, to: &path, minX: c.minX, minY: c.minY, maxX: c.maxX, maxY: c.maxY)
                }
            }
        }
    }

    /// Appends a font-unit, y-up outline scaled by `s` with its origin at (x, baseline), y down.
    private static func append(_ outline: Raster.Path, to path: inout Raster.Path, x ox: Double, baseline: Double,
                               scale s: Double) {
        outline.forEachElement { e in
            switch e {
            case let .move(x, y): path.move(to: ox + x * s, baseline - y * s)
            case let .line(x, y): path.line(to: ox + x * s, baseline - y * s)
            case let .quad(cx, cy, x, y):
                path.quad(to: ox + x * s, baseline - y * s, control: ox + cx * s, baseline - cy * s)
            case let .cubic(c1x, c1y, c2x, c2y, x, y):
                path.cubic(to: ox + x * s, baseline - y * s, control1: ox + c1x * s, baseline - c1y * s,
                           control2: ox + c2x * s, baseline - c2y * s)
            case .close: path.close()
            }
        }
    }
}
