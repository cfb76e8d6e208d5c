import Foundation

/// Measures and draws attributed strings for UIKit's string drawing methods, through a
/// `CATextLayer`: the layer's layout (OpenQuartzCore's text layout, the same that draws text
/// layers) is what is measured and what is drawn, so a string measures what it draws.
///
/// UIKit's attribute values are given to the layer as Core Text's: a `UIFont` as its `CTFont`,
/// a `UIColor` as its `CGColor`. Runs without a font are Helvetica's stand-in at 12 points and
/// runs without a color black, UIKit's defaults for string drawing.
enum StringDrawing {
    /// `attributes` with UIKit's values replaced by the Core Text values the layout reads.
    static func coreTextAttributes(_ attributes: [NSAttributedString.Key: Any]?) -> [NSAttributedString.Key: Any] {
        var out: [NSAttributedString.Key: Any] = [:]
        for (key, value) in attributes ?? [:] {
            switch value {
            case let font as UIFont: out[key] = font.ctFont
            case let color as UIColor: out[key] = color.cgColor
            default: out[key] = value
            }
        }
        return out
    }

    /// `string` with UIKit's attribute values replaced by Core Text's.
    static func coreTextString(_ string: NSAttributedString) -> NSAttributedString {
        let out = NSMutableAttributedString(string: string.string)
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attrs, range, _ in
            out.setAttributes(coreTextAttributes(attrs), range: range)
        }
        return out
    }

    /// A text layer laying `string` out: wrapped to `width` when given, else one line per
    /// paragraph.
    static func layer(for string: NSAttributedString, width: CGFloat?, truncates: Bool) -> CATextLayer {
        let layer = CATextLayer()
        layer.string = coreTextString(string)
        layer.isWrapped = width != nil
        layer.truncationMode = truncates ? .end : .none
        let w = width.map { $0.isFinite ? max($0, 0) : 0 } ?? 0
        layer.bounds = CGRect(x: 0, y: 0, width: w, height: 0)
        return layer
    }

    /// The size of `string` laid out unbounded (width nil) or wrapped to `width`.
    static func size(of string: NSAttributedString, width: CGFloat?) -> CGSize {
        guard string.length > 0 else { return .zero }
        return layer(for: string, width: width, truncates: false).preferredFrameSize()
    }

    /// The bounding rectangle `boundingRect(with:options:context:)` answers: with
    /// `.usesLineFragmentOrigin` the lines wrapped to `size.width`, from the top-left origin;
    /// without it one line, its origin on the baseline (so the rectangle starts one ascent
    /// above it).
    static func boundingRect(of string: NSAttributedString, size: CGSize, options: NSStringDrawingOptions,
                             context: NSStringDrawingContext?) -> CGRect {
        var rect: CGRect
        if options.contains(.usesLineFragmentOrigin) {
            let width: CGFloat? = size.width.isFinite && size.width < CGFloat(Float.greatestFiniteMagnitude) ? size.width : nil
            var s = self.size(of: string, width: width)
            if size.height.isFinite, size.height > 0, options.contains(.truncatesLastVisibleLine) { s.height = min(s.height, size.height) }
            rect = CGRect(origin: .zero, size: s)
        } else {
            let line = CTLineCreateWithAttributedString(coreTextString(string))
            var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
            let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
            rect = CGRect(x: 0, y: -ascent, width: CGFloat(width), height: ascent + descent)
        }
        context?.totalBounds = rect
        return rect
    }

    /// Draws `string` into the current context with the top left of its first line at `point`,
    /// unwrapped.
    static func draw(_ string: NSAttributedString, at point: CGPoint) {
        guard string.length > 0 else { return }
        let size = self.size(of: string, width: nil)
        render(layer(for: string, width: nil, truncates: false), in: CGRect(origin: point, size: size))
    }

    /// Draws `string` wrapped into `rect` in the current context; lines that do not fit its
    /// height are left out (the first line always drawn).
    static func draw(_ string: NSAttributedString, in rect: CGRect, truncates: Bool = false) {
        guard string.length > 0 else { return }
        let r = rect.standardized
        render(layer(for: string, width: r.width, truncates: truncates), in: r)
    }

    /// Renders a text layer with its bounds at `rect` of the current context (UIKit's contexts
    /// are y down, so the layer's y-down space maps onto them directly).
    private static func render(_ layer: CATextLayer, in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), rect.minX.isFinite, rect.minY.isFinite else { return }
        layer.bounds = CGRect(origin: .zero, size: rect.size)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.translateBy(x: rect.minX, y: rect.minY)
        layer.render(in: ctx)
    }
}
