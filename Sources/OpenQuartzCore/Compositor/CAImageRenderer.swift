import Foundation
import Raster

/// Renders a layer tree into an image, the way Core Animation composites it on screen.
///
/// ```swift
/// let renderer = CAImageRenderer(size: CGSize(width: 400, height: 300), scale: 2)
/// let image = renderer.image(for: rootLayer)
/// try image.writePNG(toFile: "out.png")
/// ```
///
/// The layer is drawn as a root: its frame (bounds, position, anchor point and transform)
/// places it on a canvas of `size` points whose top-left is (0, 0). Each call takes an
/// immutable snapshot of the tree first, so rendering never reads the live layers after that
/// and a renderer may be used from any thread. A renderer keeps the bitmaps of
/// `shouldRasterize` layers between frames.
public final class CAImageRenderer: @unchecked Sendable {
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// Painted under the layers; nil leaves the canvas transparent.
    public let background: CGColor?
    /// What the renderer did so far (offscreen surfaces, raster-cache hits).
    public let statistics = RenderStatistics()
    private let cache = RenderCache()

    public init(size: CGSize, scale: CGFloat = 1, background: CGColor? = nil) {
        self.size = size
        self.scale = scale
        self.background = background
    }

    /// The canvas size in pixels: `round(width · scale) × round(height · scale)`.
    /// At least one pixel each way, so that there is always an image.
    public var pixelWidth: Int { max(Int((size.width * scale).rounded()), 1) }
    public var pixelHeight: Int { max(Int((size.height * scale).rounded()), 1) }

    public func image(for layer: CALayer) -> CGImage {
        let surface = Surface(width: pixelWidth, height: pixelHeight)
        render(layer, into: surface)
        // The surface is at least 1×1, which is all CGImage(surface:) asks.
        return CGImage(surface: surface)!
    }

    /// Renders into an existing surface of the canvas's pixel size (benchmarks reuse one).
    public func render(_ layer: CALayer, into surface: Surface) {
        surface.clear(Color(background)?.premultipliedPixel ?? 0)
        guard let root = Snapshotter().snapshot(layer, parent: nil) else { cache.endFrame(); return }
        let world = CATransform3DConcat(root.toParent, CATransform3DMakeScale(scale, scale, 1))
        let compositor = Compositor(cache: cache, stats: statistics)
        compositor.draw(root, world: world, alpha: 1, into: Target(surface: surface))
        cache.endFrame()
    }
}
