import Foundation

/// A view that shows an image: the image is its layer's contents, placed by `contentMode`
/// (default `.scaleToFill`), at the image's scale.
open class UIImageView: UIView {
    /// The image shown. Setting it replaces the layer's contents.
    open var image: UIImage? {
        didSet { layer.setNeedsDisplay() }
    }

    /// A view the size of `image` (zero without one) showing it.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    /// A view with `frame` and no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// A view decoded from an archive: no image, a zero frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The image's size, or zero without an image.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// The image's size; no preference without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Sets the layer's contents to the image, at the image's scale, rather than drawing.
    open override func display(_ layer: CALayer) {
        layer.contents = image?.cgImage
        if let image { layer.contentsScale = image.scale }
    }
}
