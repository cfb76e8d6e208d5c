import Testing
import CRasterKernels
import Raster

/// Every path of the C texture kernels (plain C, SSE2, AVX2: whichever the CPU has) gives
/// exactly the bytes of Raster's per-pixel sampler (TexelQuad on clamped texel quads) along
/// runs of every length (vector bodies and partial tails), inside the texture, across its
/// edges and far outside, with λ in every band and crossing bands, and writes nothing past
/// the run.
@Suite(.serialized) struct TextureKernelTests {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        /// Uniform in [lo, hi).
        mutating func unit(_ lo: Double, _ hi: Double) -> Double {
            lo + (hi - lo) * Double(next() >> 11) / 9007199254740992
        }
        mutating func pixel() -> UInt32 {
            let pick = below(4)
            let alpha: UInt32 = pick == 0 ? 0 : (pick == 1 ? 255 : UInt32(below(256)))
            let a = Int(alpha) + 1
            return UInt32(below(a)) | UInt32(below(a)) << 8 | UInt32(below(a)) << 16 | alpha << 24
        }
    }

    /// A random texture's mip chain, as `Surface.draw` hands it to the sampler for a source
    /// rectangle of texels tx0…tx1 × ty0…ty1.
    struct Chain {
        let texture: Texture
        let levels: [SampleLevel]
        var top: Int { levels.count - 1 }

        init(width: Int, height: Int, rect: (Int, Int, Int, Int), _ r: inout Random) {
            let s = Surface(width: width, height: height)
            for y in 0..<height { for x in 0..<width { s.setPixel(x: x, y: y, r.pixel()) } }
            texture = Texture(s)
            let (tx0, ty0, tx1, ty1) = rect
            levels = texture.mipLevels.enumerated().map { k, l in
                SampleLevel(pixels: l.pixels, stride: l.stride, x0: min(tx0 >> k, l.width - 1), y0: min(ty0 >> k, l.height - 1),
                            x1: min(tx1 >> k, l.width - 1), y1: min(ty1 >> k, l.height - 1), shift: k)
            }
        }
    }

    static func onGrid(_ q: QuadraticSteps, _ level: SampleLevel) -> QuadraticSteps {
        let s = Int64(level.shift)
        return QuadraticSteps(fu: level.grid(q.fu), fv: level.grid(q.fv), du: q.du >> s, dv: q.dv >> s, ddu: q.ddu >> s, ddv: q.ddv >> s)
    }

    static func coarser(_ g: Int64) -> Int64 { (g &- (1 << 31)) >> 1 }

    static func band(_ lambda: Int64, _ top: Int) -> Int { lambda <= 0 ? -1 : min(Int(lambda >> 24), top) }

    /// Bilinear samples of one level at positions stepped on its grid.
    static func bilinear(_ level: SampleLevel, _ steps: QuadraticSteps, _ n: Int) -> [UInt32] {
        var q = onGrid(steps, level)
        return (0..<n).map { _ in
            defer { q.step() }
            return level.clampedQuad(q.fu, q.fv).bilinear
        }
    }

    /// Trilinear samples: pieces of one λ band, each stepped from its own start on the grid
    /// of its finer level.
    static func trilinear(_ c: Chain, _ steps: QuadraticSteps, _ lambda: Int64, _ dl: Int64, _ n: Int) -> [UInt32] {
        var out: [UInt32] = []
        var k = 0
        while k < n {
            let b = band(lambda &+ dl &* Int64(k), c.top)
            var m = 1
            while k + m < n && band(lambda &+ dl &* Int64(k + m), c.top) == b { m += 1 }
            let start = steps.advanced(by: k)
            if b < 0 || b == c.top {
                out += bilinear(c.levels[max(b, 0)], start, m)
            } else {
                let lo = c.levels[b], hi = c.levels[b + 1]
                var q = onGrid(start, lo)
                for i in 0..<m {
                    let w = UInt16(truncatingIfNeeded: ((lambda &+ dl &* Int64(k + i)) >> 16) & 0xFF)
                    out.append(TexelQuad.trilinear(lo.clampedQuad(q.fu, q.fv), hi.clampedQuad(coarser(q.fu), coarser(q.fv)), w))
                    q.step()
                }
            }
            k += m
        }
        return out
    }

    /// Runs the kernel into a buffer with sentinels after the run, and checks them.
    static func run(_ n: Int, _ kernel: (UnsafeMutablePointer<UInt32>) -> Void) -> [UInt32] {
        var buffer = [UInt32](repeating: 0xDEAD_BEEF, count: n + 9)
        buffer.withUnsafeMutableBufferPointer { kernel($0.baseAddress!) }
        #expect(buffer[n...].allSatisfy { $0 == 0xDEAD_BEEF }, "wrote past \(n) pixels")
        return Array(buffer.prefix(n))
    }

    static let lengths = [0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 23, 24, 25, 31, 32, 33, 64, 100, 256]

    /// Level-0 steps for a run of n pixels: mostly inside the range (the interior loads),
    /// else anywhere from far outside to across an edge; sometimes affine, sometimes steep.
    static func steps(_ r: inout Random, width: Int, height: Int, n: Int) -> QuadraticSteps {
        let w = Double(width), h = Double(height), len = Double(max(n, 1))
        func fx(_ v: Double) -> Int64 { Int64(v * 4294967296) }
        let inside = r.below(3) != 0
        let u0 = inside ? r.unit(1.5, max(1.5, w - 1.5)) : r.unit(-8, w + 8)
        let v0 = inside ? r.unit(1.5, max(1.5, h - 1.5)) : r.unit(-8, h + 8)
        // Inside: steps that keep the run well within; else anything up to 3 texels per pixel
        // (and now and then a thousand, far off the texture).
        let reach = inside ? min(u0 - 1.2, w - 1.2 - u0, v0 - 1.2, h - 1.2 - v0) / len : (r.below(8) == 0 ? 1000 : 3)
        let du = r.unit(-1, 1) * reach * 0.6, dv = r.unit(-1, 1) * reach * 0.3
        let curved = r.below(2) == 0
        let ddu = curved ? r.unit(-1, 1) * reach * 0.2 / len : 0, ddv = curved ? r.unit(-1, 1) * reach * 0.1 / len : 0
        return QuadraticSteps(fu: fx(u0), fv: fx(v0), du: fx(du), dv: fx(dv), ddu: fx(ddu), ddv: fx(ddv))
    }

    func check(level: Int32) {
        withVectorLevel(level) { checkPaths(level: level) }
    }

    func checkPaths(level: Int32) {
        var r = Random(state: 0x5DEE_CE66_D1CE_4E5B &+ UInt64(level))
        let shapes = [(64, 64), (37, 29), (5, 3), (1, 1), (300, 7), (2, 40)]
        for (width, height) in shapes {
            for _ in 0..<3 {
                // The whole texture, or a source rectangle within it (clamping to its edge).
                let whole = r.below(2) == 0
                let tx0 = whole ? 0 : r.below(width), ty0 = whole ? 0 : r.below(height)
                let rect = (tx0, ty0, whole ? width - 1 : tx0 + r.below(width - tx0), whole ? height - 1 : ty0 + r.below(height - ty0))
                let c = Chain(width: width, height: height, rect: rect, &r)
                for n in Self.lengths {
                    for _ in 0..<4 {
                        let q = Self.steps(&r, width: width, height: height, n: n)
                        c.levels.withUnsafeBufferPointer { levels in
                            // One level of any shift (the linear filter, and the ends of the mip chain).
                            let k = r.below(levels.count)
                            let got = Self.run(n) { rk_bilinear_run($0, n, levels.baseAddress! + k, q) }
                            #expect(got == Self.bilinear(levels[k], q, n), "bilinear level \(k) of \(width)×\(height), n \(n), path \(level)")
                            // λ anywhere from below level 0 to past the top, fixed or crossing bands.
                            let top = Double(c.top)
                            let lambda = Int64(r.unit(-1.5, top + 1.5) * 16777216)
                            let dl = r.below(3) == 0 ? 0 : Int64(r.unit(-1, 1) * (top + 1) * 16777216 / Double(max(n, 1)))
                            let tri = Self.run(n) { rk_trilinear_run($0, n, levels.baseAddress!, c.top, q, lambda, dl) }
                            #expect(tri == Self.trilinear(c, q, lambda, dl, n), "trilinear of \(width)×\(height), n \(n), path \(level)")
                        }
                    }
                }
            }
        }
    }

    @Test func everyPathMatchesThePerPixelSampler() {
        for level: Int32 in [0, 1, 2] { check(level: level) }
    }

    @Test func longRunsStayExactInsideTheTexture() {
        // 256-pixel runs well inside a 512² texture under λ in (0, 2), as coverflow's covers
        // are drawn: the vector bodies, not their tails, against the reference.
        var r = Random(state: 0x0123_4567_89AB_CDEF)
        let c = Chain(width: 512, height: 512, rect: (0, 0, 511, 511), &r)
        for level: Int32 in [0, 1, 2] { withVectorLevel(level) {
            for _ in 0..<20 {
                let q = QuadraticSteps(fu: Int64(r.unit(100, 200) * 4294967296), fv: Int64(r.unit(100, 400) * 4294967296),
                                       du: Int64(r.unit(0.2, 1.1) * 4294967296), dv: Int64(r.unit(-0.1, 0.1) * 4294967296),
                                       ddu: Int64(r.unit(-1e-4, 1e-4) * 4294967296), ddv: Int64(r.unit(-1e-4, 1e-4) * 4294967296))
                let lambda = Int64(r.unit(0.05, 1.9) * 16777216), dl = Int64(r.unit(-2e-3, 2e-3) * 16777216)
                c.levels.withUnsafeBufferPointer { levels in
                    let got = Self.run(256) { rk_trilinear_run($0, 256, levels.baseAddress!, c.top, q, lambda, dl) }
                    #expect(got == Self.trilinear(c, q, lambda, dl, 256), "path \(level)")
                }
            }
        } }
    }

    @Test func uprightRowsAreTheSameOnEveryPath() {
        // Upright images (v fixed along the row), which the AVX2 path fetches by loads rather
        // than gathers: drawn at their own size at a fractional offset (one texel a pixel),
        // larger (under a texel a pixel, so that eight pixels fit a window of eight texels) and
        // a little smaller, with runs starting anywhere up to the texture's right edge (where
        // the loads would pass it and the gathers must be used instead).
        var r = Random(state: 0x7E57_0F_0A_11_00)
        let c = Chain(width: 80, height: 12, rect: (0, 0, 79, 11), &r)
        for level: Int32 in [0, 1, 2] { withVectorLevel(level) {
            for du in [1.0, 0.3, 0.533, 0.84, 0.86, 0.99, 1.01, 1.7] {
                for _ in 0..<30 {
                    let n = Self.lengths[r.below(Self.lengths.count)]
                    let u0 = r.unit(0, 80), v0 = r.unit(0, 11)
                    let q = QuadraticSteps(fu: Int64(u0 * 4294967296), fv: Int64(v0 * 4294967296), du: Int64(du * 4294967296),
                                           dv: 0, ddu: 0, ddv: 0)
                    c.levels.withUnsafeBufferPointer { levels in
                        let got = Self.run(n) { rk_bilinear_run($0, n, levels.baseAddress!, q) }
                        #expect(got == Self.bilinear(levels[0], q, n), "du \(du) from \(u0), \(v0), n \(n), path \(level)")
                    }
                }
            }
        } }
    }

    @Test func perspectiveRowsAreTheSameOnEveryPath() {
        // Random perspective inverses, mild to w crossing zero inside the row (the per-pixel
        // divisions), now and then far off the texture (beyond the AVX2 setup's fast
        // conversions) or degenerate (w = 0 somewhere), every filter, spans starting and
        // ending anywhere and up to 600 pixels long: plain C, SSE2 and AVX2 rows give the same
        // bytes (AVX2 sets up runs four at a time, the others one at a time).
        var r = Random(state: 0x2545_F491_4F6C_DD1D)
        let c = Chain(width: 61, height: 45, rect: (0, 0, 60, 44), &r)
        for i in 0..<600 {
            let mild = i % 2 == 0, offset = i % 7 == 0 ? 3e6 : (i % 11 == 0 ? 6e5 : 120)
            let p = mild ? 0.002 : 0.05
            let m = ProjectiveTransform(m11: r.unit(-2, 2), m12: r.unit(-2, 2), m13: r.unit(-p, p),
                                        m21: r.unit(-2, 2), m22: r.unit(-2, 2), m23: r.unit(-p, p),
                                        m31: r.unit(-offset, offset), m32: r.unit(-offset, offset),
                                        m33: i % 13 == 0 ? 0 : (i % 5 == 0 ? 0.2 : 1))
            var k = m.kernelMatrix
            let x = r.below(300) - 100, n = 1 + r.below(600), cy = Double(r.below(100)) + 0.5
            let filter = Int32(i % 3)
            let rows = [Int32(0), 1, 2].map { level in
                withVectorLevel(level) {
                    c.levels.withUnsafeBufferPointer { levels in
                        Self.run(n) { rk_sample_projective_row($0, x, n, cy, &k, levels.baseAddress!, c.top, filter) }
                    }
                }
            }
            #expect(rows[0] == rows[1] && rows[0] == rows[2], "matrix \(i), filter \(filter)")
        }
    }
}
