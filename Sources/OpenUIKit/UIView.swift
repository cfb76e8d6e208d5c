import Foundation

/// A rectangular area backed by a Core Animation layer: UIKit's view as far as layer code
/// needs it (geometry, hierarchy, layout and drawing; no events, windows or Auto Layout).
///
/// Every geometric and visual property is the layer's (`frame`, `bounds`, `center` is the
/// layer's `position`, `alpha` its `opacity`, `clipsToBounds` its `masksToBounds`), and the
/// view is its layer's delegate, as in UIKit: the layer asks it for its drawing (`draw(_:)`,
/// with the layer's context current), its layout (`layoutSubviews()`) and its actions, which
/// are animations only inside `UIView.animate` blocks (outside them the view's layer changes
/// without implicit animation). UIKit isolates views to the main actor; here the renderer
/// calls the delegate on the thread that renders, so the class is not actor-isolated.
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the view's layer. Override to back a view with a `CAShapeLayer`,
    /// `CAGradientLayer` or a layer class of your own. Default `CALayer`.
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer, made from `layerClass` when the view is made.
    private var backingLayer: CALayer!

    /// The layer the view draws with; the view is its delegate.
    open var layer: CALayer { backingLayer }

    /// A view with `frame` (in its superview's coordinates).
    public init(frame: CGRect) {
        super.init()
        setUpLayer(frame: frame)
    }

    /// A view with a zero frame.
    public convenience override init() { self.init(frame: .zero) }

    /// A view decoded from an archive: OpenUIKit reads no interface files, so this makes a
    /// view with a zero frame.
    public required init?(coder: NSCoder) {
        super.init()
        setUpLayer(frame: .zero)
    }

    private func setUpLayer(frame: CGRect) {
        backingLayer = UIView.makeLayer(type(of: self).layerClass)
        backingLayer.delegate = self
        backingLayer.frame = frame
        // UIKit draws a view the first time it is shown; the layer is marked so that the first
        // render asks the view for its drawing.
        backingLayer.setNeedsDisplay()
    }

    /// An instance of `layerClass`: Core Animation's own classes by their initializer, any
    /// other layer class by its `init?(coder:)` given a coder that copies a new `CALayer`
    /// (Swift creates an instance of a class known only at run time through a `required`
    /// initializer, and that is the one every layer class has; `presentation()` makes copies
    /// of such classes the same way). A class that is not a layer class, or whose decoder
    /// fails, gives a `CALayer`.
    static func makeLayer(_ layerClass: AnyClass) -> CALayer {
        switch ObjectIdentifier(layerClass) {
        case ObjectIdentifier(CALayer.self): return CALayer()
        case ObjectIdentifier(CAShapeLayer.self): return CAShapeLayer()
        case ObjectIdentifier(CAGradientLayer.self): return CAGradientLayer()
        case ObjectIdentifier(CATextLayer.self): return CATextLayer()
        case ObjectIdentifier(CAReplicatorLayer.self): return CAReplicatorLayer()
        case ObjectIdentifier(CATransformLayer.self): return CATransformLayer()
        case ObjectIdentifier(CAEmitterLayer.self): return CAEmitterLayer()
        default:
            guard let type = layerClass as? CALayer.Type, let layer = CALayer.defaultInstance(of: type) else { return CALayer() }
            return layer
        }
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates: the layer's `frame`.
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The view's own coordinate space: the layer's `bounds`.
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    /// The centre of the view in its superview's coordinates: the layer's `position`, as
    /// UIKit keeps the layer's anchor point in its middle.
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The view's transform about its centre: the layer's affine transform.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// Pixels a point of the view's drawing: the layer's `contentsScale`. Default 1.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    /// A view's own preferred size for `size`: its current size by default.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The size the view's content asks for; `UIView.noIntrinsicMetric` in both dimensions by
    /// default (no preference).
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The value of a dimension of `intrinsicContentSize` that has no preference: −1.
    public class var noIntrinsicMetric: CGFloat { -1 }

    /// Resizes the view to `sizeThatFits(_:)` of its current size, keeping its origin.
    open func sizeToFit() {
        frame = CGRect(origin: frame.origin, size: sizeThatFits(bounds.size))
    }

    /// `point` from this view's coordinates to `view`'s (nil: the root view's).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer) }
    /// `point` from `view`'s coordinates (nil: the root view's) to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer) }
    /// `rect` from this view's coordinates to `view`'s (nil: the root view's).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: view?.layer) }
    /// `rect` from `view`'s coordinates (nil: the root view's) to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: view?.layer) }

    // MARK: Appearance

    /// The view's opacity, 0 to 1: the layer's `opacity`. Default 1.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// The view's background color: the layer's `backgroundColor`. Default nil (transparent).
    open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.cgColor }
    }

    /// Whether the view and its subviews are hidden: the layer's `isHidden`. Default false.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews are clipped to the view's bounds: the layer's `masksToBounds`.
    /// Default false.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view promises to fill its bounds opaquely: the layer's `isOpaque`.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// Whether the view takes part in hit testing: OpenQuartzCore's `allowsHitTesting` on the
    /// layer. Default true.
    open var isUserInteractionEnabled: Bool {
        get { layer.allowsHitTesting }
        set { layer.allowsHitTesting = newValue }
    }

    /// A number that identifies the view (`viewWithTag(_:)`). Default 0.
    open var tag = 0

    /// How the view's drawn content is placed when its bounds change: the layer's
    /// `contentsGravity`, and for `.redraw` a redraw on every size change. Default
    /// `.scaleToFill`.
    open var contentMode: UIView.ContentMode = .scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.contentsGravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    /// The tint color: the one set on this view, else its superview's, else system blue.
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            ownTintColor = newValue
            tintColorDidChange()
        }
    }
    private var ownTintColor: UIColor?

    /// Called when the tint color changes. Default: nothing.
    open func tintColorDidChange() {}

    // MARK: Hierarchy

    /// The view this view is a subview of.
    open private(set) weak var superview: UIView?

    /// The subviews, back to front.
    open private(set) var subviews: [UIView] = []

    /// Adds `view` in front of the other subviews (removing it from its superview first).
    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` among the subviews at `index` (clamped to the valid range).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        view.willMove(toSuperview: self)
        if let old = view.superview { old.detach(view) }
        let i = min(max(index, 0), subviews.count)
        subviews.insert(view, at: i)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(i))
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    /// Inserts `view` just above `siblingSubview` (at the front when it is not a subview).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let i = subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: view.superview === self ? adjusted(i, moving: view) : i)
    }

    /// Inserts `view` just below `siblingSubview` (at the front when it is not a subview).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let i = subviews.firstIndex { $0 === siblingSubview } ?? subviews.count
        insertSubview(view, at: view.superview === self ? adjusted(i, moving: view) : i)
    }

    /// An index counted with `view` still in `subviews`, counted without it.
    private func adjusted(_ index: Int, moving view: UIView) -> Int {
        guard let current = subviews.firstIndex(where: { $0 === view }) else { return index }
        return current < index ? index - 1 : index
    }

    /// Moves `view` in front of its siblings.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` behind its siblings.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view from its superview (and its layer from the superview's layer).
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        willMove(toSuperview: nil)
        parent.detach(self)
        didMoveToSuperview()
    }

    /// Takes `view` out of `subviews` and its layer out of the layer tree.
    private func detach(_ view: UIView) {
        willRemoveSubview(view)
        subviews.removeAll { $0 === view }
        view.superview = nil
        view.layer.removeFromSuperlayer()
    }

    /// Whether this view is `view` or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The view, or its first descendant (depth first), whose `tag` is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.viewWithTag(tag) { return v } }
        return nil
    }

    /// Called after a subview was added. Default: nothing.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed. Default: nothing.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the view moves to `newSuperview` (nil: it is being removed). Default: nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to another superview or was removed. Default: nothing.
    open func didMoveToSuperview() {}

    // MARK: Layout

    /// Lays out the subviews; called when the layer lays out (before a render that finds it
    /// marked, or from `layoutIfNeeded()`). Default: nothing (there is no Auto Layout).
    open func layoutSubviews() {}

    /// Marks the view as needing layout before the next render.
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays the view out now if it is marked as needing layout.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    // MARK: Drawing

    /// Draws the view's content into the current context (`UIGraphicsGetCurrentContext()`),
    /// which is the view's layer's, flipped to the view's bounds. Called when the view is first
    /// shown and after `setNeedsDisplay()`. Default: nothing.
    open func draw(_ rect: CGRect) {
        BaseDraw.current.reached = true
    }

    /// Whether the running `draw(_:)` reached `UIView`'s own, which draws nothing: then a
    /// backing store that stayed clear is dropped, so that views that do not draw keep no
    /// bitmap (UIKit gives none to a view that does not override `draw(_:)`). Per thread, as
    /// drawing is.
    private final class BaseDraw {
        var reached = false
        static var current: BaseDraw { ThreadLocal.value(forKey: "OpenUIKit.UIView.BaseDraw") { BaseDraw() } }
    }

    /// Draws the view and its subviews, as they are now, scaled into `rect` of the current
    /// context (`UIGraphicsGetCurrentContext()`) through the layer's `render(in:)`. Returns
    /// false when there is no current context or the view has no area. `afterScreenUpdates`
    /// has no effect: the layer tree is drawn as it stands, after any pending display.
    open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        let b = bounds
        guard let ctx = UIGraphicsGetCurrentContext(), b.width > 0, b.height > 0,
              rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return false }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.translateBy(x: rect.minX, y: rect.minY)
        ctx.scaleBy(x: rect.width / b.width, y: rect.height / b.height)
        ctx.translateBy(x: -b.minX, y: -b.minY)
        layer.render(in: ctx)
        return true
    }

    /// Marks the whole view as needing to be drawn again before the next render.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks `rect` of the view as needing to be drawn again before the next render.
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    // MARK: CALayerDelegate

    /// Draws the layer's backing store through `draw(_:)`; when the view drew nothing, puts
    /// back the contents the layer had, as UIKit never draws a view that does not override
    /// `draw(_:)`: code that sets such a view's `layer.contents` to an image keeps it.
    open func display(_ layer: CALayer) {
        let flag = BaseDraw.current
        let outer = flag.reached
        flag.reached = false
        let given = layer.contents
        layer.drawBackingStore()
        if flag.reached, let image = layer.contents as? CGImage, image.premultipliedRGBA.allSatisfy({ $0 == 0 }) {
            layer.contents = given
        }
        flag.reached = outer
    }

    /// Makes the layer's context current and calls `draw(_:)` with the layer's bounds.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        draw(layer.bounds)
    }

    /// Calls `layoutSubviews()` when the view's layer lays out.
    open func layoutSublayers(of layer: CALayer) {
        if layer === self.layer { layoutSubviews() }
    }

    /// The view's layer's actions: inside an animation block an animation of the property
    /// with the block's timing; outside, none (`NSNull`), so that changing a view's layer does
    /// not animate implicitly, as in UIKit.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard layer === self.layer else { return nil }
        return UIViewAnimationBlock.current?.action(for: layer, forKey: event) ?? NSNull()
    }
}
