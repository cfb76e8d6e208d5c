import Foundation

/// A layer that draws a string (CATextLayer.h).
open class CATextLayer: CALayer {
    /// A `String` (an attributed string is not supported yet); anything else draws nothing.
    open var string: Any? { didSet { noteChange() } }
    /// Apple takes a CTFont, CGFont or font name here; OpenQuartzCore takes a font family name
    /// (`String`). Nil picks a sans-serif face found on the system (Apple: Helvetica).
    open var font: Any? { didSet { noteChange() } }
    open var fontSize: CGFloat = 36 { didSet { noteChange(oldValue) } }
    open var foregroundColor: CGColor? = CGColor.white { didSet { noteChange(oldValue) } }
    open var isWrapped = false { didSet { noteChange() } }
    open var truncationMode: CATextLayerTruncationMode = .none { didSet { noteChange() } }
    open var alignmentMode: CATextLayerAlignmentMode = .natural { didSet { noteChange() } }

    public override init() { super.init() }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let l = layer as? CATextLayer else { return }
        string = l.string; font = l.font; fontSize = l.fontSize; foregroundColor = l.foregroundColor
        isWrapped = l.isWrapped; truncationMode = l.truncationMode; alignmentMode = l.alignmentMode
    }
}
