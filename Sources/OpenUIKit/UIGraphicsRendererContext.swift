import Foundation

/// The drawing environment a graphics renderer hands its actions: its Core Graphics context
/// (flipped to UIKit's coordinates) and format.
open class UIGraphicsRendererContext: NSObject, @unchecked Sendable {
    /// The context the actions draw into; it is also the current context
    /// (`UIGraphicsGetCurrentContext()`) while they run.
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        super.init()
    }

    /// Fills `rect` with the context's fill color.
    open func fill(_ rect: CGRect) { fill(rect, blendMode: .normal) }

    /// Fills `rect` with the context's fill color and `blendMode`.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        defer { cgContext.restoreGState() }
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
    }

    /// Strokes a one-point frame along `rect` with the context's stroke color.
    open func stroke(_ rect: CGRect) { stroke(rect, blendMode: .normal) }

    /// Strokes a one-point frame along `rect` with the context's stroke color and `blendMode`.
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        defer { cgContext.restoreGState() }
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect, width: 1)
    }

    /// Intersects the clipping area with `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// The context an image renderer hands its actions, which can also give what has been drawn
/// so far.
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext, @unchecked Sendable {
    /// The scale of the renderer's images.
    let scale: CGFloat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        scale = format.scale.isFinite && format.scale > 0 ? format.scale : mainScreenScale
        super.init(cgContext: cgContext, format: format)
    }

    /// An image of what has been drawn so far.
    open var currentImage: UIImage {
        guard let cg = cgContext.makeImage() else { return UIGraphicsImageRenderer.emptyImage }
        return UIImage(cgImage: cg, scale: scale, orientation: .up)
    }
}
