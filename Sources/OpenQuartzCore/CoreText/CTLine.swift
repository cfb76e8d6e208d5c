import Foundation

/// A line of text laid out from an attributed string, as Core Text makes one for a label:
/// its glyphs placed along one baseline, and its typographic bounds.
///
/// Built on OpenQuartzCore's text layout (the same that draws `CATextLayer`), so a line measures
/// what a text layer draws. Line breaks in the string are laid out as further lines below the
/// first, which `CTLineGetTypographicBounds` measures together (the widest of them).
public final class CTLine: @unchecked Sendable {
    let layout: TextLayout?
    let colors: [CGColor?]
    let glyphCount: Int

    init(_ s: NSAttributedString) {
        guard let face = FontCatalog.shared.font(named: nil) else {
            layout = nil; colors = []; glyphCount = 0
            return
        }
        // Core Text's defaults: Helvetica (here the default sans-serif face) at 12 points, black.
        let styled = AttributedTextRuns(s, defaultFace: face, defaultSize: 12, defaultColor: CGColor(gray: 0, alpha: 1),
                                        sizeForNames: 12)
        guard !styled.runs.isEmpty else {
            layout = nil; colors = []; glyphCount = 0
            return
        }
        let fallback = FontCatalog.shared.fallbackFont().map { [$0] } ?? []
        let l = TextLayout(runs: styled.runs, fallback: fallback, width: nil, height: nil, isWrapped: false,
                           truncationMode: .none, alignmentMode: .left)
        layout = l
        colors = styled.colors
        glyphCount = l.lines.reduce(0) { $0 + $1.glyphs.count }
    }
}

/// A line for `attrString`, laid out without a width limit.
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine { CTLine(attrString) }

/// The line's width (advances and kerning, trailing spaces excluded) and, through the
/// pointers, its ascent, descent (positive below the baseline) and leading: the largest of its
/// runs' fonts.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                       _ descent: UnsafeMutablePointer<CGFloat>?,
                                       _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    guard let l = line.layout, let first = l.lines.first else {
        ascent?.pointee = 0; descent?.pointee = 0; leading?.pointee = 0
        return 0
    }
    let m = l.lineMetrics.first ?? (l.ascent, l.descent, l.lineGap)
    ascent?.pointee = CGFloat(m.ascent)
    descent?.pointee = CGFloat(m.descent)
    leading?.pointee = CGFloat(m.gap)
    return l.lines.map(\.width).max() ?? first.width
}

/// The number of glyphs in the line.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.glyphCount }
