import Foundation
import Testing
import OpenQuartzCore

/// Scene files hold keyframe `keyTimes` to Core Animation's rule (Apple, `keyTimes`: never
/// decreasing; one per value in linear and cubic modes, one per value or one more in discrete
/// mode, none in paced modes) and refuse the rest with the JSON path; rotation values may be
/// given in degrees, as a static transform's `rotate` step is.
@Suite struct SceneKeyTimesTests {
    typealias S = SceneTestSupport

    static func keyframe(_ body: String) -> String {
        S.scene(layers: #"{"animations": [{"type": "keyframe", "keyPath": "opacity", \#(body)}]}"#)
    }

    @Test func decreasingKeyTimesAreRefused() {
        let e = S.error(Self.keyframe(#""values": [0, 1, 0.5], "keyTimes": [0, 0.9, 0.5]"#))
        #expect(e?.contains("layers[0].animations[0].keyTimes[2]: key times may not decrease") == true, "\(e ?? "accepted")")
    }

    @Test func keyTimesOfTheWrongCountAreRefused() {
        let e = S.error(Self.keyframe(#""values": [0, 1, 0.5], "keyTimes": [0, 1]"#))
        #expect(e?.contains("layers[0].animations[0].keyTimes: 2 key times for 3 values") == true, "\(e ?? "accepted")")
        let d = S.error(Self.keyframe(#""values": [0, 1], "keyTimes": [0, 0.2, 0.5, 1], "calculationMode": "discrete""#))
        #expect(d?.contains("layers[0].animations[0].keyTimes: 4 key times for 2 discrete values") == true, "\(d ?? "accepted")")
        let p = S.error(Self.keyframe(#""values": [0, 1], "keyTimes": [0, 1], "calculationMode": "paced""#))
        #expect(p?.contains("layers[0].animations[0].keyTimes: a \"paced\" animation ignores key times") == true, "\(p ?? "accepted")")
    }

    @Test func timingFunctionsOnePerSegment() {
        let e = S.error(Self.keyframe(#""values": [0, 1, 0.5], "timingFunctions": ["easeIn"]"#))
        #expect(e?.contains("layers[0].animations[0].timingFunctions: 1 timing functions for 3 values (give one per segment: 2)") == true, "\(e ?? "accepted")")
        #expect(S.error(Self.keyframe(#""values": [0, 1, 0.5], "timingFunctions": ["easeIn", "linear"]"#)) == nil)
    }

    /// A code-made animation with fewer timing functions than segments is written with one per
    /// segment, the last repeated as the animation repeats it, and reads back.
    @Test func writerWritesOneTimingFunctionPerSegment() throws {
        let size = CGSize(width: 10, height: 10)
        let root = Scene.makeRoot(size: size)
        let l = CALayer()
        root.addSublayer(l)
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [0, 1, 0.5, 0.7]
        a.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeIn)]
        a.duration = 1
        l.add(a, forKey: "k")
        let text = Scene(size: size, root: root).jsonString()
        let again = try Scene.parse(data: Array(text.utf8), baseDirectory: nil, fileName: "written.json")
        let read = again.root.sublayers?.first?.animation(forKey: "k") as? CAKeyframeAnimation
        #expect(read?.timingFunctions?.count == 3)
        var c = [Float](repeating: 0, count: 2)
        read?.timingFunctions?[2].getControlPoint(at: 1, values: &c)
        #expect(c == [0.42, 0])                                      // ease-in, repeated
    }

    @Test func validKeyTimesAreAccepted() throws {
        for body in [#""values": [0, 1, 0.5], "keyTimes": [0, 0.5, 0.5]"#,
                     #""values": [0, 1], "keyTimes": [0, 0.4, 1], "calculationMode": "discrete""#,
                     #""values": [0, 1], "keyTimes": [0, 0.4], "calculationMode": "discrete""#,
                     #""values": [0, 1, 0.5], "keyTimes": [0.1, 0.2, 0.6]"#] {
            #expect(S.error(Self.keyframe(body)) == nil, "\(body)")
        }
    }

    /// A keyframe animation made by code with key times Core Animation ignores is written
    /// without them (it plays the same), so the written scene reads back; followed ones stay.
    @Test func writerLeavesOutIgnoredKeyTimes() throws {
        let size = CGSize(width: 10, height: 10)
        let root = Scene.makeRoot(size: size)
        let l = CALayer()
        root.addSublayer(l)
        for (times, kept) in [([0, 0.9, 0.5], false), ([0, 1], false), ([0, 0.2, 1], true)] as [([Double], Bool)] {
            let a = CAKeyframeAnimation(keyPath: "opacity")
            a.values = [0, 1, 0.5]
            a.keyTimes = times.map { NSNumber(value: $0) }
            a.duration = 1
            l.add(a, forKey: "k")
            let text = Scene(size: size, root: root).jsonString()
            #expect(text.contains("keyTimes") == kept, "\(times)")
            let again = try Scene.parse(data: Array(text.utf8), baseDirectory: nil, fileName: "written.json")
            let read = again.root.sublayers?.first?.animation(forKey: "k") as? CAKeyframeAnimation
            #expect(read?.keyTimes?.map(\.doubleValue) == (kept ? times : nil), "\(times)")
        }
    }

    /// `{"degrees": …}` and `{"radians": …}` for a rotation key path; a bare number is radians.
    @Test func rotationValuesInDegrees() throws {
        let layer = try S.layer(#"""
            "animations": [{"keyPath": "transform.rotation.z", "fromValue": {"degrees": 0}, "toValue": {"degrees": 90},
                            "beginTime": 1, "duration": 1},
                           {"type": "keyframe", "keyPath": "transform.rotation", "values": [0, {"radians": 1}, {"degrees": 180}]}]
            """#)
        let basic = layer.animation(forKey: layer.animationKeys()![0]) as? CABasicAnimation
        #expect((basic?.toValue as? CGFloat).map { abs($0 - .pi / 2) < 1e-12 } == true)
        let frames = layer.animation(forKey: layer.animationKeys()![1]) as? CAKeyframeAnimation
        let values = frames?.values?.compactMap { $0 as? CGFloat } ?? []
        #expect(values.count == 3 && values[1] == 1 && abs(values[2] - .pi) < 1e-12)
        // Not for other numbers, and not both units at once.
        #expect(S.layerError(#""animations": [{"keyPath": "opacity", "toValue": {"degrees": 90}}]"#) != nil)
        #expect(S.layerError(#""animations": [{"keyPath": "transform.rotation.z", "toValue": {"degrees": 90, "radians": 1}}]"#)?
            .contains("layers[0].animations[0].toValue: give \"degrees\" or \"radians\", not both") == true)
    }
}
