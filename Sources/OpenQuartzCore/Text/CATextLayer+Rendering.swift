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

    /// The layer's font: a family, face or PostScript name, or a font file path (`String`),
    /// or an `OQCFont`; nil asks for the default sans-serif face.
    var resolvedFont: TrueTypeFont? {
        switch font {
        case let f as OQCFont: return f.face
        case let name as String: return FontCatalog.shared.font(named: name)
        default: return FontCatalog.shared.font(named: nil)
        }
    }

    /// The layout Core Text would produce for this layer's bounds.
    func textLayout() -> TextLayout? {
        guard let text = plainString, !text.isEmpty, fontSize > 0, let face = resolvedFont else { return nil }
        var fonts = [face]
        if let fallback = FontCatalog.shared.fallbackFont(), fallback !== face { fonts.append(fallback) }
        let b = bounds.standardized
        return TextLayout(string: text, fonts: fonts, size: Double(fontSize), width: Double(b.width),
                          height: Double(b.height), isWrapped: isWrapped, truncationMode: truncationMode,
                          alignmentMode: alignmentMode)
    }
}

extension Snapshotter {
    /// A text layer draws its glyph outlines as a filled shape in its bounds space, through
    /// the same rasterizer as every other path (unhinted, analytically anti-aliased, as iOS
    /// draws text). Nil when there is nothing to draw.
    func textContent(_ t: CATextLayer) -> ShapeContent? {
        textShapes.content(for: t) { makeTextContent(t) }
    }

    private func makeTextContent(_ t: CATextLayer) -> ShapeContent? {
        guard let color = Color(t.foregroundColor), color.a > 0, let layout = t.textLayout() else { return nil }
        var path = Raster.Path()
        let b = t.bounds.standardized
        // The text is drawn into a bounds-sized backing store on iOS, so it is cut at the bounds.
        layout.appendOutlines(to: &path, originX: Double(b.minX), originY: Double(b.minY),
                              clip: Raster.Rect(x: Double(b.minX), y: Double(b.minY),
                                                width: Double(b.width), height: Double(b.height)))
        if path.isEmpty { return nil }
        return ShapeContent(path: path, fillColor: color, fillRule: .nonZero, stroke: nil, contoursOverlap: false)
    }
}
