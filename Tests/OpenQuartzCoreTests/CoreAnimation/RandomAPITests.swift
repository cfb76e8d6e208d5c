import Foundation
import Testing
import OpenQuartzCore

/// Seeded random programs against the Swift API: layers of every class, property setters fed
/// NaN, ±∞, ±1e308, denormals and ordinary values, hierarchy misuse, hostile animations, then
/// renders of the model and of the presentation tree. Each program must return (a trap ends
/// the test process) within its time. The seed is in every message, so a failure reproduces:
/// `OQC_SEED=N` runs that program alone and `OQC_TRACE=1` prints what it did before it renders.
@Suite("Random Swift API programs")
struct RandomAPITests {
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, .leastNonzeroMagnitude, 1e-300, 0, -1, 1, 0.5,
                                     3, 40, 1e9, -1e9, 1e19]

    struct Program {
        var rng: SplitMix64
        var layers: [CALayer] = []
        /// What the program did, for a failure's message.
        var trace: [String] = []

        mutating func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        mutating func value() -> Double { rng.unit() < 0.7 ? pick(RandomAPITests.extremes) : rng.range(-100, 100) }
        mutating func cg() -> CGFloat { CGFloat(value()) }
        mutating func fl() -> Float { Float(value()) }
        mutating func layer() -> CALayer { pick(layers) }

        mutating func makeLayer() -> CALayer {
            let l: CALayer
            switch rng.next() % 6 {
            case 0: l = CAShapeLayer()
            case 1: l = CAGradientLayer()
            case 2: l = CATextLayer()
            case 3: l = CAReplicatorLayer()
            case 4: l = CATransformLayer()
            default: l = CALayer()
            }
            l.frame = CGRect(x: rng.range(0, 24), y: rng.range(0, 24), width: rng.range(1, 16), height: rng.range(1, 16))
            l.backgroundColor = CGColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: 1)
            return l
        }

        /// One setter of one property, by number.
        mutating func set() {
            let l = layer()
            let v = cg()
            let op = rng.next() % 30
            trace.append("set \(op) on \(type(of: l)) v=\(v)")
            switch op {
            case 0: l.bounds = CGRect(x: cg(), y: cg(), width: v, height: cg())
            case 1: l.position = CGPoint(x: v, y: cg())
            case 2: l.zPosition = v
            case 3: l.anchorPoint = CGPoint(x: v, y: cg())
            case 4: l.cornerRadius = v
            case 5: l.borderWidth = v; l.borderColor = CGColor(gray: 0, alpha: 1)
            case 6: l.shadowOpacity = fl(); l.shadowRadius = v; l.shadowOffset = CGSize(width: cg(), height: cg())
            case 7: l.opacity = fl()
            case 8: l.transform = CATransform3DMakeScale(v, cg(), 1)
            case 9: var t = CATransform3DIdentity; t.m34 = v; t.m41 = cg(); l.transform = CATransform3DRotate(t, cg(), 0, 1, 0)
            case 10: l.sublayerTransform = CATransform3DMakeTranslation(v, cg(), cg())
            case 11: l.shouldRasterize = true; l.rasterizationScale = v
            case 12: l.contentsScale = v; l.masksToBounds = true
            case 13: (l as? CAShapeLayer)?.path = CGPath(rect: CGRect(x: 0, y: 0, width: v, height: cg()), transform: nil)
            case 14: (l as? CAShapeLayer)?.lineWidth = v; (l as? CAShapeLayer)?.strokeColor = CGColor(gray: 0, alpha: 1)
            case 15: (l as? CAShapeLayer)?.lineDashPattern = [NSNumber(value: Double(v)), NSNumber(value: value())]
            case 16: (l as? CAShapeLayer)?.strokeStart = v; (l as? CAShapeLayer)?.strokeEnd = cg()
            case 17: (l as? CAShapeLayer)?.miterLimit = v; (l as? CAShapeLayer)?.lineDashPhase = cg()
            case 18:
                (l as? CAGradientLayer)?.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
                (l as? CAGradientLayer)?.locations = [NSNumber(value: Double(v)), NSNumber(value: value())]
                (l as? CAGradientLayer)?.startPoint = CGPoint(x: cg(), y: cg())
            case 19: (l as? CATextLayer)?.string = String(repeating: "Hi ", count: Int(rng.next() % 40)); (l as? CATextLayer)?.fontSize = v
            case 20: (l as? CATextLayer)?.isWrapped = true; (l as? CATextLayer)?.truncationMode = .middle
            case 21: (l as? CAReplicatorLayer)?.instanceCount = pick([Int.max, Int.min, 0, 3, 100, 1_000_000_000])
            case 22: (l as? CAReplicatorLayer)?.instanceTransform = CATransform3DMakeTranslation(v, cg(), 0)
            case 23:
                let r = l as? CAReplicatorLayer
                r?.instanceColor = CGColor(red: rng.unit(), green: 1, blue: 1, alpha: 1)
                r?.instanceRedOffset = fl(); r?.instanceAlphaOffset = fl(); r?.instanceBlueOffset = fl()
            case 24: (l as? CAReplicatorLayer)?.instanceDelay = Double(v)
            case 25: l.allowsEdgeAntialiasing = true; l.isDoubleSided = false
            case 26: l.shadowPath = CGPath(ellipseIn: CGRect(x: cg(), y: cg(), width: v, height: cg()), transform: nil)
            case 27: l.contentsRect = CGRect(x: cg(), y: cg(), width: v, height: cg())
            case 28: l.speed = fl(); l.timeOffset = Double(v)
            default: l.isHidden = rng.unit() < 0.2
            }
        }

        /// Tree changes, misuse included.
        mutating func hierarchy() {
            let a = layer(), b = layer()
            switch rng.next() % 6 {
            case 0, 1: a.addSublayer(b)
            case 2: a.mask = b
            case 3: a.sublayers = [b, b, a]
            case 4: b.removeFromSuperlayer()
            default: a.insertSublayer(b, at: UInt32(truncatingIfNeeded: rng.next()))
            }
        }

        mutating func animate() {
            let l = layer()
            let keys = ["opacity", "position", "transform.scale", "transform.rotation.z", "cornerRadius", "bounds.size.width",
                        "instanceRedOffset", "instanceCount", "shadowRadius", "strokeEnd", "lineWidth", "zPosition"]
            let a = CABasicAnimation(keyPath: pick(keys))
            trace.append("animate \(a.keyPath ?? "")")
            a.fromValue = value()
            a.toValue = value()
            if rng.unit() < 0.3 { a.byValue = value() }
            a.duration = value()
            a.beginTime = pick([0, 1, 1e9, .nan, -.infinity])
            a.repeatCount = Float(value())
            a.isCumulative = rng.unit() < 0.3
            a.isAdditive = rng.unit() < 0.3
            a.autoreverses = rng.unit() < 0.3
            a.speed = fl()
            if rng.unit() < 0.2 {
                let g = CAAnimationGroup()
                g.animations = [a, g]
                g.duration = value()
                l.add(g, forKey: "g")
            } else {
                l.add(a, forKey: rng.unit() < 0.5 ? nil : "k")
            }
        }

        mutating func run() {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
            layers = [root]
            for _ in 0..<(1 + Int(rng.next() % 6)) {
                let l = makeLayer()
                layer().addSublayer(l)
                layers.append(l)
            }
            for _ in 0..<(Int(rng.next() % 25)) {
                switch rng.next() % 10 {
                case 0, 1: hierarchy()
                case 2, 3: animate()
                default: set()
                }
            }
            if ProcessInfo.processInfo.environment["OQC_TRACE"] != nil { FileHandle.standardError.write(Data((trace.joined(separator: "\n") + "\n").utf8)) }
            let renderer = CAImageRenderer(size: CGSize(width: 32, height: 32), scale: pick([1, 2, 0.5]))
            renderer.cachesFrames = rng.unit() < 0.5
            // The default budget bounds a frame at 10 M layers drawn (replicator instances
            // counted), seconds in a release build but a minute in a debug one (2²⁰ instances of
            // three layers); a smaller budget keeps each program of this debug test within 10 s.
            renderer.budget.maxDrawOperations = 50_000
            _ = renderer.image(for: root)
            _ = renderer.image(for: root, atTime: pick([0, 0.5, 2, 1e9, .nan, -1]))
            _ = root.hitTest(CGPoint(x: cg(), y: cg()))
        }
    }

    @Test func randomProgramsNeverTrap() {
        let clock = ContinuousClock()
        let only = ProcessInfo.processInfo.environment["OQC_SEED"].flatMap { UInt64($0) }
        for seed in only.map({ $0...$0 }) ?? UInt64(1)...600 {
            var p = Program(rng: SplitMix64(state: seed))
            let start = clock.now
            p.run()
            // A bound against runaway work (an unbounded loop, quadratic growth), not a speed
            // target: the slowest seed takes 3.4-6.7 s alone in a debug build and went past
            // 10 s only when other builds loaded the machine.
            #expect(clock.now - start < .seconds(30), "seed \(seed)")
        }
    }
}
