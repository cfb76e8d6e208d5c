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
        let m = p.localTransform(), n = p.sublayerSpaceTransform(), t = p.transform
        out += [m.m11, m.m12, m.m21, m.m22, m.m41, m.m42, m.m43, n.m11, n.m41, n.m42].map { Double($0) }
        out += [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
            .map { Double($0) }
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
            #expect(l.animationStorage?.resolvedDirectly == true, "\(key) is evaluated directly")
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
        #expect(p.layer !== l && p.direct.count == 0)
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

    // MARK: The animation table

    /// Transform animations the fast path takes: a value function of one number on
    /// `transform`, and key paths of one number of its decomposition (over a model transform
    /// that is not the identity, which they keep the rest of).
    static var transformCases: [(String, CAValueFunctionName?, Any, Any)] {
        [("transform", .rotateZ, 0.0, 2 * Double.pi), ("transform", .rotateX, 0.2, 1.2), ("transform", .scale, 1.0, 2.5),
         ("transform", .scaleY, 0.5, 2.0), ("transform", .translateX, -3.0, 7.0), ("transform", .translateZ, 0.0, 4.0),
         ("transform.rotation.z", nil, 0.3, 2.5), ("transform.rotation", nil, -1.0, 1.0), ("transform.scale", nil, 1.0, 3.0),
         ("transform.scale.x", nil, 0.5, 1.5), ("transform.translation.x", nil, -4.0, 9.0),
         ("transform.translation.y", nil, 2.0, -2.0)]
    }

    /// Every case the fast path takes: the 18 properties, then the transform cases.
    static func anyCase(_ i: Int) -> (String, CAValueFunctionName?, Any, Any) {
        if i < cases.count { let (k, f, t) = cases[i]; return (k, nil, f, t) }
        return transformCases[i - cases.count]
    }

    /// A shape layer with a model transform, in a root, animated by case `i`.
    static func tree(_ i: Int, fill: CAMediaTimingFillMode) -> (CALayer, CAShapeLayer) {
        let (key, vf, from, to) = anyCase(i)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        let l = animatedLayer(key, from, to, fill: fill)
        l.removeAllAnimations()
        l.transform = CATransform3DRotate(CATransform3DMakeScale(1.5, 0.8, 1), 0.4, 0, 0, 1)
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = from; a.toValue = to
        a.valueFunction = vf.flatMap { CAValueFunction(name: $0) }
        a.beginTime = 1; a.duration = 2; a.repeatCount = 2; a.autoreverses = true; a.fillMode = fill
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        l.add(a, forKey: "a")
        root.addSublayer(l)
        return (root, l)
    }

    /// What the snapshot read of `l` in its last frame equals the generic evaluator's copy at
    /// local time `t`, to the bit; returns whether the animation table served it.
    static func checkShown(_ l: CALayer, _ snapshotter: Snapshotter, at t: CFTimeInterval, _ what: String) -> Bool {
        let shown = snapshotter.presentation(l)
        let generic = l.builtInCopy()
        AnimationEvaluator.apply(l, to: generic, localTime: l.localTime(fromMediaTime: t), events: nil)
        #expect(read(shown) == read(LayerPresentation(generic)), "\(what) at \(t)")
        guard let s = l.animationStorage, snapshotter.animationTable.holds(s) else { return false }
        var values = s.presented
        return snapshotter.animationTable.read(s.tableSlot, into: &values, frame: snapshotter.frameNumber)
    }

    /// Timed snapshots read each layer's values from the snapshotter's animation table, which
    /// evaluates all of them in one loop: the values are the generic evaluator's, to the bit,
    /// at every phase, for every property and transform the fast path takes; and once the
    /// delegate was told the animation started, the table (not the layer) serves them.
    @Test(arguments: 0..<30)
    func tableEqualsGeneric(_ i: Int) throws {
        let what = "\(Self.anyCase(i).0) \(Self.anyCase(i).1?.rawValue ?? "")"
        for fill in [CAMediaTimingFillMode.removed, .both] {
            let (root, l) = Self.tree(i, fill: fill)
            let snapshotter = Snapshotter()
            var served = 0
            for t in [0.5, 1, 1.3, 2.9, 3.5, 5.2, 7.7, 8.99, 9, 12] {
                let events = AnimationEvents()
                _ = snapshotter.snapshot(root, parent: nil, mediaTime: t, events: events)
                if Self.checkShown(l, snapshotter, at: t, what) { served += 1 }
                events.perform()
            }
            #expect(l.animationStorage?.resolvedDirectly == true || !l.hasAnimations, "\(what) is evaluated directly")
            // Frames 2.9 … 8.99: the start is recorded at 1, seen told at 1.3; the end recorded at 9.
            #expect(served == 5, "\(what), fill \(fill.rawValue): \(served) frames served by the table")
        }
    }

    /// A layer with several animations of different properties is read through the table too
    /// (one entry each, in order), with different timings; two animations of one property go
    /// through the presentation copy. Both show the generic evaluator's values.
    @Test func severalAnimations() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        let l = CAShapeLayer()
        l.frame = CGRect(x: 1, y: 2, width: 4, height: 6)
        root.addSublayer(l)
        func basic(_ key: String, _ from: Any, _ to: Any, begin: Double, duration: Double) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from; a.toValue = to; a.beginTime = begin; a.duration = duration; a.repeatCount = .infinity
            a.timingFunction = CAMediaTimingFunction(name: .easeOut)
            return a
        }
        l.add(basic("opacity", 0.1, 1.0, begin: 1, duration: 2), forKey: "fade")
        l.add(basic("position.x", 0.0, 12.0, begin: 1.5, duration: 0.7), forKey: "move")
        let spin = basic("transform", 0.0, Double.pi, begin: 1, duration: 3)
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.autoreverses = true
        l.add(spin, forKey: "spin")
        l.add(basic("strokeEnd", 0.0, 1.0, begin: 2, duration: 1), forKey: "draw")
        let snapshotter = Snapshotter()
        var served = 0
        for t in [0.5, 1.2, 1.7, 2.4, 3.3, 3.8, 4.5, 5.0, 6.1] {
            let events = AnimationEvents()
            _ = snapshotter.snapshot(root, parent: nil, mediaTime: t, events: events)
            if Self.checkShown(l, snapshotter, at: t, "four animations") { served += 1 }
            events.perform()
        }
        #expect(l.animationStorage?.directs.count == 4 && snapshotter.animationTable.count == 4)
        // From 3.8: each start is recorded in its first frame and seen told in the next.
        #expect(served == 4, "\(served) frames served by the table")
        // A second animation of position: the copy path.
        l.add(basic("position", CGPoint(x: 1, y: 1), CGPoint(x: 5, y: 5), begin: 1, duration: 1), forKey: "jump")
        _ = snapshotter.snapshot(root, parent: nil, mediaTime: 7.3, events: nil)
        _ = Self.checkShown(l, snapshotter, at: 7.3, "position twice")
        #expect(l.animationStorage?.resolvedDirectly == false && snapshotter.animationTable.count == 0)
    }

    /// A layer whose local time is not media time (a superlayer's speed and offset) is
    /// evaluated at its own local time.
    @Test func layerTimingIsRespected() throws {
        let (root, l) = Self.tree(6, fill: .both)   // position.x
        let mid = CALayer()
        mid.speed = 0.5
        mid.timeOffset = 0.75
        root.addSublayer(mid)
        mid.addSublayer(l)
        let snapshotter = Snapshotter()
        for t in [1.0, 2.2, 4.4, 6.5] {
            let events = AnimationEvents()
            _ = snapshotter.snapshot(root, parent: nil, mediaTime: t, events: events)
            // The table evaluates at media time; the layer is evaluated at its own.
            #expect(l.localTime(fromMediaTime: t) != t)
            _ = Self.checkShown(l, snapshotter, at: t, "slowed position.x")
            events.perform()
        }
    }

    /// Entries follow the tree: a removed or hidden layer's entries are dropped at the end of
    /// the frame, a shown one's entered again, and a layer whose animation is replaced is
    /// entered with the new one.
    @Test func entriesFollowTheTree() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        var layers: [CAShapeLayer] = []
        for i in 0..<3 {
            let (_, l) = Self.tree(i, fill: .removed)
            l.removeFromSuperlayer()
            root.addSublayer(l)
            layers.append(l)
        }
        let snapshotter = Snapshotter()
        func frame(_ t: Double) {
            let events = AnimationEvents()
            _ = snapshotter.snapshot(root, parent: nil, mediaTime: t, events: events)
            for (i, l) in layers.enumerated() where l.superlayer != nil && !l.isHidden {
                _ = Self.checkShown(l, snapshotter, at: t, "layer \(i)")
            }
            events.perform()
        }
        frame(1.5)
        #expect(snapshotter.animationTable.count == 3)
        layers[1].removeFromSuperlayer()
        frame(1.6)
        #expect(snapshotter.animationTable.count == 2 && layers[1].animationStorage?.tableSlot == -1)
        layers[0].isHidden = true
        frame(1.7)
        #expect(snapshotter.animationTable.count == 1)
        layers[0].isHidden = false
        frame(1.8)
        #expect(snapshotter.animationTable.count == 2)
        let a = CABasicAnimation(keyPath: "cornerRadius")
        a.fromValue = 1; a.toValue = 3; a.beginTime = 1; a.duration = 4
        layers[2].add(a, forKey: "a")   // replaces its animation
        frame(1.9)
        frame(2.4)
        frame(2.9)
        #expect(snapshotter.animationTable.count == 2)
        #expect(Self.checkShown(layers[2], snapshotter, at: 2.9, "replaced"))
        #expect(abs(Double(snapshotter.presentation(layers[2]).cornerRadius) - (1 + 2 * 1.9 / 4)) < 1e-12)
    }

    /// The delegate of an animation read through the table is told once that it started and
    /// once that it stopped, in that order, and a removed-on-completion animation is removed.
    @Test func delegateToldOnce() throws {
        final class Log: NSObject, CAAnimationDelegate {
            var events: [String] = []
            func animationDidStart(_ anim: CAAnimation) { events.append("start") }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
        }
        let root = CALayer()
        let l = CALayer()
        root.addSublayer(l)
        let log = Log()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.beginTime = 1; a.duration = 1; a.delegate = log
        l.add(a, forKey: "fade")
        let snapshotter = Snapshotter()
        for t in stride(from: 0.5, through: 3, by: 0.25) {
            let events = AnimationEvents()
            _ = snapshotter.snapshot(root, parent: nil, mediaTime: t, events: events)
            events.perform()
        }
        #expect(log.events == ["start", "stop true"])
        #expect(!l.hasAnimations && snapshotter.animationTable.count == 0)
    }
}
