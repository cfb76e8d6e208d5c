import Foundation

/// A view that shows text: drawn in `draw(_:)` with UIKit's string drawing, vertically centred
/// in the bounds as UIKit's label centres it, with UIKit's defaults (17-point system font,
/// `.label` color, natural alignment, one line truncated at the tail, clear background, no
/// user interaction). `numberOfLines` 0 wraps without a limit; any other value wraps, with the
/// lines that fit the bounds shown.
open class UILabel: UIView {
    /// The text shown. Default nil.
    open var text: String? {
        didSet { setNeedsDisplay() }
    }

    /// The text shown with its own attributes; when set, it is drawn in place of `text`.
    open var attributedText: NSAttributedString? {
        didSet { setNeedsDisplay() }
    }

    /// The font of `text`. Default: the 17-point system font.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet { setNeedsDisplay() }
    }

    /// The color of `text`. Default `.label`.
    open var textColor: UIColor! = .label {
        didSet { setNeedsDisplay() }
    }

    /// The horizontal alignment of the text. Default `.natural` (left).
    open var textAlignment: NSTextAlignment = .natural {
        didSet { setNeedsDisplay() }
    }

    /// How lines too long for the bounds end. Default `.byTruncatingTail`.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { setNeedsDisplay() }
    }

    /// The most lines shown; 0 for no limit. Default 1.
    open var numberOfLines = 1 {
        didSet { setNeedsDisplay() }
    }

    /// A label with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    /// A label decoded from an archive: UIKit's defaults, a zero frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// The string drawn: `attributedText`, else `text` in the label's font, color, alignment
    /// and line break mode.
    private var drawnString: NSAttributedString? {
        if let attributedText { return attributedText }
        guard let text else { return nil }
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        style.lineBreakMode = lineBreakMode
        var attributes: [NSAttributedString.Key: Any] = [.paragraphStyle: style]
        if let font { attributes[.font] = font }
        if let textColor { attributes[.foregroundColor] = textColor }
        return NSAttributedString(string: text, attributes: attributes)
    }

    /// The size of the text: one line, or wrapped to `size.width` when `numberOfLines` is not 1.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let s = drawnString, s.length > 0 else { return .zero }
        if numberOfLines == 1 { return s.size() }
        return s.boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil).size
    }

    /// The text's own size: its single line, or its lines unwrapped.
    open override var intrinsicContentSize: CGSize { sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)) }

    /// Draws the text in `rect` (the bounds), centred vertically.
    open override func draw(_ rect: CGRect) { drawText(in: rect) }

    /// Draws the text in `rect`, centred vertically as UIKit's label centres it.
    open func drawText(in rect: CGRect) {
        guard let s = drawnString, s.length > 0 else { return }
        let height = numberOfLines == 1 ? s.size().height
            : s.boundingRect(with: rect.size, options: .usesLineFragmentOrigin, context: nil).height
        let h = min(height, rect.height)
        let box = CGRect(x: rect.minX, y: rect.minY + (rect.height - h) / 2, width: rect.width, height: max(h, 0))
        if numberOfLines == 1 {
            // One line: cut at the width with the line break mode, not wrapped.
            let single = NSMutableAttributedString(attributedString: s)
            _ = single.mutableString.replaceOccurrences(of: "\n", with: " ", options: [], range: NSRange(location: 0, length: single.length))
            single.draw(with: box, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
        } else {
            s.draw(with: box, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
        }
    }
}
