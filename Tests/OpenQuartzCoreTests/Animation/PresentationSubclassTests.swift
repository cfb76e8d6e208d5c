import Foundation
import Raster
import Testing
import OpenQuartzCore

// Layer subclasses as iOS code writes them. Each compiles with nothing added for Linux (no
// presentation initializer), and a render of its animations never runs one of its initializers.

/// An initializer of its own and Xcode's trapping `init?(coder:)`, no `init(layer:)`: on Apple,
/// making its presentation layer traps ("unimplemented initializer 'init(layer:)'").
final class TagLayer: CALayer {
    let tint: CGColor
    init(tint: CGColor) {
        self.tint = tint
        super.init()
        backgroundColor = tint
    }
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// The same pattern with `init(layer:)` overridden (Apple's presentation copies then work).
final class CopyingTagLayer: CALayer {
    var title: String
    override init(layer: Any) {
        title = (layer as? CopyingTagLayer)?.title ?? ""
        super.init(layer: layer)
    }
    init(title: String) {
        self.title = title
        super.init()
        name = title
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// No initializers at all: inherits every one.
final class PlainSubclassLayer: CAShapeLayer {
    override func layoutSublayers() { super.layoutSublayers() }
}

/// All three initializers overridden, `init?(coder:)` calling super; a custom key.
final class FullSubclassLayer: CALayer {
    var level: CGFloat {
        get { value(forKey: "level") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "level") }
    }
    private(set) var madeByCoder = false
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        madeByCoder = true
    }
}

@Suite struct PresentationSubclassTests {
    /// `key` from `from` to `to`, linearly, from media time 1 for `duration` seconds.
    static func linear(_ key: String, _ from: CGFloat, _ to: CGFloat, duration: CFTimeInterval) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = from; a.toValue = to
        a.beginTime = 1; a.duration = duration
        a.timingFunction = CAMediaTimingFunction(name: .linear)
        return a
    }

    /// `l` (10×10, red) on a 100×10 canvas with position.x animated linearly from 5 to 85
    /// between media times 1 and 2; returns the x of the red run's centre at `t`.
    static func redCentre(_ l: CALayer, at times: [CFTimeInterval]) -> [CGFloat] {
        let root = makeRoot(100, 10)
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.backgroundColor = red
        root.addSublayer(l)
        l.add(linear("position.x", 5, 85, duration: 1), forKey: "move")
        let renderer = CAImageRenderer(size: CGSize(width: 100, height: 10))
        let surface = Surface(width: 100, height: 10)
        return times.map { t in
            renderer.render(root, into: surface, atTime: t)
            let row = (0..<100).filter { x in surface.pixel(x: x, y: 5) & 0xFF > 128 }
            guard let lo = row.first, let hi = row.last else { return -1 }
            return CGFloat(lo + hi + 1) / 2
        }
    }

    /// Expected centres: 5 + 80·(t − 1), independent of the renderer.
    static let times: [CFTimeInterval] = [1.25, 1.5, 1.75]
    static let expected: [CGFloat] = times.map { 5 + 80 * CGFloat($0 - 1) }

    @Test(arguments: [
        { TagLayer(tint: red) as CALayer }, { CopyingTagLayer(title: "tag") },
        { PlainSubclassLayer() }, { FullSubclassLayer() },
    ] as [@Sendable () -> CALayer])
    func animationsOfSubclassesRender(_ make: @Sendable () -> CALayer) {
        let l = make()
        let centres = Self.redCentre(l, at: Self.times)
        // Tolerance: half a pixel (the run's ends are whole pixels).
        for (c, e) in zip(centres, Self.expected) { #expect(abs(c - e) <= 0.5, "\(type(of: l)) at \(c), expected \(e)") }
    }

    @Test func presentationOfABuiltInClassIsExact() throws {
        let s = CAShapeLayer()
        s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 3, height: 3), transform: nil)
        s.strokeEnd = 0.5
        let stage = AnimationStage(s)
        let p = try #require(stage.shown(s, at: 1) as? CAShapeLayer)
        #expect(type(of: p) == CAShapeLayer.self)
        #expect(p.strokeEnd == 0.5 && p.path == s.path)
        #expect(p.model() === s)
    }

    @Test func presentationOfASubclassWithNoInitializersIsItsClass() throws {
        let l = PlainSubclassLayer()
        l.lineWidth = 3
        let stage = AnimationStage(l)
        l.add(Self.linear("lineWidth", 10, 20, duration: 1), forKey: nil)
        let p = try #require(stage.shown(l, at: 1.5) as? PlainSubclassLayer)
        #expect(close(p.lineWidth, 15))
        #expect(l.lineWidth == 3)
        #expect(p.model() === l)
    }

    @Test func presentationOfASubclassComesFromItsCoderInitializer() throws {
        let l = FullSubclassLayer()
        l.level = 2
        l.opacity = 0.5
        l.name = "full"
        let stage = AnimationStage(l)
        l.add(Self.linear("level", 0, 4, duration: 2), forKey: nil)
        let p = try #require(stage.shown(l, at: 1.5) as? FullSubclassLayer)
        #expect(p.madeByCoder)
        #expect(close(p.level, 1))          // 0 + 4 · 0.5 / 2
        #expect(p.opacity == 0.5 && p.name == "full")
        #expect(p.sublayers == nil && p.superlayer == nil)
        #expect(!l.madeByCoder && l.level == 2)
    }
}
