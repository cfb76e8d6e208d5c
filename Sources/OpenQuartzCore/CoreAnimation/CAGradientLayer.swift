import Foundation

/// A layer that fills its bounds with a colour gradient (CAGradientLayer.h). `startPoint` and
/// `endPoint` are in unit coordinates of the bounds, like `anchorPoint`.
open class CAGradientLayer: CALayer {
    /// `CGColor`s; other elements are ignored.
    open var colors: [Any]? { didSet { noteChange(oldValue) } }
    /// Stops in 0…1, one per colour, increasing; nil spreads the colours evenly.
    open var locations: [NSNumber]? { didSet { noteChange(oldValue) } }
    open var startPoint = CGPoint(x: 0.5, y: 0) { didSet { noteChange(oldValue) } }
    open var endPoint = CGPoint(x: 0.5, y: 1) { didSet { noteChange(oldValue) } }
    open var type: CAGradientLayerType = .axial { didSet { noteChange() } }

    public override init() { super.init() }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let l = layer as? CAGradientLayer else { return }
        colors = l.colors; locations = l.locations
        startPoint = l.startPoint; endPoint = l.endPoint; type = l.type
    }
}
