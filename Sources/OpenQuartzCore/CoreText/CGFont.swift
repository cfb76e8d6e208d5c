import Foundation

/// A font face without a size, as Core Graphics gives it (`CATextLayer.font` accepts one; the
/// layer's `fontSize` sizes it). Built on OpenQuartzCore's TrueType engine.
public final class CGFont: @unchecked Sendable, Hashable, CustomStringConvertible {
    let face: TrueTypeFont

    init(face: TrueTypeFont) { self.face = face }

    /// The face for a family, full or PostScript name (or a font file path), falling back to a
    /// similar installed face as Core Text does; nil when no usable font is installed.
    public convenience init?(_ name: CFString) {
        guard let f = FontCatalog.shared.font(named: name) else { return nil }
        self.init(face: f)
    }

    /// The PostScript name of the face.
    public var postScriptName: CFString? { face.names.postScriptName }
    /// The full name of the face.
    public var fullName: CFString? { face.names.fullName }
    /// Glyph space units per em.
    public var unitsPerEm: Int32 { Int32(clamping: face.unitsPerEm) }
    /// The ascent in glyph space units.
    public var ascent: Int32 { Int32(clamping: face.ascender) }
    /// The descent in glyph space units: negative below the baseline, as Core Graphics reports it.
    public var descent: Int32 { Int32(clamping: -face.descender) }
    /// The line gap in glyph space units.
    public var leading: Int32 { Int32(clamping: face.lineGap) }
    /// The number of glyphs.
    public var numberOfGlyphs: Int { face.numGlyphs }

    /// "CGFont(PostScriptName)".
    public var description: String { "CGFont(\(face.names.postScriptName))" }

    /// The same face.
    public static func == (a: CGFont, b: CGFont) -> Bool { a.face === b.face }

    /// Hashes the face's identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(face)) }
}
