import Foundation

/// An image: a `CGImage` with a scale (pixels a point) and an orientation.
///
/// Images are read from PNG files and data (the format OpenQuartzCore decodes); other formats
/// give nil. As in UIKit, a file named with an `@2x` or `@3x` suffix has that scale.
open class UIImage: NSObject, @unchecked Sendable {
    /// The pixels; nil for an empty image.
    private let image: CGImage?

    /// The Core Graphics image; nil for an empty image (`UIImage()`).
    open var cgImage: CGImage? { image }
    /// Pixels a point: the image's size in points is its pixel size divided by it.
    public let scale: CGFloat
    /// How the pixels are turned when drawn.
    public let imageOrientation: UIImage.Orientation
    /// The caps `resizableImage(withCapInsets:)` keeps unstretched. Default zero.
    public private(set) var capInsets: UIEdgeInsets = .zero
    /// How the middle of a resizable image fills its area. Default `.tile`, UIKit's default.
    public private(set) var resizingMode: UIImage.ResizingMode = .tile

    /// An empty image: no pixels, a size of zero, nothing drawn.
    public override init() {
        image = nil
        scale = 1
        imageOrientation = .up
        super.init()
    }

    /// An image of `cgImage` at a scale of 1, upright.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// An image of `cgImage` at `scale` pixels a point (1 for a scale that is not positive and
    /// finite) and `orientation`.
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {
        image = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        imageOrientation = orientation
        super.init()
    }

    /// An image read from PNG `data` at a scale of 1; nil for data that is not a PNG image.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// An image read from PNG `data` at `scale`; nil for data that is not a PNG image.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let cg = try? CGImage(pngData: [UInt8](data)) else { return nil }
        self.init(cgImage: cg, scale: scale, orientation: .up)
    }

    /// An image read from the PNG file at `path`, at the scale its name gives (`@2x`, `@3x`;
    /// otherwise 1); nil when the file cannot be read or is not a PNG image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scale(ofFileNamed: path))
    }

    /// The image named `name` in the main bundle's resources, or else in the current
    /// directory: the file itself when `name` has an extension, else `name.png`,
    /// `name@2x.png` or `name@3x.png`, the first that exists. Nil when none does.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil)
    }

    /// The image named `name` in `bundle`'s resources (nil: the main bundle), or else in the
    /// current directory, found as `init?(named:)` finds it. (UIKit's public form also takes a
    /// trait collection, which OpenUIKit does not model.)
    convenience init?(named name: String, in bundle: Bundle?) {
        let folders = [(bundle ?? .main).resourcePath, FileManager.default.currentDirectoryPath].compactMap { $0 }
        let candidates = (name as NSString).pathExtension.isEmpty ? [name + ".png", name + "@2x.png", name + "@3x.png"] : [name]
        for folder in folders {
            for file in candidates {
                let path = (folder as NSString).appendingPathComponent(file)
                if FileManager.default.fileExists(atPath: path) {
                    self.init(contentsOfFile: path)
                    return
                }
            }
        }
        return nil
    }

    /// The scale a file name gives: 2 or 3 for an `@2x` or `@3x` suffix before the extension.
    static func scale(ofFileNamed path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// The image's size in points: its pixel size divided by `scale`, width and height swapped
    /// for the orientations that turn it a quarter.
    open var size: CGSize {
        guard let image else { return .zero }
        let w = CGFloat(image.width) / scale, h = CGFloat(image.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// The image as PNG data (its pixels; scale and orientation are not recorded).
    open func pngData() -> Data? { image.map { Data($0.pngData()) } }

    /// The same pixels with `capInsets` kept unstretched when drawn larger, the middle tiled.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// The same pixels with `capInsets` kept unstretched when drawn larger, the middle filled as
    /// `resizingMode` says.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: UIImage.ResizingMode) -> UIImage {
        guard let image else { return self }
        let copy = UIImage(cgImage: image, scale: scale, orientation: imageOrientation)
        copy.capInsets = capInsets
        copy.resizingMode = resizingMode
        return copy
    }

    // MARK: Drawing

    /// Draws the image at its size with its top-left corner at `point` in the current context.
    open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image at `point` with the given blend mode and opacity.
    open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image scaled into `rect` in the current context, upright in UIKit's y-down
    /// coordinates; a resizable image keeps its caps and stretches or tiles its middle.
    open func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    /// Draws the image into `rect` with the given blend mode and opacity.
    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext(), let image else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        for piece in NinePatch(image: image, scale: scale, caps: capInsets, in: rect.standardized) {
            drawUpright(piece.image, in: piece.rect, tiled: piece.stretches && resizingMode == .tile,
                        tileSize: piece.tileSize, ctx)
        }
    }

    /// Draws `cg` into `rect` of a y-down context: Core Graphics draws an image upright in a
    /// y-up space, so the drawing is flipped about the rectangle.
    private func drawUpright(_ cg: CGImage, in rect: CGRect, tiled: Bool, tileSize: CGSize, _ ctx: CGContext) {
        guard rect.width > 0, rect.height > 0 else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.translateBy(x: rect.minX, y: rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        let local = CGRect(origin: .zero, size: rect.size)
        if tiled {
            ctx.clip(to: local)
            ctx.draw(cg, in: CGRect(x: 0, y: rect.height - tileSize.height, width: tileSize.width, height: tileSize.height),
                     byTiling: true)
        } else {
            ctx.draw(cg, in: local)
        }
    }
}

extension UIImage {
    /// How an image's pixels are turned when it is drawn.
    public enum Orientation: Int, Sendable {
        /// As stored.
        case up = 0
        /// Turned 180°.
        case down = 1
        /// Turned 90° counter-clockwise.
        case left = 2
        /// Turned 90° clockwise.
        case right = 3
        /// Mirrored horizontally.
        case upMirrored = 4
        /// Mirrored vertically.
        case downMirrored = 5
        /// Mirrored horizontally and turned 90° counter-clockwise.
        case leftMirrored = 6
        /// Mirrored horizontally and turned 90° clockwise.
        case rightMirrored = 7
    }

    /// How the middle of a resizable image fills the area between its caps.
    public enum ResizingMode: Int, Sendable {
        /// Repeats the middle at its own size.
        case tile = 0
        /// Scales the middle to fill.
        case stretch = 1
    }
}
