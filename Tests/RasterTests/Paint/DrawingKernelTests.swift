import Foundation
import Testing
import CRasterKernels
import Raster

/// The drawing kernels on every vector path the CPU has: rectangle rows give exactly the bytes
/// of Raster's scalar blend, and the shading rows pick the table entry of the closed-form
/// parameter (within one entry: the AVX2 path works in single precision).
@Suite(.serialized) struct DrawingKernelTests {
    static let levels: [Int32] = [0, 1, 2]

    @Test func rectangleRowsMatchTheScalarBlend() {
        var r = RasterKernelTests.Random(state: 0x51DE_5EED)
        for level in Self.levels {
            withVectorLevel(level) {
                for width in [1, 2, 3, 4, 9, 10, 11, 17, 33] {
                    for height in [1, 3] {
                        let stride = width + 3
                        let dst = (0..<(stride * height)).map { _ in r.pixel() }
                        let first = r.pixel(), mid = [r.pixel(), 0xFF10_2030, 0][Int(r.next(3))], last = r.pixel()
                        var out = dst
                        out.withUnsafeMutableBufferPointer { rk_source_over_rect($0.baseAddress!, stride, width, height, first, mid, last) }
                        for y in 0..<height {
                            for x in 0..<stride {
                                let d = dst[y * stride + x]
                                let s: UInt32? = x == 0 ? first : (x == width - 1 ? last : (x < width ? mid : nil))
                                // Padding right of the rectangle is left alone.
                                let expected = s.map { $0 == 0 ? d : blend(d, $0, 255, .sourceOver) } ?? d
                                #expect(out[y * stride + x] == expected, "level \(level) \(width)×\(height) at \(x), \(y)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// The sweep's running sums as RasterKernels.h specifies them, in Swift: each whole block of
    /// eight cells added as a tree, then the sum so far; the last cells in order.
    static func runningSums(_ cells: [Float], from start: Float) -> [Float] {
        var out: [Float] = [], sum = start, i = 0
        while i + 8 <= cells.count {
            let c = Array(cells[i..<(i + 8)])
            let p = [c[0], c[0] + c[1], (c[1] + c[2]) + c[0], (c[2] + c[3]) + (c[0] + c[1])]
            let q = [c[4], c[4] + c[5], (c[5] + c[6]) + c[4], (c[6] + c[7]) + (c[4] + c[5])]
            out += p.map { $0 + sum } + q.map { ($0 + p[3]) + sum }
            sum = out[out.count - 1]
            i += 8
        }
        for k in i..<cells.count { sum += cells[k]; out.append(sum) }
        return out
    }

    @Test func fusedSweepMatchesSweepThenBlend() {
        // The running sums in Swift (`runningSums`), in single precision, their coverage as the
        // rasterizer's non-zero rule converts it, then Raster's scalar source-over: every vector
        // path of rk_sweep_nonzero_over (and rk_sweep_nonzero, for the coverage) must give exactly these bytes, set the cells back to 0 and
        // leave the same running sum. Cells come in runs of +0 (the kernel skips those).
        var r = RasterKernelTests.Random(state: 0xF05E_D5EE)
        for level in Self.levels {
            withVectorLevel(level) {
                for count in [1, 5, 8, 9, 16, 23, 40, 67] {
                    for color in [r.pixel() | 0xFF00_0000, 0xCC33_1A66, r.pixel()] {
                        var cells = [Float](repeating: 0, count: count)
                        var i = 0
                        while i < count {
                            let run = Int(r.next(12)) + 1
                            let zero = r.next(2) == 0
                            for k in i..<min(i + run, count) where !zero {
                                cells[k] = (Float(r.next(2001)) - 1000) / 700
                            }
                            i += run
                        }
                        let dst = (0..<count).map { _ in r.pixel() }
                        let start = (Float(r.next(201)) - 100) / 100
                        var expected = dst
                        let sums = Self.runningSums(cells, from: start)
                        let sum = sums[count - 1]
                        for k in 0..<count {
                            let c = UInt32(UInt8(min(abs(sums[k]), 1) * 255 + 0.5))
                            if c != 0 { expected[k] = blend(dst[k], color, c, .sourceOver) }
                        }
                        var out = dst, line = cells, got = start
                        out.withUnsafeMutableBufferPointer { o in
                            line.withUnsafeMutableBufferPointer { rk_sweep_nonzero_over($0.baseAddress!, o.baseAddress!, count, &got, color) }
                        }
                        #expect(out == expected, "level \(level) count \(count) colour \(String(color, radix: 16))")
                        #expect(got == sum && line.allSatisfy { $0 == 0 }, "level \(level) count \(count)")
                        // The unfused sweep: the same coverage bytes, sum and OR of the bytes.
                        var coverage = [UInt8](repeating: 7, count: count), unfused = start
                        line = cells
                        let any = line.withUnsafeMutableBufferPointer { rk_sweep_nonzero($0.baseAddress!, &coverage, count, &unfused) }
                        let want = sums.map { UInt8(min(abs($0), 1) * 255 + 0.5) }
                        #expect(coverage == want && unfused == sum && any == want.reduce(0, |), "level \(level) count \(count)")
                        #expect(line.allSatisfy { $0 == 0 })
                    }
                }
            }
        }
    }

    @Test func fusedRowsMatchTheirRunsAndSpans() {
        // Rows of touched and untouched chunks (cells only in touched ones, and at x = width and
        // width + 1, where edges end): every vector path of rk_sweep_rows_nonzero_over must give
        // the bytes of the row walked here, each touched run's running sums as `runningSums`
        // gives them from the run's start and each untouched run one coverage of the sum so
        // far, blended with Raster's scalar source-over; and leave every cell 0.
        var r = RasterKernelTests.Random(state: 0x0B0A_45EE)
        for level in Self.levels {
            withVectorLevel(level) {
                for width in [1, 7, 8, 13, 64, 200, 517, 600] {
                    for color in [r.pixel() | 0xFF00_0000, 0xCC33_1A66, r.pixel()] {
                        let rows = 3, stride = width + 2, chunks = (width + 7) / 8
                        let words = (chunks + 1 + 63) / 64 + Int(r.next(2))
                        let pixelStride = width + Int(r.next(5))
                        var touched = [UInt64](repeating: 0, count: rows * words)
                        var cells = [Float](repeating: 0, count: rows * stride)
                        for row in 0..<rows {
                            var k = 0
                            while k < chunks {
                                let run = Int(r.next(6)) + 1
                                if r.next(2) == 0 {
                                    for c in k..<min(k + run, chunks) {
                                        touched[row * words + c / 64] |= 1 << UInt64(c % 64)
                                        for x in (8 * c)..<min(8 * c + 8, width) where r.next(3) != 0 {
                                            cells[row * stride + x] = (Float(r.next(2001)) - 1000) / 900
                                        }
                                    }
                                }
                                k += run
                            }
                            // An edge ending at x = width: its cells, and maybe a bit past the last chunk.
                            cells[row * stride + width] = 0.25; cells[row * stride + width + 1] = -0.5
                            if r.next(2) == 0 { touched[row * words + chunks / 64] |= 1 << UInt64(chunks % 64) }
                        }
                        let dst = (0..<(rows * pixelStride)).map { _ in r.pixel() }
                        var expected = dst
                        for row in 0..<rows {
                            var sum: Float = 0, k = 0
                            @inline(__always) func isTouched(_ c: Int) -> Bool { touched[row * words + c / 64] >> UInt64(c % 64) & 1 != 0 }
                            while k < chunks {
                                var end = k
                                while end < chunks && isTouched(end) == isTouched(k) { end += 1 }
                                let x0 = 8 * k, x1 = min(8 * end, width)
                                if isTouched(k) {
                                    let sums = Self.runningSums(Array(cells[(row * stride + x0)..<(row * stride + x1)]), from: sum)
                                    for (i, v) in sums.enumerated() {
                                        let c = UInt32(UInt8(min(abs(v), 1) * 255 + 0.5))
                                        if c != 0 { expected[row * pixelStride + x0 + i] = blend(dst[row * pixelStride + x0 + i], color, c, .sourceOver) }
                                    }
                                    sum = sums[sums.count - 1]
                                } else {
                                    let c = UInt32(UInt8(min(abs(sum), 1) * 255 + 0.5))
                                    for x in x0..<x1 where c != 0 { expected[row * pixelStride + x] = blend(dst[row * pixelStride + x], color, c, .sourceOver) }
                                }
                                k = end
                            }
                        }
                        var out = dst, line = cells
                        out.withUnsafeMutableBufferPointer { o in
                            line.withUnsafeMutableBufferPointer { l in
                                rk_sweep_rows_nonzero_over(l.baseAddress!, stride, touched, words, width, rows, o.baseAddress!, pixelStride, color)
                            }
                        }
                        #expect(out == expected, "level \(level) width \(width) colour \(String(color, radix: 16))")
                        #expect(line.allSatisfy { $0 == 0 }, "level \(level) width \(width)")
                    }
                }
            }
        }
    }

    /// Table entry k holds k + 1, so a sample names the entry it read (0: not painted).
    static let table: [UInt32] = (0..<1024).map { UInt32($0 + 1) }

    /// Checks a row against closed-form parameters: the entry of round(t · 1023) within one,
    /// painted exactly where t is in 0...1 (or beyond an extended end); pixels within 1e-4 of
    /// an end may go either way, and NaN entries are checked by the caller.
    static func check(_ out: [UInt32], _ cov: [UInt8], _ ts: [Double], start: Bool, end: Bool, _ what: String) {
        for (i, t) in ts.enumerated() {
            if t.isNaN || abs(t) < 1e-4 || abs(t - 1) < 1e-4 { continue }
            let painted = (t >= 0 || start) && (t <= 1 || end)
            if !painted {
                #expect(out[i] == 0 && cov[i] == 0, "\(what) pixel \(i) t \(t)")
                continue
            }
            let want = Int((min(max(t, 0), 1) * 1023).rounded())
            #expect(abs(Int(out[i]) - 1 - want) <= 1 && cov[i] == 200, "\(what) pixel \(i) t \(t) got \(out[i])")
        }
    }

    @Test func axialRowsPickTheProjectedEntry() {
        for level in Self.levels {
            withVectorLevel(level) {
                for (start, end) in [(false, false), (true, false), (false, true), (true, true)] {
                    let n = 203, t0 = -0.31, dt = 0.0071
                    var out = [UInt32](repeating: 9, count: n), cov = [UInt8](repeating: 200, count: n)
                    let ramp = rk_shading_ramp(extendsStart: start ? 1 : 0, extendsEnd: end ? 1 : 0, last: 1023)
                    Self.table.withUnsafeBufferPointer { t in
                        rk_shade_axial(&out, &cov, n, t0, dt, t.baseAddress!, ramp)
                    }
                    Self.check(out, cov, (0..<n).map { t0 + Double($0) * dt }, start: start, end: end, "axial L\(level)")
                }
            }
        }
    }

    /// The roots of |p − t·cd|² = (r0 + t·dr)², largest first: (cd² − dr²)t² − 2(p·cd + r0·dr)t
    /// + p² − r0² = 0; `grazing` when the discriminant is nearly zero (a double root).
    static func radialRoots(x: Double, y: Double, cx: Double, cy: Double, r0: Double, dr: Double)
        -> (roots: [Double], grazing: Bool) {
        let a = cx * cx + cy * cy - dr * dr
        let b = x * cx + y * cy + r0 * dr
        let k = x * x + y * y - r0 * r0
        let disc = b * b - a * k
        let grazing = abs(disc) < 1e-3 * b * b
        guard disc >= 0 else { return ([], grazing) }
        let s = disc.squareRoot()
        let t1 = (b + s) / a, t2 = (b - s) / a
        return ([max(t1, t2), min(t1, t2)], grazing)
    }

    @Test func radialRowsPickTheCircleEntry() {
        // Concentric circles: t = (distance − r0) / (r1 − r0). A cone (centres apart): t from the
        // quadratic solved in double here, the larger root with r(t) ≥ 0.
        let cases: [(cx: Double, cy: Double, r0: Double, r1: Double)] = [(0, 0, 10, 300), (0, 0, 250, 20), (40, -25, 5, 120)]
        for level in Self.levels {
            withVectorLevel(level) {
                for c in cases {
                    // Every extension: the concentric kernel tests the ramp's ends only when one is open.
                    for (start, end) in [(false, false), (true, false), (false, true), (true, true)] {
                        let n = 301, px = -150.5, py = 37.5, dpx = 1.0, dpy = 0.25
                        var out = [UInt32](repeating: 9, count: n), cov = [UInt8](repeating: 200, count: n)
                        let ramp = rk_shading_ramp(extendsStart: start ? 1 : 0, extendsEnd: end ? 1 : 0, last: 1023)
                        let g = rk_radial_geometry(cdx: c.cx, cdy: c.cy, r0: c.r0, dr: c.r1 - c.r0)
                        Self.table.withUnsafeBufferPointer { t in
                            rk_shade_radial(&out, &cov, n, px, py, dpx, dpy, g, t.baseAddress!, ramp)
                        }
                        let dr = c.r1 - c.r0
                        let solved = (0..<n).map { i in
                            Self.radialRoots(x: px + Double(i) * dpx, y: py + Double(i) * dpy, cx: c.cx, cy: c.cy, r0: c.r0, dr: dr)
                        }
                        // The largest root the ramp accepts with a non-negative radius.
                        let ts = solved.map { q -> Double in
                            for t in q.roots where c.r0 + t * dr >= 0 && (t >= 0 || start) && (t <= 1 || end) { return t }
                            return .nan
                        }
                        // Pixels with a root near an end of the ramp (or a double root) may go either way.
                        let near = solved.map { q -> Bool in
                            if q.grazing { return true }
                            return q.roots.contains { t in
                                let atEnd = abs(t) < 1e-4 || abs(t - 1) < 1e-4
                                return atEnd || abs(c.r0 + t * dr) < 1e-3
                            }
                        }
                        for (i, t) in ts.enumerated() where t.isNaN && !near[i] {
                            #expect(out[i] == 0 && cov[i] == 0, "radial L\(level) \(c) pixel \(i)")
                        }
                        // The roots kept were accepted by the ramp already.
                        Self.check(out, cov, zip(ts, near).map { $1 ? .nan : $0 }, start: true, end: true, "radial L\(level) \(c)")
                    }
                }
            }
        }
    }
}
