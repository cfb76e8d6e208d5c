import Foundation

/// Animated custom properties that redraw: a layer whose class answers true from
/// `needsDisplay(forKey:)` for a key it animates is displayed every frame with the key's
/// in-flight value, as Core Animation displays its presentation layer.
///
/// Core Animation copies the layer with `init(layer:)` and calls `display()` on the copy. Swift
/// cannot call `init(layer:)` on a subclass known only at run time (and the one initializer it
/// can call, `init?(coder:)`, is often `fatalError` in iOS code), so the frame is drawn by the
/// layer itself: for the duration of its `display()`, its custom keys hold their presentation
/// values (evaluated at the frame's time), then the model values are put back. What its drawing
/// reads through `value(forKey:)` (and the properties a Linux port declares on it) is then what
/// a presentation copy would hold; Core Animation properties read while drawing are the model's.
/// The drawn image becomes the layer's `contents` for that frame; once no such animation runs,
/// the layer is displayed once more with its model values.
extension CALayer {
    /// The custom keys (not Core Animation properties) that the layer's animations animate,
    /// when its class's `needsDisplay(forKey:)` is true for at least one of them; else none.
    /// Every animated key is returned, not only those that need display: the presentation
    /// copy Core Animation draws holds the in-flight value of every animated key, so a
    /// drawing that reads a second animated key (GeigerCounter's meter animates its needle,
    /// which needs display, and its colour, which does not) sees it in flight too.
    final func animatedDisplayKeys() -> [String] {
        guard let list = animationStorage?.animations, !list.isEmpty else { return [] }
        var keys: [String] = []
        var needsDisplay = false
        func visit(_ a: CAAnimation) {
            if let g = a as? CAAnimationGroup { for c in g.animations ?? [] { visit(c) }; return }
            guard let p = a as? CAPropertyAnimation, let key = p.keyPath, LayerKeyPath(key) == nil,
                  !keys.contains(key) else { return }
            keys.append(key)
            if !needsDisplay { needsDisplay = type(of: self).needsDisplay(forKey: key) }
        }
        for (_, a) in list { visit(a) }
        return needsDisplay ? keys : []
    }

    /// For the display pass of a render at media time `t`: displays the layer with the
    /// presentation values of its animated custom keys when one needs display; true if it did.
    final func displayAnimatedKeys(atMediaTime t: CFTimeInterval) -> Bool {
        guard let s = animationStorage else { return false }
        let keys = animatedDisplayKeys()
        if keys.isEmpty {
            // The animation ended (or was removed): draw the model values again.
            if s.displaysAnimatedValues {
                s.displaysAnimatedValues = false
                setNeedsDisplay()
            }
            return false
        }
        // The animations evaluated on a scratch layer that holds the model's custom values.
        let scratch = CALayer()
        scratch.animStorage.customValues = s.customValues
        AnimationEvaluator.apply(self, to: scratch, localTime: localTime(fromMediaTime: t), events: nil)
        let model = s.customValues
        var shown = model
        for k in keys { shown[k] = scratch.animationStorage?.customValues[k] }
        s.customValues = shown
        // Core Animation displays a copy here (the presentation layer), whose new contents
        // run no action: no `contents` fade for a frame of the animation (an action running
        // is how `runAction` knows to run no other).
        let transaction = TransactionState.current
        let running = transaction.changing
        transaction.changing = ("contents", nil)
        display()
        transaction.changing = running
        // Keep what the drawing itself set; put back the model values of the animated keys.
        for k in keys { s.customValues[k] = model[k] }
        s.displaysAnimatedValues = true
        return true
    }
}
