import Foundation
import Raster

/// The compositor's side of `CATransition` (RenderNode+Transition.swift): a layer in a moving
/// transition is a container whose two placed appearances are drawn as its sublayers; a fade
/// is drawn here, because a dissolve is not two layers drawn one over the other.
extension Compositor {
    /// A fade: the old and new appearances, each rendered as a group, dissolved,
    /// `old · (1 − w) + new · w` in premultiplied colour, and the result composited with the
    /// inherited opacity `a` (clipped by the layer's `masksToBounds`). Source-over of the new
    /// appearance at `w` over the old at `1 − w` would leave an opaque layer translucent
    /// mid-way (`(1 − w)²` of the old shows); a dissolve keeps an opaque layer opaque, as a
    /// cross-fade between two snapshots does.
    func drawDissolve(_ n: RenderNode, _ tr: TransitionContent, weight w: Float, world: CATransform3D, alpha a: Float,
                      into t: Target) {
        var target = t
        let m = ProjectiveTransform(plane: world)
        if n.masksToBounds {
            target = t.clipped(toBoundsOf: n, through: m, antialias: n.allowsEdgeAntialiasing || m.isAxisAligned,
                               stats: stats, shapes: shapes)
        }
        let region = target.visible.intersection(PixelRect(covering: Extent.of(n, world: world)))
        if region.isEmpty { return }
        let weight = min(max(w, 0), 1)
        guard let g = appearance(tr.before, of: n, world: world, region: region) else { return }
        // Each picture scaled by its weight first, then added: plus-lighter at an opacity
        // blends the clamped sum with the destination, which is not the sum of the weighted parts.
        let keep = UInt32(byteOfUnit: 1 - weight)
        if keep != 255 { g.multiplyChannels(r: keep, g: keep, b: keep, a: keep) }
        if weight > 0, let new = appearance(tr.after, of: n, world: world, region: region) {
            let k = UInt32(byteOfUnit: weight)
            if k != 255 { new.multiplyChannels(r: k, g: k, b: k, a: k) }
            g.composite(new, opacity: 1, blend: .plusLighter)
        }
        target.perform(.composite(g, opacity: a, blend: .sourceOver), .group, of: n, caches: caches)
    }

    /// One appearance of the layer rendered alone (at full opacity) into a surface covering
    /// `region`; a transparent surface for none. Nil when the budget allows no surface.
    private func appearance(_ part: RenderNode?, of n: RenderNode, world: CATransform3D, region: PixelRect) -> Surface? {
        guard budget.allowOffscreen(region, for: n) else { return nil }
        let g = Surface(width: region.width, height: region.height, originX: region.x0, originY: region.y0)
        stats.countOffscreen()
        guard let part else { return g }
        let w = CATransform3DConcat(flattened(part.toParent), world)
        return budget.nested(n) { () -> Surface? in
            draw(part, world: w, alpha: 1, into: Target(surface: g))
            return g
        }
    }
}
