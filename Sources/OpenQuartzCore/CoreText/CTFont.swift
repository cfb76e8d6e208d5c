import Foundation

/// A font at a size, as Core Text gives it to layer code: `CATextLayer.font`, the `.font`
/// attribute of an attributed string, and the metrics labels are measured with.
///
/// Built on OpenQuartzCore's TrueType engine (the faces installed under /usr/share/fonts and
/// the other usual directories). As on Apple's platforms a name that matches no face falls back
/// to a similar one, so creation never fails; only when no usable font is installed at all does
/// the font have no face, measure zero and draw nothing. The matrix of Apple's creation
/// functions is not applied.
public final class CTFont: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The face, nil only when no usable font is installed.
    let face: TrueTypeFont?
    /// The point size.
    let size: CGFloat

    init(face: TrueTypeFont?, size: CGFloat) {
        self.face = face
        // Core Text: a size of 0 (or one that is not a positive number) means 12 points.
        self.size = size > 0 && size.isFinite ? size : 12
    }

    /// Glyph units to points at this size.
    var unitScale: CGFloat {
        guard let face, face.unitsPerEm > 0 else { return 0 }
        return size / CGFloat(face.unitsPerEm)
    }

    /// "CTFont(PostScriptName, size)".
    public var description: String { "CTFont(\(face?.names.postScriptName ?? "none"), \(size))" }

    /// Same face at the same size.
    public static func == (a: CTFont, b: CTFont) -> Bool { a.face === b.face && a.size == b.size }

    /// Hashes the face and the size.
    public func hash(into h: inout Hasher) {
        h.combine(face.map(ObjectIdentifier.init))
        h.combine(size)
    }
}

/// A set of font attributes Core Text can create a font from. OpenQuartzCore does not model
/// descriptors: the type exists so that calls passing `nil` for one compile unchanged.
public final class CTFontDescriptor: @unchecked Sendable {
    private init() {}
}

/// The font for a family, full or PostScript name (or a font file path) at `size` points
/// (0: 12 points), falling back to a similar installed face for an unknown name, as Core Text
/// does. `matrix` is not applied.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(face: FontCatalog.shared.font(named: name), size: size)
}

/// The font of a `CGFont`'s face at `size` points (0: 12 points). `matrix` and `attributes`
/// are not applied.
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat,
                                         _ matrix: UnsafePointer<CGAffineTransform>?,
                                         _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(face: graphicsFont.face, size: size)
}

/// The same face at another size (0 keeps the size). `matrix` and `attributes` are not applied.
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat,
                                           _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(face: font.face, size: size > 0 && size.isFinite ? size : font.size)
}

/// The face of the font as a `CGFont` (nil only when no usable font is installed; Apple's
/// never is). `attributes` is not filled in.
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<Unmanaged<CTFontDescriptor>?>?) -> CGFont? {
    font.face.map(CGFont.init(face:))
}

/// The point size.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }

/// The distance from the baseline to the top of the line (hhea ascender), in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat {
    CGFloat(font.face?.ascender ?? 0) * font.unitScale
}

/// The distance from the baseline to the bottom of the line (hhea descender), in points,
/// positive below the baseline as Core Text reports it.
public func CTFontGetDescent(_ font: CTFont) -> CGFloat {
    CGFloat(font.face?.descender ?? 0) * font.unitScale
}

/// The extra space between lines (hhea line gap, never negative), in points.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat {
    CGFloat(max(font.face?.lineGap ?? 0, 0)) * font.unitScale
}

/// Font units per em of the face.
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(clamping: font.face?.unitsPerEm ?? 0) }

/// The number of glyphs in the face.
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.face?.numGlyphs ?? 0 }

/// The face's PostScript name ("DejaVuSans-Bold").
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.face?.names.postScriptName ?? "" }

/// The face's family name ("DejaVu Sans").
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.face?.names.family ?? "" }

/// The face's full name ("DejaVu Sans Bold").
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.face?.names.fullName ?? "" }

extension CTFont {
    /// OpenQuartzCore's face-and-size type for the same font (nil without a face).
    var oqcFont: OQCFont? { face.map { OQCFont(face: $0, size: size) } }
}
