/// The five PNG row filters (method 0): reversing them when decoding and
/// choosing and applying one per row when encoding.
enum PNGFilter {
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Reverses filter `type` on `row` in place. `prior` is the previous row of
    /// the same pass, already reconstructed (all zeros for a pass's first row).
    /// Returns false for an unknown filter type.
    static func unfilter(_ type: UInt8, row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>,
                         count n: Int, distance bpp: Int) -> Bool {
        switch type {
        case 0:
            break
        case 1:
            var i = bpp
            while i < n { row[i] &+= row[i - bpp]; i += 1 }
        case 2:
            for i in 0..<n { row[i] &+= prior[i] }
        case 3:
            for i in 0..<min(bpp, n) { row[i] &+= prior[i] >> 1 }
            var i = bpp
            while i < n {
                row[i] &+= UInt8(truncatingIfNeeded: (Int(row[i - bpp]) + Int(prior[i])) >> 1)
                i += 1
            }
        case 4:
            // With no left neighbour Paeth predicts from above.
            for i in 0..<min(bpp, n) { row[i] &+= prior[i] }
            var i = bpp
            while i < n {
                let p = paeth(Int(row[i - bpp]), Int(prior[i]), Int(prior[i - bpp]))
                row[i] &+= UInt8(truncatingIfNeeded: p)
                i += 1
            }
        default:
            return false
        }
        return true
    }

    /// Picks the filter whose output has the smallest sum of absolute values
    /// (bytes read as signed), the heuristic the PNG specification recommends,
    /// then writes the filter-type byte and filtered row to `out` (n + 1 bytes).
    static func filterBest(row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count n: Int,
                           distance bpp: Int, into out: UnsafeMutablePointer<UInt8>) {
        var sNone = 0, sSub = 0, sUp = 0, sAvg = 0, sPaeth = 0
        for i in 0..<n {
            let x = Int(row[i]), b = Int(prior[i])
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let c = i >= bpp ? Int(prior[i - bpp]) : 0
            sNone &+= signedMagnitude(x)
            sSub &+= signedMagnitude(x - a)
            sUp &+= signedMagnitude(x - b)
            sAvg &+= signedMagnitude(x - (a + b) >> 1)
            sPaeth &+= signedMagnitude(x - paeth(a, b, c))
        }
        var best: UInt8 = 0, bestSum = sNone
        if sSub < bestSum { best = 1; bestSum = sSub }
        if sUp < bestSum { best = 2; bestSum = sUp }
        if sAvg < bestSum { best = 3; bestSum = sAvg }
        if sPaeth < bestSum { best = 4 }
        apply(best, row: row, prior: prior, count: n, distance: bpp, into: out)
    }

    /// Writes the filter-type byte then the row filtered with `type`.
    static func apply(_ type: UInt8, row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count n: Int,
                      distance bpp: Int, into out: UnsafeMutablePointer<UInt8>) {
        out[0] = type
        let o = out + 1
        let head = min(bpp, n)
        switch type {
        case 1:
            for i in 0..<head { o[i] = row[i] }
            var i = bpp
            while i < n { o[i] = row[i] &- row[i - bpp]; i += 1 }
        case 2:
            for i in 0..<n { o[i] = row[i] &- prior[i] }
        case 3:
            for i in 0..<head { o[i] = row[i] &- prior[i] >> 1 }
            var i = bpp
            while i < n {
                o[i] = row[i] &- UInt8(truncatingIfNeeded: (Int(row[i - bpp]) + Int(prior[i])) >> 1)
                i += 1
            }
        case 4:
            for i in 0..<head { o[i] = row[i] &- prior[i] }
            var i = bpp
            while i < n {
                o[i] = row[i] &- UInt8(truncatingIfNeeded: paeth(Int(row[i - bpp]), Int(prior[i]), Int(prior[i - bpp])))
                i += 1
            }
        default:
            o.update(from: row, count: n)
        }
    }

    /// |v| of a filtered byte read as a signed 8-bit value.
    @inline(__always)
    private static func signedMagnitude(_ d: Int) -> Int {
        let v = d & 0xFF
        return v < 128 ? v : 256 - v
    }
}
