import Foundation

/// A layer that draws a `CGPath`, filled then stroked, in its bounds space (CAShapeLayer.h). The
/// shape is drawn where `contents` would be: above the background, below the sublayers.
open class CAShapeLayer: CALayer {
    open var path: CGPath? { didSet { noteChange(oldValue) } }
    open var fillColor: CGColor? = CGColor.black { didSet { noteChange(oldValue) } }
    open var fillRule: CAShapeLayerFillRule = .nonZero { didSet { noteChange() } }
    open var strokeColor: CGColor? { didSet { noteChange(oldValue) } }
    /// Fraction of the path's length where the stroke starts, 0…1.
    open var strokeStart: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// Fraction of the path's length where the stroke ends, 0…1.
    open var strokeEnd: CGFloat = 1 { didSet { noteChange(oldValue) } }
    open var lineWidth: CGFloat = 1 { didSet { noteChange(oldValue) } }
    open var miterLimit: CGFloat = 10 { didSet { noteChange(oldValue) } }
    open var lineCap: CAShapeLayerLineCap = .butt { didSet { noteChange() } }
    open var lineJoin: CAShapeLayerLineJoin = .miter { didSet { noteChange() } }
    open var lineDashPhase: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// Alternating painted and unpainted lengths, in the layer's bounds space.
    open var lineDashPattern: [NSNumber]? { didSet { noteChange(oldValue) } }

    public override init() { super.init() }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let l = layer as? CAShapeLayer else { return }
        path = l.path; fillColor = l.fillColor; fillRule = l.fillRule; strokeColor = l.strokeColor
        strokeStart = l.strokeStart; strokeEnd = l.strokeEnd; lineWidth = l.lineWidth
        miterLimit = l.miterLimit; lineCap = l.lineCap; lineJoin = l.lineJoin
        lineDashPhase = l.lineDashPhase; lineDashPattern = l.lineDashPattern
    }
}
