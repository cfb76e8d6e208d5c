import Foundation
import Testing
import OpenQuartzCore

/// Scene files say a keyframe animation along a path (with its rotation mode) and a layer's own
/// speed and time offset; the writer writes them back; what they cannot mean is refused with
/// the JSON path.
@Suite struct SceneKeyframePathTests {
    typealias S = SceneTestSupport

    static func animation(_ keyPath: String, _ body: String) -> String {
        S.scene(layers: #"{"bounds": [0, 0, 10, 10], "animations": [{"type": "keyframe", "keyPath": "\#(keyPath)", \#(body)}]}"#)
    }

    /// Along "M 10 10 L 90 10 L 90 90" over 2 s, linear: its two pieces take a second each, so
    /// at 1.5 s the layer is half-way down the second (90, 50) and, turned to the direction of
    /// travel (down the canvas, +y), rotated a quarter turn.
    @Test func aPathMovesAndTurnsTheLayer() throws {
        let scene = try S.parse(Self.animation("position", #""path": "M 10 10 L 90 10 L 90 90", "rotationMode": "rotateAuto", "duration": 2"#))
        let layer = try #require(scene.root.sublayers?.first)
        let a = try #require(layer.animationKeys()?.first.flatMap { layer.animation(forKey: $0) } as? CAKeyframeAnimation)
        #expect(a.path != nil && a.values == nil && a.rotationMode == .rotateAuto)
        _ = CAImageRenderer(size: scene.size).image(for: scene.root, atTime: 1.5)
        let p = try #require(layer.presentation())
        #expect(abs(p.position.x - 90) < 1e-9 && abs(p.position.y - 50) < 1e-9)
        #expect(abs(p.transform.m11) < 1e-9 && abs(p.transform.m12 - 1) < 1e-9)
    }

    @Test func whatAPathCannotMeanIsRefused() {
        let onNumber = S.error(Self.animation("opacity", #""path": "M 0 0 L 1 1""#))
        #expect(onNumber?.contains("layers[0].animations[0].path: a keyframe path moves a point") == true, "\(onNumber ?? "accepted")")
        let both = S.error(Self.animation("position", #""path": "M 0 0 L 1 1", "values": [[0, 0], [1, 1]]"#))
        #expect(both?.contains("layers[0].animations[0].values: a keyframe \"path\" takes no \"values\"") == true, "\(both ?? "accepted")")
        let alone = S.error(Self.animation("position", #""values": [[0, 0], [1, 1]], "rotationMode": "rotateAuto""#))
        #expect(alone?.contains("layers[0].animations[0].rotationMode: ") == true, "\(alone ?? "accepted")")
        let unknown = S.error(Self.animation("position", #""path": "M 0 0 L 1 1", "rotationMode": "spin""#))
        #expect(unknown?.contains("layers[0].animations[0].rotationMode") == true, "\(unknown ?? "accepted")")
    }

    @Test func layerSpeedAndTimeOffsetAreRead() throws {
        let l = try S.layer(#""speed": 0, "timeOffset": 0.5"#)
        #expect(l.speed == 0 && l.timeOffset == 0.5)
        let e = S.layerError(#""speed": 1e300"#)
        #expect(e?.contains("layers[0].speed: ") == true, "\(e ?? "accepted")")
    }

    /// A path animation and a paused layer made by code are written and read back the same.
    @Test func theWriterWritesThemBack() throws {
        let size = CGSize(width: 20, height: 20)
        let root = Scene.makeRoot(size: size)
        let l = CALayer()
        l.speed = 0
        l.timeOffset = 0.25
        root.addSublayer(l)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addCurve(to: CGPoint(x: 15, y: 3), control1: CGPoint(x: 4, y: 18), control2: CGPoint(x: 12, y: -5))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.rotationMode = .rotateAutoReverse
        a.duration = 1
        l.add(a, forKey: "fly")
        let text = Scene(size: size, root: root).jsonString()
        let again = try Scene.parse(data: Array(text.utf8), baseDirectory: nil, fileName: "written.json")
        let read = try #require(again.root.sublayers?.first)
        #expect(read.speed == 0 && read.timeOffset == 0.25)
        let b = try #require(read.animation(forKey: "fly") as? CAKeyframeAnimation)
        #expect(b.rotationMode == .rotateAutoReverse && b.path == path)
    }
}
