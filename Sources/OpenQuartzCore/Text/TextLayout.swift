import Foundation
import Raster

/// Lays text out as Core Text lays out a CATextLayer's string: lines stacked from the top of
/// the box, the first baseline at the font's ascent, lines `ascent + descent + lineGap` apart,
/// kerning applied, optional word wrapping (at spaces, by characters for words longer than a
/// line), truncation with "…" and the five alignment modes. Characters the font lacks come
/// from the fallback face. Units are points; y grows downwards from the top of the box.
///
/// The text is a sequence of styled runs (an attributed string's): each run has its own face,
/// size, colour (`style`, an index the caller gives meaning to) and extra kerning; each
/// paragraph may set its own alignment and truncation (its first character's run decides). A
/// line is as tall as its tallest run: its baseline sits its largest ascent below the previous
/// line's largest descent and line gap.
package struct TextLayout {
    /// One run of text in one style.
    struct Run {
        var text: Substring
        /// The run's face; characters it lacks come from the layout's fallback face.
        var font: TrueTypeFont
        var size: Double
        /// The caller's style index (the run's colour), carried to the glyphs.
        var style: Int = 0
        /// Points added after each character (`NSAttributedString.Key.kern`).
        var kern: Double = 0
        /// The paragraph settings this run asks for when it starts a paragraph (nil: the layout's).
        var paragraph: Paragraph? = nil
    }

    /// Per-paragraph settings (`NSParagraphStyle`).
    struct Paragraph: Equatable {
        var alignment: CATextLayerAlignmentMode
        /// Nil keeps the layout's truncation mode.
        var truncation: CATextLayerTruncationMode?
        var breaksByCharacter = false
    }

    package struct Glyph {
        /// Index into `fonts`.
        package var font: Int
        package var glyph: UInt16
        /// Pen position of the glyph's origin on its baseline.
        package var x: Double
        var size: Double = 0
        var style: Int = 0
    }

    package struct Line {
        package var glyphs: [Glyph]
        /// Start of the line relative to the box's left edge (set by alignment).
        package var x: Double
        package var baseline: Double
        /// Advance width without trailing spaces.
        package var width: Double
    }

    /// One character of a paragraph after shaping.
    private struct Item {
        var font: Int
        var glyph: UInt16
        var advance: Double
        /// Kerning between this item and the next (0 at paragraph end or across fonts).
        var kern: Double
        var isSpace: Bool
        var size: Double
        var style: Int
        /// The run's own face (not a fallback's): it sets the line's height, as Core Text's
        /// line metrics come from the runs' fonts.
        var face: Int
    }

    /// Every face glyphs come from: the runs' faces, then the fallback.
    package private(set) var fonts: [TrueTypeFont]
    /// The first run's size, and its face's metrics at that size.
    package let size: Double
    let ascent: Double
    let descent: Double
    let lineGap: Double
    var lineHeight: Double { ascent + descent + lineGap }
    package private(set) var lines: [Line] = []
    /// Per line: the largest ascent, descent and line gap of its glyphs.
    private(set) var lineMetrics: [(ascent: Double, descent: Double, gap: Double)] = []

    /// - Parameters:
    ///   - fonts: the requested face first, then faces tried for characters it lacks.
    ///   - width: the box width; nil lays every paragraph out on one unbounded line.
    ///   - height: the box height; lines whose descent would fall below it are dropped (the
    ///     first line is always kept).
    package init(string: String, fonts: [TrueTypeFont], size: Double, width: Double?, height: Double?,
         isWrapped: Bool, truncationMode: CATextLayerTruncationMode, alignmentMode: CATextLayerAlignmentMode) {
        self.init(runs: [Run(text: Substring(string), font: fonts[0], size: size)], fallback: Array(fonts.dropFirst()),
                  width: width, height: height, isWrapped: isWrapped, truncationMode: truncationMode,
                  alignmentMode: alignmentMode)
    }

    /// Styled runs laid out as one text; `fallback` faces are tried, in order, for characters a
    /// run's face lacks. `runs` must not be empty.
    init(runs: [Run], fallback: [TrueTypeFont], width: Double?, height: Double?,
         isWrapped: Bool, truncationMode: CATextLayerTruncationMode, alignmentMode: CATextLayerAlignmentMode) {
        var faces: [TrueTypeFont] = []
        for f in runs.map(\.font) + fallback where !faces.contains(where: { $0 === f }) { faces.append(f) }
        fonts = faces
        fallbackFonts = fallback.compactMap { f in faces.firstIndex { $0 === f } }
        let first = runs[0]
        size = first.size
        let primary = first.font, s = first.size / Double(primary.unitsPerEm)
        ascent = Double(primary.ascender) * s
        descent = Double(primary.descender) * s
        lineGap = Double(max(primary.lineGap, 0)) * s
        guard runs.allSatisfy({ $0.size > 0 && $0.size.isFinite }) else { return }

        let defaultParagraph = Paragraph(alignment: alignmentMode, truncation: nil)
        var tallest = lineHeight
        for r in runs {
            let k = r.size / Double(r.font.unitsPerEm)
            tallest = max(tallest, Double(r.font.ascender + r.font.descender + max(r.font.lineGap, 0)) * k)
        }
        let paragraphs = TextLayout.paragraphs(runs).map { shape($0, runs) }
        let boxWidth = width.flatMap { $0.isFinite ? max($0, 0) : nil }
        var maxLines = Int.max
        if let h = height, h.isFinite {
            // Mixed sizes: the tallest run's line height decides how many lines fit (lines are
            // then stacked by their own heights, and any whose descent falls below is dropped).
            let single = runs.count == 1 ? lineHeight : tallest
            let firstDepth = runs.count == 1 ? ascent + descent : tallest - lineGap
            let extra = (h - firstDepth) / single
            maxLines = extra >= 0 ? Int(min(extra, 1e6).rounded(.down)) + 1 : 1
        }
        var out: [Line] = []
        paragraphLoop: for (items, spec) in paragraphs {
            let paragraph = spec ?? defaultParagraph
            let lineAlignment = paragraph.alignment
            let lineTruncation = paragraph.truncation ?? truncationMode
            let truncates = lineTruncation == .start || lineTruncation == .middle || lineTruncation == .end
            let wraps = isWrapped && boxWidth != nil && paragraph.truncation == nil
            let ranges: [Range<Int>] = wraps
                ? TextLayout.wrap(items, width: boxWidth!, byCharacter: paragraph.breaksByCharacter)
                : [0..<items.count]
            for (k, r) in ranges.enumerated() {
                let isLastVisible = out.count == maxLines - 1
                var line: Line
                var justify = wraps && lineAlignment == .justified && k < ranges.count - 1
                if truncates, let w = boxWidth, isLastVisible || !wraps {
                    // The last line that fits takes the rest of its paragraph, truncated.
                    let rest = r.lowerBound..<items.count
                    if TextLayout.width(items, rest) > w + 1e-9 {
                        line = truncate(items, rest, width: w, mode: lineTruncation)
                        justify = false
                    } else {
                        line = makeLine(items, [rest])
                        justify = justify && rest == r
                    }
                } else {
                    line = makeLine(items, [r])
                }
                if let w = boxWidth {
                    align(&line, width: w, mode: lineAlignment, justify: justify, items: items)
                }
                out.append(line)
                lineMetrics.append(metrics(of: line, items: items, range: r))
                if out.count >= maxLines { break paragraphLoop }
                if truncates && isLastVisible { break paragraphLoop }
            }
        }
        // Baselines: each line its own ascent below the previous line's descent and gap.
        var y = 0.0
        for i in out.indices {
            if runs.count == 1 {
                // One style: every line is the face's height (the same sum, rounded the same way).
                out[i].baseline = ascent + Double(i) * lineHeight
                continue
            }
            let m = lineMetrics[i]
            if i > 0 { y += lineMetrics[i - 1].descent + lineMetrics[i - 1].gap }
            y += m.ascent
            out[i].baseline = y
        }
        if runs.count > 1, let h = height, h.isFinite {
            while out.count > 1, let last = out.indices.last, out[last].baseline + lineMetrics[last].descent > h + 1e-9 {
                out.removeLast(); lineMetrics.removeLast()
            }
        }
        lines = out
    }

    /// Indices of the fallback faces in `fonts`.
    private let fallbackFonts: [Int]

    /// The largest ascent, descent and gap of the line's glyphs (of the paragraph's first
    /// character for an empty line, so an empty paragraph keeps its run's height).
    private func metrics(of line: Line, items: [Item], range: Range<Int>) -> (ascent: Double, descent: Double, gap: Double) {
        var a = 0.0, d = 0.0, g = 0.0, any = false
        func add(_ font: Int, _ size: Double) {
            let f = fonts[font], k = size / Double(f.unitsPerEm)
            a = max(a, Double(f.ascender) * k); d = max(d, Double(f.descender) * k)
            g = max(g, Double(max(f.lineGap, 0)) * k)
            any = true
        }
        for i in range { add(items[i].face, items[i].size) }
        if !any, let first = items.first { add(first.face, first.size) }
        return any ? (a, d, g) : (ascent, descent, lineGap)
    }

    // MARK: shaping

    /// The most characters (Unicode scalars) one layout reads; the rest of a longer text is
    /// not laid out, as if cut off by the layer's bounds. A string of 20 million characters at
    /// a tiny size asked for gigabytes of glyphs; a million glyphs take about 100 MB.
    package static let maxCharacters = 1_000_000

    /// The runs' scalars cut into paragraphs: for each, its (scalar, run index) pairs and the
    /// paragraph settings of the run its first character belongs to. At most `maxCharacters`
    /// are read.
    static func paragraphs(_ runs: [Run]) -> [(scalars: [(Unicode.Scalar, Int)], paragraph: Paragraph?)] {
        var out: [(scalars: [(Unicode.Scalar, Int)], paragraph: Paragraph?)] = []
        var current: [(Unicode.Scalar, Int)] = []
        var spec: Paragraph?? = nil
        var pendingCR = false
        var read = 0
        runLoop: for (k, run) in runs.enumerated() {
            for c in run.text.unicodeScalars {
                read += 1
                if read > maxCharacters { break runLoop }
                if pendingCR {
                    pendingCR = false
                    if c == "\n" { continue }
                }
                if c == "\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}" || c == "\u{85}" {
                    out.append((current, spec ?? run.paragraph))
                    current = []; spec = nil
                    pendingCR = c == "\r"
                    continue
                }
                if spec == nil { spec = .some(run.paragraph) }
                current.append((c, k))
            }
        }
        out.append((current, spec ?? runs.last?.paragraph))
        return out
    }

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

    private func shape(_ paragraph: (scalars: [(Unicode.Scalar, Int)], paragraph: Paragraph?),
                       _ runs: [Run]) -> ([Item], Paragraph?) {
        var items: [Item] = []
        items.reserveCapacity(paragraph.scalars.count)
        var lastRun = -1
        for (c0, k) in paragraph.scalars {
            var c = c0
            if c == "\t" { c = " " } else if c.value < 0x20 || (0x7F..<0xA0).contains(c.value) { continue }
            let run = runs[k]
            let primary = fonts.firstIndex { $0 === run.font } ?? 0
            let (font, glyph) = lookup(c, primary: primary)
            let f = fonts[font]
            let advance = Double(f.advance(glyph)) * run.size / Double(f.unitsPerEm)
            if let last = items.last {
                // Pair kerning within one face at one size; the attribute's kerning after every
                // character of its run.
                var kern = runs[lastRun].kern
                if last.font == font && last.size == run.size {
                    kern += Double(f.kerning(last.glyph, glyph)) * run.size / Double(f.unitsPerEm)
                }
                items[items.count - 1].kern = kern
            }
            items.append(Item(font: font, glyph: glyph, advance: advance, kern: 0,
                              isSpace: c == " " || c == "\u{3000}", size: run.size, style: run.style,
                              face: primary))
            lastRun = k
        }
        return (items, paragraph.paragraph)
    }

    /// The first of the run's face and the fallbacks with a glyph for the scalar; the run face's
    /// .notdef when none has one.
    private func lookup(_ c: Unicode.Scalar, primary: Int = 0) -> (Int, UInt16) {
        let g = fonts[primary].glyph(for: c)
        if g != 0 { return (primary, g) }
        for i in fallbackFonts where i != primary {
            let g = fonts[i].glyph(for: c)
            if g != 0 { return (i, g) }
        }
        return (primary, 0)
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
    private static func wrap(_ items: [Item], width w: Double, byCharacter: Bool = false) -> [Range<Int>] {
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
                    if !byCharacter { lastBreak = i }
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
        // The ellipsis takes the style of the character it replaces first.
        let replaced = head.upperBound < items.count ? items[head.upperBound] : items.last
        line.glyphs.append(Glyph(font: e.font, glyph: e.glyph, x: x, size: size, style: replaced?.style ?? 0))
        x += e.advance
        for i in tail {
            line.glyphs.append(Glyph(font: items[i].font, glyph: items[i].glyph, x: x,
                                     size: items[i].size, style: items[i].style))
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
                glyphs.append(Glyph(font: items[i].font, glyph: items[i].glyph, x: x,
                                    size: items[i].size, style: items[i].style))
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
    /// With `style`, only the glyphs of runs of that style are appended.
    package func appendOutlines(to path: inout Raster.Path, originX: Double, originY: Double, clip: Raster.Rect? = nil,
                        style: Int? = nil) {
        for line in lines {
            let baseline = originY + line.baseline
            for g in line.glyphs where style == nil || g.style == style {
                let f = fonts[g.font]
                let s = g.size / Double(f.unitsPerEm)
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
