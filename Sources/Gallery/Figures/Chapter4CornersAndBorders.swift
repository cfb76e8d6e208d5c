import Foundation
import OpenUIKit

// Figures 4.1–4.4: rounded corners, masksToBounds and borders.

let chapter4Background = CGColor(gray: 0.85, alpha: 1)

// listing-begin: nib-4.1
/// The nib of figures 4.1–4.3 (the book lays it out in Interface Builder): two large white views,
/// each with a smaller red view that overflows its bottom-right corner.
class CornerViewsNib: ViewController {
    let layerView1 = UIView(frame: CGRect(x: 30, y: 30, width: 200, height: 200))
    let layerView2 = UIView(frame: CGRect(x: 280, y: 30, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        for layerView in [layerView1, layerView2] {
            layerView.backgroundColor = .white
            let redView = UIView(frame: CGRect(x: 130, y: 130, width: 100, height: 100))
            redView.backgroundColor = .red
            layerView.addSubview(redView)
            view.addSubview(layerView)
        }
    }
}
// listing-end: nib-4.1

// listing-begin: listing-4.1
/// Listing 4.1: setting cornerRadius and masksToBounds.
class Listing4_1: CornerViewsNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //set the corner radius on our layers
        self.layerView1.layer.cornerRadius = 20.0
        self.layerView2.layer.cornerRadius = 20.0
        //enable clipping on the second layer
        self.layerView2.layer.masksToBounds = true
    }
}
// listing-end: listing-4.1

// listing-begin: listing-4.2
/// Listing 4.2: adding a border.
class Listing4_2: CornerViewsNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //set the corner radius on our layers
        self.layerView1.layer.cornerRadius = 20.0
        self.layerView2.layer.cornerRadius = 20.0
        //add a border to our layers
        self.layerView1.layer.borderWidth = 5.0
        self.layerView2.layer.borderWidth = 5.0
        //enable clipping on the second layer
        self.layerView2.layer.masksToBounds = true
    }
}
// listing-end: listing-4.2

// listing-begin: figure-4.4
/// Figure 4.4 (no listing in the book): the border follows the layer's bounds, not the shape of
/// its contents or of its sublayers.
final class BorderFollowsBounds: ViewController {
    let layerView = UIView(frame: CGRect(x: 40, y: 40, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        let redView = UIView(frame: CGRect(x: 130, y: 130, width: 100, height: 100))
        redView.backgroundColor = .red
        layerView.addSubview(redView)
        view.addSubview(layerView)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //an image with a transparent background, and a border
        self.layerView.layer.contents = UIImage.standIn(named: "Snowman.png")?.cgImage
        self.layerView.layer.cornerRadius = 20.0
        self.layerView.layer.borderWidth = 5.0
    }
}
// listing-end: figure-4.4

extension Figure {
    static let cornerViewsCanvas = Canvas(width: 540, height: 290, background: chapter4Background)

    static let fig4_1 = Figure(
        id: "4.1", listing: nil,
        title: "Two large white views containing smaller red views",
        caption: "The layout before any code runs: square corners, and each red view sticks out "
            + "past the bottom-right corner of its white view, because sublayers are not clipped by default.",
        canvas: cornerViewsCanvas, sceneFile: "fig4-1-corner-views.json",
        listingKeys: ["nib-4.1"], controller: { CornerViewsNib(canvas: $0) })

    static let fig4_2 = Figure(
        id: "4.2", listing: "4.1",
        title: "cornerRadius and masksToBounds",
        caption: "Both white views have a 20-point corner radius. On the left the red view still "
            + "overflows with square corners; on the right masksToBounds clips it along the rounded corner.",
        canvas: cornerViewsCanvas, sceneFile: "fig4-2-corner-radius.json",
        listingKeys: ["nib-4.1", "listing-4.1"], controller: { Listing4_1(canvas: $0) })

    static let fig4_3 = Figure(
        id: "4.3", listing: "4.2",
        title: "Adding a border",
        caption: "A 5-point black border runs along the rounded bounds of each white view. It is drawn "
            + "inside the bounds and in front of the sublayers, so it crosses the red view at the "
            + "bottom-right corner of both; on the left the red view still sticks out beyond it.",
        canvas: cornerViewsCanvas, sceneFile: "fig4-3-border.json",
        listingKeys: ["nib-4.1", "listing-4.2"], controller: { Listing4_2(canvas: $0) })

    static let fig4_4 = Figure(
        id: "4.4", listing: nil,
        title: "The border follows the bounds, not the content",
        caption: "The snowman picture has a transparent background and the red sublayer overflows, "
            + "yet the border is still the rounded rectangle of the layer's bounds.",
        canvas: Canvas(width: 300, height: 300, background: chapter4Background),
        sceneFile: "fig4-4-border-follows-bounds.json",
        listingKeys: ["figure-4.4"], controller: { BorderFollowsBounds(canvas: $0) })
}
