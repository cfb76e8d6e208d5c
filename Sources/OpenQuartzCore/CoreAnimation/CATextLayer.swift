import Foundation

/// A layer that draws a string (CATextLayer.h).
open class CATextLayer: CALayer {
    /// The text: a `String`, or an `NSAttributedString` drawn with its own attributes per run
    /// (`.font`, `.foregroundColor`, `.kern`, `.paragraphStyle`: alignment and line breaking);
    /// anything else draws nothing. Copied when set, as Apple declares it (`copy`), so a mutable
    /// attributed string changed afterwards does not change the layer. Default nil.
    open var string: Any? {
        didSet {
            if let m = string as? NSMutableAttributedString { string = NSAttributedString(attributedString: m) }
            noteChange()
            // Not animatable (no action runs), but a transition added in the same transaction
            // starts from the committed text.
            if isCommittedToRender {
                let old = oldValue
                TransactionState.current.noteCommitted(self, key: "string") { ($0 as? CATextLayer)?.string = old }
            }
        }
    }
    /// The font of a plain `string`: a `CTFont` or `CGFont` (its face; `fontSize` sizes it, as
    /// on Apple's platforms), or a font name (`String`, family, full or PostScript name). Nil picks
    /// a sans-serif face found on the system (Apple: Helvetica). Unused for attributed strings.
    open var font: Any? { didSet { noteChange() } }
    /// The size of the text, in points. Default 36. Animatable.
    open var fontSize: CGFloat = 36 { didSet { noteChange(oldValue) } }
    /// The colour of the text. Default opaque white. Animatable.
    open var foregroundColor: CGColor? = CGColor.white { didSet { noteChange(oldValue) } }
    /// Whether the text wraps onto several lines to fit the bounds' width. Default false.
    open var isWrapped = false { didSet { noteChange() } }
    /// How text that does not fit the bounds is truncated with an ellipsis. Default `.none`.
    open var truncationMode: CATextLayerTruncationMode = .none { didSet { noteChange() } }
    /// How lines are aligned in the bounds. Default `.natural` (left for left-to-right text).
    open var alignmentMode: CATextLayerAlignmentMode = .natural { didSet { noteChange() } }
    /// Whether glyph positions may be rounded to whole subpixel steps when the text is drawn,
    /// which Apple trades for speed. Default false. Glyphs are always placed at their exact
    /// positions here, which is what false asks for; true changes no pixel.
    open var allowsFontSubpixelQuantization = false { didSet { noteChange() } }

    /// Creates a layer with Core Animation's defaults for every property.
    public override init() { super.init() }

    /// A copy of `layer`'s properties, this class's included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Copies the text layer's own properties after the layer's (see `CALayer.copyLayerState`).
    override func copyLayerState(from l: CALayer) {
        super.copyLayerState(from: l)
        guard let l = l as? CATextLayer else { return }
        string = l.string; font = l.font; fontSize = l.fontSize; foregroundColor = l.foregroundColor
        isWrapped = l.isWrapped; truncationMode = l.truncationMode; alignmentMode = l.alignmentMode
        allowsFontSubpixelQuantization = l.allowsFontSubpixelQuantization
    }

    /// The size of the text as laid out without the bounds' limits (wrapped text at the
    /// bounds' width): the widest line, and the lines' height, as Core Text measures them.
    open override func preferredFrameSize() -> CGSize { textSize() }

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
        if let v = coder.decodeBoolValue(forKey: "allowsFontSubpixelQuantization") { allowsFontSubpixelQuantization = v }
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
        coder.encode(allowsFontSubpixelQuantization, forKey: "allowsFontSubpixelQuantization")
    }
}
