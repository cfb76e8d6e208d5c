import Foundation
import Testing
import OpenQuartzCore
import Raster

/// A timed render reads a layer whose one animation is direct without a presentation copy
/// (`Snapshotter.presentation(_:)`, `LayerPresentation`): what it reads is what the generic
/// evaluator's copy (the one `presentation()` uses) holds, to the bit, for every property a
/// direct animation can target, at every phase; and the render tree is the copy path's.
@Suite struct LayerPresentationTests {
    /// Everything the snapshot reads through a `LayerPresentation`, as numbers.
    static func read(_ p: LayerPresentation) -> [Double] {
        var out: [Double] = [Double(p.opacity), Double(p.shadowOpacity), Double(p.zPosition), Double(p.cornerRadius),
                             Double(p.borderWidth), Double(p.shadowRadius), Double(p.position.x), Double(p.position.y),
                             Double(p.anchorPoint.x), Double(p.anchorPoint.y)]
        for c in [p.backgroundColor, p.borderColor, p.shadowColor] { out += c.map { [Double($0.r), Double($0.g), Double($0.b), Double($0.a)] } ?? [-1] }
        if let s = p.layer as? CAShapeLayer {
            out += [Double(p.strokeStart(of: s)), Double(p.strokeEnd(of: s)), Double(p.lineWidth(of: s))]
            for c in [p.fillColor(of: s), p.strokeColor(of: s)] { out += c.map { [Double($0.r), Double($0.g), Double($0.b), Double($0.a)] } ?? [-1] }
        }
        let m = p.localTransform(), n = p.sublayerSpaceTransform()
        out += [m.m11, m.m22, m.m41, m.m42, m.m43, n.m11, n.m41, n.m42].map { Double($0) }
        return out
    }

