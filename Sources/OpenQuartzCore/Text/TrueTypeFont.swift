import Foundation
import Raster

/// A parsed TrueType face: metrics, character map, kerning and (decoded on first use,
/// then cached) glyph outlines in font units with y up. Immutable apart from the
/// lock-protected outline cache, so one instance is shared by every thread.
package final class TrueTypeFont: @unchecked Sendable {
    package let names: FontNames
    package let unitsPerEm: Int
    package let numGlyphs: Int
    /// hhea metrics in font units; `descender` is positive below the baseline, as Core Text reports it.
    package let ascender: Int
    package let descender: Int
    package let lineGap: Int
    let characterMap: CharacterMap
    let kerning: PairKerning
    /// The file this face came from, when it came from a file.
    let path: String?

    private let advances: [UInt16]
    private let decoder: GlyphOutlineDecoder
    private let lock = NSLock()
    private var outlines: [(path: Raster.Path, bounds: Raster.Rect)?]

    /// A font this large would be corrupt or hostile; the limit keeps reads bounded.
    static let maxFileSize = 256 << 20

    package convenience init(contentsOfFile path: String, faceIndex: Int = 0) throws(OQCFontError) {
        // Only regular files: a device or FIFO (/dev/zero) would never finish reading.
        // attributesOfItem does not follow links, and font folders are full of them.
        let target = (path as NSString).resolvingSymlinksInPath
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target),
              attributes[.type] as? FileAttributeType == .typeRegular else { throw .unreadableFile(path: path) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= TrueTypeFont.maxFileSize else {
            throw .notAFont(reason: "file of \(size) bytes is larger than \(TrueTypeFont.maxFileSize)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadableFile(path: path) }
        try self.init(bytes: [UInt8](data), faceIndex: faceIndex, path: path)
    }

    package init(bytes: [UInt8], faceIndex: Int = 0, path: String? = nil) throws(OQCFontError) {
        guard bytes.count <= TrueTypeFont.maxFileSize else {
            throw .notAFont(reason: "file of \(bytes.count) bytes is larger than \(TrueTypeFont.maxFileSize)")
        }
        let face = try SFNTFace(bytes: bytes, index: faceIndex)
        let head = try face.require("head"), maxp = try face.require("maxp"), hhea = try face.require("hhea")
        let hmtx = try face.require("hmtx"), loca = try face.require("loca"), glyf = try face.require("glyf")

        guard try head.u32(12) == 0x5F0F_3CF5 else { throw head.invalid("bad magic number") }
        unitsPerEm = Int(try head.u16(18))
        guard (16...16384).contains(unitsPerEm) else { throw head.invalid("unitsPerEm \(unitsPerEm) outside 16…16384") }
        let locFormat = try head.i16(50)
        guard locFormat == 0 || locFormat == 1 else { throw head.invalid("indexToLocFormat \(locFormat)") }

        numGlyphs = Int(try maxp.u16(4))
        guard numGlyphs > 0 else { throw maxp.invalid("font has no glyphs") }
        try loca.check(0, (numGlyphs + 1) * (locFormat == 1 ? 4 : 2))

        ascender = Int(try hhea.i16(4))
        descender = -Int(try hhea.i16(6))
        lineGap = Int(try hhea.i16(8))
        let metricCount = Int(try hhea.u16(34))
        guard metricCount > 0, metricCount <= numGlyphs else {
            throw hhea.invalid("numberOfHMetrics \(metricCount) for \(numGlyphs) glyphs")
        }
        try hmtx.check(0, 4 * metricCount)
        var advances = [UInt16](repeating: 0, count: metricCount)
        for i in 0..<metricCount { advances[i] = try hmtx.u16(4 * i) }
        self.advances = advances

        characterMap = try CharacterMap(try face.require("cmap"), numGlyphs: numGlyphs)
        names = try FontNames(face)
        kerning = PairKerning(face)
        decoder = GlyphOutlineDecoder(glyf: glyf, loca: loca, longLoca: locFormat == 1, numGlyphs: numGlyphs)
        outlines = .init(repeating: nil, count: numGlyphs)
        self.path = path
    }

    package func glyph(for scalar: Unicode.Scalar) -> UInt16 { characterMap.glyph(for: scalar) }

    /// Advance width in font units (glyphs past numberOfHMetrics share the last advance).
    package func advance(_ glyph: UInt16) -> Int {
        Int(advances[min(Int(glyph), advances.count - 1)])
    }

    /// The outline in font units, y up; throws when the glyph's data is damaged.
    package func decodeOutline(_ glyph: UInt16) throws(OQCFontError) -> Raster.Path {
        try decoder.path(glyph: Int(glyph))
    }

    /// numberOfContours of a glyph (negative for composites).
    package func decodeContourCount(_ glyph: UInt16) throws(OQCFontError) -> Int {
        try decoder.contourCount(glyph: Int(glyph))
    }

    /// The cached outline; a damaged glyph draws nothing (its error is available from
    /// `decodeOutline`), so one bad glyph does not stop the rest of the text.
    package func outline(_ glyph: UInt16) -> Raster.Path { cached(glyph).path }

    /// The control-point bounds of the cached outline, font units, y up.
    func outlineBounds(_ glyph: UInt16) -> Raster.Rect { cached(glyph).bounds }

    private func cached(_ glyph: UInt16) -> (path: Raster.Path, bounds: Raster.Rect) {
        let g = Int(glyph)
        guard g < numGlyphs else { return (Raster.Path(), .zero) }
        lock.lock()
        if let p = outlines[g] { lock.unlock(); return p }
        lock.unlock()
        let p = (try? decoder.path(glyph: g)) ?? Raster.Path()
        let entry = (p, p.bounds)
        lock.lock(); outlines[g] = entry; lock.unlock()
        return entry
    }

    /// Kerning between two glyphs in font units (negative pulls them together).
    package func kerning(_ left: UInt16, _ right: UInt16) -> Int { kerning.adjustment(left, right) }
}
