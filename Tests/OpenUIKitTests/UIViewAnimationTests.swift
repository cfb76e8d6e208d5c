import Testing
import OpenUIKit

/// `UIView.animate` adds the animations Core Animation would add for the view's layer changes,
/// with the block's timing, and none outside blocks; its completion runs when they stop.
@Suite struct UIViewAnimationTests {
    /// A root view with one subview, rendered once so that its layers are committed (layer
    /// changes run actions only after that, as in Core Animation).
    func committedTree() -> (root: UIView, view: UIView, renderer: CAImageRenderer) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.backgroundColor = .red
        root.addSubview(view)
        let renderer = CAImageRenderer(size: CGSize(width: 100, height: 100))
        _ = renderer.image(for: root.layer, atTime: 0)
        return (root, view, renderer)
    }

    @Test func animateAddsABasicAnimationWithTheBlocksTiming() throws {
        let (root, view, renderer) = committedTree()
        var finished: Bool?
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 },
                       completion: { finished = $0 })
        #expect(view.layer.opacity == 0)
        let animation = try #require(view.layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(animation.keyPath == "opacity" && animation.duration == 1)
        #expect(abs((animation.timingFunction?.evaluate(0.3) ?? 0) - 0.3) < 1e-6)
        // The first render after the change is the commit: the animation starts there.
        _ = renderer.image(for: root.layer, atTime: 10)
        _ = renderer.image(for: root.layer, atTime: 10.5)
        let shown = try #require(view.layer.presentation()?.opacity)
        #expect(abs(shown - 0.5) < 1e-3)
        #expect(finished == nil)
        _ = renderer.image(for: root.layer, atTime: 11.5)
        #expect(finished == true)
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func theDefaultCurveEasesInAndOut() throws {
        let (_, view, _) = committedTree()
        UIView.animate(withDuration: 0.3) { view.center = CGPoint(x: 50, y: 50) }
        let animation = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
        // Ease-in-ease-out (0.42, 0, 0.58, 1) is slower than linear in its first half.
        let early = try #require(animation.timingFunction?.evaluate(0.25))
        #expect(early < 0.25 && animation.duration == 0.3)
        #expect(animation.fromValue == nil && animation.toValue == nil)
    }

    @Test func viewLayersDoNotAnimateOutsideBlocks() {
        let (root, view, _) = committedTree()
        view.alpha = 0.5
        view.backgroundColor = .blue
        #expect(view.layer.animationKeys() == nil)
        // A plain sublayer keeps Core Animation's implicit animations.
        let plain = CALayer()
        root.layer.addSublayer(plain)
        _ = CAImageRenderer(size: CGSize(width: 10, height: 10)).image(for: root.layer, atTime: 1)
        plain.opacity = 0.5
        #expect(plain.animationKeys() == ["opacity"])
    }

    @Test func completionWithoutAnimationsRunsAtOnce() {
        let (_, view, _) = committedTree()
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.tag = 3 }, completion: { finished = $0 })
        #expect(finished == true)
    }

    @Test func removedAnimationsCompleteUnfinished() {
        let (_, view, _) = committedTree()
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { finished = $0 })
        view.layer.removeAllAnimations()
        #expect(finished == false)
    }

    @Test func optionsAndDelay() throws {
        let (_, view, _) = committedTree()
        UIView.animate(withDuration: 0.5, delay: 2, options: [.repeat, .autoreverse], animations: { view.alpha = 0.2 })
        let animation = try #require(view.layer.animation(forKey: "opacity"))
        #expect(animation.repeatCount == .infinity && animation.autoreverses)
        #expect(animation.beginTime > 0 && animation.fillMode == .backwards)
    }

    @Test func springBlocksAddSpringAnimations() throws {
        let (_, view, _) = committedTree()
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 2,
                       animations: { view.center = CGPoint(x: 80, y: 80) })
        let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
        let omega = 2 * CGFloat.pi / 0.5
        #expect(abs(spring.stiffness - omega * omega) < 1e-9 && abs(spring.damping - omega) < 1e-9)
        #expect(spring.mass == 1 && spring.initialVelocity == 2 && spring.duration == 0.5)
    }

    @Test func performWithoutAnimationTurnsThemOff() {
        let (_, view, _) = committedTree()
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { view.alpha = 0.3 }
        }
        #expect(view.layer.animationKeys() == nil && UIView.areAnimationsEnabled)
    }
}
