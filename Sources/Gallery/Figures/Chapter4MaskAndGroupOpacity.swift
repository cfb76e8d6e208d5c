import Foundation
import OpenUIKit

// Figure 4.13 (layer masks) and figures 4.20–4.21 (group opacity).

// listing-begin: listing-4.5
/// Listing 4.5: applying a layer mask. (The book's listing sizes the mask from
/// `self.layerView.bounds`, a leftover from another project; the image view is meant.)
final class Listing4_5: ViewController {
    let imageView = UIView(frame: CGRect(x: 40, y: 40, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        imageView.layer.contents = UIImage.standIn(named: "Igloo.png")?.cgImage
        view.addSubview(imageView)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //create mask layer
        let maskLayer = CALayer()
        maskLayer.frame = self.imageView.bounds
        let maskImage = UIImage.standIn(named: "Cone.png")
        maskLayer.contents = maskImage?.cgImage
        //apply mask to image layer
        self.imageView.layer.mask = maskLayer
    }
}
// listing-end: listing-4.5

// listing-begin: figure-4.20
/// Figure 4.20: a custom button with a label inside, opaque on the left and at 50% alpha on the
/// right, with Info.plist's UIViewGroupOpacity off (the iOS 6 default the book describes).
/// The label has UILabel's white background of that time, which is what makes the problem show.
class GroupOpacityButtons: ViewController {
    let containerView = UIView(frame: CGRect(x: 50, y: -50, width: 300, height: 300))
    var button2: UIView?

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        view.addSubview(containerView)
    }

    func customButton() -> UIView {
        //create button
        var frame = CGRect(x: 0, y: 0, width: 150, height: 50)
        let button = UIView(frame: frame)
        button.backgroundColor = .white
        button.layer.cornerRadius = 10
        //add label
        frame = CGRect(x: 20, y: 10, width: 110, height: 30)
        let label = Label(frame: frame)
        label.text = "Hello World"
        label.textAlignment = .center
        button.addSubview(label)
        return button
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //create opaque button
        let button1 = self.customButton()
        button1.center = CGPoint(x: 50, y: 150)
        self.containerView.addSubview(button1)
        //create translucent button
        let button2 = self.customButton()
        button2.center = CGPoint(x: 250, y: 150)
        button2.alpha = 0.5
        self.containerView.addSubview(button2)
        self.button2 = button2
    }
}
// listing-end: figure-4.20

// listing-begin: listing-4.7
/// Listing 4.7: using shouldRasterize to fix the group blending problem.
final class Listing4_7: GroupOpacityButtons {
    override func viewDidLoad() {
        super.viewDidLoad()
        //enable rasterization for the translucent button
        self.button2?.layer.shouldRasterize = true
        self.button2?.layer.rasterizationScale = self.screenScale
    }
}
// listing-end: listing-4.7

extension Figure {
    static let groupOpacityCanvas = Canvas(width: 400, height: 200, background: CGColor(gray: 0.5, alpha: 1),
                                           allowsGroupOpacity: false)

    static let fig4_13 = Figure(
        id: "4.13", listing: "4.5",
        title: "The image view with the cone mask applied",
        caption: "Only the part of the igloo picture under the opaque pixels of the cone image remains; "
            + "the mask's own colour plays no part, only its alpha.",
        canvas: Canvas(width: 280, height: 280, background: chapter4Background),
        sceneFile: "fig4-13-mask.json",
        listingKeys: ["listing-4.5"], controller: { Listing4_5(canvas: $0) })

    static let fig4_20 = Figure(
        id: "4.20", listing: nil,
        title: "Without group opacity, a translucent button shows its label's outline",
        caption: "Left: the opaque button. Right: the same button at alpha 0.5, each layer blended on its "
            + "own, so the label's white background shows as a brighter rectangle over the half-transparent "
            + "button; the black text, blended over that, comes out a lighter gray than in figure 4.21.",
        canvas: groupOpacityCanvas, sceneFile: "fig4-20-group-opacity-off.json",
        listingKeys: ["figure-4.20"], controller: { GroupOpacityButtons(canvas: $0) })

    static let fig4_21 = Figure(
        id: "4.21", listing: "4.7",
        title: "shouldRasterize blends the button as one",
        caption: "The right button is rasterized first and then drawn at alpha 0.5 as a whole: the label "
            + "no longer stands out from the button's background.",
        canvas: groupOpacityCanvas, sceneFile: "fig4-21-should-rasterize.json",
        listingKeys: ["figure-4.20", "listing-4.7"], controller: { Listing4_7(canvas: $0) })
}
