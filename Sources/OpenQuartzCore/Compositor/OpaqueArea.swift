import Foundation

/// Occlusion, as the compositor tracks it within one rendering context (Chromium cc's
/// `OcclusionTracker` is the model). The protocol has three parts:
///
/// - **What is hidden behind** a layer: its `OpaqueArea`, the one rule of what a layer is
///   certain to paint opaque at full coverage. Both trackers below ask only this.
/// - **Entering a layer** (an item of the context, back to front): the tracker gives the
///   target to draw it into, narrowed to what the items drawn after it leave visible, or says
///   that nothing of it shows. Source-over with an opaque source replaces what was there, so
///   an item is hidden exactly where a later one paints opaque.
/// - **Leaving a layer** needs no step: because the occluders of an item are the items drawn
///   after it, each tracker reads them all when it enters the context.
///
/// Two trackers implement it, for the two kinds of context: `OcclusionPlan` for flat contexts
/// (axis-aligned pixel rectangles, worked out once per placement and kept on the node), and
/// `PerspectiveOcclusion` for any other (convex device polygons, projected, turned; clipping
/// only image layers, where sampling costs more than the mask). The perspective tracker takes
/// fewer occluders (plain leaves without a shadow, whose one quad stands for all they draw),
/// never a different idea of what is opaque.
///
/// A layer's opaque area is its rounded bounds when it paints them opaque: an opaque
/// background, or opaque contents that fill the bounds (gravity `resize`, the whole image, no
/// `contentsCenter`), cut to the rounded bounds by `masksToBounds`. Nothing between the layer
/// and the target may make it translucent or change how it composites: full opacity, inherited
/// too; no mask; not rasterized; no compositing filter (its pixels depend on what lies below);
/// not a transform layer (which draws nothing); not anti-aliased per edge. Anything drawn over an opaque pixel with source-over leaves it opaque, so the
/// layer's shadow (behind it), content-layer drawing and sublayers do not change it.
struct OpaqueArea {
    /// The opaque rounded rectangle, in the layer's bounds space.
    let bounds: CGRect
    let corners: CornerShape

    /// The opaque area of `n` drawn at `inheritedAlpha`, or nil when it has none.
    init?(_ n: RenderNode, inheritedAlpha: Float) {
        guard inheritedAlpha * n.opacity >= 1, n.mask == nil, n.rasterization == nil, !n.isTransformLayer,
              n.compositing == nil,
              !(n.allowsEdgeAntialiasing && n.antialiasedEdges != 0xF),
              n.bounds.width > 0, n.bounds.height > 0 else { return nil }
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        if let c = n.contents, c.gravity == .resize, c.rect == unit, c.center == unit, c.image.texture.isOpaque {
            // Contents fill the bounds; the corners clip them only with masksToBounds.
            bounds = n.bounds
            corners = n.masksToBounds ? n.corners : .square
            return
        }
        guard let bg = n.background, bg.a >= 1 else { return nil }
        bounds = n.bounds
        corners = n.corners
    }

    /// The largest corner radius.
    var largestRadius: CGFloat { max(corners.radii.0, corners.radii.1, corners.radii.2, corners.radii.3) }
}
