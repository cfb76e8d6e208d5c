import Testing
import Foundation
import Raster
import OpenQuartzCore

@Suite struct CGImageTests {
    @Test func premultipliedRoundTripAndLayout() throws {
        let bytes: [UInt8] = [10, 20, 30, 40, 255, 255, 255, 255,
                              0, 0, 0, 0, 1, 2, 3, 4,
                              5, 6, 7, 8, 9, 9, 9, 9]
        let image = try #require(CGImage(width: 2, height: 3, premultipliedRGBA: bytes))
        #expect(image.width == 2 && image.height == 3)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32 && image.bytesPerRow == 8)
        #expect(image.premultipliedRGBA == bytes)
        // R first in memory: 0xAABBGGRR.
        #expect(image.surface.pixel(x: 0, y: 0) == 0x281E_140A)
    }

    @Test func invalidInputGivesNil() {
        #expect(CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(CGImage(width: 0, height: 2, premultipliedRGBA: []) == nil)
        #expect(CGImage(width: -1, height: -4, rgba: [UInt8](repeating: 0, count: 16)) == nil)
        #expect(CGImage(width: 1 << 20, height: 1, rgba: []) == nil)
    }

    @Test func colourAboveAlphaIsClamped() throws {
        let image = try #require(CGImage(width: 1, height: 1, premultipliedRGBA: [200, 50, 100, 100]))
        #expect(image.premultipliedRGBA == [100, 50, 100, 100])
    }

    @Test func straightRGBAIsPremultipliedWithRounding() throws {
        // 255·128/255 = 128, 128·128/255 = 64.25 → 64, 200·128/255 = 100.39 → 100.
        let image = try #require(CGImage(width: 1, height: 1, rgba: [255, 128, 200, 128]))
        #expect(image.premultipliedRGBA == [128, 64, 100, 128])
        // Exhaustive check of the division-free rounding against round(x·a/255) (never a tie).
        var mismatches = 0
        for x in UInt32(0)...255 {
            for a in UInt32(0)...255 where CGImage.mulDiv255(x, a) != (2 * x * a + 255) / 510 { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func cropping() throws {
        var bytes: [UInt8] = []
        for i in 0..<12 { bytes += [UInt8(i), 0, 0, 255] }
        let image = try #require(CGImage(width: 4, height: 3, premultipliedRGBA: bytes))
        // Rounded outwards to x 1..<3, y 1..<3, then clipped.
        let crop = try #require(image.cropping(to: CGRect(x: 1.5, y: 1.2, width: 1, height: 5)))
        #expect(crop.width == 2 && crop.height == 2)
        #expect(crop.premultipliedRGBA.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [5, 6, 9, 10])
        #expect(image.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
    }
}
