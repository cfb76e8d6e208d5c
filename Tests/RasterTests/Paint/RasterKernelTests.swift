import Testing
import CRasterKernels
import Raster

/// Every path of the C row kernels (plain C, SSE2, AVX2: whichever the CPU has) gives exactly
/// the bytes of Raster's scalar blend for every row length (vector bodies and tails), with
/// coverage runs of 0, 255 and in between, and opaque, clear and translucent pixels.
@Suite(.serialized) struct RasterKernelTests {
    struct Random {
        var state: UInt64
        mutating func next(_ n: UInt32) -> UInt32 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt32(state % UInt64(n))
        }
        mutating func pixel() -> UInt32 {
            let pick = next(4)
            let alpha: UInt32 = pick == 0 ? 0 : (pick == 1 ? 255 : next(256))
            return next(alpha + 1) | next(alpha + 1) << 8 | next(alpha + 1) << 16 | alpha << 24
        }
        mutating func coverage(_ n: Int) -> [UInt8] {
            // Runs, so that whole vectors of 0 and of 255 occur.
            var out: [UInt8] = []
            while out.count < n {
                let v: UInt8 = [0, 255, UInt8(next(256))][Int(next(3))]
                out += [UInt8](repeating: v == 0 || v == 255 ? v : UInt8(next(256)), count: Int(next(11)))
            }
            return Array(out.prefix(n))
        }
    }

    func check(level: Int32) {
        withVectorLevel(level) { checkPaths(level: level) }
    }

    func checkPaths(level: Int32) {
        var r = Random(state: 0x1234_5678_9ABC_DEF1 &+ UInt64(level))
        for n in [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 100] {
            for _ in 0..<12 {
                let src = (0..<n).map { _ in r.pixel() }, dst = (0..<n).map { _ in r.pixel() }
                let cov = r.coverage(n), cov2 = r.coverage(n)
                let colour = r.pixel(), factor = r.next(256)
                func run(_ f: (UnsafeMutablePointer<UInt32>) -> Void) -> [UInt32] {
                    var d = dst + [0]
                    d.withUnsafeMutableBufferPointer { f($0.baseAddress!) }
                    return Array(d.prefix(n))
                }
                src.withUnsafeBufferPointer { s in cov.withUnsafeBufferPointer { c in
                    let sp = s.baseAddress ?? UnsafePointer(bitPattern: 8)!, cp = c.baseAddress ?? UnsafePointer(bitPattern: 8)!
                    #expect(run { rk_source_over_row($0, sp, n) } == (0..<n).map { blend(dst[$0], src[$0], 255, .sourceOver) })
                    #expect(run { rk_source_over_row_scaled($0, sp, n, factor) }
                            == (0..<n).map { factor == 0 ? dst[$0] : blend(dst[$0], src[$0], factor, .sourceOver) })
                    #expect(run { rk_source_over_row_masked($0, sp, n, cp) }
                            == (0..<n).map { cov[$0] == 0 ? dst[$0] : blend(dst[$0], src[$0], UInt32(cov[$0]), .sourceOver) })
                    #expect(run { rk_source_over_constant($0, n, colour) } == (0..<n).map { blend(dst[$0], colour, 255, .sourceOver) })
                    #expect(run { rk_source_over_masked($0, n, colour, cp) }
                            == (0..<n).map { cov[$0] == 0 ? dst[$0] : blend(dst[$0], colour, UInt32(cov[$0]), .sourceOver) })
                    #expect(run { rk_destination_over_masked($0, n, colour, cp) }
                            == (0..<n).map { cov[$0] == 0 ? dst[$0] : blend(dst[$0], colour, UInt32(cov[$0]), .destinationOver) })
                } }
                // A block of three rows of n, from buffers with padding between rows.
                if n > 0 {
                    let w = n, stride = n + 3
                    let covBlock = r.coverage(3 * stride), dstBlock = (0..<(3 * stride)).map { _ in r.pixel() }
                    var d = dstBlock
                    d.withUnsafeMutableBufferPointer { dp in covBlock.withUnsafeBufferPointer { cp in
                        rk_source_over_masked_block(dp.baseAddress!, stride, w, 3, colour, cp.baseAddress!, stride)
                    } }
                    let expected = (0..<(3 * stride)).map { i -> UInt32 in
                        let c = UInt32(covBlock[i])
                        return i % stride >= w || c == 0 ? dstBlock[i] : blend(dstBlock[i], colour, c, .sourceOver)
                    }
                    #expect(d == expected)
                }
                var filled = dst + [7]
                filled.withUnsafeMutableBufferPointer { rk_fill($0.baseAddress!, n, colour) }
                #expect(filled == [UInt32](repeating: colour, count: n) + [7])
                var out = [UInt8](repeating: 0, count: n + 1)
                out.withUnsafeMutableBufferPointer { o in cov.withUnsafeBufferPointer { a in cov2.withUnsafeBufferPointer { b in
                    if n > 0 { rk_multiply_coverage(o.baseAddress!, a.baseAddress!, b.baseAddress!, n) }
                } } }
                #expect(Array(out.prefix(n)) == (0..<n).map { UInt8(mul255(UInt32(cov[$0]), UInt32(cov2[$0]))) })
                out.withUnsafeMutableBufferPointer { o in cov.withUnsafeBufferPointer { a in
                    if n > 0 { rk_multiply_coverage_constant(o.baseAddress!, a.baseAddress!, factor, n) }
                } }
                #expect(Array(out.prefix(n)) == (0..<n).map { UInt8(mul255(UInt32(cov[$0]), factor)) })
            }
        }
    }

    @Test func everyPathMatchesTheScalarBlend() {
        for level: Int32 in [0, 1, 2] { check(level: level) }
    }

    @Test func theBestPathIsUsed() {
        #if arch(x86_64)
        withVectorLevel(-1) { #expect(rk_vector_level() >= 1) }
        #endif
    }
}
