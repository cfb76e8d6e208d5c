import Foundation
import OpenQuartzCore

// Drawing layers from public iOS code, ported with only UIKit replaced (UIKitStandIns.swift).
// Each keeps its original drawing code; what was left out is said where it was.

/// The base of z1joey/ProgressDemo's layers (ProgressDemo/Layer/ProgressLayer.swift), without its
/// percentage label (a CATextLayer laid out with UIFont and NSString metrics, which is text, not
/// drawing): a `number` in 0...1 that redraws the layer when set.
class ProgressLayer: CALayer {
    var number: Double = 0.0 {
        didSet {
            self.setNeedsDisplay()
        }
    }
}

/// z1joey/ProgressDemo, ProgressDemo/Layer/LayerTwo.swift: a pie that fills clockwise from twelve o'clock.
class LayerTwo: ProgressLayer {
    override func draw(in ctx: CGContext) {
        let radius = self.frame.width * 0.45
        let center = CGPoint(x: self.frame.width*0.5, y: self.frame.height*0.5)

        ctx.setFillColor(UIColor.cyan.cgColor)

        // add a line from center to start point
        ctx.move(to: center)
        ctx.addLine(to: CGPoint(x: center.x, y: self.frame.height * 0.05))

        let endAngle = (CGFloat(number) * 2 - 0.5) * CGFloat.pi
        ctx.addArc(center: center, radius: radius, startAngle: -0.5*CGFloat.pi, endAngle: endAngle, clockwise: false)
        // add a line from center to end point
        ctx.closePath()

        ctx.fillPath()
    }
}

/// z1joey/ProgressDemo, ProgressDemo/Layer/LayerThree.swift: a progress ring over a gray track.
class LayerThree: ProgressLayer {
    override func draw(in ctx: CGContext) {
        let radius = self.frame.width * 0.45
        let center = CGPoint(x: self.frame.width*0.5, y: self.frame.height*0.5)

        // draw a background line
        ctx.setStrokeColor(UIColor.lightGray.withAlphaComponent(0.5).cgColor)
        ctx.setLineWidth(radius * 0.07)
        ctx.addEllipse(in: CGRect(x: self.frame.width * 0.05, y: self.frame.height * 0.05, width: self.frame.width * 0.9, height: self.frame.height * 0.9))
        ctx.strokePath()

        // draw the tracker line
        ctx.setStrokeColor(UIColor.orange.cgColor)
        ctx.setLineWidth(radius * 0.08)
        ctx.setLineCap(.round)

        let endAngle = (CGFloat(number) * 2 - 0.5) * CGFloat.pi
        ctx.addArc(center: center, radius: radius, startAngle: -0.5 * CGFloat.pi, endAngle: endAngle, clockwise: false)

        ctx.strokePath()
    }
}

/// mohamedaslam/RisoAppStrore, business-finance-app-ios/Controllers/Dashboard/PieChartView/PieLayer.swift:
/// one slice of a donut chart, an arc stroked `thickness` wide.
class PieLayer: CALayer {

    var startAngle: CGFloat = 0.0

    var endAngle: CGFloat = 0.0

    var radius: CGFloat = 0.0

    var thickness: CGFloat = 0.0

    var color: CGColor = UIColor.clear.cgColor

    // MARK: - Object LifeCycle

    override init() {
        super.init()

        postInitSetup()
    }

    override init(layer: Any) {
        super.init(layer: layer)

        if let pieLayer = layer as? PieLayer {
            startAngle = pieLayer.startAngle
            endAngle = pieLayer.endAngle
            radius = pieLayer.radius
            thickness = pieLayer.thickness
            color = pieLayer.color
        }

        postInitSetup()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(layer: aDecoder)

        postInitSetup()
    }

    func postInitSetup() {
        allowsEdgeAntialiasing = true
        contentsScale = UIScreen.main.scale
        needsDisplayOnBoundsChange = true
    }

    // MARK: - Draw

    override open func draw(in ctx: CGContext) {
        super.draw(in: ctx)

        UIGraphicsPushContext(ctx)

        ctx.setLineWidth(thickness)

        let path = CGMutablePath()

        path.addArc(center: CGPoint(x: bounds.maxX/2.0, y: bounds.maxY/2.0), radius: radius + thickness/2.0, startAngle: startAngle, endAngle: endAngle, clockwise: false)

        ctx.addPath(path)

        ctx.setFillColor(UIColor.clear.cgColor)
        ctx.setStrokeColor(color)

        ctx.strokePath()

        UIGraphicsPopContext()
    }
}

/// yanshuyu/learn-UIKit, 06_coreGraphices/06_coreGraphices/ChartView.swift: a chart's gradient
/// background, drawn in `draw(_:)` through UIGraphicsGetCurrentContext (its @IBDesignable and
/// @IBInspectable attributes and init(coder:) are Interface Builder's, dropped, and so is its
/// init(), which the UIView stand-in does not have).
class ChartView: UIView {

    var beginColor: UIColor = UIColor.lightGray {
        didSet {
            self.setNeedsDisplay()
        }
    }
    var endColor: UIColor = UIColor.darkGray {
        didSet {
            self.setNeedsDisplay()
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUpview()
    }

    func setUpview() {
        self.layer.cornerRadius = 8
        self.layer.masksToBounds = true
    }


    override func draw(_ rect: CGRect) {
        // draw gradient background
        let currentContext = UIGraphicsGetCurrentContext()

        let colors = [self.beginColor.cgColor, self.endColor.cgColor]
        let locations = [CGFloat(0), CGFloat(1)]
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: colors as CFArray,
                                  locations: locations)!
        currentContext?.drawLinearGradient(gradient,
                                           start: CGPoint.zero,
                                           end: CGPoint(x: 0, y: self.bounds.height),
                                           options: [])

    }

}
