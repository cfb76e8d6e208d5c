import Foundation

/// The base class of graphics renderers: an area to draw and a format.
open class UIGraphicsRenderer: NSObject, @unchecked Sendable {
    /// The renderer's format (a copy of the one it was made with, its bounds set).
    public let format: UIGraphicsRendererFormat

    /// A renderer of `bounds` with `format`.
    public init(bounds: CGRect, format: UIGraphicsRendererFormat) {
        let f = (format.copy() as? UIGraphicsRendererFormat) ?? format
        f.bounds = bounds
        self.format = f
        super.init()
    }

    /// A renderer of `bounds` with the default format.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: UIGraphicsRendererFormat.default())
    }

    /// Whether the renderer makes images: true for an image renderer.
    open var allowsImageOutput: Bool { false }
}

/// A renderer that makes images from drawing actions: each call runs the actions in a fresh
/// bitmap context of the renderer's bounds at its format's scale, flipped to UIKit's
/// coordinates and current (`UIGraphicsGetCurrentContext()`) while they run.
open class UIGraphicsImageRenderer: UIGraphicsRenderer, @unchecked Sendable {
    /// The actions that draw an image.
    public typealias DrawingActions = (UIGraphicsImageRendererContext) -> Void

    /// A renderer of `size` points with the default format.
    public convenience init(size: CGSize) {
        self.init(size: size, format: UIGraphicsImageRendererFormat.default())
    }

    /// A renderer of `size` points with `format`.
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        super.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of `bounds` (its origin at the images' top-left corner) with `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        super.init(bounds: bounds, format: format)
    }

    /// True: an image renderer makes images.
    open override var allowsImageOutput: Bool { true }

    /// The image format, as given.
    private var imageFormat: UIGraphicsImageRendererFormat {
        (format as? UIGraphicsImageRendererFormat) ?? UIGraphicsImageRendererFormat()
    }

    /// Runs `actions` in a fresh context and returns what they drew. An empty or invalid size
    /// gives a one-pixel transparent image without running them.
    open func image(actions: DrawingActions) -> UIImage {
        let f = imageFormat
        guard let ctx = makeImageContext(bounds: f.bounds, opaque: f.opaque, scale: f.scale) else {
            return UIGraphicsImageRenderer.emptyImage
        }
        let context = UIGraphicsImageRendererContext(cgContext: ctx, format: f)
        UIGraphicsPushContext(ctx)
        actions(context)
        UIGraphicsPopContext()
        return context.currentImage
    }

    /// Runs `actions` and returns what they drew as PNG data.
    open func pngData(actions: DrawingActions) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// A one-pixel transparent image, what a renderer gives when it has nothing to draw into.
    static let emptyImage: UIImage = {
        // A constant, valid 1×1 image: the initialiser cannot fail on it.
        UIImage(cgImage: CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])!)
    }()
}
