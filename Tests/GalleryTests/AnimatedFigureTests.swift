import Foundation
import Testing
import Gallery
import OpenQuartzCore
import TestSupport

/// Each animated figure's Swift build and its scene file under Examples/animated/ give the
/// same frames, and the frames move.
@Suite struct AnimatedFigureTests {
    @Test func thereAreTenAnimationsOfTenFramesOrMore() {
        #expect(Gallery.animatedFigures.count >= 10)
        #expect(Set(Gallery.animatedFigures.map(\.id)).count == Gallery.animatedFigures.count)
        for f in Gallery.animatedFigures { #expect(f.frameCount >= 10, "\(f.id)") }
    }

    /// Same canvas, and the same pixels in every frame (tolerance 0: both sides make the same
    /// Core Animation calls with the same numbers).
    @Test(arguments: Gallery.animatedFigures.map(\.id))
    func sceneGivesTheFramesOfTheSwiftBuild(id: String) throws {
        let figure = try #require(Gallery.animatedFigures.first { $0.id == id })
        let scene = try Scene.load(path: examplesDirectory + "/" + figure.sceneFile)
        #expect(scene.size == figure.canvas.size)
        #expect(scene.scale == figure.canvas.scale)
        #expect(scene.background == figure.canvas.background)
        let swift = figure.frames(of: figure.build())
        let file = figure.frames(of: scene.root)
        #expect(swift.count == figure.frameCount && file.count == figure.frameCount)
        for (i, (a, b)) in zip(swift, file).enumerated() {
            let result = try #require(compare(a, b))
            #expect(result.maxDifference == 0, "\(id), frame \(i): \(result.differingPixels) pixels differ, by up to \(result.maxDifference)/255")
        }
        #expect(Set(swift.map(\.premultipliedRGBA)).count >= 3, "\(id): fewer than three different frames")
    }
}

/// Each animated figure's APNG, as Pillow (an independent decoder) reads it: its frame count,
/// delays (a tenth of a second each) and loop, and sampled frames equal to the scene file
/// rendered at the frame's time, as `oqc render --time` renders it.
@Suite struct AnimatedFigurePNGTests {
    @Test(arguments: Gallery.animatedFigures.map(\.id))
    func pillowReadsTheFramesAtTheirTimes(id: String) throws {
        let figure = try #require(Gallery.animatedFigures.first { $0.id == id })
        let decoded = try PillowFrames(file: try figure.animatedPNG())
        #expect(decoded.count == figure.frameCount)
        #expect(decoded.delays == Array(repeating: [1, 10], count: figure.frameCount))
        #expect(decoded.loop == 0)
        for i in [0, figure.frameCount / 2 + 1, figure.frameCount - 1] where i < decoded.pngs.count {
            let t = Double(i) / 10
            let scene = try Scene.load(path: examplesDirectory + "/" + figure.sceneFile)
            let rendered = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background)
                .image(for: scene.root, atTime: t)
            let frame = try CGImage(pngData: decoded.pngs[i])
            let same = frame.premultipliedRGBA == rendered.premultipliedRGBA
            #expect(same, "\(id): frame \(i) (t = \(t))")
        }
    }
}
