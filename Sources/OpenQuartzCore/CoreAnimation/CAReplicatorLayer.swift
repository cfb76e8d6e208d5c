import Foundation

/// A layer that draws its sublayers `instanceCount` times, each copy transformed by
/// `instanceTransform` (about the replicator's anchor) and tinted by `instanceColor` plus the
/// accumulated offsets relative to the previous copy (CAReplicatorLayer.h).
open class CAReplicatorLayer: CALayer {
    open var instanceCount = 1 { didSet { noteChange() } }
    /// True makes the layer keep its sublayers in 3D, like a CATransformLayer.
    open var preservesDepth = false { didSet { noteChange() } }
    /// Seconds between the animations of successive copies.
    open var instanceDelay: TimeInterval = 0 { didSet { noteChange(oldValue) } }
    open var instanceTransform: CATransform3D = CATransform3DIdentity { didSet { noteChange(oldValue) } }
    open var instanceColor: CGColor? = CGColor.white { didSet { noteChange(oldValue) } }
    open var instanceRedOffset: Float = 0 { didSet { noteChange(oldValue) } }
    open var instanceGreenOffset: Float = 0 { didSet { noteChange(oldValue) } }
    open var instanceBlueOffset: Float = 0 { didSet { noteChange(oldValue) } }
    open var instanceAlphaOffset: Float = 0 { didSet { noteChange(oldValue) } }

    public override init() { super.init() }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let l = layer as? CAReplicatorLayer else { return }
        instanceCount = l.instanceCount; preservesDepth = l.preservesDepth
        instanceDelay = l.instanceDelay; instanceTransform = l.instanceTransform
        instanceColor = l.instanceColor; instanceRedOffset = l.instanceRedOffset
        instanceGreenOffset = l.instanceGreenOffset; instanceBlueOffset = l.instanceBlueOffset
        instanceAlphaOffset = l.instanceAlphaOffset
    }

    public override var flattensSublayers: Bool { !preservesDepth }
}
