import Foundation
import Testing
import Gallery
import OpenQuartzCore

/// Figure 5.23's scene file answers a tap as its Swift build does: the file
/// carries the `allowsHitTesting = false` that the listing sets (the other faces, the labels
/// and the lighting layers), so `oqc hit` and `hitTest(_:)` on the Swift tree agree.
@Suite struct TouchCubeHitTests {
    @Test func sceneFileAnswersTheTapAsTheSwiftBuildDoes() throws {
        let figure = try #require(Gallery.figure(id: "5.23"))
        let swift = TouchCubeTap.answer(fixed: true, canvas: figure.canvas)
        // The book's answer after the fix: the button on face 3.
        #expect(swift.tap == CGPoint(x: 275, y: 178))
        #expect(swift.hit == "container/face3/button")
        let scene = try figure.loadScene()
        let hit = try #require(scene.hitTest(swift.tap))
        #expect(scene.path(of: hit) == swift.hit)
    }
}
