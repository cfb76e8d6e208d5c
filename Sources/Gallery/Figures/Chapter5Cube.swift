import Foundation
import OpenUIKit

// Figures 5.20–5.23: a cube of six views, seen from the front, from a corner, lit, and touched.

// listing-begin: nib-5.9
/// The nib of the cube figures: six plain face views lying loose in the nib, each with a
/// coloured label showing the face's number in a large font.
class CubeNib: ViewController {
    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 480, height: 480))
    var faces: [UIView] = []

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        view.addSubview(containerView)
        containerView.layer.name = "container"
        let colors = [UIColor(red: 0.95, green: 0.45, blue: 0.45, alpha: 1),
                      UIColor(red: 0.45, green: 0.8, blue: 0.45, alpha: 1),
                      UIColor(red: 0.45, green: 0.6, blue: 0.95, alpha: 1),
                      UIColor(red: 0.95, green: 0.8, blue: 0.3, alpha: 1),
                      UIColor(red: 0.75, green: 0.5, blue: 0.9, alpha: 1),
                      UIColor(red: 0.3, green: 0.8, blue: 0.8, alpha: 1)]
        for (i, color) in colors.enumerated() {
            let face = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            face.backgroundColor = .white
            face.layer.name = "face\(i + 1)"
            let label = Label(frame: CGRect(x: 25, y: 25, width: 150, height: 150))
            label.backgroundColor = color
            label.text = "\(i + 1)"
            label.textAlignment = .center
            label.font = .systemFont(ofSize: 100)
            face.addSubview(label)
            faces.append(face)
        }
    }
}
// listing-end: nib-5.9

// listing-begin: listing-5.9
/// Listing 5.9: creating a cube.
class Listing5_9: CubeNib {
    func addFace(_ index: Int, withTransform transform: CATransform3D) {
        //get the face view and add it to the container
        let face = self.faces[index]
        self.containerView.addSubview(face)
        //center the face view within the container
        let containerSize = self.containerView.bounds.size
        face.center = CGPoint(x: containerSize.width / 2.0, y: containerSize.height / 2.0)
        // apply the transform
        face.layer.transform = transform
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //set up the container sublayer transform
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        self.containerView.layer.sublayerTransform = perspective
        //add cube face 1
        var transform = CATransform3DMakeTranslation(0, 0, 100)
        self.addFace(0, withTransform: transform)
        //add cube face 2
        transform = CATransform3DMakeTranslation(100, 0, 0)
        transform = CATransform3DRotate(transform, .pi / 2, 0, 1, 0)
        self.addFace(1, withTransform: transform)
        //add cube face 3
        transform = CATransform3DMakeTranslation(0, -100, 0)
        transform = CATransform3DRotate(transform, .pi / 2, 1, 0, 0)
        self.addFace(2, withTransform: transform)
        //add cube face 4
        transform = CATransform3DMakeTranslation(0, 100, 0)
        transform = CATransform3DRotate(transform, -.pi / 2, 1, 0, 0)
        self.addFace(3, withTransform: transform)
        //add cube face 5
        transform = CATransform3DMakeTranslation(-100, 0, 0)
        transform = CATransform3DRotate(transform, -.pi / 2, 0, 1, 0)
        self.addFace(4, withTransform: transform)
        //add cube face 6
        transform = CATransform3DMakeTranslation(0, 0, -100)
        transform = CATransform3DRotate(transform, .pi, 0, 1, 0)
        self.addFace(5, withTransform: transform)
    }
}
// listing-end: listing-5.9

// listing-begin: figure-5.21
/// Figure 5.21: the book adds two lines to the container's perspective to look from a corner.
class CubeFromCorner: Listing5_9 {
    override func viewDidLoad() {
        super.viewDidLoad()
        var perspective = self.containerView.layer.sublayerTransform
        perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
        perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
        self.containerView.layer.sublayerTransform = perspective
    }
}
// listing-end: figure-5.21

