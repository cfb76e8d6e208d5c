import Foundation

/// UIKit's stack of graphics contexts: the context `UIGraphicsGetCurrentContext()` answers,
/// what `UIColor.setFill()`, `UIBezierPath.fill()`, `UIImage.draw(in:)` and string drawing
/// draw into. Each thread has its own stack, as UIKit's (drawing is allowed off the main
/// thread since iOS 4). An entry made by `UIGraphicsBeginImageContextWithOptions` remembers its
/// scale, for the image it gives back.
final class GraphicsContextStack {
    struct Entry {
        let context: CGContext
        /// The scale of an image context; nil for a pushed context.
        let imageScale: CGFloat?
    }

    var entries: [Entry] = []

    /// The calling thread's stack.
    static var current: GraphicsContextStack {
        ThreadLocal.value(forKey: "OpenUIKit.GraphicsContextStack") { GraphicsContextStack() }
    }
}

/// The scale a scale of 0 stands for: UIKit's main screen scale. There is no screen here, so
/// it is 1 (one pixel a point); pass the scale you want explicitly.
let mainScreenScale: CGFloat = 1

/// A bitmap context of `size` points at `scale` pixels a point (8-bit sRGB, premultiplied
/// alpha, or no alpha when `opaque`), flipped as UIKit's contexts are: origin at the top left
/// of `bounds`, y down. Nil when the size in pixels is not positive and finite or too large, as
/// UIKit gives no context for an empty size.
func makeImageContext(bounds: CGRect, opaque: Bool, scale: CGFloat) -> CGContext? {
    let scale = scale.isFinite && scale > 0 ? scale : mainScreenScale
    // The size as given: CGRect's width and height are standardized, which would turn a
    // negative size, which UIKit refuses, into a positive one.
    let w = (bounds.size.width * scale).rounded(.up), h = (bounds.size.height * scale).rounded(.up)
    let limit = CGFloat(CGImage.maximumDimension)
    guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= limit, h <= limit,
          bounds.minX.isFinite, bounds.minY.isFinite else { return nil }
    let alpha: CGImageAlphaInfo = opaque ? .noneSkipLast : .premultipliedLast
    guard let ctx = CGContext(data: nil, width: Int(w), height: Int(h), bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: alpha.rawValue) else { return nil }
    // Core Graphics' bitmap space is y up from the bottom-left pixel; UIKit's is y down from the
    // top left, in points.
    ctx.translateBy(x: 0, y: h)
    ctx.scaleBy(x: scale, y: -scale)
    ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
    return ctx
}

/// The graphics context on top of the calling thread's stack, or nil when the stack is empty.
/// Inside a view's `draw(_:)` it is the view layer's context.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.entries.last?.context
}

/// Makes `context` the current graphics context, above the one that was current.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.entries.append(.init(context: context, imageScale: nil))
}

/// Makes the context below the current one current again; does nothing on an empty stack.
public func UIGraphicsPopContext() {
    _ = GraphicsContextStack.current.entries.popLast()
}

/// Pushes a bitmap context of `size` points at a scale of 1, transparent: the same as
/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Pushes a bitmap context of `size` points at `scale` pixels a point (0: the main screen's
/// scale, 1 here), flipped to UIKit's coordinates (origin top-left, y down). With `opaque`
/// the bitmap has no alpha channel. An empty or invalid size pushes nothing, so that
/// `UIGraphicsGetCurrentContext()` answers what it answered before (nil on an empty stack), as
/// UIKit does after logging the invalid size.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale.isFinite && scale > 0 ? scale : mainScreenScale
    guard let ctx = makeImageContext(bounds: CGRect(origin: .zero, size: size), opaque: opaque, scale: scale) else { return }
    GraphicsContextStack.current.entries.append(.init(context: ctx, imageScale: scale))
}

/// An image of what was drawn in the current image context so far, at the context's scale;
/// nil when the current context is not an image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let top = GraphicsContextStack.current.entries.last, let scale = top.imageScale,
          let cg = top.context.makeImage() else { return nil }
    return UIImage(cgImage: cg, scale: scale, orientation: .up)
}

/// Removes the current image context from the stack; does nothing when the current context is
/// not an image context.
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    if stack.entries.last?.imageScale != nil { stack.entries.removeLast() }
}

/// Fills `rect` with the current context's fill color.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Draws a one-point frame inside `rect` in the current context's fill color, as UIKit does.
public func UIRectFrame(_ rect: CGRect) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    let inner = r.insetBy(dx: min(1, r.width / 2), dy: min(1, r.height / 2))
    ctx.saveGState()
    defer { ctx.restoreGState() }
    ctx.beginPath()
    ctx.addRect(r)
    ctx.addRect(inner)
    ctx.fillPath(using: .evenOdd)
}

/// Intersects the current context's clipping area with `rect`.
public func UIRectClip(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.clip(to: rect)
}
