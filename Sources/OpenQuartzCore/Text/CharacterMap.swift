/// The `cmap` subtable that maps Unicode scalars to glyph ids: format 12 (full Unicode)
/// preferred over format 4 (BMP). Lookups read the table in place with bounds checks,
/// so nothing is expanded up front.
package struct CharacterMap: Sendable {
    private enum Storage: Sendable {
        /// Format 4: segCount segments, arrays at fixed offsets in `table`.
        case segments(FontTable, segCount: Int)
        /// Format 12: `count` sequential groups of 12 bytes starting at offset 16.
        case groups(FontTable, count: Int)
    }

    private let storage: Storage
    let numGlyphs: Int
    /// A Windows Symbol (3/0) map: its characters sit at U+F020…U+F0FF for bytes 0x20…0xFF.
    private var isSymbol = false

    package init(_ cmap: FontTable, numGlyphs: Int) throws(OQCFontError) {
        self.numGlyphs = numGlyphs
        let count = Int(try cmap.u16(2))
        try cmap.check(4, 8 * count)
        // Rank the Unicode subtables: 3/10 and 0/4+ are full repertoire, 3/1 and 0/0-3 are BMP.
        var best: (rank: Int, offset: Int)?
        for i in 0..<count {
            let platform = try cmap.u16(4 + 8 * i), encoding = try cmap.u16(6 + 8 * i)
            let offset = Int(try cmap.u32(8 + 8 * i))
            guard cmap.has(offset, 2) else { continue }
            let format = try cmap.u16(offset)
            guard format == 4 || format == 12 else { continue }
            let unicode = (platform == 3 && (encoding == 1 || encoding == 10)) || platform == 0
            let symbol = platform == 3 && encoding == 0
            guard unicode || symbol else { continue }
            let rank = symbol ? -1 : (format == 12 ? 2 : 0) + (platform == 3 ? 1 : 0)
            if best == nil || rank > best!.rank { best = (rank, offset) }
        }
        guard let best else { throw cmap.invalid("no Unicode or Symbol subtable in format 4 or 12") }
        isSymbol = best.rank < 0
        let format = try cmap.u16(best.offset)
        if format == 4 {
            // The 16-bit length field wraps in some large fonts: read up to the end of cmap instead.
            let sub = try cmap.slice(from: best.offset)
            let segCount = Int(try sub.u16(6)) / 2
            guard segCount > 0 else { throw sub.invalid("cmap format 4 with no segments") }
            // endCode, reservedPad, startCode, idDelta, idRangeOffset.
            try sub.check(14, 8 * segCount + 2)
            storage = .segments(sub, segCount: segCount)
        } else {
            let length = Int(try cmap.u32(best.offset + 4))
            let sub = try cmap.slice(best.offset, length)
            let n = Int(try sub.u32(12))
            guard n <= (sub.length - 16) / 12 else { throw sub.invalid("cmap format 12 claims \(n) groups") }
            storage = .groups(sub, count: n)
        }
    }

    /// The glyph for a scalar, 0 (.notdef) when the font has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt16 {
        let g = lookup(scalar.value)
        if g == 0, isSymbol, scalar.value < 0x100 { return lookup(scalar.value + 0xF000) }
        return g
    }

    private func lookup(_ c: UInt32) -> UInt16 {
        let g: Int
        switch storage {
        case .segments(let t, let segCount):
            g = (try? CharacterMap.format4(t, segCount, c)) ?? 0
        case .groups(let t, let count):
            g = (try? CharacterMap.format12(t, count, c)) ?? 0
        }
        return g > 0 && g < numGlyphs ? UInt16(g) : 0
    }

    private static func format4(_ t: FontTable, _ segCount: Int, _ c: UInt32) throws(OQCFontError) -> Int {
        guard c <= 0xFFFF else { return 0 }
        let ends = 14, starts = 16 + 2 * segCount, deltas = starts + 2 * segCount, ranges = deltas + 2 * segCount
        // The first segment whose end code is >= c (end codes are sorted).
        var lo = 0, hi = segCount - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if UInt32(try t.u16(ends + 2 * mid)) < c { lo = mid + 1 } else { hi = mid }
        }
        let end = UInt32(try t.u16(ends + 2 * lo)), start = UInt32(try t.u16(starts + 2 * lo))
        guard c <= end, c >= start else { return 0 }
        let delta = Int(try t.u16(deltas + 2 * lo))
        let rangeOffset = Int(try t.u16(ranges + 2 * lo))
        if rangeOffset == 0 { return (Int(c) + delta) & 0xFFFF }
        // idRangeOffset is relative to its own position in the idRangeOffset array.
        let at = ranges + 2 * lo + rangeOffset + 2 * Int(c - start)
        let g = Int(try t.u16(at))
        return g == 0 ? 0 : (g + delta) & 0xFFFF
    }

    private static func format12(_ t: FontTable, _ count: Int, _ c: UInt32) throws(OQCFontError) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            let rec = 16 + 12 * mid
            let start = try t.u32(rec), end = try t.u32(rec + 4)
            if c < start { hi = mid } else if c > end { lo = mid + 1 } else {
                let g = UInt64(try t.u32(rec + 8)) + UInt64(c - start)
                return g > UInt64(Int32.max) ? 0 : Int(g)
            }
        }
        return 0
    }
}
