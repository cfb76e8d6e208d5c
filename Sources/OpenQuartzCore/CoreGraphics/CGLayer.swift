import Foundation

/// An offscreen context for reusing content drawn with Core Graphics: draw into its `context`
/// once, then stamp it with `CGContext.draw(_:in:)` or `draw(_:at:)` as often as needed.
///
/// The layer is a premultiplied RGBA bitmap of `size` user-space units at the resolution of the
/// reference context's CTM when it was made (so a layer made inside a layer's `draw(in:)` at
/// `contentsScale` 2 has twice as many pixels as units). Its context has Core Graphics' default
/// space: origin at the bottom-left, y up, one unit per unit of `size`.
public final class CGLayer {
    /// The layer's own context, to draw its content into.
    public let context: CGContext?
    /// The layer's width and height, in the default user-space units it was made with.
    public let size: CGSize

    /// A layer of `size` user-space units for drawing into `context` (nil for a size that is not
    /// positive and finite, or a bitmap too large for a context). `auxiliaryInfo` is reserved
    /// by Apple; pass nil.
    public init?(_ context: CGContext, size: CGSize, auxiliaryInfo: CFDictionary?) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return nil }
        let m = context.ctm
        // The reference context's pixels per unit along each axis (at least 1: a layer is never
        // coarser than its units), bounded so the pixel size stays within what a context takes.
        func scale(_ x: CGFloat, _ y: CGFloat) -> CGFloat {
            let s = (x * x + y * y).squareRoot()
            return s.isFinite ? min(max(s, 1), 1024) : 1
        }
        let sx = scale(m.a, m.b), sy = scale(m.c, m.d)
        let limit = CGFloat(BitmapStorage.maximumDimension)
        let pw = (size.width * sx).rounded(.up), ph = (size.height * sy).rounded(.up)
        guard pw <= limit, ph <= limit,
              let layerContext = CGContext(data: nil, width: Int(pw), height: Int(ph), bitsPerComponent: 8, bytesPerRow: 0,
                                           space: CGColorSpaceCreateDeviceRGB(),
                                           bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        layerContext.scaleBy(x: pw / size.width, y: ph / size.height)
        self.context = layerContext
        self.size = size
    }
}

extension CGContext {
    /// Draws the layer's content scaled to fill `rect` (user space), upright, through the
    /// graphics state (clip, alpha, blend mode, shadow, interpolation quality), as an image.
    public func draw(_ layer: CGLayer, in rect: CGRect) {
        guard let image = layer.context?.makeImage() else { return }
        draw(image, in: rect)
    }

    /// Draws the layer's content at its own size with its bottom-left corner at `point`.
    public func draw(_ layer: CGLayer, at point: CGPoint) {
        draw(layer, in: CGRect(origin: point, size: layer.size))
    }
}
