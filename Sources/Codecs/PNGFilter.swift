/// The five PNG row filters (method 0): reversing them when decoding and
/// choosing and applying one per row when encoding.
package enum PNGFilter {
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Reverses filter `type` on `row` in place. `prior` is the previous row of
    /// the same pass, already reconstructed (all zeros for a pass's first row).
    /// Returns false for an unknown filter type.
    package static func unfilter(_ type: UInt8, row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>,
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
    package static func filterBest(row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count n: Int,
                           distance bpp: Int, into out: UnsafeMutablePointer<UInt8>) {
        var sNone = 0, sSub = 0, sUp = 0, sAvg = 0, sPaeth = 0
        // Left neighbours (a, c) are zero for the first pixel.
        for i in 0..<min(bpp, n) {
            let x = Int32(row[i]), b = Int32(prior[i])
            sNone &+= Int(signedMagnitude(x))
            sSub &+= Int(signedMagnitude(x))
            sUp &+= Int(signedMagnitude(x &- b))
            sAvg &+= Int(signedMagnitude(x &- b >> 1))
            sPaeth &+= Int(signedMagnitude(x &- b))
        }
        // Branch-free with 32-bit sums so the compiler vectorises it 4 or more lanes
        // wide: this loop is most of the encoder's own time. Blocks of 4096 bytes keep
        // the 32-bit sums (at most 128 a byte) from overflowing.
        var i = bpp
        while i < n {
            let end = min(n, i &+ 4096)
            var tNone: Int32 = 0, tSub: Int32 = 0, tUp: Int32 = 0, tAvg: Int32 = 0, tPaeth: Int32 = 0
            while i < end {
                let x = Int32(row[i]), a = Int32(row[i &- bpp]), b = Int32(prior[i]), c = Int32(prior[i &- bpp])
                tNone &+= signedMagnitude(x)
                tSub &+= signedMagnitude(x &- a)
                tUp &+= signedMagnitude(x &- b)
                tAvg &+= signedMagnitude(x &- (a &+ b) >> 1)
                tPaeth &+= signedMagnitude(x &- paeth32(a, b, c))
                i &+= 1
            }
            sNone &+= Int(tNone); sSub &+= Int(tSub); sUp &+= Int(tUp); sAvg &+= Int(tAvg); sPaeth &+= Int(tPaeth)
        }
        var best: UInt8 = 0, bestSum = sNone
        if sSub < bestSum { best = 1; bestSum = sSub }
        if sUp < bestSum { best = 2; bestSum = sUp }
        if sAvg < bestSum { best = 3; bestSum = sAvg }
        if sPaeth < bestSum { best = 4 }
        apply(best, row: row, prior: prior, count: n, distance: bpp, into: out)
    }

    /// Writes the filter-type byte then the row filtered with `type`.
    package static func apply(_ type: UInt8, row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count n: Int,
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
                let p = paeth32(Int32(row[i &- bpp]), Int32(prior[i]), Int32(prior[i &- bpp]))
                o[i] = row[i] &- UInt8(truncatingIfNeeded: p)
                i &+= 1
            }
        default:
            o.update(from: row, count: n)
        }
    }

    /// |v| of a filtered byte read as a signed 8-bit value, without branches.
    @inline(__always)
    private static func signedMagnitude(_ d: Int32) -> Int32 {
        let v = (d &<< 24) &>> 24
        let sign = v &>> 31
        return (v ^ sign) &- sign
    }

    @inline(__always)
    private static func abs32(_ v: Int32) -> Int32 {
        let sign = v &>> 31
        return (v ^ sign) &- sign
    }

    /// `paeth` written with selects only, for the vectorised heuristic loop.
    @inline(__always)
    private static func paeth32(_ a: Int32, _ b: Int32, _ c: Int32) -> Int32 {
        let pa = abs32(b &- c), pb = abs32(a &- c), pc = abs32(a &+ b &- 2 &* c)
        let bc = pb <= pc ? b : c
        return pa <= pb && pa <= pc ? a : bc
    }
}
