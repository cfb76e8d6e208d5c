import Foundation

/// A layer that draws a `CGPath`, filled then stroked, in its bounds space (CAShapeLayer.h). The
/// shape is drawn where `contents` would be: above the background, below the sublayers.
open class CAShapeLayer: CALayer {
    /// The shape to draw, in the layer's bounds space. Default nil (nothing). Animatable.
    open var path: CGPath? { didSet { noteChange(oldValue) } }
    /// The colour that fills the path; nil for no fill. Default opaque black. Animatable.
    open var fillColor: CGColor? = CGColor.black { didSet { noteChange(oldValue) } }
    /// Which points count as inside the path when filling. Default `.nonZero`.
    open var fillRule: CAShapeLayerFillRule = .nonZero { didSet { noteChange() } }
    /// The colour of the path's outline; nil for no stroke. Default nil. Animatable.
    open var strokeColor: CGColor? { didSet { noteChange(oldValue) } }
    /// Fraction of the path's length where the stroke starts, 0…1.
    open var strokeStart: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// Fraction of the path's length where the stroke ends, 0…1.
    open var strokeEnd: CGFloat = 1 { didSet { noteChange(oldValue) } }
    /// The width of the stroke, in points. Default 1. Animatable.
    open var lineWidth: CGFloat = 1 { didSet { noteChange(oldValue) } }
    /// The longest miter join, as a multiple of half the line width, before it is beveled. Default 10. Animatable.
    open var miterLimit: CGFloat = 10 { didSet { noteChange(oldValue) } }
    /// How the ends of open subpaths are stroked. Default `.butt`.
    open var lineCap: CAShapeLayerLineCap = .butt { didSet { noteChange() } }
    /// How the segments of the stroke are joined. Default `.miter`.
    open var lineJoin: CAShapeLayerLineJoin = .miter { didSet { noteChange() } }
    /// How far into `lineDashPattern` the dashes start. Default 0. Animatable.
    open var lineDashPhase: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// Alternating painted and unpainted lengths, in the layer's bounds space.
    open var lineDashPattern: [NSNumber]? { didSet { noteChange(oldValue) } }

    /// Creates a layer with Core Animation's defaults for every property.
    public override init() { super.init() }

    /// A copy of `layer`'s properties, this class's included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Copies the shape layer's own properties after the layer's (see `CALayer.copyLayerState`).
    override func copyLayerState(from l: CALayer) {
        super.copyLayerState(from: l)
        guard let l = l as? CAShapeLayer else { return }
        path = l.path; fillColor = l.fillColor; fillRule = l.fillRule; strokeColor = l.strokeColor
        strokeStart = l.strokeStart; strokeEnd = l.strokeEnd; lineWidth = l.lineWidth
        miterLimit = l.miterLimit; lineCap = l.lineCap; lineJoin = l.lineJoin
        lineDashPhase = l.lineDashPhase; lineDashPattern = l.lineDashPattern
    }

    /// A shape layer read from a keyed archive: the layer's properties and the shape's.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodePath(forKey: "path") { path = v }
        if let v = coder.decodeColor(forKey: "fillColor") { fillColor = v }
        if let v = coder.decodeStringValue(forKey: "fillRule") { fillRule = CAShapeLayerFillRule(rawValue: v) }
        if let v = coder.decodeColor(forKey: "strokeColor") { strokeColor = v }
        if let v = coder.decodeCGFloat(forKey: "strokeStart") { strokeStart = v }
        if let v = coder.decodeCGFloat(forKey: "strokeEnd") { strokeEnd = v }
        if let v = coder.decodeCGFloat(forKey: "lineWidth") { lineWidth = v }
        if let v = coder.decodeCGFloat(forKey: "miterLimit") { miterLimit = v }
        if let v = coder.decodeStringValue(forKey: "lineCap") { lineCap = CAShapeLayerLineCap(rawValue: v) }
        if let v = coder.decodeStringValue(forKey: "lineJoin") { lineJoin = CAShapeLayerLineJoin(rawValue: v) }
        if let v = coder.decodeCGFloat(forKey: "lineDashPhase") { lineDashPhase = v }
        if let v = coder.decodeNumberList(forKey: "lineDashPattern") { lineDashPattern = v }
    }

    /// Writes the layer's properties, then the shape's, under their names.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodePath(path, forKey: "path")
        coder.encodeColor(fillColor, forKey: "fillColor")
        coder.encodeString(fillRule.rawValue, forKey: "fillRule")
        coder.encodeColor(strokeColor, forKey: "strokeColor")
        coder.encodeCGFloat(strokeStart, forKey: "strokeStart")
        coder.encodeCGFloat(strokeEnd, forKey: "strokeEnd")
        coder.encodeCGFloat(lineWidth, forKey: "lineWidth")
        coder.encodeCGFloat(miterLimit, forKey: "miterLimit")
        coder.encodeString(lineCap.rawValue, forKey: "lineCap")
        coder.encodeString(lineJoin.rawValue, forKey: "lineJoin")
        coder.encodeCGFloat(lineDashPhase, forKey: "lineDashPhase")
        coder.encodeNumberList(lineDashPattern, forKey: "lineDashPattern")
    }
}