// listing-begin: listing-5.10
let LIGHT_DIRECTION: (Float, Float, Float) = (0, 1, -0.5)
let AMBIENT_LIGHT: CGFloat = 0.5

/// Listing 5.10: applying dynamic lighting effects.
class Listing5_10: CubeFromCorner {
    func applyLightingToFace(_ face: CALayer) {
        //add lighting layer
        let layer = CALayer()
        layer.frame = face.bounds
        face.addSublayer(layer)
        //a bare layer is no UIView, so UIKit never sends it touches (not in the book)
        layer.allowsHitTesting = false
        //convert the face transform to matrix
        //(GLKMatrix4 has the same structure as CATransform3D)
        let transform = face.transform
        let matrix4 = GLKMatrix4(transform)
        let matrix3 = GLKMatrix4GetMatrix3(matrix4)
        //get face normal
        var normal = GLKVector3Make(0, 0, 1)
        normal = GLKMatrix3MultiplyVector3(matrix3, normal)
        normal = GLKVector3Normalize(normal)
        //get dot product with light direction
        let light = GLKVector3Normalize(GLKVector3(v: LIGHT_DIRECTION))
        let dotProduct = GLKVector3DotProduct(light, normal)
        //set lighting layer opacity
        let shadow = 1 + CGFloat(dotProduct) - AMBIENT_LIGHT
        let color = CGColor(gray: 0, alpha: shadow)
        layer.backgroundColor = color
    }

    override func addFace(_ index: Int, withTransform transform: CATransform3D) {
        super.addFace(index, withTransform: transform)
        //apply lighting
        self.applyLightingToFace(self.faces[index].layer)
    }
}
// listing-end: listing-5.10

// listing-begin: nib-5.11
/// The touch-event cube: the lit cube with a button on face 3 (in the nib, as in the book).
class TouchCubeNib: Listing5_10 {
    let button = UIView(frame: CGRect(x: 95, y: 80, width: 90, height: 40))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        button.backgroundColor = .white
        button.layer.cornerRadius = 10
        button.layer.borderWidth = 3
        button.layer.borderColor = CGColor(red: 0.1, green: 0.45, blue: 0.95, alpha: 1)
        button.layer.name = "button"
        faces[2].addSubview(button)
    }
}
// listing-end: nib-5.11

// listing-begin: figure-5.23
/// Figure 5.23: the book's fix, turning off user interaction on every face but face 3, so that
/// the faces added after it no longer catch the tap. The ring marks the tap point (not in the book).
final class TouchCubeFixed: TouchCubeNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //disable touches on every face except face 3
        for (index, face) in self.faces.enumerated() where index != 2 {
            face.isUserInteractionEnabled = false
        }
        //mark where the user taps, the middle of the button, with a ring drawn outside the
        //marker's empty bounds, so that hitTest never answers the marker itself
        let marker = CAShapeLayer()
        marker.position = TouchCubeTap.point(on: self.button.layer)
        marker.path = CGPath(ellipseIn: CGRect(x: -7.5, y: -7.5, width: 15, height: 15))
        marker.fillColor = nil
        marker.strokeColor = UIColor.red.cgColor
        marker.lineWidth = 3
        self.view.layer.addSublayer(marker)
    }
}
// listing-end: figure-5.23

