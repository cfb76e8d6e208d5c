/// Pair kerning: GPOS pair adjustment (lookup type 2, formats 1 and 2, also behind type-9
/// extensions) from the `kern` feature, else a `kern` table format 0 subtable. As HarfBuzz
/// and Core Text do, a font with GPOS kerning ignores its `kern` table.
struct PairKerning: Sendable {
    /// Lookups in lookup-list order, each a list of pair-adjustment subtables.
    private var lookups: [[FontTable]] = []
    /// Format 0 subtables of the `kern` table: pairs sorted by (left << 16 | right).
    private var kernSubtables: [(table: FontTable, count: Int)] = []

    static let maxLookups = 4096
    static let maxSubtables = 4096
    /// Caps on the work a hostile GPOS can ask for: lookup indices read from features, and
    /// pair subtables kept in all (each kerned pair may visit every one).
    static let maxLookupReferences = 65536
    static let maxTotalSubtables = 16384

    var isEmpty: Bool { lookups.isEmpty && kernSubtables.isEmpty }

    init(_ face: SFNTFace) {
        // Damaged kerning data means no kerning, not a refused font: the text still draws.
        if let gpos = face.table("GPOS"), let l = try? PairKerning.gposLookups(gpos), !l.isEmpty {
            lookups = l
        } else if let kern = face.table("kern"), let k = try? PairKerning.kernSubtables(kern) {
            kernSubtables = k
        }
    }

