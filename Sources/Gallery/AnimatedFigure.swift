import Foundation
import OpenQuartzCore

/// One animation of the gallery, built twice: in Swift against the public API (`build`) and as
/// a scene file under `Examples/animated/` (`sceneFile`). Both must give the same frames
/// (GalleryTests checks them frame by frame); `oqc demo` writes the Swift build's frames as an
/// animated PNG.
public struct AnimatedFigure: Sendable {
    /// A short name, also the APNG's name in the gallery ("spinning-cube").
    public let id: String
    public let title: String
    /// What the reader should see (English).
    public let caption: String
    public let canvas: Figure.Canvas
    /// The scene file's path inside `Examples/`, e.g. "animated/spinning-cube.json".
    public let sceneFile: String
    /// Keys of the marked regions of `Sources/Gallery/Figures/*.swift` shown for it.
    public let listingKeys: [String]
    /// Frames per second and how many, from media time 0.
    public let rate: FrameRate
    public let frameCount: Int
    private let make: @Sendable () -> CALayer

    init(id: String, title: String, caption: String, canvas: Figure.Canvas, listingKeys: [String],
         frameCount: Int = 20, rate: FrameRate = FrameRate(framesPerSecond: 10)!, make: @escaping @Sendable () -> CALayer) {
        self.id = id
        self.title = title
        self.caption = caption
        self.canvas = canvas
        self.sceneFile = "animated/\(id).json"
        self.listingKeys = listingKeys
        self.rate = rate
        self.frameCount = frameCount
        self.make = make
    }

    /// A fresh root layer with its animations added, ready for its first frame at time 0.
    public func build() -> CALayer { make() }

    /// The Swift code for this animation, as shown in the gallery.
    public var swiftSource: String {
        listingKeys.compactMap { ListingSources.swift[$0] }.joined(separator: "\n")
    }

    /// The scene file's text.
    public var sceneSource: String { ListingSources.scenes[sceneFile] ?? "" }

    /// "spinning-cube.png".
    public var imageFileName: String { "\(id).png" }

    /// The renderer of its canvas.
    public func renderer() -> CAImageRenderer {
        CAImageRenderer(size: canvas.size, scale: canvas.scale, background: canvas.background)
    }

    /// The frames of `root` (the Swift build or the scene's tree), in order.
    public func frames(of root: CALayer) -> [CGImage] {
        renderer().frames(for: root, from: 0, rate: rate, range: 0..<frameCount).map(\.image)
    }

    /// The Swift build's frames as an animated PNG that loops for ever.
    public func animatedPNG() throws -> [UInt8] {
        let r = renderer()
        guard var writer = AnimatedPNGWriter(width: r.pixelWidth, height: r.pixelHeight) else {
            throw AnimatedFigureFailure(description: "\(id): the canvas is too large for a PNG")
        }
        for frame in r.frames(for: build(), from: 0, rate: rate, range: 0..<frameCount) {
            try writer.append(frame.image, delay: rate.frameDelay)
        }
        guard let bytes = writer.finish() else { throw AnimatedFigureFailure(description: "\(id): no frame") }
        return bytes
    }
}

/// Why an animated figure could not be written.
public struct AnimatedFigureFailure: Error, CustomStringConvertible {
    public let description: String
}

/// The root of an animated figure: a layer covering its canvas, 200 points square (a scene
/// file's first layer says the same).
func canvasLayer() -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    root.position = CGPoint(x: 100, y: 100)
    return root
}

/// The first frame on screen: a timed render commits the tree (Core Animation's commit to the
/// render server), so later changes run actions and transitions start from what it showed.
func commitFirstFrame(_ root: CALayer, canvas: Figure.Canvas) {
    _ = CAImageRenderer(size: canvas.size, scale: canvas.scale).image(for: root, atTime: 0)
}
