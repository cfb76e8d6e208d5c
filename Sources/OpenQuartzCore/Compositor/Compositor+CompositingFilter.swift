import Foundation
import Raster

/// The compositor's side of `CALayer.compositingFilter` (CompositingFilter.swift): the layer
/// and everything it draws (shadow, content, sublayers, border, mask, at its opacity) are one
/// image, which is then blended with what the target already holds. The target is the surface
/// the layer's rendering context draws into: its superlayer's and its earlier siblings' pixels,
/// and beyond them whatever was drawn before into the same surface, up to the nearest ancestor
/// drawn as a group of its own (group opacity, a mask, `shouldRasterize`, a shadow of the
/// content), whose surface starts transparent. This is W3C Compositing's model, where such an
/// ancestor is an isolated group (§3.2).
extension Compositor {
    /// Renders `n` as it would draw with no filter into a transparent surface over the part of
    /// the target it reaches, then composites that surface with `blend`. `alpha` is the opacity
    /// inherited from ancestors that did not form a group.
    func drawFiltered(_ n: RenderNode, _ blend: BlendMode, world: CATransform3D, alpha: Float, into t: Target) {
        let region = t.visible.intersection(PixelRect(covering: Extent.of(n, world: world)))
        if region.isEmpty || !budget.allowOffscreen(region, for: n) { return }
        let g = Surface(width: region.width, height: region.height, originX: region.x0, originY: region.y0)
        stats.countOffscreen()
        guard budget.nested(n, { draw(n, world: world, alpha: alpha, into: Target(surface: g), blending: false) }) != nil
        else { return }
        // The surface carries the layer's opacity already (premultiplied): the blend mixes its
        // unpremultiplied colour with the destination and weighs the result by its alpha.
        t.perform(.composite(g, opacity: 1, blend: blend), .group, of: n, caches: caches)
    }
}
