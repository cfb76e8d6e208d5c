import Foundation
import OpenUIKit

// Figures 5.3–5.18: affine transforms, 3D rotation, perspective, the shared vanishing point,
// back faces and layer flattening.

let chapter5Background = CGColor(gray: 0.85, alpha: 1)

// listing-begin: nib-5.1
/// The nib of figures 5.3–5.10 (Interface Builder in the book): one view showing a picture,
/// centred across the canvas.
class PictureViewNib: ViewController {
    let layerView: UIView

    override init(canvas: Figure.Canvas) {
        layerView = UIView(frame: CGRect(x: canvas.size.width / 2 - 100, y: 50, width: 200, height: 200))
        super.init(canvas: canvas)
        layerView.layer.contents = UIImage.standIn(named: "Igloo.png")?.cgImage
        view.addSubview(layerView)
    }
}
// listing-end: nib-5.1

// listing-begin: listing-5.1
/// Listing 5.1: rotating a layer by 45 degrees using affineTransform.
final class Listing5_1: PictureViewNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //rotate the layer 45 degrees
        let transform = CGAffineTransform(rotationAngle: .pi / 4)
        self.layerView.layer.setAffineTransform(transform)
    }
}
// listing-end: listing-5.1

// listing-begin: listing-5.2
/// Listing 5.2: creating a compound transform using several functions. (Not in the book: a
/// faint copy of the view marks where it would be without the transform.)
final class Listing5_2: PictureViewNib {
    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        let untransformed = UIView(frame: layerView.frame)
        untransformed.layer.contents = layerView.layer.contents
        untransformed.alpha = 0.25
        view.insertSubview(untransformed, belowSubview: layerView)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //create a new transform
        var transform = CGAffineTransform.identity
        //scale by 50%
        transform = transform.scaledBy(x: 0.5, y: 0.5)
        //rotate by 30 degrees
        transform = transform.rotated(by: .pi / 180.0 * 30.0)
        //translate by 200 points
        transform = transform.translatedBy(x: 200, y: 0)
        //apply transform to layer
        self.layerView.layer.setAffineTransform(transform)
    }
}
// listing-end: listing-5.2

// listing-begin: listing-5.3
/// Listing 5.3: a shear, which Core Graphics has no function for.
func CGAffineTransformMakeShear(_ x: CGFloat, _ y: CGFloat) -> CGAffineTransform {
    var transform = CGAffineTransform.identity
    transform.c = -x
    transform.b = y
    return transform
}

final class Listing5_3: PictureViewNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //shear the layer at a 45-degree angle
        self.layerView.layer.setAffineTransform(CGAffineTransformMakeShear(1, 0))
    }
}
// listing-end: listing-5.3

// listing-begin: listing-5.4
/// Listing 5.4: rotating a layer around the Y axis.
final class Listing5_4: PictureViewNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //rotate the layer 45 degrees along the Y axis
        let transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        self.layerView.layer.transform = transform
    }
}
// listing-end: listing-5.4

// listing-begin: listing-5.5
/// Listing 5.5: applying perspective to the transform.
final class Listing5_5: PictureViewNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //create a new transform
        var transform = CATransform3DIdentity
        //apply perspective
        transform.m34 = -1.0 / 500.0
        //rotate by 45 degrees along the Y axis
        transform = CATransform3DRotate(transform, .pi / 4, 0, 1, 0)
        //apply to layer
        self.layerView.layer.transform = transform
    }
}
// listing-end: listing-5.5

// listing-begin: nib-5.6
/// The nib of figure 5.13 (figure 5.12 in the book): two views side by side in a container.
class SideBySideNib: ViewController {
    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 520, height: 300))
    let layerView1 = UIView(frame: CGRect(x: 40, y: 50, width: 200, height: 200))
    let layerView2 = UIView(frame: CGRect(x: 280, y: 50, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        for layerView in [layerView1, layerView2] {
            layerView.layer.contents = UIImage.standIn(named: "Igloo.png")?.cgImage
            containerView.addSubview(layerView)
        }
        view.addSubview(containerView)
    }
}
// listing-end: nib-5.6

