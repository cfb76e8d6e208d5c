import Foundation

/// A layer that fills its bounds with a colour gradient (CAGradientLayer.h). `startPoint` and
/// `endPoint` are in unit coordinates of the bounds, like `anchorPoint`.
open class CAGradientLayer: CALayer {
    /// `CGColor`s; other elements are ignored.
    open var colors: [Any]? { didSet { noteChange(oldValue) } }
    /// Stops in 0…1, one per colour, increasing; nil spreads the colours evenly.
    open var locations: [NSNumber]? { didSet { noteChange(oldValue) } }
    /// Where the gradient starts, in unit coordinates of the bounds. Default (0.5, 0), the top
    /// middle (y down). Animatable.
    open var startPoint = CGPoint(x: 0.5, y: 0) { didSet { noteChange(oldValue) } }
    /// Where the gradient ends, in unit coordinates of the bounds. Default (0.5, 1), the bottom
    /// middle. Animatable.
    open var endPoint = CGPoint(x: 0.5, y: 1) { didSet { noteChange(oldValue) } }
    /// The kind of gradient: axial, radial or conic. Default `.axial`.
    open var type: CAGradientLayerType = .axial { didSet { noteChange() } }

    /// Creates a layer with Core Animation's defaults for every property.
    public override init() { super.init() }

    /// A copy of `layer`'s properties, this class's included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Copies the gradient layer's own properties after the layer's (see `CALayer.copyLayerState`).
    override func copyLayerState(from l: CALayer) {
        super.copyLayerState(from: l)
        guard let l = l as? CAGradientLayer else { return }
        colors = l.colors; locations = l.locations
        startPoint = l.startPoint; endPoint = l.endPoint; type = l.type
    }

    /// A gradient layer read from a keyed archive: the layer's properties and the gradient's.
    /// `colors` survive as the `CGColor`s they hold (other elements draw nothing and are dropped).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let n = coder.decodeIntValue(forKey: "colors.count") {
            if n < 0 {
                colors = nil
            } else {
                // Bounded by what the archive holds: a missing colour ends the list.
                var list: [Any] = []
                for i in 0..<n {
                    guard case .some(.some(let c)) = coder.decodeColor(forKey: "colors.\(i)") else { break }
                    list.append(c)
                }
                colors = list
            }
        }
        if let v = coder.decodeNumberList(forKey: "locations") { locations = v }
        if let v = coder.decodePointValue(forKey: "startPoint") { startPoint = v }
        if let v = coder.decodePointValue(forKey: "endPoint") { endPoint = v }
        if let v = coder.decodeStringValue(forKey: "type") { type = CAGradientLayerType(rawValue: v) }
    }

    /// Writes the layer's properties, then the gradient's, under their names.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        if let colors {
            let cgColors = colors.compactMap { $0 as? CGColor }
            coder.encode(cgColors.count, forKey: "colors.count")
            for (i, c) in cgColors.enumerated() { coder.encodeColor(c, forKey: "colors.\(i)") }
        } else {
            coder.encode(-1, forKey: "colors.count")
        }
        coder.encodeNumberList(locations, forKey: "locations")
        coder.encodePoint(startPoint, forKey: "startPoint")
        coder.encodePoint(endPoint, forKey: "endPoint")
        coder.encodeString(type.rawValue, forKey: "type")
    }
}
