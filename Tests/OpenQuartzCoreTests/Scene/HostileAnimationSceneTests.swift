import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Animated scenes that trapped or exhausted memory: every animated value passes the checks a
/// static one passes, and the animation limit counts everything that costs memory (nested
/// animations, list values) at a default that bounds a scene to about 200 MB.
@Suite("Hostile animated scenes")
struct HostileAnimationSceneTests {
    typealias S = SceneTestSupport

    static func replicator(_ animation: String) -> String {
        S.scene(layers: #"{"type": "replicator", "instanceCount": 2, "animations": [\#(animation)], "sublayers": [{"frame": [0, 0, 1, 1], "backgroundColor": "white"}]}"#)
    }

    /// A replicator colour offset animated to 1e39 (not a Float) is refused with its path, as
    /// the same value set on the layer is; so are opacity's and a keyframe's values.
    @Test func floatAnimationValuesAreChecked() {
        #expect(S.error(Self.replicator(#"{"keyPath": "instanceRedOffset", "toValue": 1e39}"#))?
            .contains("layers[0].animations[0].toValue: number out of range for a Float") == true)
        #expect(S.error(Self.replicator(#"{"keyPath": "instanceAlphaOffset", "byValue": -1e39}"#))?
            .contains("layers[0].animations[0].byValue: number out of range for a Float") == true)
        #expect(S.error(Self.replicator(#"{"type": "keyframe", "keyPath": "instanceBlueOffset", "values": [0, 1, 4e38]}"#))?
            .contains("layers[0].animations[0].values[2]: number out of range for a Float") == true)
        #expect(S.error(Self.replicator(#"{"keyPath": "opacity", "fromValue": 1e300}"#))?
            .contains("layers[0].animations[0].fromValue: number out of range for a Float") == true)
        // A CGFloat property takes the same number.
        #expect(S.error(Self.replicator(#"{"keyPath": "cornerRadius", "toValue": 1e39}"#)) == nil)
        // The largest Float is fine.
        #expect(S.error(Self.replicator(#"{"keyPath": "instanceRedOffset", "toValue": 3.4e38}"#)) == nil)
    }

    /// A cumulative animation of the largest Float offset goes past Float's range in its
    /// repeats (∞ by the tenth); the render clamps it and does not trap.
    @Test func cumulativeOffsetBeyondFloatRenders() throws {
        let json = ##"{"canvas": {"width": 2, "height": 1}, "layers": [{"type": "replicator", "frame": [0, 0, 2, 1], "instanceCount": 2, "instanceTransform": [{"translate": [1, 0]}], "instanceColor": "#00FFFF", "animations": [{"keyPath": "instanceRedOffset", "byValue": 3.4e38, "isCumulative": true, "repeatCount": 20, "duration": 1}], "sublayers": [{"frame": [0, 0, 1, 1], "backgroundColor": "white"}]}]}"##
        let scene = try Scene.parse(data: Array(json.utf8), baseDirectory: nil)
        let renderer = CAImageRenderer(size: scene.size)
        let surface = Surface(width: 2, height: 1)
        renderer.render(scene.root, into: surface, atTime: 12.5)
        // Instance 0 is instanceColor (cyan), whatever the offset.
        #expect(surface.pixel(x: 0, y: 0) == 0xFFFF_FF00)
    }

    /// Nested animations count, and so do the items of list values; the default refuses a
    /// group of 100 001 children before it is built.
    @Test func nestedAnimationsAndListValuesCount() {
        var limits = SceneLimits()
        limits.maxAnimationValues = 10
        let options = SceneOptions(limits: limits)
        let nested = #"{"animations": [{"type": "group", "animations": [{"type": "group", "animations": [\#(Array(repeating: #"{"keyPath": "opacity"}"#, count: 9).joined(separator: ","))]}]}]}"#
        #expect(S.errorKind(S.scene(layers: nested), options: options) == .limitExceeded)
        let colors = Array(repeating: "\"red\"", count: 12).joined(separator: ",")
        let list = #"{"type": "gradient", "animations": [{"keyPath": "colors", "toValue": [\#(colors)]}]}"#
        #expect(S.errorKind(S.scene(layers: list), options: options) == .limitExceeded)
        #expect(S.errorKind(S.scene(layers: list)) == nil)
        let many = #"{"animations": [{"type": "group", "animations": [\#(Array(repeating: #"{"keyPath": "opacity"}"#, count: 100_001).joined(separator: ","))]}]}"#
        let clock = ContinuousClock()
        let start = clock.now
        #expect(S.error(S.scene(layers: many))?.contains("more than 100000 animations") == true)
        #expect(clock.now - start < .seconds(20))
    }
}
