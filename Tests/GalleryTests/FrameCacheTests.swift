import Testing
import Foundation
import Gallery
import OpenQuartzCore

/// The renderer's caches (group bitmaps, shadow coverage, rasterized layers) never change the
/// picture: every figure's second and third frames, drawn from the caches, equal a fresh render
/// exactly. With two threads (bands) a content shadow's blur may round differently where it
/// starts inside a band: at most 1/255 on a few pixels.
@Suite struct FrameCacheTests {
    @Test(arguments: Gallery.figures.map(\.id)) func cachedFramesEqualAFreshRender(id: String) throws {
        let figure = try #require(Gallery.figure(id: id))
        let root = figure.build()
        let fresh = figure.render()
        for threads in [1, 2] {
            let renderer = CAImageRenderer(size: figure.canvas.size, scale: figure.canvas.scale,
                                           background: figure.canvas.background, threads: threads)
            for frame in 1...3 {
                let image = renderer.image(for: root)
                let d = try #require(compare(image, fresh))
                #expect(threads == 1 ? d.differingPixels == 0 : d.maxDifference <= 1 && d.differingPixels * 1000 <= image.width * image.height, "\(id), \(threads) thread(s), frame \(frame): \(d.differingPixels) pixels differ, by up to \(d.maxDifference)")
            }
        }
    }
}
