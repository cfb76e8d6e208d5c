import Foundation
import Raster

extension CAImageRenderer {
    /// OpenQuartzCore extension: renders the canvas into a bitmap context, replacing its
    /// pixels, so that a frame loop or a benchmark reuses one bitmap instead of allocating an
    /// image a frame. The canvas's top-left pixel lands on the bitmap's top-left pixel, one to
    /// one, whatever the context's CTM, clip or graphics state (this is a copy of the canvas,
    /// not a drawing operation); a bitmap larger than the canvas is transparent beyond it, a
    /// smaller one keeps the canvas's top-left part. For an RGBA premultiplied context of the
    /// canvas's size with packed rows (`CGImageAlphaInfo.premultipliedLast`, big-endian, the
    /// default byte order) the renderer draws straight into the context's memory; other formats
    /// are converted as every drawing into them is.
    ///
    /// Like `image(for:)`, this draws the model tree and commits nothing. When the canvas is
    /// over `budget.maxCanvasPixels` and the context is not the canvas's size, the context is
    /// left as it was and `budgetExceeded` says why.
    public func render(_ layer: CALayer, in context: CGContext) {
        copyCanvas(of: layer, to: context, atTime: nil)
    }

    /// OpenQuartzCore extension: `image(for:atTime:)` into a bitmap context, as
    /// `render(_:in:)` does: the presentation tree at media time `t`.
    public func render(_ layer: CALayer, in context: CGContext, atTime t: CFTimeInterval) {
        copyCanvas(of: layer, to: context, atTime: t)
    }

    private func copyCanvas(of layer: CALayer, to context: CGContext, atTime t: CFTimeInterval?) {
        let storage = context.storage
        func draw(into surface: Surface) {
            if let t { render(layer, into: surface, atTime: t) } else { render(layer, into: surface) }
        }
        if storage.isDirect && storage.width == pixelWidth && storage.height == pixelHeight {
            draw(into: storage.surface)
            return
        }
        guard let canvas = canvasSurface(for: layer) else { return }
        draw(into: canvas)
        let bitmap = storage.surface
        bitmap.clear(0)
        let w = min(canvas.width, bitmap.width), h = min(canvas.height, bitmap.height)
        for y in 0..<h {
            (bitmap.pixels + y * bitmap.stride).update(from: canvas.pixels + y * canvas.stride, count: w)
        }
        storage.store(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
    }
}
