import Foundation
import OpenQuartzCore

/// The part of UIKit's `UILabel` the listings use, with UILabel's defaults of the iOS 6 era the
/// book describes: 17-point system font, black text, a white background (clear only from
/// iOS 7), natural alignment, and no user interaction. One line of text drawn by a
/// `CATextLayer` (`textLayer`) that spans the label's width and is centred vertically in it,
/// as UILabel centres its line: the text layer itself lays its line out from the top.
final class Label: View {
    let textLayer = CATextLayer()

    init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        isUserInteractionEnabled = false
        textLayer.foregroundColor = .black
        layer.addSublayer(textLayer)
        applyFont()
    }

    var text: String? {
        get { textLayer.string as? String }
        set { textLayer.string = newValue }
    }

    var textColor: CGColor? {
        get { textLayer.foregroundColor }
        set { textLayer.foregroundColor = newValue }
    }

    var textAlignment: NSTextAlignment = .natural {
        didSet { textLayer.alignmentMode = textAlignment.alignmentMode }
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

    private func applyFont() {
        textLayer.font = font.fontName
        textLayer.fontSize = font.pointSize
        layoutText()
    }

    /// The line box, rounded up to whole points as UIKit sizes text, in the middle of the label.
    private func layoutText() {
        let b = layer.bounds
        let height = (font.lineHeight ?? font.pointSize).rounded(.up)
        textLayer.frame = CGRect(x: b.minX, y: b.minY + (b.height - height) / 2, width: b.width, height: height)
    }
}