// listing-begin: listing-5.6
/// Listing 5.6: applying a sublayerTransform.
final class Listing5_6: SideBySideNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //apply perspective transform to container
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        self.containerView.layer.sublayerTransform = perspective
        //rotate layerView1 by 45 degrees along the Y axis
        let transform1 = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        self.layerView1.layer.transform = transform1
        //rotate layerView2 by 45 degrees along the Y axis
        let transform2 = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        self.layerView2.layer.transform = transform2
    }
}
// listing-end: listing-5.6

// listing-begin: figure-5.14
/// Figure 5.14 (no listing in the book): the back of a layer turned 180° about Y shows its
/// contents mirrored; with doubleSided = NO it is not drawn at all.
final class BackFaces: ViewController {
    let layerView1 = UIView(frame: CGRect(x: 40, y: 50, width: 200, height: 200))
    let layerView2 = UIView(frame: CGRect(x: 280, y: 50, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        for layerView in [layerView1, layerView2] {
            layerView.layer.contents = UIImage.standIn(named: "Snowman.png")?.cgImage
            view.addSubview(layerView)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //turn both layers around to show their backs
        var transform = CATransform3DIdentity
        transform.m34 = -1.0 / 500.0
        transform = CATransform3DRotate(transform, .pi, 0, 1, 0)
        self.layerView1.layer.transform = transform
        self.layerView2.layer.transform = transform
        //do not draw the back of the second one
        self.layerView2.layer.isDoubleSided = false
    }
}
// listing-end: figure-5.14

// listing-begin: nib-5.7
/// The nib of figures 5.16 and 5.18: an inner view in the middle of an outer one.
class NestedViewsNib: ViewController {
    let outerView = UIView(frame: CGRect(x: 70, y: 50, width: 200, height: 200))
    let innerView = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        outerView.backgroundColor = .white
        innerView.backgroundColor = UIColor(red: 0.95, green: 0.45, blue: 0.45, alpha: 1)
        outerView.addSubview(innerView)
        view.addSubview(outerView)
    }
}
// listing-end: nib-5.7

// listing-begin: listing-5.7
/// Listing 5.7: opposite 2D rotations cancel out.
final class Listing5_7: NestedViewsNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //rotate the outer layer 45 degrees
        let outer = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        self.outerView.layer.transform = outer
        //rotate the inner layer -45 degrees
        let inner = CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)
        self.innerView.layer.transform = inner
    }
}
// listing-end: listing-5.7

// listing-begin: listing-5.8
/// Listing 5.8: opposite 3D rotations do not cancel out, because the outer layer flattens the
/// inner one into its own plane before it is turned.
final class Listing5_8: NestedViewsNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //rotate the outer layer 45 degrees
        var outer = CATransform3DIdentity
        outer.m34 = -1.0 / 500.0
        outer = CATransform3DRotate(outer, .pi / 4, 0, 1, 0)
        self.outerView.layer.transform = outer
        //rotate the inner layer -45 degrees
        var inner = CATransform3DIdentity
        inner.m34 = -1.0 / 500.0
        inner = CATransform3DRotate(inner, -.pi / 4, 0, 1, 0)
        self.innerView.layer.transform = inner
    }
}
// listing-end: listing-5.8

extension Figure {
    static let pictureCanvas = Canvas(width: 340, height: 300, background: chapter5Background)

    static let fig5_3 = Figure(
        id: "5.3", listing: "5.1",
        title: "A view rotated 45 degrees using affineTransform",
        caption: "The picture turns 45° clockwise about its centre (the anchor point); the positive angle "
            + "is clockwise because the y axis points down.",
        canvas: pictureCanvas, sceneFile: "fig5-3-affine-rotation.json",
        listingKeys: ["nib-5.1", "listing-5.1"], controller: { Listing5_1(canvas: $0) })

