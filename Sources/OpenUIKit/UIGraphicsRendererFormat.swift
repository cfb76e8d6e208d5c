import Foundation

/// The settings of a graphics renderer: the base class of `UIGraphicsImageRendererFormat`.
open class UIGraphicsRendererFormat: NSObject, NSCopying, @unchecked Sendable {
    /// The area the renderer draws, in points (set by the renderer the format is given to).
    open internal(set) var bounds: CGRect = .zero

    /// A format with the default settings.
    public required override init() { super.init() }

    /// A format with the default settings.
    open class func `default`() -> Self { Self() }

    /// The format that best fits the device: the default one here.
    open class func preferred() -> Self { Self() }

    /// A copy of the format.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = Self()
        c.bounds = bounds
        return c
    }
}

/// The settings of an image renderer: its scale and whether its images are opaque.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat, @unchecked Sendable {
    /// Pixels a point. Default: the main screen's scale, 1 here (there is no screen).
    open var scale: CGFloat = mainScreenScale
    /// Whether the images have no alpha channel (undrawn pixels are black). Default false.
    open var opaque = false
    /// Whether the images may hold colors beyond sRGB. OpenQuartzCore draws 8-bit sRGB, so it
    /// is accepted and has no effect. Default false.
    open var prefersExtendedRange = false
    /// The color range the images should have. OpenQuartzCore draws 8-bit sRGB, so it is
    /// accepted and has no effect. Default `.automatic`.
    open var preferredRange: UIGraphicsImageRendererFormat.Range = .automatic

    /// A format with the default settings.
    public required init() { super.init() }

    /// A copy of the format.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = Self()
        c.bounds = bounds
        c.scale = scale
        c.opaque = opaque
        c.prefersExtendedRange = prefersExtendedRange
        c.preferredRange = preferredRange
        return c
    }
}

extension UIGraphicsImageRendererFormat {
    /// The color range of a renderer's images.
    public enum Range: Int, Sendable {
        /// No preference.
        case unspecified = -1
        /// The range the device's display supports.
        case automatic = 0
        /// Extended range.
        case extended = 1
        /// Standard (sRGB) range.
        case standard = 2
    }
}
