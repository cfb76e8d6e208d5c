import Foundation
import Raster

extension CGContext {
    /// Renders `layer`'s tree with the compositor into a scratch surface over the clip, the
    /// layer's bounds space mapped by the CTM, then paints that through the clip, alpha,
    /// blend mode and shadow (the work of `CALayer.render(in:)`).
    func render(_ layer: CALayer) {
        let box = clipBox
        guard !box.isEmpty else { return }
        let m = userToSurface.concatenating(CGAffineTransform(translationX: CGFloat(-box.x), y: CGFloat(-box.y)))
        let renderer = CAImageRenderer(size: CGSize(width: box.width, height: box.height))
        renderer.cachesFrames = false
        renderer.rootPlacement = CATransform3DMakeAffineTransform(m)
        let picture = Surface(width: box.width, height: box.height)
        renderer.render(layer, into: picture)
        picture.originX = box.x
        picture.originY = box.y
        let opacity = Float(state.alpha)
        paint(bounds: box.rect) { target, clip, mode, _ in
            target.composite(picture, opacity: opacity, mask: clip, blend: mode)
        }
    }
}