    static let fig5_4 = Figure(
        id: "5.4", listing: "5.2",
        title: "The effect of several affine transforms in sequence",
        caption: "Scaled to half, rotated 30° and then moved 200 points along its own rotated, scaled x "
            + "axis: the picture ends up 100 points away along a line 30° below the horizontal (86.6 right, "
            + "50 down), not 200 points to the right. The faint copy marks where the view is without the "
            + "transform.",
        canvas: pictureCanvas, sceneFile: "fig5-4-compound-transform.json",
        listingKeys: ["nib-5.1", "listing-5.2"], controller: { Listing5_2(canvas: $0) })

    static let fig5_5 = Figure(
        id: "5.5", listing: "5.3",
        title: "A horizontal shear",
        caption: "With c = -1 each row moves sideways by minus its distance below the anchor point: the top edge "
            + "slides 100 points right, the bottom edge 100 points left, and the square becomes a "
            + "parallelogram leaning right. Parallel lines stay parallel: it is still an affine transform.",
        canvas: Canvas(width: 440, height: 300, background: chapter5Background),
        sceneFile: "fig5-5-shear.json",
        listingKeys: ["nib-5.1", "listing-5.3"], controller: { Listing5_3(canvas: $0) })

    static let fig5_8 = Figure(
        id: "5.8", listing: "5.4",
        title: "A view rotated 45 degrees around the Y axis",
        caption: "Without perspective the rotation only squeezes the picture horizontally to cos 45° ≈ 71% "
            + "of its width; nothing suggests depth.",
        canvas: pictureCanvas, sceneFile: "fig5-8-rotate-y.json",
        listingKeys: ["nib-5.1", "listing-5.4"], controller: { Listing5_4(canvas: $0) })

    static let fig5_10 = Figure(
        id: "5.10", listing: "5.5",
        title: "The Y rotation with perspective applied",
        caption: "With m34 = -1/500 the edge that turned towards the viewer (the left one) grows and the far "
            + "edge shrinks, so the picture reads as a panel turned in 3D.",
        canvas: pictureCanvas, sceneFile: "fig5-10-perspective.json",
        listingKeys: ["nib-5.1", "listing-5.5"], controller: { Listing5_5(canvas: $0) })

    static let fig5_13 = Figure(
        id: "5.13", listing: "5.6",
        title: "Two views sharing one vanishing point",
        caption: "One perspective sublayerTransform on the container gives both views the container's "
            + "centre as their vanishing point: turned +45° and -45° about Y, they look like two panels "
            + "of one scene rather than two separately foreshortened pictures.",
        canvas: Canvas(width: 520, height: 300, background: chapter5Background),
        sceneFile: "fig5-13-shared-vanishing-point.json",
        listingKeys: ["nib-5.6", "listing-5.6"], controller: { Listing5_6(canvas: $0) })

    static let fig5_14 = Figure(
        id: "5.14", listing: nil,
        title: "The back of a layer",
        caption: "Both snowmen are turned 180° about Y. The left one shows its back: the same picture, mirrored "
            + "(the raised arm is now on the left). The right one has doubleSided = NO and is not drawn at all.",
        canvas: Canvas(width: 520, height: 300, background: chapter5Background),
        sceneFile: "fig5-14-back-faces.json",
        listingKeys: ["figure-5.14"], controller: { BackFaces(canvas: $0) })

    static let fig5_16 = Figure(
        id: "5.16", listing: "5.7",
        title: "Opposite rotations about Z cancel out",
        caption: "The outer view turns 45° and the inner view -45° inside it: the inner square ends up upright, "
            + "exactly as if neither had turned.",
        canvas: pictureCanvas, sceneFile: "fig5-16-nested-2d.json",
        listingKeys: ["nib-5.7", "listing-5.7"], controller: { Listing5_7(canvas: $0) })

    static let fig5_18 = Figure(
        id: "5.18", listing: "5.8",
        title: "Opposite rotations about Y do not cancel out",
        caption: "One might expect the inner view to face the viewer again (the book's figure 5.17). Instead the "
            + "outer layer first flattens the inner one, already turned -45°, into its own plane, and then turns "
            + "that plane +45°: the inner view stays a foreshortened, lopsided shape.",
        canvas: pictureCanvas, sceneFile: "fig5-18-nested-3d.json",
        listingKeys: ["nib-5.7", "listing-5.8"], controller: { Listing5_8(canvas: $0) })
}
