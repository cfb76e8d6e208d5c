import Testing
import OpenQuartzCore

// Layer code written the way public iOS code writes it (charts' axis labels with attributed
// strings, a card view laid out in layoutSubviews(), a label sized by preferredFrameSize(),
// CALayer subclasses with the init triple and overrides), compiled here with only UIKit
// replaced (UIKitStandIn.swift) and rendered. No `import Foundation`: OpenQuartzCore brings it,
// as QuartzCore does on iOS. Written for these tests after the patterns of public iOS code
// (chart label drawers, card views, shadow-layer subclasses); none of it is copied.

// MARK: - iOS code (unchanged but for UIKit)

/// A card: rounded, with a shadow whose path follows the bounds, set in layoutSubviews().
final class CardView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = 12
        layer.masksToBounds = false
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOffset = CGSize(width: 0, height: 4)
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 4
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 12).cgPath
    }
}

/// A chart's x axis: one centred attributed-string label per value, laid out across the width.
final class AxisLabelsLayer: CALayer {
    var titles: [String] = [] {
        didSet {
            textLayers.forEach { $0.removeFromSuperlayer() }
            textLayers = titles.map(makeLabel)
            textLayers.forEach(addSublayer)
            setNeedsLayout()
        }
    }
    var textColor: UIColor = .gray
    private var textLayers: [CATextLayer] = []

    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? AxisLabelsLayer { textColor = other.textColor }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    private func makeLabel(_ title: String) -> CATextLayer {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let text = CATextLayer()
        text.string = NSAttributedString(string: title, attributes: [
            .font: UIFont.systemFont(ofSize: 12),
            .foregroundColor: UIColor(cgColor: textColor),
            .paragraphStyle: style,
            .kern: 0.5,
        ])
        text.contentsScale = UIScreen.main.scale
        return text
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        let width = bounds.width / CGFloat(max(textLayers.count, 1))
        for (i, text) in textLayers.enumerated() {
            text.frame = CGRect(x: CGFloat(i) * width, y: 0, width: width, height: bounds.height)
        }
    }
}

/// A label drawer: a text layer with a UIFont, sized to its text.
enum LabelDrawer {
    static func makeTextLayer(text: String, font: UIFont = UIFont.systemFont(ofSize: 13),
                              color: UIColor = UIColor(red: 0.56, green: 0.59, blue: 0.61, alpha: 1)) -> CATextLayer {
        let label = CATextLayer()
        label.font = font
        label.fontSize = font.pointSize
        label.string = text
        label.foregroundColor = color.cgColor
        label.contentsScale = UIScreen.main.scale
        var frame = label.frame
        frame.size = label.preferredFrameSize()
        label.frame = frame
        return label
    }
}

/// A round badge: the init triple, its own property archived, and overrides of layout,
/// hierarchy and hit testing.
class BadgeLayer: CALayer {
    var count = 0
    private(set) var removals = 0
    private(set) var layouts = 0

    override init() {
        super.init()
        backgroundColor = UIColor.red.cgColor
    }
    override init(layer: Any) {
        super.init(layer: layer)
        if let badge = layer as? BadgeLayer { count = badge.count }
    }
    required init?(coder: NSCoder) {
        count = coder.decodeInteger(forKey: "count")
        super.init(coder: coder)
    }
    override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(count, forKey: "count")
    }
    override class var supportsSecureCoding: Bool { true }

    override func layoutSublayers() {
        super.layoutSublayers()
        layouts += 1
        cornerRadius = min(bounds.width, bounds.height) / 2
    }
    override func removeFromSuperlayer() {
        removals += 1
        super.removeFromSuperlayer()
    }
    /// Only the round part is hit.
    override func contains(_ p: CGPoint) -> Bool {
        let r = min(bounds.width, bounds.height) / 2
        let dx = p.x - bounds.midX, dy = p.y - bounds.midY
        return dx * dx + dy * dy <= r * r
    }
    /// A tap on a sublayer counts as a tap on the badge.
    override func hitTest(_ p: CGPoint) -> CALayer? {
        super.hitTest(p) == nil ? nil : self
    }
}

// MARK: - Tests