    static var cases: [(String, Any, Any)] {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.5)
        return [("opacity", 0.2, 0.9), ("shadowOpacity", 0.0, 1.0), ("zPosition", -3.0, 5.0), ("cornerRadius", 2.0, 8.0),
                ("borderWidth", 0.5, 3.0), ("shadowRadius", 1.0, 9.0), ("position.x", 3.0, 70.0), ("position.y", -2.0, 9.0),
                ("position", CGPoint(x: 1, y: 2), CGPoint(x: 30, y: -4)), ("anchorPoint", CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0.5)),
                ("backgroundColor", red, blue), ("borderColor", blue, red), ("shadowColor", red, CGColor(gray: 0.5, alpha: 1)),
                ("strokeStart", 0.0, 0.5), ("strokeEnd", 0.0, 1.0), ("lineWidth", 1.0, 6.0), ("fillColor", red, blue),
                ("strokeColor", blue, red)]
    }

    static func animatedLayer(_ key: String, _ from: Any, _ to: Any, fill: CAMediaTimingFillMode = .removed) -> CAShapeLayer {
        let l = CAShapeLayer()
        l.frame = CGRect(x: 1, y: 2, width: 4, height: 6)
        l.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        l.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 6))
        l.strokeColor = CGColor(gray: 0, alpha: 1)
        l.sublayerTransform = CATransform3DMakeScale(2, 3, 1)
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = from; a.toValue = to
        a.beginTime = 1; a.duration = 2; a.repeatCount = 2; a.autoreverses = true; a.fillMode = fill
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        l.add(a, forKey: "a")
        return l
    }

    @Test(arguments: 0..<18)
    func presentedEqualsGeneric(_ i: Int) throws {
        let (key, from, to) = Self.cases[i]
        for fill in [CAMediaTimingFillMode.removed, .both] {
            let l = Self.animatedLayer(key, from, to, fill: fill)
            let snapshotter = Snapshotter()
            for t in [0.5, 1, 1.3, 2.9, 3.5, 5.2, 8.99, 9, 12] {
                snapshotter.mediaTime = t
                snapshotter.frameNumber &+= 1
                let shown = snapshotter.presentation(l)
                let generic = l.builtInCopy()
                AnimationEvaluator.apply(l, to: generic, localTime: t, events: nil)
                #expect(Self.read(shown) == Self.read(LayerPresentation(generic)), "\(key) at \(t), fill \(fill.rawValue)")
            }
            #expect(l.animationStorage?.direct != nil, "\(key) is evaluated directly")
        }
    }

    /// The render tree made through the fast path is the one made through presentation
    /// copies: the same nodes, field by field that the compositor reads.
    @Test(arguments: 0..<18)
    func renderTreeEqualsTheCopyPath(_ i: Int) throws {
        let (key, from, to) = Self.cases[i]
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        let l = Self.animatedLayer(key, from, to)
        root.addSublayer(l)
        // A sublayer of the animated layer: its placement reads the presented sublayerSpaceTransform.
        let child = CALayer()
        child.frame = CGRect(x: 1, y: 1, width: 2, height: 2)
        l.addSublayer(child)
        let fast = Snapshotter()
        for t in [0.5, 1.3, 2.9, 5.2] {
            let a = try #require(fast.snapshot(root, parent: nil, mediaTime: t)?.sublayers.first)
            // The copy path: what the snapshot read before the fast path, a generic copy.
            let shown = try #require(l.builtInCopy() as? CAShapeLayer)
            AnimationEvaluator.apply(l, to: shown, localTime: t, events: nil)
            let p = LayerPresentation(shown)
            #expect(a.toParent == p.localTransform(), "\(key) at \(t)")
            #expect(a.opacity == min(max(shown.opacity, 0), 1) && a.zPosition == shown.zPosition, "\(key) at \(t)")
            #expect(a.background == Color(shown.backgroundColor) && a.borderColor == Color(shown.borderColor).flatMap { $0.a > 0 ? $0 : nil },
                    "\(key) at \(t)")
            #expect(a.borderWidth == max(shown.borderWidth, 0), "\(key) at \(t)")
            var shadow: Color?
            if shown.shadowOpacity > 0, var c = Color(shown.shadowColor) {
                c.a *= min(max(shown.shadowOpacity, 0), 1)
                if c.a > 0 { shadow = c }
            }
            #expect(a.shadow?.color == shadow, "\(key) at \(t)")
            #expect(a.sublayers.first?.toParent == CATransform3DConcat(child.localTransform(), p.sublayerSpaceTransform()),
                    "\(key) at \(t)")
            if case .shape(let s) = a.kind {
                #expect(s.stroke?.start == min(max(shown.strokeStart, 0), 1) && s.stroke?.end == min(max(shown.strokeEnd, 0), 1), "\(key) at \(t)")
                #expect(s.stroke?.style.width == Double(shown.lineWidth), "\(key) at \(t)")
                #expect(s.fillColor == Color(shown.fillColor) && s.stroke?.color == Color(shown.strokeColor), "\(key) at \(t)")
            } else {
                Issue.record("\(key): the shape layer's node is not a shape")
            }
        }
    }

    /// A layer with another kind of animation is still read through its presentation copy.
    @Test func otherAnimationsUseTheCopy() {
        let l = CALayer()
        let k = CAKeyframeAnimation(keyPath: "position")
        k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)]
        k.beginTime = 1; k.duration = 2
        l.add(k, forKey: "k")
        let snapshotter = Snapshotter()
        snapshotter.mediaTime = 2
        snapshotter.frameNumber = 1
        let p = snapshotter.presentation(l)
        #expect(p.layer !== l && p.target == nil)
        #expect(close(p.position, CGPoint(x: 10, y: 0)))
    }

    /// An implicit animation that replaces a direct one starts from the value last shown.
    @Test func implicitAnimationStartsFromTheShownValue() throws {
        let l = CALayer()
        l.opacity = 1
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 2; a.beginTime = 10
        l.add(a, forKey: "fade")
        _ = stage.renderer.image(for: stage.root, atTime: 11)   // opacity 0.5 shown (linear)
        l.opacity = 0.2                                          // implicit: from what is shown
        let implicit = try #require(l.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(implicit.fromValue == nil)
        let shown = stage.shown(l, at: 11)                       // the implicit animation's first frame
        #expect(abs(shown.opacity - 0.5) < 1e-6, "opacity \(shown.opacity)")
    }
}
