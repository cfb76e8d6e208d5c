import Foundation
import OpenQuartzCore

/// One figure of the book, built twice: in Swift against the public API (`build`) and as a
/// scene file under `Examples/` (`sceneFile`). Both must render the same pixels
/// (GalleryTests checks it).
public struct Figure: Sendable {
    /// The canvas the figure is drawn on; the scene file's `canvas` object says the same.
    public struct Canvas: Sendable {
        public var size: CGSize
        /// Pixels per point (`[UIScreen mainScreen].scale` for the listings).
        public var scale: CGFloat
        public var background: CGColor?
        /// Info.plist's `UIViewGroupOpacity`: the default for every layer (true since iOS 7;
        /// the book's iOS 6 figures need false).
        public var allowsGroupOpacity: Bool
        /// Info.plist's `UIViewEdgeAntialiasing` (false, as on iOS).
        public var allowsEdgeAntialiasing: Bool

        public init(width: CGFloat, height: CGFloat, scale: CGFloat = 2, background: CGColor?,
                    allowsGroupOpacity: Bool = true, allowsEdgeAntialiasing: Bool = false) {
            self.size = CGSize(width: width, height: height)
            self.scale = scale
            self.background = background
            self.allowsGroupOpacity = allowsGroupOpacity
            self.allowsEdgeAntialiasing = allowsEdgeAntialiasing
        }
    }

    /// The book's figure number, e.g. "4.2"; also the PNG's name in the gallery.
    public let id: String
    /// The book's listing the Swift code follows, e.g. "4.1"; nil where the book gives none.
    public let listing: String?
    public let title: String
    /// What the reader should see (English).
    public let caption: String
    public let canvas: Canvas
    /// The scene file's name inside `Examples/`, e.g. "fig4-2-corner-radius.json".
    public let sceneFile: String
    /// Keys of the marked regions of `Sources/Gallery/Figures/*.swift` that make up the Swift
    /// code shown for this figure (see `Scripts/embed_listings.py`).
    public let listingKeys: [String]
    private let makeController: @Sendable (Canvas) -> ViewController

    init(id: String, listing: String?, title: String, caption: String, canvas: Canvas,
         sceneFile: String, listingKeys: [String], controller: @escaping @Sendable (Canvas) -> ViewController) {
        self.id = id
        self.listing = listing
        self.title = title
        self.caption = caption
        self.canvas = canvas
        self.sceneFile = sceneFile
        self.listingKeys = listingKeys
        self.makeController = controller
    }

    /// A fresh root layer: the controller's view after `viewDidLoad()`, with the canvas's
    /// Info.plist defaults applied to every layer as iOS applies them. The root's bounds are
    /// the canvas and it sits at the canvas centre, like a scene file's root.
    public func build() -> CALayer {
        let controller = makeController(canvas)
        controller.viewDidLoad()
        let root = controller.view.layer
        canvas.applyInfoPlistDefaults(to: root)
        // A view is its layer's delegate only while the controller keeps it, and the figure
        // keeps just the layers: the views draw now, as UIKit draws them before the first
        // frame, so that no layer is left marked for a display without its view.
        Figure.display(root)
        return root
    }

    private static func display(_ layer: CALayer) {
        layer.displayIfNeeded()
        layer.mask.map(display)
        for sublayer in layer.sublayers ?? [] { display(sublayer) }
    }

    /// The Swift code for this figure, as shown in the gallery.
    public var swiftSource: String {
        listingKeys.compactMap { ListingSources.swift[$0] }.joined(separator: "\n")
    }

    /// The scene file's text.
    public var sceneSource: String { ListingSources.scenes[sceneFile] ?? "" }

    /// The Swift build rendered on the figure's canvas.
    public func render() -> CGImage {
        CAImageRenderer(size: canvas.size, scale: canvas.scale, background: canvas.background)
            .image(for: build())
    }
}

extension Figure.Canvas {
    /// Gives every layer the canvas's defaults, as a scene file's canvas gives them to every
    /// layer that does not set its own (no figure sets these per layer). Values equal to the
    /// model's defaults are left alone.
    func applyInfoPlistDefaults(to layer: CALayer) {
        if !allowsGroupOpacity { layer.allowsGroupOpacity = false }
        if allowsEdgeAntialiasing { layer.allowsEdgeAntialiasing = true }
        layer.mask.map(applyInfoPlistDefaults(to:))
        for sublayer in layer.sublayers ?? [] { applyInfoPlistDefaults(to: sublayer) }
    }
}