@Suite struct IOSLayerCodeTests {
    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat) -> CGImage {
        CAImageRenderer(size: CGSize(width: w, height: h), background: CGColor(gray: 1, alpha: 1)).image(for: root)
    }

    /// (r, g, b, a), premultiplied, of pixel (x, y).
    func px(_ image: CGImage, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let p = image.surface.pixel(x: x, y: y)
        return (Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24))
    }

    /// Columns in x0..<x1 holding a pixel darker than `level` in rows y0..<y1.
    func inkColumns(_ image: CGImage, x0: Int, x1: Int, y0: Int, y1: Int, level: Int = 200) -> [Int] {
        (x0..<x1).filter { x in (y0..<y1).contains { y in px(image, x, y).0 < level } }
    }

    /// The card's layoutSubviews() runs in the render's layout pass (through the layer's
    /// delegate) and again when the frame's size changes, so the shadow path follows the bounds.
    @Test func cardViewLaysOutItsShadowBeforeRendering() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 200))
        let card = CardView(frame: CGRect(x: 40, y: 40, width: 160, height: 100))
        card.backgroundColor = .white
        root.addSubview(card)
        #expect(card.layer.shadowPath == nil)
        let first = render(root.layer, 240, 200)
        #expect(card.layer.shadowPath?.boundingBox == CGRect(x: 0, y: 0, width: 160, height: 100))
        // The shadow shows below the card (offset 4, radius 4), not above it.
        #expect(px(first, 120, 142).0 < 235)
        #expect(px(first, 120, 26).0 >= 254)
        card.frame = CGRect(x: 40, y: 40, width: 120, height: 80)
        _ = render(root.layer, 240, 200)
        #expect(card.layer.shadowPath?.boundingBox == CGRect(x: 0, y: 0, width: 120, height: 80))
    }

    /// Three axis labels, each centred in its third of a 300-point axis (paragraph alignment
    /// of the attributed string), drawn in the attributed grey, at 12 points (about 9 points of
    /// cap height: ink within the layer's top 16 points).
    @Test func axisLabelsWithAttributedStringsAreCentredInTheirSlots() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 40)
        let axis = AxisLabelsLayer()
        axis.frame = CGRect(x: 0, y: 10, width: 300, height: 20)
        axis.titles = ["Mon", "Tue", "Wed"]
        root.addSublayer(axis)
        let image = render(root, 300, 40)
        for slot in 0..<3 {
            let ink = inkColumns(image, x0: slot * 100, x1: slot * 100 + 100, y0: 10, y1: 30)
            let first = ink.first ?? -1, last = ink.last ?? -1
            #expect(!ink.isEmpty, "label \(slot) drew nothing")
            // Centred: the ink's middle within 2 points of the slot's middle.
            #expect(abs(Double(first + last) / 2 - Double(slot * 100 + 50)) <= 2, "label \(slot) ink \(first)…\(last)")
        }
        // Grey ink (the attribute), never black (the layer's default), nor white (CATextLayer's
        // foregroundColor default, which attributed strings do not use).
        let darkest = (0..<300).flatMap { x in (10..<30).map { y in px(image, x, y).0 } }.min() ?? 255
        #expect(darkest >= 120 && darkest < 200)
        #expect(inkColumns(image, x0: 0, x1: 300, y0: 27, y1: 40).isEmpty)
    }

    /// A label sized by preferredFrameSize() fits its text: as wide as the line Core Text
    /// measures, as tall as the font's ascent plus descent.
    @Test func labelDrawerSizesTheLayerToItsText() {
        let font = UIFont.systemFont(ofSize: 13)
        let label = LabelDrawer.makeTextLayer(text: "42 %", font: font)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "42 %", attributes: [.font: font]) as CFAttributedString)
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(width > 20 && width < 40)
        #expect(abs(label.frame.width - CGFloat(width)) < 1e-9)
        #expect(abs(label.frame.height - (ascent + descent)) < 1e-9)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
        label.position = CGPoint(x: 30, y: 15)
        root.addSublayer(label)
        let image = render(root, 60, 30)
        #expect(!inkColumns(image, x0: 0, x1: 60, y0: 0, y1: 30).isEmpty)
    }

    /// A gradient's colours given as iOS code often writes them, `[…] as CFArray`, draw the
    /// gradient: red at the top, blue at the bottom (axial, default points).
    @Test func gradientColorsAsCFArray() {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 20, height: 100)
        let colors = [UIColor.red.cgColor, UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor]
        gradient.colors = colors as CFArray
        #expect(gradient.colors?.count == 2)
        let image = render(gradient, 20, 100)
        #expect(px(image, 10, 1).0 > 240 && px(image, 10, 1).2 < 15)
        #expect(px(image, 10, 98).2 > 240 && px(image, 10, 98).0 < 15)
    }

    /// The init triple, the archived property and every override are used by Core Animation's
    /// own calls: layout pass, removal, hit testing through the superlayer.
    @Test func subclassWrittenAsIOSWritesIt() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let badge = BadgeLayer()
        badge.count = 7
        badge.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        let dot = CALayer()
        dot.frame = CGRect(x: 30, y: 30, width: 8, height: 8)
        badge.addSublayer(dot)
        root.addSublayer(badge)
        _ = render(root, 100, 100)
        #expect(badge.layouts == 1)
        #expect(badge.cornerRadius == 20)
        _ = render(root, 100, 100)
        #expect(badge.layouts == 1)                                   // nothing changed: no layout
        #expect(root.hitTest(CGPoint(x: 54, y: 54)) === badge)       // the dot's tap is the badge's
        #expect(dot.hitTest(CGPoint(x: 34, y: 34)) === dot)
        #expect(root.hitTest(CGPoint(x: 22, y: 22)) === root)        // outside the circle
        let copy = BadgeLayer(layer: badge)
        #expect(copy.count == 7 && copy.frame == badge.frame)
        let data = try NSKeyedArchiver.archivedData(withRootObject: badge, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: BadgeLayer.self, from: data))
        #expect(back.count == 7 && back.frame == badge.frame && back.sublayers?.count == 1)
        badge.removeFromSuperlayer()
        #expect(badge.removals == 1 && root.sublayers?.isEmpty == true)
    }
}
