import Foundation
import Raster

/// A TrueType face at a point size: OpenQuartzCore's stand-in for Core Text's `CTFont`, which
/// Linux does not have (not an Apple API). Assign one to `CATextLayer.font`, or turn a string
/// into a `CGPath` for shape layers and text-shaped masks.
///
/// Metrics follow Core Text: `ascent`, `descent` (positive, below the baseline) and `leading`
/// come from the `hhea` table, scaled by `pointSize / unitsPerEm`.
public struct OQCFont: Sendable, Hashable {
    let face: TrueTypeFont
    /// The size in points (Core Text: `CTFontGetSize`).
    public let pointSize: CGFloat

    /// The face for a family name ("DejaVu Sans"), full or PostScript name ("DejaVuSans-Bold")
    /// or font file path, looked up in /usr/share/fonts, /usr/local/share/fonts,
    /// ~/.local/share/fonts and ~/.fonts. Like `CTFontCreateWithName`, an unknown name falls
    /// back to a similar installed face (ending at DejaVu Sans); nil only when no usable
    /// TrueType font is installed at all or `size` is not a positive number.
    public init?(name: String, size: CGFloat) {
        guard size > 0, size.isFinite, let f = FontCatalog.shared.font(named: name) else { return nil }
        face = f
        pointSize = size
    }

    /// The face at index `faceIndex` (for `.ttc` collections) of a font file. Throws an
    /// `OQCFontError` naming the problem for damaged, hostile or CFF-outline files.
    public init(contentsOfFile path: String, size: CGFloat, faceIndex: Int = 0) throws {
        face = try FontCatalog.shared.font(atPath: path, faceIndex: faceIndex)
        pointSize = size > 0 && size.isFinite ? size : 12
    }

    init(face: TrueTypeFont, size: CGFloat) {
        self.face = face
        pointSize = size
    }

    /// The same face at another size.
    public func withSize(_ size: CGFloat) -> OQCFont { OQCFont(face: face, size: size) }

    /// Family names of every installed face OpenQuartzCore can draw (as `UIFont.familyNames`).
    public static var familyNames: [String] {
        Array(Set(FontCatalog.shared.faces.map { $0.names.family })).sorted()
    }

    /// The family name from the font's name table ("DejaVu Sans").
    public var familyName: String { face.names.family }
    /// The style name from the font's name table ("Bold Oblique").
    public var styleName: String { face.names.style }
    /// The full name from the font's name table ("DejaVu Sans Bold").
    public var fullName: String { face.names.fullName }
    /// The PostScript name (Core Text: `CTFontCopyPostScriptName`).
    public var postScriptName: String { face.names.postScriptName }
    /// OS/2 weight class: 400 regular, 700 bold.
    public var weight: Int { face.names.weight }
    /// Whether the face is italic or oblique.
    public var isItalic: Bool { face.names.isItalic }
    /// The font's design units per em, the grid its outlines are drawn on.
    public var unitsPerEm: Int { face.unitsPerEm }
    /// How many glyphs the font has.
    public var glyphCount: Int { face.numGlyphs }

    private var scale: CGFloat { pointSize / CGFloat(face.unitsPerEm) }
    /// How far the font rises above the baseline at this size, in points (hhea ascender).
    public var ascent: CGFloat { CGFloat(face.ascender) * scale }
    /// How far the font reaches below the baseline at this size, in points, as a negative
    /// number (hhea descender).
    public var descent: CGFloat { CGFloat(face.descender) * scale }
    /// Core Text's `CTFontGetLeading`: the hhea line gap.
    public var leading: CGFloat { CGFloat(max(face.lineGap, 0)) * scale }
    /// The same as `leading` (the OpenType name).
    public var lineGap: CGFloat { leading }
    /// Distance between baselines of consecutive lines: ascent + descent + leading.
    public var lineHeight: CGFloat { ascent + descent + leading }

    /// The glyph id for a character, 0 when the face has none (`CTFontGetGlyphsForCharacters`).
    public func glyph(for scalar: Unicode.Scalar) -> UInt16 { face.glyph(for: scalar) }

    /// A glyph's advance width in points (`CTFontGetAdvancesForGlyphs`).
    public func advance(forGlyph glyph: UInt16) -> CGFloat { CGFloat(face.advance(glyph)) * scale }

