import Foundation
import OpenQuartzCore

/// The handful of UIKit `UIView` members the book's listings use, each forwarding to the backing
/// layer the way UIKit does, so that a listing reads `self.layerView1.layer.cornerRadius = 20`
/// as in the book. Gallery-only: nothing here draws; everything that reaches the screen is a
/// `CALayer` property. Colours are `CGColor` (UIKit's `UIColor.cgColor`), `alpha` is the layer's
/// `opacity`, and `isUserInteractionEnabled` is OpenQuartzCore's `allowsHitTesting`.
class View {
    let layer: CALayer

    init(frame: CGRect, layer: CALayer = CALayer()) {
        self.layer = layer
        layer.frame = frame
    }

    var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    /// UIKit's `center` is the layer's `position` (the anchor point stays in the middle).
    var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    var backgroundColor: CGColor? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }

    var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    var isUserInteractionEnabled: Bool {
        get { layer.allowsHitTesting }
        set { layer.allowsHitTesting = newValue }
    }

    func addSubview(_ view: View) {
        layer.addSublayer(view.layer)
    }
}

/// The part of `UIViewController` the listings use: a root view the size of the canvas and
/// `viewDidLoad()`. Subclasses lay out their "nib" (what the book built in Interface Builder) in
/// `init` and run the book's listing in `viewDidLoad()`.
class ViewController {
    let view: View
    /// What the listings read as `[UIScreen mainScreen].scale`: the canvas scale.
    let screenScale: CGFloat

    init(canvas: Figure.Canvas) {
        self.view = View(frame: CGRect(origin: .zero, size: canvas.size))
        self.screenScale = canvas.scale
    }

    func viewDidLoad() {}
}
