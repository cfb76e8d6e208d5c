import Foundation
import Testing
import Raster

@Suite struct TextureTests {
    static let black: UInt32 = 0xFF00_0000, white: UInt32 = 0xFFFF_FFFF

    static func checkerboard(_ n: Int, cell: Int) -> Surface {
        let s = Surface(width: n, height: n)
        for y in 0..<n { for x in 0..<n { s.setPixel(x: x, y: y, (x / cell + y / cell) % 2 == 0 ? white : black) } }
        return s
    }

    @Test func identityAndIntegerTranslationCopyExactly() {
        let tex = Texture(Self.checkerboard(8, cell: 3))
        for filter in [SamplingFilter.nearest, .linear] {
            let s = Surface(width: 12, height: 12)
            s.draw(tex, transform: .translation(2, 3), filter: filter)
            for y in 0..<8 { for x in 0..<8 {
                #expect(s.pixel(x: x + 2, y: y + 3) == tex.surface.pixel(x: x, y: y))
            } }
            #expect(s.pixel(x: 1, y: 3) == 0 && s.pixel(x: 10, y: 3) == 0)
        }
    }

    @Test func halfPixelOffsetAveragesNeighbours() {
        let src = Surface(width: 2, height: 1)
        src.setPixel(x: 0, y: 0, Self.black)
        src.setPixel(x: 1, y: 0, Self.white)
        let s = Surface(width: 4, height: 1)
        s.draw(Texture(src), transform: .translation(0.5, 0), filter: .linear)
        // Pixel 1's centre 1.5 maps to u = 1.0, halfway between the texel centres 0.5 and 1.5:
        // (0 + 255) / 2 rounded up = 128 in each colour channel, alpha 255.
        #expect(s.pixel(x: 1, y: 0) == 0xFF80_8080)
        // Pixel 0 is half covered and samples the clamped black edge: alpha 128, colour 0.
        #expect(s.pixel(x: 0, y: 0) == 0x8000_0000)
    }