    /// The kerning between two glyphs in points (negative pulls them together).
    public func kerning(between left: UInt16, and right: UInt16) -> CGFloat {
        CGFloat(face.kerning(left, right)) * scale
    }

    /// A glyph's outline in Core Text's glyph space: origin on the baseline, y up
    /// (`CTFontCreatePathForGlyph`). Throws when the glyph's data is damaged.
    public func path(forGlyph glyph: UInt16, transform: CGAffineTransform = .identity) throws -> CGPath {
        let outline = try face.decodeOutline(glyph)
        let s = scale
        return OQCFont.cgPath(outline, CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: 0, ty: 0).concatenating(transform))
    }

    /// Width of one line of text: advances plus kerning (`CTLineGetTypographicBounds`), with
    /// newlines ignored.
    public func width(of string: String) -> CGFloat {
        let layout = lineLayout(string)
        return CGFloat(layout.lines.map(\.width).max() ?? 0)
    }

    /// The string as one line of glyph outlines in Core Text's glyph space: the first pen
    /// position at the origin, baseline on y = 0, y up (as a `CTLine`'s glyph runs). Paragraph
    /// breaks are drawn as further lines below. Flip it for a layer's y-down space with
    /// `CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: x, ty: baselineY)`.
    public func path(for string: String, transform: CGAffineTransform = .identity) -> CGPath {
        var p = Raster.Path()
        lineLayout(string).appendOutlines(to: &p, originX: 0, originY: -Double(ascent))
        // appendOutlines works in y-down box space; negate y to return to glyph space.
        return OQCFont.cgPath(p, CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0).concatenating(transform))
    }

    /// The string laid out exactly as a `CATextLayer` with this font and `rect` as its bounds
    /// lays it out (lines from the top, y down, alignment, wrapping, truncation): a path for a
    /// shape layer or a text-shaped mask in the same coordinate space as `rect`.
    public func path(for string: String, in rect: CGRect,
                     alignmentMode: CATextLayerAlignmentMode = .natural, isWrapped: Bool = false,
                     truncationMode: CATextLayerTruncationMode = .none) -> CGPath {
        let r = rect.standardized
        var fonts = [face]
        if let fallback = FontCatalog.shared.fallbackFont(), fallback !== face { fonts.append(fallback) }
        let layout = TextLayout(string: string, fonts: fonts, size: Double(pointSize), width: Double(r.width),
                                height: Double(r.height), isWrapped: isWrapped, truncationMode: truncationMode,
                                alignmentMode: alignmentMode)
        var p = Raster.Path()
        layout.appendOutlines(to: &p, originX: Double(r.minX), originY: Double(r.minY))
        return OQCFont.cgPath(p, .identity)
    }

    private func lineLayout(_ string: String) -> TextLayout {
        var fonts = [face]
        if let fallback = FontCatalog.shared.fallbackFont(), fallback !== face { fonts.append(fallback) }
        return TextLayout(string: string, fonts: fonts, size: Double(pointSize), width: nil, height: nil,
                          isWrapped: false, truncationMode: .none, alignmentMode: .left)
    }

    static func cgPath(_ p: Raster.Path, _ t: CGAffineTransform) -> CGPath {
        var elements: [CGPath.Element] = []
        elements.reserveCapacity(p.pointCount)
        func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y).applying(t) }
        p.forEachElement { e in
            switch e {
            case let .move(x, y): elements.append(.move(to: pt(x, y)))
            case let .line(x, y): elements.append(.line(to: pt(x, y)))
            case let .quad(cx, cy, x, y): elements.append(.quadCurve(to: pt(x, y), control: pt(cx, cy)))
            case let .cubic(c1x, c1y, c2x, c2y, x, y):
                elements.append(.curve(to: pt(x, y), control1: pt(c1x, c1y), control2: pt(c2x, c2y)))
            case .close: elements.append(.closeSubpath)
            }
        }
        return CGPath(storage: elements)
    }

    /// Two fonts are equal when they are the same face at the same size.
    public static func == (a: OQCFont, b: OQCFont) -> Bool { a.face === b.face && a.pointSize == b.pointSize }
    /// Hashes the face and size, consistently with `==`.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(face)); h.combine(pointSize) }
}
