import Testing
@testable import Raster

@Suite struct SurfaceTests {
    @Test func clearAndCopy() {
        let s = Surface(width: 3, height: 2)
        #expect(s.pixel(x: 2, y: 1) == 0)
        s.clear(0xFF00_00FF)
        let c = s.copy()
        #expect(c.pixel(x: 1, y: 1) == 0xFF00_00FF)
    }
}
