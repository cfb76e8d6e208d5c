import Foundation

/// A layer that keeps its sublayers in 3D instead of flattening them into its plane, so sublayers
/// of sublayers share one 3D space (CATransformLayer.h). It draws nothing of its own (no
/// background, border, contents or shadow) and ignores `mask` and `masksToBounds`; its opacity
/// applies to each sublayer separately. It is never returned by `hitTest(_:)`: the point passes
/// to its sublayers through its geometry.
open class CATransformLayer: CALayer {
    /// Creates a transform layer.
    public override init() { super.init() }
    /// A copy of `layer`'s properties (see `CALayer.init(layer:)`).
    public override init(layer: Any) { super.init(layer: layer) }
    /// A transform layer read from a keyed archive (it has no properties of its own).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Always false: a transform layer's sublayers share its superlayer's 3D space.
    public override var flattensSublayers: Bool { false }
}
