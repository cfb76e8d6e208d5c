import Foundation
import Testing
import OpenQuartzCore
import TestSupport

/// `"type": "emitter"` layers: every emitter and cell key read, written back the same,
/// animations of cell key paths, one-line errors, and the examples rendering particles.
@Suite struct SceneEmitterTests {
    typealias S = SceneTestSupport

    static let body = #"""
    "type": "emitter", "frame": [0, 0, 100, 100], "emitterPosition": [50, 10], "emitterZPosition": 2,
    "emitterSize": [80, 4], "emitterDepth": 3, "emitterShape": "line", "emitterMode": "outline",
    "renderMode": "oldestLast", "preservesDepth": true, "birthRate": 2, "lifetime": 1.5, "velocity": 0.5,
    "scale": 3, "spin": 0.25, "seed": 4000000000,
    "emitterCells": [
      {"name": "rocket", "birthRate": 2, "lifetime": 3, "lifetimeRange": 1, "velocity": 40, "velocityRange": 5,
       "emissionLongitude": {"degrees": 90}, "emissionRange": 0.5, "emissionLatitude": 0.1, "yAcceleration": 9.5,
       "xAcceleration": -1, "zAcceleration": 2, "scale": 0.5, "scaleRange": 0.25, "scaleSpeed": -0.1, "spin": 1,
       "spinRange": 2, "color": "orange", "redRange": 0.1, "greenRange": 0.2, "blueRange": 0.3, "alphaRange": 0.4,
       "redSpeed": -0.1, "greenSpeed": -0.2, "blueSpeed": 0.3, "alphaSpeed": -0.5, "enabled": false,
       "contentsRect": [0, 0, 0.5, 1], "contentsScale": 2, "minificationFilter": "nearest",
       "magnificationFilter": "trilinear", "minificationFilterBias": 0.5, "beginTime": 0.5, "duration": 4,
       "speed": 2, "timeOffset": 1, "repeatCount": "infinity", "repeatDuration": 3, "autoreverses": true,
       "fillMode": "both",
       "emitterCells": [{"name": "spark", "birthRate": 30, "lifetime": 0.5, "color": null}]}],
    "animations": [{"keyPath": "emitterCells.rocket.emitterCells.spark.birthRate", "fromValue": 0, "toValue": 30,
                    "duration": 1}]
    """#

    @Test func readsEveryKey() throws {
        let e = try #require(try S.layer(Self.body) as? CAEmitterLayer)
        #expect(e.emitterPosition == CGPoint(x: 50, y: 10) && e.emitterZPosition == 2)
        #expect(e.emitterSize == CGSize(width: 80, height: 4) && e.emitterDepth == 3)
        #expect(e.emitterShape == .line && e.emitterMode == .outline && e.renderMode == .oldestLast && e.preservesDepth)
        #expect(e.birthRate == 2 && e.lifetime == 1.5 && e.velocity == 0.5 && e.scale == 3 && e.spin == 0.25)
        #expect(e.seed == 4_000_000_000)
        let r = try #require(e.emitterCells?.first)
        #expect(r.name == "rocket" && !r.isEnabled && r.birthRate == 2 && r.lifetimeRange == 1)
        #expect(abs(r.emissionLongitude - .pi / 2) < 1e-12 && r.emissionRange == 0.5 && r.yAcceleration == 9.5)
        #expect(r.scaleSpeed == -0.1 && r.alphaSpeed == -0.5 && r.contentsScale == 2 && r.minificationFilter == "nearest")
        #expect(r.beginTime == 0.5 && r.duration == 4 && r.speed == 2 && r.repeatCount == .infinity && r.autoreverses)
        #expect(r.fillMode == .both && r.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        let s = try #require(r.emitterCells?.first)
        #expect(s.name == "spark" && s.birthRate == 30 && s.color == nil)
        #expect(e.animation(forKey: e.animationKeys()?.first ?? "") is CABasicAnimation)
    }

    @Test func writesBackWhatItRead() throws {
        let scene = try S.parse(S.scene(layers: "{\(Self.body)}"))
        let text = scene.jsonString(embeddingImages: false)
        let again = try Scene.parse(data: Array(text.utf8), baseDirectory: nil, fileName: "written.json")
        #expect(again.jsonString(embeddingImages: false) == text)
        let e = try #require(again.root.sublayers?.first as? CAEmitterLayer)
        #expect(e.seed == 4_000_000_000 && e.renderMode == .oldestLast && e.emitterCells?.first?.emitterCells?.first?.lifetime == 0.5)
        #expect(text.contains("\"emitterCells\"") && text.contains("\"spark\""))
    }

    @Test(arguments: [
        (#""type": "emitter", "emitterShape": "blob""#, "layers[0].emitterShape: expected one of"),
        (#""type": "emitter", "birthRate": 1e39"#, "layers[0].birthRate: number out of range for a Float"),
        (#""type": "emitter", "seed": -1"#, "layers[0].seed: expected a whole number ≥ 0"),
        (#""type": "emitter", "emitterCells": [{"birthRat": 1}]"#, #"layers[0].emitterCells[0].birthRat: unknown key of an emitter cell (did you mean "birthRate"?)"#),
        (#""type": "emitter", "emitterCells": [{"lifetime": "long"}]"#, "layers[0].emitterCells[0].lifetime:"),
        (#""emitterCells": []"#, #"layers[0].emitterCells: unknown key for a "layer" layer"#),
        (#""type": "emitter", "emitterCells": [{"emitterCells": [{"emitterCells": [{"emitterCells": [{"emitterCells": []}]}]}]}]"#,
         "emitterCells: emitter cells nested deeper than 4 levels"),
        (#""type": "emitter", "animations": [{"keyPath": "emitterCells.nope.birthRate", "toValue": 1}]"#,
         "layers[0].animations[0].keyPath:"),
    ])
    func errorsNameThePath(body: String, message: String) {
        let error = S.layerError(body)
        #expect(error?.contains(message) == true, "\(error ?? "no error")")
        #expect(error.map { !$0.contains("\n") } ?? false)
    }

    /// The examples render particles at 2 s: fire is orange and additive on black; confetti
    /// shows each of its five colours.
    @Test func examplesRenderParticles() throws {
        for name in ["fire", "snow", "confetti"] {
            let scene = try Scene.load(path: Repository.path("Examples/animated/\(name).json"))
            let r = CAImageRenderer(size: scene.size, scale: 1, background: scene.background)
            let px = r.image(for: scene.root, atTime: 2).premultipliedRGBA
            let first = Array(px[0..<4])
            let differing = stride(from: 0, to: px.count, by: 4).filter { Array(px[$0..<$0 + 4]) != first }.count
            #expect(differing > 200, "\(name): \(differing) pixels differ from the background")
            if name == "fire" {
                // The brightest pixel is near the emitter (150, 150), and warm: red ≥ green ≥ blue.
                func warmth(_ i: Int) -> Int { Int(px[i]) + Int(px[i + 1]) }
                var brightest = 0
                for i in stride(from: 0, to: px.count, by: 4) where warmth(i) > warmth(brightest) { brightest = i }
                let x = (brightest / 4) % 300, y = (brightest / 4) / 300
                #expect(abs(x - 150) < 40 && abs(y - 150) < 40)
                #expect(px[brightest] >= px[brightest + 1] && px[brightest + 1] >= px[brightest + 2])
            }
        }
    }
}