    @Test func checkerboardThroughPerspectiveLandsWhereTheForwardMapSays() {
        // Forward map chosen by hand: mild perspective (m13, m23) plus rotation and scale.
        let m = ProjectiveTransform(m11: 1.3, m12: 0.35, m13: 0.0012,
                                    m21: -0.25, m22: 1.1, m23: 0.0021,
                                    m31: 40, m32: 20, m33: 1)
        let cell = 8
        let tex = Texture(Self.checkerboard(64, cell: cell))
        let s = Surface(width: 160, height: 140)
        s.draw(tex, transform: m, filter: .nearest)
        var checked = 0
        for cy in 0..<8 {
            for cx in 0..<8 {
                // Centre of each checker cell, pushed forward by hand: [u v 1]·M, divided by w.
                let u = Double(cx * cell) + 4, v = Double(cy * cell) + 4
                let w = u * 0.0012 + v * 0.0021 + 1
                let x = (u * 1.3 + v * -0.25 + 40) / w, y = (u * 0.35 + v * 1.1 + 20) / w
                let expected = (cx + cy) % 2 == 0 ? Self.white : Self.black
                #expect(s.pixel(x: Int(x), y: Int(y)) == expected, "cell (\(cx), \(cy)) at (\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked == 64)
        // Far outside the quad nothing is drawn.
        #expect(s.pixel(x: 2, y: 135) == 0)
    }

    @Test func perspectiveBilinearFollowsTheExactMapping() {
        // Texture: red = 4·x (a linear ramp, which bilinear filtering reproduces exactly between
        // texel centres). Drawn through strong perspective, each interior pixel must show
        // 4·(u − 0.5) where u is the exact texture coordinate of its centre, worked out here
        // from the forward map by solving for u along the pixel's row (Newton on the forward map).
        let src = Surface(width: 64, height: 8)
        for y in 0..<8 { for x in 0..<64 { src.setPixel(x: x, y: y, 0xFF00_0000 | UInt32(4 * x)) } }
        let m = ProjectiveTransform(m11: 3.0, m12: 0.1, m13: 0.011, m21: 0.2, m22: 12, m23: 0.002, m31: 4, m32: 3, m33: 1)
        let s = Surface(width: 120, height: 100)
        s.draw(Texture(src), transform: m, filter: .linear)
        func forward(_ u: Double, _ v: Double) -> (Double, Double) {
            let w = u * 0.011 + v * 0.002 + 1
            return ((u * 3.0 + v * 0.2 + 4) / w, (u * 0.1 + v * 12 + 3) / w)
        }
        var checked = 0
        for py in 0..<100 {
            for px in 0..<120 {
                // Solve forward(u, v) = pixel centre by Newton iteration from the middle.
                var (u, v) = (32.0, 4.0)
                let (tx, ty) = (Double(px) + 0.5, Double(py) + 0.5)
                for _ in 0..<30 {
                    let (fx, fy) = forward(u, v)
                    let h = 1e-6
                    let (ax, ay) = forward(u + h, v), (bx, by) = forward(u, v + h)
                    let j11 = (ax - fx) / h, j21 = (ay - fy) / h, j12 = (bx - fx) / h, j22 = (by - fy) / h
                    let det = j11 * j22 - j12 * j21
                    u -= (j22 * (fx - tx) - j12 * (fy - ty)) / det
                    v -= (-j21 * (fx - tx) + j11 * (fy - ty)) / det
                }
                guard u > 1, u < 63, v > 1, v < 7 else { continue }
                let expected = 4 * (u - 0.5)
                #expect(abs(Double(s.pixel(x: px, y: py) & 0xFF) - expected) <= 1.5, "(\(px), \(py)) u \(u)")
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test func behindTheEyeIsClippedNotFolded() {
        // w = 1 − u/40 turns negative for u > 40: the far part of the texture must not appear.
        let m = ProjectiveTransform(m11: 1, m12: 0, m13: -1.0 / 40, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        let src = Surface(width: 64, height: 8)
        src.clear(Self.white)
        let s = Surface(width: 64, height: 16)
        s.draw(Texture(src), transform: m, filter: .linear)
        // u = 20 → x = 20 / 0.5 = 40 is drawn; pixels at x < 0 cannot exist, and nothing wraps.
        #expect(s.pixel(x: 10, y: 4) == Self.white)
        #expect(s.pixel(x: 40, y: 4) == Self.white)
        #expect(s.pixel(x: 10, y: 12) == 0)
    }

    @Test func antialiasedEdgesOpacityAndClip() {
        let src = Surface(width: 4, height: 4)
        src.clear(Self.white)
        let tex = Texture(src)
        let s = Surface(width: 8, height: 8)
        s.draw(tex, transform: .translation(1.5, 1), filter: .linear)
        // Left column half covered, texture clamps to white there.
        #expect(s.pixel(x: 1, y: 2) == 0x8080_8080)
        #expect(s.pixel(x: 3, y: 2) == Self.white)
        let a = Surface(width: 8, height: 8)
        a.draw(tex, transform: .translation(1.5, 1), filter: .linear, antialias: false)
        // Pixel-centre sampling, half-open [1.5, 5.5): centre 1.5 is in, centre 5.5 is out.
        #expect(a.pixel(x: 1, y: 2) == Self.white)
        #expect(a.pixel(x: 4, y: 2) == Self.white)
        #expect(a.pixel(x: 5, y: 2) == 0)
        let o = Surface(width: 8, height: 8)
        let clip = Mask(width: 8, height: 8)
        clip.clear(255)
        clip.coverage[2 * 8 + 3] = 0
        o.draw(tex, transform: .translation(1, 1), opacity: 0.5, clip: clip)
        #expect(o.pixel(x: 2, y: 2) == 0x8080_8080)
        #expect(o.pixel(x: 3, y: 2) == 0)
    }

    @Test func sourceRectClampsAtItsBorder() {
        // Left half red, right half green; draw only the right half scaled up 4×.
        let src = Surface(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { src.setPixel(x: x, y: y, x < 2 ? 0xFF00_00FF : 0xFF00_FF00) } }
        let s = Surface(width: 16, height: 8)
        s.draw(Texture(src), transform: .scale(4, 4).concatenating(.translation(-8, 0)), filter: .linear,
               sourceRect: Rect(x: 2, y: 0, width: 2, height: 2))
        // The quad is device x in [0, 8); bilinear next to the border must not pull in red.
        for y in 0..<8 { for x in 0..<8 { #expect(s.pixel(x: x, y: y) == 0xFF00_FF00) } }
        #expect(s.pixel(x: 8, y: 3) == 0)
    }

    @Test func trilinearAveragesAMinifiedCheckerboard() {
        let tex = Texture(Self.checkerboard(256, cell: 1))
        let s = Surface(width: 32, height: 32)
        s.draw(tex, transform: .scale(0.125, 0.125), filter: .trilinear)
        // Every pixel averages 8×8 texels of alternating black and white: grey 128 ± 2.
        for y in 1..<31 { for x in 1..<31 {
            let r = Int(s.pixel(x: x, y: y) & 0xFF)
            #expect(abs(r - 128) <= 2, "(\(x), \(y)): \(r)")
        } }
        #expect(tex.mipLevels.count == 9)
        // Level 1 averages 2×2 texels of alternating black and white: (255 + 0 + 255 + 0 + 2) / 4 = 128.
        #expect(tex.mipLevels[1].pixel(x: 5, y: 7) == 0xFF80_8080)
        #expect(tex.mipLevels[8].width == 1 && tex.mipLevels[8].height == 1)
    }

    /// A coverflow cover: n² texels on a 300-point layer turned 60° about y, pushed back 220,
    /// under perspective 800, centred at (cx, cy). Built by hand as [u v 1]·M: with X = a·u + b,
    /// w = 1 + (220 + X·sin θ)/800, x = X·cos θ / w + cx, y = (a·v + b)/w + cy.
    static func coverflowMatrix(texels n: Double, cx: Double, cy: Double, degrees: Double = 60) -> ProjectiveTransform {
        let a = 300.0 / n, b = -150.0, t = degrees * .pi / 180
        let w0 = 1 + 220.0 / 800 + b * sin(t) / 800, wu = a * sin(t) / 800
        return ProjectiveTransform(m11: a * cos(t) + cx * wu, m12: cy * wu, m13: wu,
                                   m21: 0, m22: a, m23: 0,
                                   m31: b * cos(t) + cx * w0, m32: b + cy * w0, m33: w0)
    }

    @Test func rowRunsFollowTheExactMappingUnderStrongPerspective() {
        // Red flips between 0 and 255 from column to column, green from row to row, so a
        // sample's value is 255 times its position's fraction: an error of 1/256 texel shows
        // as 1. Each pixel is checked against a sample at the exact inverse mapping of its
        // centre, whatever stepping the sampler uses along the row.
        let src = Surface(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 { src.setPixel(x: x, y: y, 0xFF00_0000 | UInt32((y & 1) * 255) << 8 | UInt32((x & 1) * 255)) } }
        let exact = SampleLevel(pixels: src.pixels, stride: src.stride, x0: 0, y0: 0, x1: 255, y1: 255, shift: 0)
        for degrees in [60.0, -60, 75] {
            let m = Self.coverflowMatrix(texels: 256, cx: 200, cy: 200, degrees: degrees)
            let inv = m.inverted()!
            let s = Surface(width: 400, height: 400)
            s.draw(Texture(src), transform: m, filter: .linear, antialias: false)
            var checked = 0, worst = 0
            for py in 0..<400 { for px in 0..<400 {
                let h = inv.apply(Double(px) + 0.5, Double(py) + 0.5)
                let u = h.x / h.w, v = h.y / h.w
                guard u > 1, u < 255, v > 1, v < 255 else { continue }
                let got = s.pixel(x: px, y: py), want = exact.bilinear(fixed(u), fixed(v))
                worst = max(worst, abs(Int(got & 0xFF) - Int(want & 0xFF)), abs(Int(got >> 8 & 0xFF) - Int(want >> 8 & 0xFF)))
                checked += 1
            } }
            #expect(checked > 10_000)
            // 1/256 texel of position, and the weight's floor on either side of it.
            #expect(worst <= 2, "\(degrees)°: worst \(worst)")
        }
    }

    @Test func simdBlendsMatchTheScalarOnes() {
        var rng: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: rng >> 32)
        }
        for _ in 0..<20_000 {
            let p = (0..<4).map { _ in next() }, q = (0..<4).map { _ in next() }
            let r = next(), wu = r & 0xFF, wv = (r >> 8) & 0xFF, wl = (r >> 16) & 0xFF
            func quad(_ t: [UInt32], _ wu: UInt32, _ wv: UInt32) -> TexelQuad {
                // Column order; weights as a grid position's fraction bits 24…31.
                TexelQuad(texels: SIMD4(t[0], t[2], t[1], t[3]), Int64(wu) << 24, Int64(wv) << 24)
            }
            let a = quad(p, wu, wv), b = quad(q, wv, wu)
            #expect(a.bilinear == bilerp(p[0], p[1], p[2], p[3], UInt64(wu), UInt64(wv)))
            let expected = lerpPixel(bilerp(p[0], p[1], p[2], p[3], UInt64(wu), UInt64(wv)),
                                     bilerp(q[0], q[1], q[2], q[3], UInt64(wv), UInt64(wu)), wl)
            #expect(TexelQuad.trilinear(a, b, UInt16(wl)) == expected)
        }
    }

    @Test func interiorAndClampedTexelLoadsAgree() {
        let src = Self.checkerboard(9, cell: 1)
        for y in 0..<9 { for x in 0..<9 { src.setPixel(x: x, y: y, UInt32(x) | UInt32(y) << 8 | 0xFF00_0000) } }
        let level = SampleLevel(pixels: src.pixels, stride: src.stride, x0: 1, y0: 2, x1: 7, y1: 6, shift: 0)
        for gy in -3...10 { for gx in -3...10 {
            let gu = Int64(gx) << 32 | 0x4000_0000, gv = Int64(gy) << 32 | 0xC000_0000
            let clamped = level.clampedQuad(gu, gv), either = level.quad(gu, gv)
            #expect(clamped.texels == either.texels && clamped.wu == either.wu && clamped.wv == either.wv)
            // (Whether a run may use interior loads is the C kernels' check, tested in TextureKernelTests.)
            if gx >= 1 && gx < 7 && gy >= 2 && gy < 6 {
                #expect(level.interiorQuad(gu, gv).texels == clamped.texels)
            }
        } }
    }

    @Test func trilinearRunsMatchPerPixelLevelsUnderStrongPerspective() {
        // Per pixel: the exact position and mip level (the sampler's own per-pixel formulas);
        // the runs interpolate both, so they may differ by a rounding here and there.
        let tex = Texture(Self.checkerboard(512, cell: 4))
        let m = Self.coverflowMatrix(texels: 512, cx: 200, cy: 200)
        let inv = m.inverted()!
        let s = Surface(width: 400, height: 400)
        s.draw(tex, transform: m, filter: .trilinear, antialias: false)
        let levels = tex.mipLevels.enumerated().map { k, l in
            SampleLevel(pixels: l.pixels, stride: l.stride, x0: 0, y0: 0, x1: l.width - 1, y1: l.height - 1, shift: k)
        }
        var checked = 0, total = 0
        for py in 0..<400 { for px in 0..<400 {
            let h = inv.apply(Double(px) + 0.5, Double(py) + 0.5)
            let r = 1 / h.w, u = h.x * r, v = h.y * r
            guard u > 1, u < 511, v > 1, v < 511 else { continue }
            let l = TextureSink.level(inv, h.x, h.y, h.w, r, levels.count - 1)
            let fu = fixed(u), fv = fixed(v)
            let want = l.weight == 0 ? levels[l.k].bilinear(fu, fv)
                : lerpPixel(levels[l.k].bilinear(fu, fv), levels[l.k + 1].bilinear(fu, fv), l.weight)
            let got = s.pixel(x: px, y: py)
            let d = abs(Int(got & 0xFF) - Int(want & 0xFF))
            #expect(d <= 2, "(\(px), \(py)): \(got & 0xFF) vs \(want & 0xFF)")
            total += d
            checked += 1
        } }
        #expect(checked > 10_000)
        #expect(Double(total) / Double(checked) < 0.1)
    }

    @Test func opaqueTexturesCopyWhatBlendingWouldGive() {
        // The same opaque texels, once in a texture known to be opaque (samples go straight to
        // the destination where coverage is full) and once with a translucent texel far from
        // anything sampled (every pixel blended): the results must be identical.
        let opaque = Self.checkerboard(64, cell: 3)
        let mixed = Self.checkerboard(96, cell: 3)
        mixed.setPixel(x: 95, y: 95, 0x8040_2010)
        #expect(Texture(opaque).isOpaque && !Texture(mixed).isOpaque)
        let clip = Mask(width: 120, height: 100)
        clip.fill(.roundedRect(x: 10, y: 8, width: 90, height: 80, radiusX: 14, radiusY: 14))
        let m = Self.coverflowMatrix(texels: 64, cx: 60, cy: 50, degrees: 40).concatenating(.scale(0.3, 0.3))
        for filter in [SamplingFilter.nearest, .linear, .trilinear] {
            for c in [nil, clip] {
                let a = Surface(width: 120, height: 100), b = Surface(width: 120, height: 100)
                a.clear(0xFF20_4060); b.clear(0xFF20_4060)
                a.draw(Texture(opaque), transform: m, filter: filter, clip: c, sourceRect: Rect(x: 0, y: 0, width: 64, height: 64))
                b.draw(Texture(mixed), transform: m, filter: filter, clip: c, sourceRect: Rect(x: 0, y: 0, width: 64, height: 64))
                var same = true
                for y in 0..<100 { for x in 0..<120 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { same = false } }
                #expect(same, "\(filter), clip \(c != nil)")
            }
        }
    }

    @Test func samplesDoNotDependOnWhereSpansStart() {
        // A clip with holes every few pixels starts and ends spans all along each row; where it
        // is fully open the samples must be those of the uncut draw (runs are aligned to device
        // columns), so that clips, occlusion and bands cannot change a pixel.
        let tex = Texture(Self.checkerboard(512, cell: 5))
        let m = Self.coverflowMatrix(texels: 512, cx: 200, cy: 200)
        let clip = Mask(width: 400, height: 400)
        for y in 0..<400 { for x in 0..<400 { clip.coverage[y * 400 + x] = (x / 3 + y) % 5 == 0 ? 0 : 255 } }
        for filter in [SamplingFilter.nearest, .linear, .trilinear] {
            let whole = Surface(width: 400, height: 400), cut = Surface(width: 400, height: 400)
            whole.draw(tex, transform: m, filter: filter, antialias: false)
            cut.draw(tex, transform: m, filter: filter, clip: clip, antialias: false)
            var differing = 0
            for y in 0..<400 { for x in 0..<400 where clip.coverage[y * 400 + x] == 255 {
                if whole.pixel(x: x, y: y) != cut.pixel(x: x, y: y) { differing += 1 }
            } }
            #expect(differing == 0, "\(filter)")
        }
    }
}
