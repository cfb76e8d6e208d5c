import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Transition objects in scene files' `animations`: read, drawn at media times (`oqc render
/// --time`), refused with a JSON path when malformed, and written back unchanged.
@Suite struct SceneTransitionTests {
    typealias S = SceneTestSupport

    /// A blue 40 × 20 card at x = 10 pushed in from the left over its old red self, 1 s from 0.
    static let push = S.scene(layers: #"""
        {"name": "card", "frame": [10, 0, 40, 20], "backgroundColor": "blue",
         "animations": [{"type": "transition", "key": "transition", "transitionType": "push", "subtype": "fromLeft",
                         "duration": 1, "timingFunction": "linear",
                         "from": {"bounds": [0, 0, 40, 20], "backgroundColor": "red"}}]}
        """#)

    static func frame(_ scene: Scene, at t: CFTimeInterval) -> Surface {
        let renderer = CAImageRenderer(size: scene.size, scale: scene.scale)
        let s = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        renderer.render(scene.root, into: s, atTime: t)
        return s
    }

    @Test func aTransitionRendersAtMediaTimes() throws {
        // p = 0.25: the new (blue) picture at −30 (canvas −20…19), the old (red) at +10
        // (canvas 20…59); at 0.75 blue reaches 49 and red 50…89. After the end: the card.
        let expected: [(CFTimeInterval, String)] = [
            (0.25, repeated("B", 20) + repeated("R", 40) + repeated(".", 40)),
            (0.75, repeated("B", 40) + repeated("R", 40) + repeated(".", 20)),
            (1.5, repeated(".", 10) + repeated("B", 40) + repeated(".", 50)),
        ]
        for (t, row) in expected {
            let scene = try S.parse(Self.push)
            #expect(letters(Self.frame(scene, at: t), row: 10) == row, "t = \(t)")
        }
        let l = try #require(try S.parse(Self.push).root.sublayers?.first)
        let t = try #require(l.animation(forKey: "transition") as? CATransition)
        #expect(t.type == .push && t.subtype == .fromLeft && t.duration == 1)
    }

    @Test func withoutFromTheLayerFadesInFromNothing() throws {
        // A fade (the default type) of 2 s at t = 0.5: blue at alpha 0.25, premultiplied
        // (0, 0, 64, 64) ±1; startProgress 0.5 makes it (0, 0, 159, 159) at t = 0.5 (p 0.625).
        for (extra, alpha) in [("", 63.75), (#", "startProgress": 0.5"#, 159.375)] {
            let scene = try S.parse(S.scene(layers: #"""
                {"frame": [10, 0, 40, 20], "backgroundColor": "blue",
                 "animations": [{"type": "transition", "duration": 2\#(extra)}]}
                """#))
            let c = rgba(Self.frame(scene, at: 0.5), 30, 10)
            let want = [0, 0, Int(alpha.rounded()), Int(alpha.rounded())]
            #expect(zip(c, want).allSatisfy { abs($0 - $1) <= 1 }, "\(extra): \(c)")
        }
    }

    @Test func malformedTransitionsAreRefusedWithTheirPath() {
        let inGroup = S.layerError(#""animations": [{"type": "group", "animations": [{"type": "transition"}]}]"#)
        #expect(inGroup?.contains("group") == true && inGroup?.contains("animations[0].animations[0]") == true, "\(inGroup ?? "")")
        let animatedFrom = S.layerError(#""animations": [{"type": "transition", "from": {"sublayers": [{"animations": []}]}}]"#)
        #expect(animatedFrom?.contains("from.sublayers[0].animations") == true, "\(animatedFrom ?? "")")
        let badType = S.layerError(#""animations": [{"type": "transition", "transitionType": "cube"}]"#)
        #expect(badType?.contains("transitionType") == true, "\(badType ?? "")")
        let badProgress = S.layerError(#""animations": [{"type": "transition", "endProgress": 2}]"#)
        #expect(badProgress?.contains("endProgress") == true, "\(badProgress ?? "")")
        let notForTransitions = S.layerError(#""animations": [{"type": "transition", "keyPath": "opacity"}]"#)
        #expect(notForTransitions?.contains("keyPath") == true, "\(notForTransitions ?? "")")
    }

    @Test func transitionsRoundTrip() throws {
        let json = S.scene(layers: #"""
            {"frame": [0, 0, 40, 20], "backgroundColor": "blue", "animations": [
              {"type": "transition", "key": "t", "transitionType": "reveal", "subtype": "fromBottom",
               "startProgress": 0.25, "endProgress": 0.75, "beginTime": 1, "fillMode": "both",
               "isRemovedOnCompletion": false, "timingFunction": "easeIn",
               "from": {"bounds": [0, 0, 40, 20], "backgroundColor": "red",
                        "sublayers": [{"frame": [0, 0, 10, 10], "backgroundColor": "white"}]}},
              {"type": "transition"}]}
            """#)
        let once = try S.parse(json).jsonString()
        let twice = try S.parse(once).jsonString()
        #expect(once == twice)
        #expect(once.contains("\"transitionType\"") && once.contains("\"fromBottom\"") && once.contains("\"from\""))
        let l = try #require(try S.parse(once).root.sublayers?.first)
        let t = try #require(l.animation(forKey: "t") as? CATransition)
        #expect(t.type == .reveal && t.startProgress == 0.25 && t.endProgress == 0.75 && t.fillMode == .both)
        #expect(t.oldAppearance?.sublayers?.count == 1)
    }
}
