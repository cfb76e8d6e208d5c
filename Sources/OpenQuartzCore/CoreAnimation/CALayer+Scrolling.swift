import Foundation

/// The scrolling members every layer has (Apple's `CALayerScrolling` category): they act on the
/// closest `CAScrollLayer` among the layer's ancestors (superlayer, its superlayer, …; the layer
/// itself is not its own ancestor). The open entry points are in the class body (`CALayer.swift`).
extension CALayer {
    /// The closest ancestor that is a scroll layer, or nil.
    final var enclosingScrollLayer: CAScrollLayer? {
        var up = superlayer
        while let l = up {
            if let s = l as? CAScrollLayer { return s }
            up = l.superlayer
        }
        return nil
    }

    /// `scroll(_:)`: the scroll layer shows `p` (this layer's bounds space) at its origin.
    final func scrollEnclosingScrollLayer(to p: CGPoint) {
        guard let s = enclosingScrollLayer else { return }
        s.scroll(to: s.convert(p, from: self))
    }

    /// `scrollRectToVisible(_:)`: the scroll layer scrolls until `r` (this layer's bounds space)
    /// is visible.
    final func scrollEnclosingScrollLayer(toVisible r: CGRect) {
        guard let s = enclosingScrollLayer else { return }
        s.scroll(to: s.convert(r, from: self))
    }

    /// `visibleRect`: the bounds, cut to the part the closest scroll layer's bounds show (in this
    /// layer's bounds space); `CGRect.null` when it shows none of it. Outside a scroll layer, or
    /// where the two spaces do not map (a layer seen edge on), the bounds.
    final var boundsVisibleInScrollLayer: CGRect {
        let b = bounds.standardized
        guard let s = enclosingScrollLayer else { return b }
        let shown = convert(s.bounds, from: s)
        guard shown.origin.x.isFinite, shown.origin.y.isFinite, shown.width.isFinite, shown.height.isFinite else { return b }
        return b.intersection(shown)
    }
}
