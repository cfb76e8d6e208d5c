import Foundation
import OpenQuartzCore

// Figure 4.13 (layer masks) and figures 4.20–4.21 (group opacity).

// listing-begin: listing-4.5
/// Listing 4.5: applying a layer mask. (The book's listing sizes the mask from
/// `self.layerView.bounds`, a leftover from another project; the image view is meant.)
final class Listing4_5: ViewController {
    let imageView = View(frame: CGRect(x: 40, y: 40, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        imageView.layer.contents = UIImage(named: "Igloo.png")?.cgImage
        view.addSubview(imageView)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //create mask layer
        let maskLayer = CALayer()
        maskLayer.frame = self.imageView.bounds
        let maskImage = UIImage(named: "Cone.png")
        maskLayer.contents = maskImage?.cgImage
        //apply mask to image layer
        self.imageView.layer.mask = maskLayer
    }
}
// listing-end: listing-4.5

// listing-begin: figure-4.20
/// Figure 4.20: a custom button with a label inside, opaque on the left and at 50% alpha on the
/// right, with Info.plist's UIViewGroupOpacity off (the iOS 6 default the book describes).
/// Text rendering does not exist yet, so the label's "Hello World" is drawn as two dark bars.
class GroupOpacityButtons: ViewController {
    let containerView = View(frame: CGRect(x: 50, y: -50, width: 300, height: 300))
    var button2: View?

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        view.addSubview(containerView)
    }

    func customButton() -> View {
        //create button
        var frame = CGRect(x: 0, y: 0, width: 150, height: 50)
        let button = View(frame: frame)
        button.backgroundColor = .white
        button.layer.cornerRadius = 10
        //add label
        frame = CGRect(x: 20, y: 10, width: 110, height: 30)
        let label = View(frame: frame)
        label.backgroundColor = .white //UILabel's default before iOS 7
        label.addSubview(TextStandIn.hello(in: label.bounds))
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

/// Stand-in for text while OpenQuartzCore has no text rendering: dark bars where the words go.
enum TextStandIn {
    /// "Hello World", centred in `bounds`: two bars the width of the two words in a 17-point
    /// system font, with the space between them.
    static func hello(in bounds: CGRect) -> View {
        let words = View(frame: CGRect(x: bounds.midX - 44, y: bounds.midY - 6, width: 88, height: 12))
        for frame in [CGRect(x: 0, y: 0, width: 40, height: 12), CGRect(x: 45, y: 0, width: 43, height: 12)] {
            let bar = View(frame: frame)
            bar.backgroundColor = CGColor(gray: 0.1, alpha: 1)
            bar.layer.cornerRadius = 3
            words.addSubview(bar)
        }
        words.isUserInteractionEnabled = false
        return words
    }
}

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
            + "own, so the white label shows as a brighter rectangle over the half-transparent button. "
            + "(The text \"Hello World\" is drawn as two bars: OpenQuartzCore cannot render text yet.)",
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
