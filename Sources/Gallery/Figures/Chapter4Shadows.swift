import Foundation
import OpenUIKit

// Figures 4.5–4.11: drop shadows, how masksToBounds clips them, and shadowPath.

// listing-begin: figure-4.5
/// Figure 4.5 (no listing in the book): the default shadowOffset {0, -3} points up on iOS; on
/// Mac OS, whose y axis points up, the same default points down. The right view shows the
/// Mac's look by flipping the offset.
final class ShadowOffsetIOSAndMac: ViewController {
    let iOSView = UIView(frame: CGRect(x: 40, y: 40, width: 160, height: 160))
    let macView = UIView(frame: CGRect(x: 240, y: 40, width: 160, height: 160))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        for layerView in [iOSView, macView] {
            layerView.backgroundColor = .white
            view.addSubview(layerView)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //a fully opaque shadow with the default offset {0, -3} and radius 3
        self.iOSView.layer.shadowOpacity = 1.0
        //the Mac's default offset, seen in iOS's y-down space
        self.macView.layer.shadowOpacity = 1.0
        self.macView.layer.shadowOffset = CGSize(width: 0.0, height: 3.0)
    }
}
// listing-end: figure-4.5

// listing-begin: figure-4.6
/// Figure 4.6 (no listing in the book): a larger offset and radius give more sense of depth.
final class ShadowDepth: ViewController {
    let layerView1 = UIView(frame: CGRect(x: 40, y: 40, width: 160, height: 160))
    let layerView2 = UIView(frame: CGRect(x: 240, y: 40, width: 160, height: 160))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        for layerView in [layerView1, layerView2] {
            layerView.backgroundColor = .white
            layerView.layer.cornerRadius = 10.0
            view.addSubview(layerView)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //a small, sharp shadow straight down
        self.layerView1.layer.shadowOpacity = 0.5
        self.layerView1.layer.shadowOffset = CGSize(width: 0.0, height: 2.0)
        self.layerView1.layer.shadowRadius = 1.0
        //a larger, softer shadow lifts the view off the page
        self.layerView2.layer.shadowOpacity = 0.5
        self.layerView2.layer.shadowOffset = CGSize(width: 0.0, height: 10.0)
        self.layerView2.layer.shadowRadius = 10.0
    }
}
// listing-end: figure-4.6

// listing-begin: figure-4.7
/// Figure 4.7 (no listing in the book): the shadow takes the shape of the contents.
final class ShadowFollowsContents: ViewController {
    let layerView = UIView(frame: CGRect(x: 40, y: 40, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        view.addSubview(layerView)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //an image with a transparent background
        self.layerView.layer.contents = UIImage.standIn(named: "Snowman.png")?.cgImage
        //the shadow follows the image's alpha, not the bounds
        self.layerView.layer.shadowOpacity = 0.6
        self.layerView.layer.shadowOffset = CGSize(width: 6.0, height: 8.0)
        self.layerView.layer.shadowRadius = 3.0
    }
}
// listing-end: figure-4.7

// listing-begin: figure-4.8
/// Figure 4.8 (the book describes the code in words): listing 4.2 plus the same shadow on both
/// views; masksToBounds clips the right one's shadow along with its content.
final class ShadowClippedByMasksToBounds: CornerViewsNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //set the corner radius on our layers
        self.layerView1.layer.cornerRadius = 20.0
        self.layerView2.layer.cornerRadius = 20.0
        //add a border to our layers
        self.layerView1.layer.borderWidth = 5.0
        self.layerView2.layer.borderWidth = 5.0
        //add a shadow to both layers
        for layerView in [self.layerView1, self.layerView2] {
            layerView.layer.shadowOpacity = 0.5
            layerView.layer.shadowOffset = CGSize(width: 0.0, height: 5.0)
            layerView.layer.shadowRadius = 5.0
        }
        //enable clipping on the second layer
        self.layerView2.layer.masksToBounds = true
    }
}
// listing-end: figure-4.8

// listing-begin: nib-4.3
/// The nib of figure 4.10 (figure 4.9 shows it in Interface Builder): layerView2 now sits inside
/// an empty shadowView of the same frame.
class ShadowViewNib: ViewController {
    let layerView1 = UIView(frame: CGRect(x: 30, y: 30, width: 200, height: 200))
    let shadowView = UIView(frame: CGRect(x: 280, y: 30, width: 200, height: 200))
    let layerView2 = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        view.addSubview(layerView1)
        shadowView.addSubview(layerView2)
        view.addSubview(shadowView)
        for layerView in [layerView1, layerView2] {
            layerView.backgroundColor = .white
            let redView = UIView(frame: CGRect(x: 130, y: 130, width: 100, height: 100))
            redView.backgroundColor = .red
            layerView.addSubview(redView)
        }
    }
}
// listing-end: nib-4.3

