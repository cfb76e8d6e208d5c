import Foundation
@testable import OpenQuartzCore

// The few UIKit pieces the ported drawing layers (PortedDrawingLayers.swift) use, so that their
// code compiles unchanged: colours, the screen scale, a view that draws through its layer's
// delegate as UIView does, and UIKit's current-context stack.

final class UIColor {
    let cgColor: CGColor
    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    init(white: CGFloat, alpha: CGFloat) { cgColor = CGColor(gray: white, alpha: alpha) }
    func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        let c = cgColor.rgba
        return UIColor(red: c.red, green: c.green, blue: c.blue, alpha: alpha)
    }
    // UIKit's values for the named colours.
    static var black: UIColor { UIColor(white: 0, alpha: 1) }
    static var white: UIColor { UIColor(white: 1, alpha: 1) }
    static var clear: UIColor { UIColor(white: 0, alpha: 0) }
    static var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    static var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
}

final class UIScreen: Sendable {
    static let main = UIScreen()
    let scale: CGFloat = 2
}

/// UIKit's stack of current contexts (main-thread only in UIKit; tests draw on one thread).
enum UIGraphicsContextStack {
    nonisolated(unsafe) static var contexts: [CGContext] = []
}

func UIGraphicsGetCurrentContext() -> CGContext? { UIGraphicsContextStack.contexts.last }
func UIGraphicsPushContext(_ context: CGContext) { UIGraphicsContextStack.contexts.append(context) }
func UIGraphicsPopContext() { _ = UIGraphicsContextStack.contexts.popLast() }

/// A view backed by a layer it is the delegate of; `draw(_:)` runs inside the layer's display
/// with the layer's context current, as UIView does.
class UIView: NSObject, CALayerDelegate {
    let layer = CALayer()
    var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    override init() {
        super.init()
        layer.delegate = self
    }
    init(frame: CGRect) {
        super.init()
        layer.delegate = self
        layer.frame = frame
    }
    func setNeedsDisplay() { layer.setNeedsDisplay() }
    func draw(_ rect: CGRect) {}
    func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        draw(layer.bounds)
        UIGraphicsPopContext()
    }
}
