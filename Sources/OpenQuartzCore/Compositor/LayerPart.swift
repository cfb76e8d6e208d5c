/// The part of a layer that a draw operation paints, as a recorded draw list names it. Within
/// one layer Core Animation draws them in this order: shadow, background, contents (and the
/// content layer's own drawing: shape, gradient, replicas), sublayers, border; a group, mask
/// or rasterized bitmap stands for all of them at once (docs/semantics.md §3).
enum LayerPart: String, Sendable {
    case shadow, background, contents
    /// A content layer's drawing: a shape layer's fill and stroke, a gradient.
    case content
    case border
    /// The layer's group (opacity, mask, shadow of its content) composited as one image.
    case group
    /// The mask layer's alpha applied to the group.
    case mask
    /// One replicator instance drawn offscreen with its tint.
    case replica
    /// A `shouldRasterize` bitmap.
    case rasterized
}
