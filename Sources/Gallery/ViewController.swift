import Foundation
import OpenUIKit

/// The part of `UIViewController` the listings use (OpenUIKit has views but no controllers): a
/// root view the size of the canvas and `viewDidLoad()`. Subclasses lay out their "nib" (what
/// the book built in Interface Builder) in `init` and run the book's listing in `viewDidLoad()`.
class ViewController {
    let view: UIView
    /// What the listings read as `[UIScreen mainScreen].scale`: the canvas scale.
    let screenScale: CGFloat

    init(canvas: Figure.Canvas) {
        self.view = UIView(frame: CGRect(origin: .zero, size: canvas.size))
        self.screenScale = canvas.scale
    }

    func viewDidLoad() {}
}
