import OpenQuartzCore

// The few UIKit names the ported iOS layer code below uses, standing in for UIKit so that the
// code itself compiles unchanged: "only UIKit replaced". Colours are CGColors and fonts CTFonts
// (what UIKit's bridge hands Core Animation on iOS); a view is an NSObject that is its layer's
// delegate and lays out in layoutSubviews(), as UIView does.

typealias UIColor = CGColor
typealias UIFont = CTFont

extension CGColor {
    var cgColor: CGColor { self }
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let gray = CGColor(gray: 0.5, alpha: 1)
    static let darkGray = CGColor(gray: 1.0 / 3, alpha: 1)
    convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 1]
        if c.count == 2 { self.init(gray: c[0], alpha: c[1]) } else { self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
    }
    convenience init(white: CGFloat, alpha: CGFloat) { self.init(gray: white, alpha: alpha) }
}

extension CTFont {
    static func systemFont(ofSize size: CGFloat) -> CTFont { CTFontCreateWithName("DejaVu Sans" as CFString, size, nil) }
    static func boldSystemFont(ofSize size: CGFloat) -> CTFont { CTFontCreateWithName("DejaVu Sans Bold" as CFString, size, nil) }
    var pointSize: CGFloat { CTFontGetSize(self) }
    var fontName: String { CTFontCopyPostScriptName(self) as String }
}

struct UIScreen {
    static let main = UIScreen()
    let scale: CGFloat = 2
}

final class UIBezierPath {
    let cgPath: CGPath
    init(rect: CGRect) { cgPath = CGPath(rect: rect) }
    init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        cgPath = CGPath(roundedRect: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }
}

class UIView: NSObject, CALayerDelegate {
    let layer = CALayer()
    private(set) var subviews: [UIView] = []
    init(frame: CGRect) {
        super.init()
        layer.frame = frame
        layer.delegate = self
    }
    var bounds: CGRect { layer.bounds }
    var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    var backgroundColor: UIColor? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue?.cgColor }
    }
    func addSubview(_ view: UIView) {
        subviews.append(view)
        layer.addSublayer(view.layer)
    }
    func layoutSubviews() {}
    func setNeedsLayout() { layer.setNeedsLayout() }
    func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// Draws the view; runs inside its layer's display with the layer's context current, as UIView does.
    func draw(_ rect: CGRect) {}
    func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        draw(layer.bounds)
        UIGraphicsPopContext()
    }
    func layoutSublayers(of layer: CALayer) {
        if layer === self.layer { layoutSubviews() }
    }
}
