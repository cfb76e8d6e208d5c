import Foundation
import Testing
import Gallery
import OpenQuartzCore

/// Each figure's Swift build and its scene file under Examples/ describe the same picture.
@Suite struct SceneEquivalenceTests {
    /// Same canvas, and the same pixels exactly (tolerance 0: both sides make the same
    /// CoreAnimation calls with the same numbers, so any difference is a bug).
    @Test(arguments: Gallery.figures.map(\.id))
    func sceneRendersTheSamePixelsAsTheSwiftBuild(id: String) throws {
        let figure = try #require(Gallery.figure(id: id))
        let scene = try figure.loadScene()
        #expect(scene.size == figure.canvas.size)
        #expect(scene.scale == figure.canvas.scale)
        #expect(scene.background == figure.canvas.background)
        #expect(scene.allowsGroupOpacity == figure.canvas.allowsGroupOpacity)
        #expect(scene.allowsEdgeAntialiasing == figure.canvas.allowsEdgeAntialiasing)
        let result = try #require(compare(figure.render(), scene.render()))
        #expect(result.maxDifference == 0, "figure \(id): \(result.differingPixels) pixels differ, by up to \(result.maxDifference)/255")
    }

    /// Every figure's scene file exists, and no scene file under Examples/ is left without a figure.
    @Test func everySceneFileBelongsToOneFigure() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == Gallery.figures.map(\.sceneFile).sorted())
        #expect(Set(Gallery.figures.map(\.id)).count == Gallery.figures.count)
    }
}
