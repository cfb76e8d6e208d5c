import Testing
import Foundation
import Gallery
import OpenQuartzCore

/// Every figure against its reviewed golden image in Tests/Goldens/.
///
/// Tolerance: each channel within 3/255, and at most 0.5 % of the pixels differing at all —
/// room for rounding changes in the rasterizer, none for a moved edge or a lost effect.
/// After a deliberate change, look at the new pictures, then regenerate them with:
///
///     OQC_UPDATE_GOLDENS=1 swift test --filter GoldenImageTests
@Suite struct GoldenImageTests {
    static let directory = repositoryRoot + "/Tests/Goldens"

    @Test(arguments: Gallery.figures.map(\.id)) func figureMatchesItsGolden(id: String) throws {
        let figure = try #require(Gallery.figure(id: id))
        let image = figure.render()
        let path = Self.directory + "/" + figure.imageFileName
        if ProcessInfo.processInfo.environment["OQC_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(atPath: Self.directory, withIntermediateDirectories: true)
            try image.writePNG(toFile: path)
            return
        }
        let data = try #require(FileManager.default.contents(atPath: path), "missing golden \(path)")
        let golden = try CGImage(pngData: [UInt8](data))
        let result = try #require(compare(image, golden), "size changed: \(image.width)×\(image.height)")
        #expect(result.maxDifference <= 3, "\(id): max channel difference \(result.maxDifference)")
        #expect(result.differingPixels * 200 <= image.width * image.height,
                "\(id): \(result.differingPixels) pixels differ")
    }
}