/// The tap of the touch-event figure and what `hitTest(_:)` answers for it.
package enum TouchCubeTap {
    /// The centre of `button` as it appears on the canvas, rounded to whole points (so that the
    /// scene file can state it exactly).
    static func point(on button: CALayer) -> CGPoint {
        let centre = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil)
        return CGPoint(x: centre.x.rounded(), y: centre.y.rounded())
    }

    /// The tap point and the path of names (as `oqc hit` prints it) of the layer that
    /// `hitTest(_:)` returns, before the fix (`fixed == false`) and after it.
    package static func answer(fixed: Bool, canvas: Figure.Canvas) -> (tap: CGPoint, hit: String) {
        let controller: TouchCubeNib = fixed ? TouchCubeFixed(canvas: canvas) : TouchCubeNib(canvas: canvas)
        controller.viewDidLoad()
        let root = controller.view.layer
        let tap = point(on: controller.button.layer)
        return (tap, root.hitTest(tap).map { namePath(of: $0, below: root) } ?? "none")
    }

    /// "container/face3/button": names from the root's sublayers down, `#i` for unnamed ones.
    package static func namePath(of layer: CALayer, below root: CALayer) -> String {
        var parts: [String] = []
        var l: CALayer? = layer
        while let current = l, current !== root {
            let index = current.superlayer?.sublayers?.firstIndex { $0 === current } ?? 0
            parts.append(current.name ?? "#\(index)")
            l = current.superlayer
        }
        return parts.reversed().joined(separator: "/")
    }
}

extension Figure {
    package static let cubeCanvas = Canvas(width: 480, height: 480, background: chapter5Background)

    static let fig5_20 = Figure(
        id: "5.20", listing: "5.9",
        title: "The cube, seen from the front",
        caption: "Six faces placed by their transforms around the container's centre, under one perspective "
            + "sublayerTransform. From straight ahead only face 1 shows, enlarged by the perspective "
            + "because it sits 100 points nearer the viewer; it hides the other five.",
        canvas: cubeCanvas, sceneFile: "fig5-20-cube-front.json",
        listingKeys: ["nib-5.9", "listing-5.9"], controller: { Listing5_9(canvas: $0) })

    static let fig5_21 = Figure(
        id: "5.21", listing: nil,
        title: "The cube, seen from a corner",
        caption: "Rotating the container's sublayerTransform by -45° about X and -45° about Y turns the camera: "
            + "faces 1 (front), 2 (right) and 3 (top) show, drawn in depth order.",
        canvas: cubeCanvas, sceneFile: "fig5-21-cube-corner.json",
        listingKeys: ["nib-5.9", "listing-5.9", "figure-5.21"], controller: { CubeFromCorner(canvas: $0) })

    static let fig5_22 = Figure(
        id: "5.22", listing: "5.10",
        title: "The cube with dynamic lighting",
        caption: "Each face gets a black layer whose alpha is 1 + n·l − 0.5 for its normal n and the light "
            + "direction l = normalize(0, 1, −0.5): the top face 3 is fully lit (alpha clamped to 0), the front "
            + "face 1 is nearly so (alpha 0.05) and the right face 2 is half shaded (alpha 0.5).",
        canvas: cubeCanvas, sceneFile: "fig5-22-lit-cube.json",
        listingKeys: ["nib-5.9", "listing-5.9", "figure-5.21", "listing-5.10"],
        controller: { Listing5_10(canvas: $0) })

    static let fig5_23: Figure = {
        let before = TouchCubeTap.answer(fixed: false, canvas: cubeCanvas)
        let after = TouchCubeTap.answer(fixed: true, canvas: cubeCanvas)
        return Figure(
            id: "5.23", listing: nil,
            title: "Touch events on the cube",
            caption: "The red ring marks a tap at (\(Int(before.tap.x)), \(Int(before.tap.y))), the middle of the "
                + "button on face 3. Hit testing follows the order of the sublayers, not depth, so before "
                + "the fix hitTest answers \(before.hit) — a face added after face 3, hidden behind it. With "
                + "isUserInteractionEnabled off on the other faces (as drawn) it answers \(after.hit).",
            canvas: cubeCanvas, sceneFile: "fig5-23-touch-cube.json",
            listingKeys: ["nib-5.9", "listing-5.9", "figure-5.21", "listing-5.10", "nib-5.11", "figure-5.23"],
            controller: { TouchCubeFixed(canvas: $0) })
    }()
}
