import Foundation
import Raster

extension CATextLayer {
    /// The string to draw: a `String`, an `NSString` or an `NSAttributedString`'s characters.
    var plainString: String? {
        switch string {
        case let s as String: return s
        case let s as NSAttributedString: return s.string
        case let s as NSString: return s as String
        default: return nil
        }
    }

    /// The layer's font, as Apple's `font` takes it: a `CTFont` or `CGFont` (their face; the
    /// layer's `fontSize` sizes it, as on Apple's platforms), a family, face or PostScript name
    /// or a font file path (`String`), or an `OQCFont`; nil asks for the default sans-serif face.
    var resolvedFont: TrueTypeFont? {
        switch font {
        case let f as CTFont: return f.face ?? FontCatalog.shared.font(named: nil)
        case let f as CGFont: return f.face
        case let f as OQCFont: return f.face
        case let name as String: return FontCatalog.shared.font(named: name)
        default: return FontCatalog.shared.font(named: nil)
        }
    }

    /// The name `font` stands for, for archiving: the name itself or the face's PostScript name.
    static func fontName(of font: Any?) -> String? {
        switch font {
        case let name as String: return name
        case let f as CTFont: return f.face?.names.postScriptName
        case let f as CGFont: return f.face.names.postScriptName
        case let f as OQCFont: return f.postScriptName
        default: return nil
        }
    }

    /// The layout Core Text would produce for this layer's bounds, and the colour of each of
    /// its styles. A plain string is one run in the layer's `font`, `fontSize` and
    /// `foregroundColor`. An attributed string is laid out by its own attributes, and, as
    /// Apple documents for `font`, `fontSize` and `foregroundColor` ("only used if the string
    /// property is not an NSAttributedString"), runs without them take Core Text's defaults:
    /// the default sans-serif face (Apple: Helvetica) at 12 points, black.
    /// With `unbounded`, the lines are not limited by the bounds (wrapped text still wraps at
    /// the bounds' width).
    package func textLayout(unbounded: Bool = false) -> (layout: TextLayout, colors: [CGColor?])? {
        let b = bounds.standardized
        let width: Double? = unbounded && !isWrapped ? nil : Double(b.width)
        let height: Double? = unbounded ? nil : Double(b.height)
        let fallback = FontCatalog.shared.fallbackFont().map { [$0] } ?? []
        if let attributed = string as? NSAttributedString {
            guard let face = FontCatalog.shared.font(named: nil) else { return nil }
            let styled = AttributedTextRuns(attributed, defaultFace: face, defaultSize: 12,
                                            defaultColor: CGColor(gray: 0, alpha: 1), sizeForNames: 12)
            guard !styled.runs.isEmpty else { return nil }
            let layout = TextLayout(runs: styled.runs, fallback: fallback, width: width,
                                    height: height, isWrapped: isWrapped, truncationMode: truncationMode,
                                    alignmentMode: alignmentMode)
            return (layout, styled.colors)
        }
        guard let text = plainString, !text.isEmpty, fontSize > 0, let face = resolvedFont else { return nil }
        let layout = TextLayout(runs: [TextLayout.Run(text: Substring(text), font: face, size: Double(fontSize))],
                                fallback: fallback, width: width, height: height,
                                isWrapped: isWrapped, truncationMode: truncationMode, alignmentMode: alignmentMode)
        return (layout, [foregroundColor])
    }
}

extension CATextLayer {
    /// The size of the laid-out text without the bounds' limits: the widest line, and the
    /// lines' height down to the last one's descent.
    func textSize() -> CGSize {
        guard let l = textLayout(unbounded: true)?.layout, let last = l.lines.indices.last else { return .zero }
        let width = l.lines.map { $0.x + $0.width }.max() ?? 0
        let depth = l.lineMetrics.indices.contains(last) ? l.lineMetrics[last].descent : l.descent
        return CGSize(width: width, height: l.lines[last].baseline + depth)
    }
}

extension Snapshotter {
    /// A text layer draws its glyph outlines as filled shapes in its bounds space, one per
    /// colour, through the same rasterizer as every other path (unhinted, analytically
    /// anti-aliased, as iOS draws text). Nil when there is nothing to draw.
    func textContent(_ t: CATextLayer) -> ShapeContent? {
        textShapes.content(for: t) { makeTextContent(t) }
    }

    private func makeTextContent(_ t: CATextLayer) -> ShapeContent? {
        guard let laidOut = t.textLayout() else { return nil }
        let (layout, colors) = laidOut
        let b = t.bounds.standardized
        var fills: [(path: Raster.Path, color: Color)] = []
        for (style, cg) in colors.enumerated() {
            guard let color = Color(cg), color.a > 0 else { continue }
            var path = Raster.Path()
            // The text is drawn into a bounds-sized backing store on iOS, so it is cut at the bounds.
            layout.appendOutlines(to: &path, originX: Double(b.minX), originY: Double(b.minY),
                                  clip: Raster.Rect(x: Double(b.minX), y: Double(b.minY),
                                                    width: Double(b.width), height: Double(b.height)),
                                  style: colors.count == 1 ? nil : style)
            if !path.isEmpty { fills.append((path, color)) }
        }
        guard let first = fills.first else { return nil }
        var content = ShapeContent(path: first.path, fillColor: first.color, fillRule: .nonZero, stroke: nil,
                                   contoursOverlap: false)
        content.furtherFills = fills.dropFirst().map { ShapeFill(path: $0.path, color: $0.color) }
        return content
    }
}
