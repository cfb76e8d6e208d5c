import Foundation
import OpenQuartzCore

// Layers from public iOS code that draw a custom property Core Animation animates (their class
// answers true from needsDisplay(forKey:)). UIKit is replaced by the stand-ins (UIColor is
// CGColor, UIScreen.main.scale is 2). The one other change each needs on Linux is said where it
// is: `@NSManaged` and `@objc dynamic` need the Objective-C runtime, so the animated property is
// declared as the layer's key-value storage (docs/time.md, "Key-value coding").

/// DTCamera (Dan Jiang), DTCamera/Views/CircleLayer.swift: a progress ring drawn from twelve
/// o'clock, with an initializer of its own, `init(layer:)` copying its properties and
/// `init?(coder:)` that traps, as Xcode writes it.
/// Changes: `@objc dynamic var progress: CGFloat = 0` is the key-value property below, and the
/// two assignments to `progress` moved after `super.init` (a computed property cannot be set
/// before it; the init(layer:) one is kept though CALayer.init(layer:) copies the key already).
class CircleLayer: CALayer {

    var strokeColor: UIColor = .white
    var lineWidth: CGFloat = 0
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    init(strokeColor: UIColor, lineWidth: CGFloat, progress: CGFloat) {
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        super.init()
        self.progress = progress
        contentsScale = UIScreen.main.scale
        setNeedsDisplay()
    }

    override init(layer: Any) {
        if let other = layer as? CircleLayer {
            strokeColor = other.strokeColor
            lineWidth = other.lineWidth
        }
        super.init(layer: layer)
        if let other = layer as? CircleLayer {
            progress = other.progress
        }
    }

    override func draw(in ctx: CGContext) {
        let inset = lineWidth / 2
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(strokeColor.cgColor)
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = bounds.width / 2 - inset
        let startAngle: CGFloat = 270.0 / 180.0 * .pi
        let endAngle: CGFloat = (270.0 + 360.0 * progress) / 180.0 * .pi
        ctx.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: false)
        ctx.strokePath()
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == "progress" {
            return true
        }
        return super.needsDisplay(forKey: key)
    }

}

/// CarMasterNotify2 (Evgeniy Gulkov), CarMasterNotify/Views/Spinner/BorderLayer.swift: a ring
/// stroked from `startAngle` to an animated `endAngle`; no initializers of its own.
/// Change: `@NSManaged var endAngle:CGFloat` is the key-value property below.
class BorderLayer: CALayer {
    var lineWidth:CGFloat = 2.0
    var lineColor:CGColor = UIColor.blue.cgColor
    var startAngle:CGFloat = 0.0
    var endAngle:CGFloat {
        get { value(forKey: "endAngle") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "endAngle") }
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.width/2, y: bounds.height/2)
        ctx.beginPath()
        ctx.setStrokeColor(lineColor)
        ctx.setLineWidth(lineWidth)
        ctx.addArc(center: center,
                   radius: bounds.height/2 - lineWidth,
                   startAngle: startAngle,
                   endAngle: endAngle,
                   clockwise: false)
        ctx.drawPath(using: .stroke)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == "endAngle" {
            return true
        }
        return super.needsDisplay(forKey: key)
    }
}
