import Foundation

/// A layer that draws a string (CATextLayer.h).
open class CATextLayer: CALayer {
    /// A `String` (an attributed string is not supported yet); anything else draws nothing.
    open var string: Any? { didSet { noteChange() } }
    /// Apple takes a CTFont, CGFont or font name here; OpenQuartzCore takes a font family name
    /// (`String`). Nil picks a sans-serif face found on the system (Apple: Helvetica).
    open var font: Any? { didSet { noteChange() } }
    /// The size of the text, in points. Default 36. Animatable.
    open var fontSize: CGFloat = 36 { didSet { noteChange() } }
    /// The colour of the text. Default opaque white. Animatable.
    open var foregroundColor: CGColor? = CGColor.white { didSet { noteChange() } }
    /// Whether the text wraps onto several lines to fit the bounds' width. Default false.
    open var isWrapped = false { didSet { noteChange() } }
    /// How text that does not fit the bounds is truncated with an ellipsis. Default `.none`.
    open var truncationMode: CATextLayerTruncationMode = .none { didSet { noteChange() } }
    /// How lines are aligned in the bounds. Default `.natural` (left for left-to-right text).
    open var alignmentMode: CATextLayerAlignmentMode = .natural { didSet { noteChange() } }

    /// Creates a layer with Core Animation's defaults for every property.
    public override init() { super.init() }

    /// A copy of `layer`'s properties, this class's included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let l = layer as? CATextLayer else { return }
        string = l.string; font = l.font; fontSize = l.fontSize; foregroundColor = l.foregroundColor
        isWrapped = l.isWrapped; truncationMode = l.truncationMode; alignmentMode = l.alignmentMode
    }

    /// A text layer read from a keyed archive: the layer's properties and the text's (see
    /// `encode(with:)` for what an attributed string keeps).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeTextString(forKey: "string") { string = v }
        if let v = coder.decodeStringValue(forKey: "font") { font = v }
        if let v = coder.decodeCGFloat(forKey: "fontSize") { fontSize = v }
        if let v = coder.decodeColor(forKey: "foregroundColor") { foregroundColor = v }
        if let v = coder.decodeBoolValue(forKey: "wrapped") { isWrapped = v }
        if let v = coder.decodeStringValue(forKey: "truncationMode") { truncationMode = CATextLayerTruncationMode(rawValue: v) }
        if let v = coder.decodeStringValue(forKey: "alignmentMode") { alignmentMode = CATextLayerAlignmentMode(rawValue: v) }
    }

    /// Writes the layer's properties, then the text's. `font` is archived by name (a `CTFont`'s
    /// size is not the layer's: `fontSize` is). A `String` or an attributed string is archived
    /// with the attributes this renderer draws (see `NSCoder.encodeTextString`).
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeTextString(string, forKey: "string")
        coder.encodeString(CATextLayer.fontName(of: font), forKey: "font")
        coder.encodeCGFloat(fontSize, forKey: "fontSize")
        coder.encodeColor(foregroundColor, forKey: "foregroundColor")
        coder.encode(isWrapped, forKey: "wrapped")
        coder.encodeString(truncationMode.rawValue, forKey: "truncationMode")
        coder.encodeString(alignmentMode.rawValue, forKey: "alignmentMode")
    }
}
