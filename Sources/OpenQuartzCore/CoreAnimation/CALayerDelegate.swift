import Foundation

/// Methods a layer's `delegate` may implement to lay out the layer's sublayers, provide its
/// actions and provide its contents.
///
/// On Apple's platforms the methods are optional Objective-C requirements; here each has a
/// default implementation in an extension that does what an absent method does there, so a
/// conforming type implements only what it needs, exactly as iOS code does.
public protocol CALayerDelegate: NSObjectProtocol {
    /// Lays out the sublayers of `layer`; called by the default `layoutSublayers()` in place of
    /// any other layout.
    func layoutSublayers(of layer: CALayer)

    /// The action for `event` on `layer`, or nil to let the layer go on searching (its
    /// `actions` dictionary, then `defaultAction(forKey:)`). Returning `NSNull()` stops the
    /// search with no action.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?

    /// Provides `layer`'s contents in place of its drawing, typically by setting `contents`;
    /// called by the default `display()`. The default implementation draws the layer as an
    /// absent method would: a backing store, `layerWillDraw(_:)`, then `draw(in:)`.
    func display(_ layer: CALayer)

    /// Draws `layer`'s content into `ctx` (flipped: the layer's bounds space, origin top-left);
    /// called by the default `draw(in:)`. The default implementation draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)

    /// Called just before `layer` draws into a new backing store, to adjust the layer (for
    /// example `contentsFormat` or `isOpaque`). The default implementation does nothing.
    func layerWillDraw(_ layer: CALayer)
}

extension CALayerDelegate {
    /// Does nothing, as an absent `layoutSublayers(of:)` does on Apple's platforms.
    public func layoutSublayers(of layer: CALayer) {}
    /// No action: the layer goes on searching, as when the method is absent on Apple's platforms.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
    /// Draws the layer as an absent `display(_:)` does on Apple's platforms: a backing store the
    /// size of the bounds at `contentsScale`, `layerWillDraw(_:)`, then the layer's `draw(in:)`.
    public func display(_ layer: CALayer) { layer.drawBackingStore() }
    /// Draws nothing, as an absent `draw(_:in:)` does on Apple's platforms.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing, as an absent `layerWillDraw(_:)` does on Apple's platforms.
    public func layerWillDraw(_ layer: CALayer) {}
}
