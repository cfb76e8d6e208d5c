import Foundation

/// A layer that shows part of content larger than itself (CAScrollLayer.h): its sublayers
/// are laid out in its bounds space, and scrolling moves the bounds' origin, which brings
/// another part of that space into view. No scroll bars, no events: code scrolls it
/// (`scroll(to:)`, or a sublayer's `scroll(_:)` and `scrollRectToVisible(_:)`), and animating
/// `bounds` or `bounds.origin` scrolls it smoothly.
///
/// `masksToBounds` keeps the layer's default, false, as Apple documents no other for this class:
/// set it to true to clip what is scrolled out, as the book *iOS Core Animation: Advanced
/// Techniques* does for its scroll view (chapter 6, "enable clipping").
open class CAScrollLayer: CALayer {
    /// The axes the layer may scroll along. Default `.both`.
    open var scrollMode: CAScrollLayerScrollMode = .both { didSet { noteChange() } }

    /// Creates a scroll layer with Core Animation's defaults.
    public override init() { super.init() }

    /// A copy of `layer`'s properties, this class's included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// A scroll layer read from a keyed archive: the layer's properties and `scrollMode`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeStringValue(forKey: "scrollMode") { scrollMode = CAScrollLayerScrollMode(rawValue: v) }
    }

    /// Writes the layer's properties, then `scrollMode`.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeString(scrollMode.rawValue, forKey: "scrollMode")
    }

    /// Copies the scroll layer's own property after the layer's (see `CALayer.copyLayerState`).
    override func copyLayerState(from l: CALayer) {
        super.copyLayerState(from: l)
        guard let l = l as? CAScrollLayer else { return }
        scrollMode = l.scrollMode
    }

    /// Moves the bounds' origin to `p` along the axes `scrollMode` allows (so that the point
    /// `p` of the layer's bounds space shows at its top-left corner). A non-finite coordinate
    /// leaves its axis where it is.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        let x = scrollMode == .both || scrollMode == .horizontally
        let y = scrollMode == .both || scrollMode == .vertically
        if x, p.x.isFinite { origin.x = p.x }
        if y, p.y.isFinite { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as makes `r` (bounds space) visible: along each axis, a rectangle
    /// starting before the bounds, or wider than them, is brought to their start; one ending
    /// after them, to their end; one already inside leaves that axis alone. Then `scroll(to:)`
    /// (`scrollMode` applies). Apple documents only the aim, "to ensure that the rectangle is
    /// visible"; the least scroll is how AppKit's `scrollToVisible(_:)` reaches it.
    open func scroll(to r: CGRect) {
        let r = r.standardized, b = bounds.standardized
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        var p = b.origin
        if r.minX < b.minX || r.width > b.width { p.x = r.minX } else if r.maxX > b.maxX { p.x = r.maxX - b.width }
        if r.minY < b.minY || r.height > b.height { p.y = r.minY } else if r.maxY > b.maxY { p.y = r.maxY - b.height }
        scroll(to: p)
    }
}
