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