// listing-begin: listing-4.3
/// Listing 4.3: using an extra view to solve shadow clipping problems.
final class Listing4_3: ShadowViewNib {
    override func viewDidLoad() {
        super.viewDidLoad()
        //set the corner radius on our layers
        self.layerView1.layer.cornerRadius = 20.0
        self.layerView2.layer.cornerRadius = 20.0
        //add a border to our layers
        self.layerView1.layer.borderWidth = 5.0
        self.layerView2.layer.borderWidth = 5.0
        //add a shadow to layerView1
        self.layerView1.layer.shadowOpacity = 0.5
        self.layerView1.layer.shadowOffset = CGSize(width: 0.0, height: 5.0)
        self.layerView1.layer.shadowRadius = 5.0
        //add same shadow to shadowView (not layerView2)
        self.shadowView.layer.shadowOpacity = 0.5
        self.shadowView.layer.shadowOffset = CGSize(width: 0.0, height: 5.0)
        self.shadowView.layer.shadowRadius = 5.0
        //enable clipping on the second layer
        self.layerView2.layer.masksToBounds = true
    }
}
// listing-end: listing-4.3

// listing-begin: listing-4.4
/// Listing 4.4: creating simple shadow paths.
final class Listing4_4: ViewController {
    let layerView1 = UIView(frame: CGRect(x: 40, y: 40, width: 200, height: 200))
    let layerView2 = UIView(frame: CGRect(x: 300, y: 40, width: 200, height: 200))

    override init(canvas: Figure.Canvas) {
        super.init(canvas: canvas)
        for layerView in [layerView1, layerView2] {
            layerView.layer.contents = UIImage.standIn(named: "Snowman.png")?.cgImage
            view.addSubview(layerView)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        //enable layer shadows
        self.layerView1.layer.shadowOpacity = 0.5
        self.layerView2.layer.shadowOpacity = 0.5
        //create a square shadow
        let squarePath = CGMutablePath()
        squarePath.addRect(self.layerView1.bounds)
        self.layerView1.layer.shadowPath = squarePath
        //create a circular shadow
        let circlePath = CGMutablePath()
        circlePath.addEllipse(in: self.layerView2.bounds)
        self.layerView2.layer.shadowPath = circlePath
    }
}
// listing-end: listing-4.4

extension Figure {
    static let twoShadowsCanvas = Canvas(width: 440, height: 240, background: chapter4Background)

    static let fig4_5 = Figure(
        id: "4.5", listing: nil,
        title: "shadowOffset on iOS (left) and Mac OS (right)",
        caption: "The default offset {0, -3} with radius 3 puts a dark, slightly blurred shadow a little "
            + "above the view on iOS (left). Mac OS's y axis points up, so the same default falls below "
            + "the view there (right, drawn with {0, 3}).",
        canvas: twoShadowsCanvas, sceneFile: "fig4-5-shadow-offset.json",
        listingKeys: ["figure-4.5"], controller: { ShadowOffsetIOSAndMac(canvas: $0) })

    static let fig4_6 = Figure(
        id: "4.6", listing: nil,
        title: "A larger shadow offset and radius increase the sense of depth",
        caption: "Left: offset 2, radius 1, a tight shadow close under the view. Right: offset 10, radius 10, "
            + "a wide soft shadow that makes the view float higher above the background.",
        canvas: twoShadowsCanvas, sceneFile: "fig4-6-shadow-depth.json",
        listingKeys: ["figure-4.6"], controller: { ShadowDepth(canvas: $0) })

    static let fig4_7 = Figure(
        id: "4.7", listing: nil,
        title: "The shadow follows the shape of the contents",
        caption: "The layer has no background, only a picture with transparent areas; its shadow is the "
            + "blurred outline of the snowman (arms and hat included), not a square.",
        canvas: Canvas(width: 280, height: 290, background: chapter4Background),
        sceneFile: "fig4-7-shadow-follows-contents.json",
        listingKeys: ["figure-4.7"], controller: { ShadowFollowsContents(canvas: $0) })

    static let fig4_8 = Figure(
        id: "4.8", listing: nil,
        title: "masksToBounds clips the shadow as well as the content",
        caption: "Both views have the same shadow. The left one shows it under the rounded view and under "
            + "the overflowing red view; on the right masksToBounds clips the red view and the shadow "
            + "together, so there is no shadow at all.",
        canvas: cornerViewsCanvas, sceneFile: "fig4-8-shadow-clipped.json",
        listingKeys: ["nib-4.1", "figure-4.8"], controller: { ShadowClippedByMasksToBounds(canvas: $0) })

    static let fig4_10 = Figure(
        id: "4.10", listing: "4.3",
        title: "An outer shadow view that is not clipped",
        caption: "The right view is clipped by masksToBounds as before, but the shadow now comes from the "
            + "empty shadowView around it, so it follows the clipped, rounded shape; the left view keeps "
            + "its overflowing red view and its shadow.",
        canvas: cornerViewsCanvas, sceneFile: "fig4-10-shadow-view.json",
        listingKeys: ["nib-4.3", "listing-4.3"], controller: { Listing4_3(canvas: $0) })

    static let fig4_11 = Figure(
        id: "4.11", listing: "4.4",
        title: "Simple shadow paths",
        caption: "The same snowman picture twice; shadowPath replaces the shadow's shape: a square the size "
            + "of the bounds on the left, a circle inscribed in them on the right, both offset 3 points up "
            + "(the default).",
        canvas: Canvas(width: 540, height: 280, background: chapter4Background),
        sceneFile: "fig4-11-shadow-path.json",
        listingKeys: ["listing-4.4"], controller: { Listing4_4(canvas: $0) })
}