    /// The horizontal adjustment after `left` when followed by `right`, in font units.
    func adjustment(_ left: UInt16, _ right: UInt16) -> Int {
        if !lookups.isEmpty {
            var total = 0
            for subtables in lookups {
                for t in subtables {
                    if let v = try? PairKerning.pairValue(t, left, right) { total += v; break }
                }
            }
            return total
        }
        var total = 0
        let key = UInt32(left) << 16 | UInt32(right)
        for (t, count) in kernSubtables {
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2, r = 14 + 6 * mid
                guard let k = try? t.u32(r) else { break }
                if k < key { lo = mid + 1 } else if k > key { hi = mid } else {
                    total += Int((try? t.i16(r + 4)) ?? 0); break
                }
            }
        }
        return total
    }

    // MARK: kern table

    private static func kernSubtables(_ kern: FontTable) throws(OQCFontError) -> [(table: FontTable, count: Int)] {
        guard try kern.u16(0) == 0 else { return [] } // Apple's version 1 kern table is not read
        let n = Int(try kern.u16(2))
        var out: [(table: FontTable, count: Int)] = []
        var o = 4
        for _ in 0..<min(n, maxSubtables) {
            let length = Int(try kern.u16(o + 2)), coverage = try kern.u16(o + 4)
            // Some fonts store a 64 KiB+ subtable with a wrapped 16-bit length: read to the end.
            let sub = (n == 1 || length < 6) ? try kern.slice(from: o) : try kern.slice(o, length)
            // Horizontal (bit 0), kerning values (not minimum, bit 1), not cross-stream (bit 2), format 0.
            if coverage >> 8 == 0, coverage & 0x7 == 0x1 {
                let pairs = Int(try sub.u16(6))
                guard pairs <= (sub.length - 14) / 6 else { throw sub.invalid("kern subtable claims \(pairs) pairs") }
                out.append((sub, pairs))
            }
            o += max(length, 6)
            if o >= kern.length { break }
        }
        return out
    }

    // MARK: GPOS

    private static func gposLookups(_ g: FontTable) throws(OQCFontError) -> [[FontTable]] {
        let scriptList = try g.slice(from: Int(try g.u16(4)))
        let featureList = try g.slice(from: Int(try g.u16(6)))
        let lookupList = try g.slice(from: Int(try g.u16(8)))
        // The script a Latin run uses: latn, else DFLT, else the first.
        let scriptCount = Int(try scriptList.u16(0))
        var scriptOffset: Int?
        for want in ["latn", "DFLT"] where scriptOffset == nil {
            for i in 0..<min(scriptCount, 1024) where try scriptList.tagString(2 + 6 * i) == want {
                scriptOffset = Int(try scriptList.u16(6 + 6 * i)); break
            }
        }
        if scriptOffset == nil, scriptCount > 0 { scriptOffset = Int(try scriptList.u16(6)) }
        guard let scriptOffset else { return [] }
        let script = try scriptList.slice(from: scriptOffset)
        var langSysOffset = Int(try script.u16(0))
        if langSysOffset == 0 {
            guard try script.u16(2) > 0 else { return [] }
            langSysOffset = Int(try script.u16(8))
        }
        let langSys = try script.slice(from: langSysOffset)
        let featureCount = Int(try langSys.u16(4))
        let totalFeatures = Int(try featureList.u16(0))
        var lookupIndices = Set<Int>()
        var featureOffsets = Set<Int>()
        var references = 0
        for i in 0..<min(featureCount, 4096) {
            let f = Int(try langSys.u16(6 + 2 * i))
            guard f < totalFeatures, try featureList.tagString(2 + 6 * f) == "kern" else { continue }
            let offset = Int(try featureList.u16(6 + 6 * f))
            guard featureOffsets.insert(offset).inserted else { continue }
            let feature = try featureList.slice(from: offset)
            let n = Int(try feature.u16(2))
            references += n
            guard references <= maxLookupReferences else { throw g.invalid("kern features list too many lookups") }
            for k in 0..<n { lookupIndices.insert(Int(try feature.u16(4 + 2 * k))) }
        }
        let lookupCount = Int(try lookupList.u16(0))
        var out: [[FontTable]] = []
        var total = 0
        for index in lookupIndices.sorted().prefix(maxLookups) where index < lookupCount {
            let lookup = try lookupList.slice(from: Int(try lookupList.u16(2 + 2 * index)))
            let type = try lookup.u16(0)
            let n = Int(try lookup.u16(4))
            var subtables: [FontTable] = []
            for k in 0..<min(n, maxSubtables) {
                var sub = try lookup.slice(from: Int(try lookup.u16(6 + 2 * k)))
                var subType = type
                if type == 9 { // extension: format, real type, 32-bit offset
                    subType = try sub.u16(2)
                    sub = try sub.slice(from: Int(try sub.u32(4)))
                }
                if subType == 2 { subtables.append(sub); total += 1 }
            }
            guard total <= maxTotalSubtables else { throw g.invalid("more than \(maxTotalSubtables) pair subtables") }
            if !subtables.isEmpty { out.append(subtables) }
        }
        return out
    }

    /// The first glyph's x-advance adjustment from one PairPos subtable; nil when the pair
    /// is not covered by it (so the next subtable of the lookup is tried).
    private static func pairValue(_ t: FontTable, _ left: UInt16, _ right: UInt16) throws(OQCFontError) -> Int? {
        let format = try t.u16(0)
        guard let coverageIndex = try coverage(try t.slice(from: Int(try t.u16(2))), left) else { return nil }
        let vf1 = try t.u16(4), vf2 = try t.u16(6)
        let size1 = 2 * (vf1 & 0xFF).nonzeroBitCount, size2 = 2 * (vf2 & 0xFF).nonzeroBitCount
        // XAdvance follows XPlacement and YPlacement when they are present.
        let xAdvance: Int? = vf1 & 0x4 != 0 ? 2 * (vf1 & 0x3).nonzeroBitCount : nil
        if format == 1 {
            let setCount = Int(try t.u16(8))
            guard coverageIndex < setCount else { return nil }
            let set = try t.slice(from: Int(try t.u16(10 + 2 * coverageIndex)))
            let n = Int(try set.u16(0)), stride = 2 + size1 + size2
            var lo = 0, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2, r = 2 + stride * mid
                let second = try set.u16(r)
                if second < right { lo = mid + 1 } else if second > right { hi = mid } else {
                    return try xAdvance.map { (o: Int) throws(OQCFontError) -> Int in Int(try set.i16(r + 2 + o)) } ?? 0
                }
            }
            return nil
        } else if format == 2 {
            let class1 = try classOf(try t.slice(from: Int(try t.u16(8))), left)
            let class2 = try classOf(try t.slice(from: Int(try t.u16(10))), right)
            let c1Count = Int(try t.u16(12)), c2Count = Int(try t.u16(14))
            // Out-of-range classes do not apply (HarfBuzz moves on to the next subtable).
            guard class1 < c1Count, class2 < c2Count else { return nil }
            let r = 16 + (class1 * c2Count + class2) * (size1 + size2)
            return try xAdvance.map { (o: Int) throws(OQCFontError) -> Int in Int(try t.i16(r + o)) } ?? 0
        }
        return nil
    }

    private static func coverage(_ c: FontTable, _ g: UInt16) throws(OQCFontError) -> Int? {
        let format = try c.u16(0), n = Int(try c.u16(2))
        var lo = 0, hi = n
        if format == 1 {
            while lo < hi {
                let mid = (lo + hi) / 2, v = try c.u16(4 + 2 * mid)
                if v < g { lo = mid + 1 } else if v > g { hi = mid } else { return mid }
            }
        } else if format == 2 {
            while lo < hi {
                let mid = (lo + hi) / 2, r = 4 + 6 * mid
                let start = try c.u16(r), end = try c.u16(r + 2)
                if g < start { hi = mid } else if g > end { lo = mid + 1 } else {
                    return Int(try c.u16(r + 4)) + Int(g - start)
                }
            }
        }
        return nil
    }

    private static func classOf(_ c: FontTable, _ g: UInt16) throws(OQCFontError) -> Int {
        let format = try c.u16(0)
        if format == 1 {
            let start = try c.u16(2), n = Int(try c.u16(4))
            guard g >= start, Int(g - start) < n else { return 0 }
            return Int(try c.u16(6 + 2 * Int(g - start)))
        } else if format == 2 {
            let n = Int(try c.u16(2))
            var lo = 0, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2, r = 4 + 6 * mid
                let start = try c.u16(r), end = try c.u16(r + 2)
                if g < start { hi = mid } else if g > end { lo = mid + 1 } else { return Int(try c.u16(r + 4)) }
            }
        }
        return 0
    }
}
