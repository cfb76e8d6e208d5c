import Foundation
import OpenUIKit

/// A `UILabel` as the scene files can spell it: UILabel's properties the listings use, with
/// UILabel's defaults of the iOS 6 era the book describes (17-point system font, black text, a
/// white background (clear only from iOS 7), natural alignment, no user interaction), but the
/// line drawn by a `CATextLayer` sublayer (`textLayer`) rather than in `draw(_:)`. Each figure's
/// scene file rebuilds its Swift layer tree exactly, and a scene file has text layers, not
/// views that draw; OpenUIKit's `UILabel` rasterises its text into its own backing store. The
/// text layer spans the label's width and is centred vertically in it, as UILabel centres its
/// line: the text layer itself lays its line out from the top.
final class Label: UIView {
    let textLayer = CATextLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        backgroundColor = .white
        isUserInteractionEnabled = false
        textLayer.foregroundColor = UIColor.black.cgColor
        layer.addSublayer(textLayer)
        applyFont()
    }

    var text: String? {
        get { textLayer.string as? String }
        set { textLayer.string = newValue }
    }

    var textColor: UIColor = .black {
        didSet { textLayer.foregroundColor = textColor.cgColor }
    }

    var textAlignment: NSTextAlignment = .natural {
        didSet { textLayer.alignmentMode = Label.alignmentMode(textAlignment) }
    }

    var font: UIFont = .systemFont(ofSize: 17) {
        didSet { applyFont() }
    }

    override var frame: CGRect {
        didSet { layoutText() }
    }

    override var bounds: CGRect {
        didSet { layoutText() }
    }

    /// The text layer's alignment for a paragraph alignment.
    private static func alignmentMode(_ alignment: NSTextAlignment) -> CATextLayerAlignmentMode {
        switch alignment {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }

    /// The text layer takes a face by family name, as a scene file spells it.
    private func applyFont() {
        textLayer.font = font.familyName
        textLayer.fontSize = font.pointSize
        layoutText()
    }

    /// The line box, rounded up to whole points as UIKit sizes text, in the middle of the label.
    private func layoutText() {
        let b = layer.bounds
        let height = font.lineHeight.rounded(.up)
        textLayer.frame = CGRect(x: b.minX, y: b.minY + (b.height - height) / 2, width: b.width, height: height)
    }
}
