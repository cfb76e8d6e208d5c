import Foundation
import Raster
import Testing
import OpenQuartzCore

/// The `animations` key of scene files: parsed into Core Animation animations whose times are
/// media times, refused with a JSON path when malformed, bounded, and written back.
@Suite struct SceneAnimationTests {
    typealias S = SceneTestSupport

    /// A 10×10 red layer whose position.x runs from 5 to 85 between media times 1 and 2.
    static let moving = S.scene(layers: #"""
        {"name": "dot", "bounds": [0, 0, 10, 10], "position": [5, 5], "backgroundColor": "red",
         "animations": [{"key": "move", "keyPath": "position.x", "fromValue": 5, "toValue": 85,
                         "beginTime": 1, "duration": 1, "timingFunction": "linear"}]}
        """#)

    /// The x of the centre of the red run on row 5 of the scene rendered at `t`.
    static func redCentre(_ scene: Scene, at t: CFTimeInterval) -> CGFloat {
        let renderer = CAImageRenderer(size: scene.size, scale: scene.scale)
        let surface = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        renderer.render(scene.root, into: surface, atTime: t)
        let run = (0..<surface.width).filter { surface.pixel(x: $0, y: 5) & 0xFF > 128 }
        guard let lo = run.first, let hi = run.last else { return -1 }
        return CGFloat(lo + hi + 1) / 2
    }

    @Test func animationsRenderAtMediaTimes() throws {
        // Before the begin time and after the end (removed on completion) the model position
        // shows; in between 5 + 80·(t − 1). Half a pixel of tolerance (whole-pixel run ends).
        for (t, x) in [(0.5, 5.0), (1.25, 25), (1.5, 45), (1.9, 77), (2.5, 5)] as [(Double, CGFloat)] {
            let scene = try S.parse(Self.moving)
            #expect(abs(Self.redCentre(scene, at: t) - x) <= 0.5, "t = \(t)")
        }
    }

    @Test func everyKindOfAnimationParses() throws {
        let scene = try S.parse(S.scene(layers: #"""
            {"type": "shape", "path": "M0 0 L10 10", "animations": [
              {"type": "keyframe", "keyPath": "strokeColor", "values": ["red", "#00FF00", {"white": 0.5}],
               "keyTimes": [0, 0.3, 1], "timingFunctions": ["easeIn", [0.1, 0.2, 0.3, 1]], "calculationMode": "linear",
               "repeatCount": "infinity", "autoreverses": true, "duration": 2},
              {"type": "spring", "keyPath": "transform.scale", "fromValue": 0.5, "toValue": 1, "mass": 2,
               "stiffness": 300, "damping": 20, "initialVelocity": 1, "fillMode": "both", "isRemovedOnCompletion": false},
              {"type": "group", "key": "g", "duration": 3, "speed": 2, "timeOffset": 0.5, "repeatDuration": 6, "animations": [
                {"keyPath": "bounds", "toValue": [0, 0, 20, 30]},
                {"keyPath": "transform", "byValue": [{"rotate": {"degrees": 90}}], "isAdditive": true, "isCumulative": true},
                {"keyPath": "lineDashPattern", "fromValue": [1, 2], "toValue": [3, 4]},
                {"keyPath": "path", "toValue": "M0 0 L20 20"}]}]}
            """#))
        let l = try #require(scene.root.sublayers?.first as? CAShapeLayer)
        let keys = l.animationKeys() ?? []
        #expect(keys.count == 3 && keys.last == "g")
        let k = try #require(l.animation(forKey: keys[0]) as? CAKeyframeAnimation)
        #expect(k.values?.count == 3 && k.keyTimes?.map(\.doubleValue) == [0, 0.3, 1] && k.repeatCount == .infinity)
        let s = try #require(l.animation(forKey: keys[1]) as? CASpringAnimation)
        #expect(s.mass == 2 && s.stiffness == 300 && s.damping == 20 && s.fillMode == .both && !s.isRemovedOnCompletion)
        let g = try #require(l.animation(forKey: "g") as? CAAnimationGroup)
        #expect(g.animations?.count == 4 && g.speed == 2 && g.timeOffset == 0.5)
        #expect((g.animations?[1] as? CABasicAnimation)?.isAdditive == true)
    }

    @Test func malformedAnimationsAreRefusedWithTheirPath() {
        func refused(_ animation: String, type: String = "layer") -> String? {
            S.error(S.scene(layers: #"{"type": "\#(type)", "animations": [\#(animation)]}"#))
        }
        #expect(refused(#"{"keyPath": "opacity", "toValue": 1, "duraton": 2}"#)?.contains("layers[0].animations[0].duraton: unknown key") == true)
        #expect(refused(#"{"keyPath": "position", "toValue": "red"}"#)?.contains("layers[0].animations[0].toValue: expected an array of 2 numbers") == true)
        #expect(refused(#"{"keyPath": "strokeEnd", "toValue": 1}"#)?.contains("layers[0].animations[0].keyPath: \"strokeEnd\" is not an animatable key path of a \"layer\" layer") == true)
        #expect(refused(#"{"keyPath": "hidden", "toValue": true}"#)?.contains("keyPath: \"hidden\" is not an animatable") == true)
        #expect(refused(#"{"toValue": 1}"#)?.contains("layers[0].animations[0]: missing \"keyPath\"") == true)
        #expect(refused(#"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 2]}"#)?.contains("animations[0].keyTimes[1]:") == true)
        #expect(refused(#"{"keyPath": "opacity", "timingFunction": [2, 0, 1, 1]}"#)?.contains("timingFunction[0]: expected a control point x in 0…1") == true)
        #expect(refused(#"{"keyPath": "opacity", "repeatCount": -1}"#)?.contains("animations[0].repeatCount:") == true)
        #expect(refused(#"{"keyPath": "opacity", "speed": 1e300}"#)?.contains("animations[0].speed:") == true)
        #expect(refused(#"{"type": "group", "animations": [{"key": "inner", "keyPath": "opacity"}]}"#)?.contains("animations[0].animations[0].key: unknown key") == true)
        #expect(refused(#"{"type": "warp"}"#)?.contains("animations[0].type: expected one of") == true)
        #expect(S.error(S.scene(layers: #"{"animations": {"keyPath": "opacity"}}"#))?.contains("layers[0].animations: expected an array of animation objects") == true)
        var deep = #"{"keyPath": "opacity"}"#
        for _ in 0..<10 { deep = #"{"type": "group", "animations": [\#(deep)]}"# }
        #expect(refused(deep)?.contains("animation groups nested more than 8 deep") == true)
    }

    @Test func animationCountsAreBounded() {
        var limits = SceneLimits()
        limits.maxAnimationValues = 10
        let values = (0..<20).map(String.init).joined(separator: ",")
        let json = S.scene(layers: #"{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [\#(values)]}]}"#)
        #expect(S.errorKind(json, options: SceneOptions(limits: limits)) == .limitExceeded)
        #expect(S.errorKind(json) == nil)
    }

    @Test func animationsRoundTrip() throws {
        let json = S.scene(layers: #"""
            {"type": "gradient", "colors": ["red", "blue"], "animations": [
              {"key": "fade", "keyPath": "colors", "fromValue": ["red", "blue"], "toValue": ["#00FF00", {"white": 0.25}],
               "beginTime": 0.5, "duration": 2, "autoreverses": true, "repeatCount": 2.5, "timingFunction": [0.1, 0.2, 0.3, 0.9]},
              {"type": "keyframe", "keyPath": "startPoint", "values": [[0, 0], [1, 0.5]], "calculationMode": "paced",
               "fillMode": "forwards", "isRemovedOnCompletion": false},
              {"type": "group", "repeatCount": "infinity", "animations": [
                {"type": "spring", "keyPath": "position.y", "byValue": 4, "damping": 5},
                {"keyPath": "transform", "toValue": [{"scale": [2, 2]}], "timingFunction": "easeOut"}]}]}
            """#)
        let once = try S.parse(json).jsonString()
        let twice = try S.parse(once).jsonString()
        #expect(once == twice)
        #expect(once.contains("\"animations\"") && once.contains("\"key\": \"fade\"") && once.contains("\"easeOut\""))
        #expect(once.contains("\"repeatCount\": \"infinity\"") && once.contains("\"calculationMode\": \"paced\""))
    }
}
