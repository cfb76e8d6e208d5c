import Foundation
import OpenQuartzCore
import Testing
import TestSupport

/// fuzz-archive's seeds (Fuzz/Corpus/fuzz-archive) are real archives of the library's layer
/// trees and animations, so that the fuzzer starts from inputs that decode deep into every
/// class's `init?(coder:)` rather than from bytes `NSKeyedUnarchiver` refuses at once. This
/// checks that each decodes to a layer or an animation; with OQC_WRITE_ARCHIVE_SEEDS=1 in the
/// environment it writes them afresh first (from gallery scenes and one tree of every class).
@Suite("Archive fuzz seeds")
struct ArchiveFuzzSeedTests {
    static let corpus = Repository.root.appendingPathComponent("Fuzz/Corpus/fuzz-archive")

    /// The objects archived as seeds, by file name.
    static func seeds() throws -> [(String, NSObject)] {
        var out: [(String, NSObject)] = []
        for name in ["fig4-13-mask", "fig4-11-shadow-path", "fig5-22-lit-cube", "fig5-16-nested-2d"] {
            let url = Repository.root.appendingPathComponent("Examples/\(name).json")
            let scene = try Scene.parse(data: [UInt8](try Data(contentsOf: url)),
                                        baseDirectory: url.deletingLastPathComponent().path)
            out.append((name, scene.root))
        }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 48, height: 48)
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 20, height: 20), transform: nil)
        shape.lineDashPattern = [2, 3]
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let text = CATextLayer()
        text.string = "Fuzz"
        text.fontSize = 12
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        gradient.locations = [0, 1]
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(4, 0, 0)
        replicator.addSublayer(shape)
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = 10
        cell.lifetime = 1
        emitter.emitterCells = [cell]
        let transform = CATransformLayer()
        transform.addSublayer(CALayer())
        for l in [text, gradient, replicator, emitter, transform, CAScrollLayer(), CATiledLayer()] as [CALayer] {
            l.frame = CGRect(x: 4, y: 4, width: 30, height: 30)
            root.addSublayer(l)
        }
        root.mask = CALayer()
        out.append(("every-class", root))
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = NSNumber(value: 0)
        spin.toValue = NSNumber(value: 3)
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [NSNumber(value: 0), NSNumber(value: 1), NSNumber(value: 0.5)]
        fade.keyTimes = [0, 0.5, 1]
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.toValue = NSNumber(value: 10)
        let group = CAAnimationGroup()
        group.animations = [spin, fade, spring]
        group.duration = 2
        group.repeatCount = 3
        out.append(("animation-group", group))
        out.append(("transition", CATransition()))
        return out
    }

    @Test func seedsDecode() throws {
        if ProcessInfo.processInfo.environment["OQC_WRITE_ARCHIVE_SEEDS"] == "1" {
            try FileManager.default.createDirectory(at: Self.corpus, withIntermediateDirectories: true)
            for (name, object) in try Self.seeds() {
                let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
                try data.write(to: Self.corpus.appendingPathComponent(name + ".archive"))
            }
        }
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        #expect(files.count >= 6)
        for file in files {
            let data = try Data(contentsOf: file)
            let object = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [CALayer.self, CAAnimation.self], from: data)
            #expect(object is CALayer || object is CAAnimation, "\(file.lastPathComponent)")
        }
    }
}
