import Foundation
import Raster

extension CGContext {
    // MARK: Text

    /// Where the next line of text starts, in user space: `CTLineDraw` places the line's
    /// origin (the start of its baseline) here and moves it to the line's end. Default (0, 0).
    /// Not part of the graphics state (`saveGState` does not save it), as in Core Graphics.
    public var textPosition: CGPoint {
        get { text.position }
        set { text.position = newValue }
    }

    /// Text space to user space, before `textPosition` moves the origin: glyphs are drawn in a
    /// y-up text space, so in a flipped context (a layer's `draw(in:)`) text comes out mirrored
    /// unless this flips it back (`CGAffineTransform(scaleX: 1, y: -1)`), as on iOS. Default the
    /// identity. Not part of the graphics state, as in Core Graphics; its translation is
    /// ignored (`textPosition` places the text).
    public var textMatrix: CGAffineTransform {
        get { text.matrix }
        set { text.matrix = newValue }
    }

    /// Fills the glyphs of `line` at the text position through the text matrix, each run in its
    /// foreground colour (black when it has none, as Core Text's default), with the context's
    /// alpha, blend mode, clip and shadow; then advances the text position by the line's width.
    func drawLine(_ line: CTLine) {
        guard let layout = line.layout, let first = layout.lines.first else { return }
        let width = CTLineGetTypographicBounds(line, nil, nil, nil)
        // Glyph outlines come in y down from the layout's box; text space has the first
        // baseline on y = 0, y up: y_text = baseline − y.
        let m = text.matrix
        let toUser = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(first.baseline))
            .concatenating(CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: text.position.x, ty: text.position.y))
        let t = toUser.concatenating(userToSurface)
        let transform = ProjectiveTransform(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d),
                                            tx: Double(t.tx), ty: Double(t.ty))
        for (style, colour) in line.colors.enumerated() {
            var outlines = Raster.Path()
            layout.appendOutlines(to: &outlines, originX: 0, originY: 0, style: style)
            guard !outlines.isEmpty else { continue }
            let c = (Color(colour) ?? .black).withAlpha(multipliedBy: Float(state.alpha))
            let b = outlines.bounds
            guard let bounds = CGRect(x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY)
                .applying(t).rasterRect else { continue }
            let aa = state.shouldAntialias
            paint(bounds: bounds) { target, clip, mode, _ in
                target.fill(outlines, transform: transform, rule: .nonZero, color: c, clip: clip, antialias: aa, blend: mode)
            }
        }
        // The pen ends at the line's end, along the text matrix's x axis.
        text.position = CGPoint(x: text.position.x + m.a * CGFloat(width), y: text.position.y + m.b * CGFloat(width))
    }
}

/// A context's text state: the text position and matrix, which Core Graphics keeps outside the
/// graphics state.
struct TextState {
    var position: CGPoint = .zero
    var matrix: CGAffineTransform = .identity
}

/// Draws `line` into `context` at its text position (see `CGContext.textPosition` and
/// `textMatrix`), each run in its foreground colour, and advances the text position to the
/// line's end. Lines after a line break in the string are drawn below the first, one line
/// height apart in text space.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) { context.drawLine(line) }
