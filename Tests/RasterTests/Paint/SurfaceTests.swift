import Testing
import Raster

@Suite struct SurfaceTests {
    @Test func clearAndCopy() {
        let s = Surface(width: 3, height: 2)
        #expect(s.pixel(x: 2, y: 1) == 0)
        s.clear(0xFF00_00FF)
        let c = s.copy()
        #expect(c.pixel(x: 1, y: 1) == 0xFF00_00FF)
    }
}

@Suite struct DestinationOverTests {
    /// Destination-over draws behind: an opaque destination stays, a transparent one takes the
    /// source, a half-transparent one gets source·(1 − Da) added.
    @Test func drawsBehind() {
        let s = Surface(width: 3, height: 1)
        s.setPixel(x: 0, y: 0, Color(r: 1, g: 0, b: 0, a: 1).premultipliedPixel)
        s.setPixel(x: 2, y: 0, Color(r: 1, g: 1, b: 1, a: 0.5).premultipliedPixel)
        let m = Mask(width: 3, height: 1)
        m.coverage.update(repeating: 255, count: 3)
        s.fill(m, color: Color(r: 0, g: 0, b: 1, a: 1), blend: .destinationOver)
        #expect(s.pixel(x: 0, y: 0) == 0xFF00_00FF)
        #expect(s.pixel(x: 1, y: 0) == 0xFFFF_0000)
        let p = s.pixel(x: 2, y: 0)
        // (128, 128, 128, 128) + (0, 0, 255, 255)·127/255 = (128, 128, 255, 255)
        #expect(p == 0xFFFF_8080)
    }
}
