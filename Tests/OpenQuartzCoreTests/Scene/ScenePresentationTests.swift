import Foundation
import OpenQuartzCore
import Testing

/// `Scene.presentationScene(atTime:)`: the presentation tree at a media time as a static scene.
/// (That its untimed render has the timed render's pixels is checked through `oqc render
/// --scene-out`, OQCSceneOutTests.)
@Suite("Scene.presentationScene(atTime:)")
struct ScenePresentationTests {
    static let scene = #"""
    {"canvas": {"width": 40, "height": 10},
     "layers": [{"name": "dot", "bounds": [0, 0, 10, 10], "position": [5, 5], "backgroundColor": "red",
                 "animations": [{"keyPath": "position.x", "fromValue": 5, "toValue": 35, "duration": 1},
                                {"keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 2}]}]}
    """#

    @Test func valuesAtTheTimeAndNoAnimations() throws {
        let scene = try Scene.parse(data: Array(Self.scene.utf8), baseDirectory: nil)
        let frame = try scene.presentationScene(atTime: 0.5)
        let dot = try #require(frame.root.sublayers?.first)
        // Linear interpolation worked by hand: 5 + 0.5 · 30 = 20; opacity 1 − 0.5 / 2 = 0.75.
        #expect(dot.position == CGPoint(x: 20, y: 5))
        #expect(dot.opacity == 0.75)
        #expect(dot.animationKeys() == nil)
        #expect(dot.name == "dot")
        #expect(!frame.jsonString().contains("animations"))
        // The model is untouched; without a time the model's values are written.
        let model = try #require(scene.root.sublayers?.first)
        #expect(model.position == CGPoint(x: 5, y: 5) && model.animationKeys()?.count == 2)
        let untimed = try #require(try scene.presentationScene(atTime: nil).root.sublayers?.first)
        #expect(untimed.position == CGPoint(x: 5, y: 5) && untimed.opacity == 1 && untimed.animationKeys() == nil)
    }

    @Test func transitionsAreRefusedByPath() throws {
        let text = #"""
        {"canvas": {"width": 10, "height": 10},
         "layers": [{"sublayers": [{"bounds": [0, 0, 4, 4], "backgroundColor": "red",
                     "animations": [{"type": "transition", "duration": 1}]}]}]}
        """#
        let scene = try Scene.parse(data: Array(text.utf8), baseDirectory: nil)
        #expect(throws: SceneError.self) { try scene.presentationScene(atTime: 0.5) }
        do {
            _ = try scene.presentationScene(atTime: 0.5)
        } catch {
            #expect(error.location == "layers[0].sublayers[0]")
            #expect(error.problem.hasPrefix("a transition cannot be written as a static scene"))
        }
    }
}
