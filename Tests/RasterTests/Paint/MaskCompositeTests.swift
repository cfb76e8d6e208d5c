import Testing
import Raster

@Suite struct MaskCompositeTests {
    @Test func maskFillIsUnionAndMultiplyIntersects() {
        let m = Mask(width: 10, height: 4, originX: 5, originY: 0)
        m.fill(.rect(x: 5, y: 0, width: 4.5, height: 4))
        m.fill(.rect(x: 9, y: 0, width: 3, height: 4))
        // Pixel at device x = 9: 0.5 from the first (128), 1.0 from the second → 255.
        #expect(m.value(atDeviceX: 9, y: 1) == 255)
        #expect(m.value(atDeviceX: 12, y: 1) == 0)
        // Half-covered twice: 128 + 128 − 128·128/255 = 192 (union of independent alphas).
        let h = Mask(width: 1, height: 1)
        h.fill(.rect(x: 0, y: 0, width: 0.5, height: 1))
        h.fill(.rect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(h.coverage[0] == 192)
        let other = Mask(width: 3, height: 4, originX: 8, originY: 0)
        other.clear(128)
        m.multiply(by: other)
        #expect(m.value(atDeviceX: 7, y: 0) == 0)   // outside other
        #expect(m.value(atDeviceX: 9, y: 0) == 128) // 255·128/255
        #expect(m.value(atDeviceX: 8, y: 2) == 128)
    }

    @Test func maskFromAlpha() {
        let s = Surface(width: 2, height: 1, originX: 3, originY: 4)
        s.setPixel(x: 1, y: 0, 0x4000_0010)
        let m = Mask(alphaOf: s)
        #expect(m.originX == 3 && m.originY == 4)
        #expect(m.coverage[0] == 0 && m.coverage[1] == 0x40)
    }

    @Test func clipMaskScalesCoverage() {
        let s = Surface(width: 4, height: 1)
        let clip = Mask(width: 2, height: 1, originX: 1, originY: 0)
        clip.coverage[0] = 255; clip.coverage[1] = 51
        s.fill(.rect(x: 0, y: 0, width: 4, height: 1), color: .white, clip: clip)
        #expect(s.pixel(x: 0, y: 0) == 0)
        #expect(s.pixel(x: 1, y: 0) == 0xFFFF_FFFF)
        #expect(s.pixel(x: 2, y: 0) == 0x3333_3333)
        #expect(s.pixel(x: 3, y: 0) == 0)
    }

    @Test func blendModes() {
        // Destination: opaque blue (0,0,255,255). Source: red at alpha 0.6 → premultiplied (153,0,0,153).
        let blue: UInt32 = 0xFFFF_0000
        let red = Color(r: 1, g: 0, b: 0, a: 0.6)
        func run(_ mode: BlendMode) -> UInt32 {
            let s = Surface(width: 1, height: 1)
            s.clear(blue)
            s.fill(.rect(x: 0, y: 0, width: 1, height: 1), color: red, blend: mode)
            return s.pixel(x: 0, y: 0)
        }
        // over: r = 153, b = 255·102/255 = 102, a = 153 + 102 = 255
        #expect(run(.sourceOver) == 0xFF66_0099)
        #expect(run(.copy) == 0x9900_0099)
        // in: blue · 0.6 = (0, 0, 153, 153); out: blue · 0.4 = (0, 0, 102, 102)
        #expect(run(.destinationIn) == 0x9999_0000)
        #expect(run(.destinationOut) == 0x6666_0000)
        // Outside the shape nothing changes, even for destinationIn.
        let s = Surface(width: 2, height: 1)
        s.clear(blue)
        s.fill(.rect(x: 0, y: 0, width: 1, height: 1), color: red, blend: .destinationIn)
        #expect(s.pixel(x: 1, y: 0) == blue)
    }

    @Test func compositeAlignsOriginsWithOpacityAndMask() {
        let dst = Surface(width: 4, height: 4, originX: 10, originY: 10)
        let src = Surface(width: 2, height: 2, originX: 12, originY: 11)
        src.clear(0xFFFF_FFFF)
        dst.composite(src, opacity: 0.5)
        #expect(dst.pixel(x: 2, y: 1) == 0x8080_8080)
        #expect(dst.pixel(x: 3, y: 2) == 0x8080_8080)
        #expect(dst.pixel(x: 1, y: 1) == 0)
        #expect(dst.pixel(x: 2, y: 3) == 0)
        let mask = Mask(width: 1, height: 1, originX: 12, originY: 12)
        mask.coverage[0] = 255
        let d2 = Surface(width: 4, height: 4, originX: 10, originY: 10)
        d2.composite(src, mask: mask)
        #expect(d2.pixel(x: 2, y: 2) == 0xFFFF_FFFF)
        #expect(d2.pixel(x: 3, y: 2) == 0)
    }

    @Test func colourThroughMask() {
        let s = Surface(width: 3, height: 1)
        let m = Mask(width: 3, height: 1)
        m.coverage[0] = 255; m.coverage[1] = 128; m.coverage[2] = 0
        s.fill(m, color: Color(r: 0, g: 0, b: 0, a: 0.5))
        #expect(s.pixel(x: 0, y: 0) == 0x8000_0000)
        #expect(s.pixel(x: 1, y: 0) == 0x4000_0000) // 128·128/255 = 64.25 → 64
        #expect(s.pixel(x: 2, y: 0) == 0)
    }

    @Test func fillRectExactEdgesAndCentreSampling() {
        let s = Surface(width: 8, height: 6)
        s.fillRect(x: 1.25, y: 0.5, width: 5.5, height: 4.75, color: .white)
        let poly: [Reference.P] = [(1.25, 0.5), (6.75, 0.5), (6.75, 5.25), (1.25, 5.25)]
        let err = Reference.maxError(s) { x, y in
            Reference.area(poly, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
        }
        #expect(err <= 1.01)
        // Matches the general path fill exactly.
        let p = Surface(width: 8, height: 6)
        p.fill(Reference.path(poly), color: .white)
        for y in 0..<6 { for x in 0..<8 { #expect(p.pixel(x: x, y: y) == s.pixel(x: x, y: y)) } }
        let a = Surface(width: 8, height: 6)
        a.fillRect(x: 1.25, y: 0.5, width: 5.5, height: 4.75, color: .white, antialias: false)
        // Centres 1.5...6.5 in x; rows with centre in [0.5, 5.25): 0...4.
        for y in 0..<6 { for x in 0..<8 {
            #expect((a.pixel(x: x, y: y) != 0) == (x >= 1 && x <= 6 && y <= 4))
        } }
    }
}

@Suite struct PixelRowTests {
    @Test func bilinearBlendMatchesTwoStageLerp() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let p = (0..<4).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
            let wu = UInt32.random(in: 0...255, using: &rng), wv = UInt32.random(in: 0...255, using: &rng)
            let expected = Raster.lerpPixel(Raster.lerpPixel(p[0], p[1], wu), Raster.lerpPixel(p[2], p[3], wu), wv)
            #expect(Raster.bilerp(p[0], p[1], p[2], p[3], UInt64(wu), UInt64(wv)) == expected)
        }
    }

    @Test func simdRowsMatchScalarBlending() {
        var rng = SystemRandomNumberGenerator()
        func randomPremultiplied() -> UInt32 {
            let a = UInt32.random(in: 0...255, using: &rng)
            let pick = UInt32.random(in: 0...3, using: &rng)
            let alpha: UInt32 = pick == 0 ? 0 : (pick == 1 ? 255 : a)
            let r = UInt32.random(in: 0...alpha, using: &rng), g = UInt32.random(in: 0...alpha, using: &rng)
            let b = UInt32.random(in: 0...alpha, using: &rng)
            return r | g << 8 | b << 16 | alpha << 24
        }
        for count in [0, 1, 3, 4, 5, 17, 64] {
            let src = (0..<count).map { _ in randomPremultiplied() }
            let dst = (0..<count).map { _ in randomPremultiplied() }
            var a = dst, b = dst
            a.withUnsafeMutableBufferPointer { d in src.withUnsafeBufferPointer { s in
                if count > 0 { Raster.sourceOverRow(d.baseAddress!, s.baseAddress!, count) }
            } }
            for i in 0..<count { b[i] = src[i] >> 24 == 255 ? src[i] : Raster.sourceOver(b[i], src[i]) }
            #expect(a == b)
            let factor = UInt32.random(in: 0...255, using: &rng)
            var e = dst
            e.withUnsafeMutableBufferPointer { d in src.withUnsafeBufferPointer { s in
                if count > 0 { Raster.sourceOverRowScaled(d.baseAddress!, s.baseAddress!, count, factor) }
            } }
            #expect(e == (0..<count).map { Raster.sourceOver(dst[$0], Raster.scalePixel(src[$0], factor)) })
            let colour = randomPremultiplied()
            var c = dst
            c.withUnsafeMutableBufferPointer { d in if count > 0 { Raster.sourceOverConstant(d.baseAddress!, count, colour) } }
            #expect(c == dst.map { Raster.sourceOver($0, colour) })
        }
    }
}
