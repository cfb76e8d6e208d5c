import Foundation
import Testing
import Gallery
import OpenQuartzCore

/// The pictures painted in code, and their committed copies under Examples/images/ that the
/// scene files load. Run with OQC_WRITE_STAND_INS=1 to (re)write the copies after changing the
/// painter.
@Suite struct StandInImagesTests {
    @Test(arguments: StandInImages.names)
    func committedPNGMatchesThePainter(name: String) throws {
        let painted = try #require(StandInImages.image(named: name))
        let path = examplesDirectory + "/images/" + name
        if ProcessInfo.processInfo.environment["OQC_WRITE_STAND_INS"] == "1" {
            try FileManager.default.createDirectory(atPath: examplesDirectory + "/images",
                                                    withIntermediateDirectories: true)
            try painted.writePNG(toFile: path)
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let committed = try CGImage(pngData: bytes)
        let result = try #require(compare(painted, committed))
        #expect(result.differingPixels == 0, "\(name) is out of date: run the tests with OQC_WRITE_STAND_INS=1")
    }

    /// 4×4 supersampling: a pixel half inside an edge gets about half the alpha; straight colour
    /// keeps the paint's colour at the edge.
    @Test func edgesAreAntialiased() {
        var p = StandInPainter(width: 4, height: 1)
        p.rect(StandInPainter.RGBA(r: 1, g: 0, b: 0, a: 1), x: 0, y: 0, w: 1.5, h: 1)
        let bytes = p.rgbaBytes
        #expect(Array(bytes[0..<4]) == [255, 0, 0, 255])
        #expect(Array(bytes[4..<8]) == [255, 0, 0, 128])   // 8 of 16 samples: 0.5 · 255 = 127.5 → 128
        #expect(Array(bytes[8..<12]) == [0, 0, 0, 0])
    }

    /// The pictures have the transparency the figures rely on: the snowman and the cone are
    /// transparent in the corners and opaque in the middle; the igloo photo is opaque everywhere.
    @Test func transparencyWhereTheFiguresNeedIt() {
        func alpha(_ image: CGImage, _ x: Int, _ y: Int) -> UInt8 { UInt8(image.surface.pixel(x: x, y: y) >> 24) }
        for image in [StandInImages.snowman, StandInImages.cone] {
            #expect(alpha(image, 2, 2) == 0)
            #expect(alpha(image, 397, 2) == 0)
            #expect(alpha(image, 200, 300) == 255)
        }
        let igloo = StandInImages.igloo
        #expect((0..<400).allSatisfy { alpha(igloo, $0, $0) == 255 && alpha(igloo, 399 - $0, $0) == 255 })
    }
}
