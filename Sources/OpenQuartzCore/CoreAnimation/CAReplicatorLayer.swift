import Foundation

/// A layer that draws its sublayers `instanceCount` times, each copy transformed by
/// `instanceTransform` (about the centre of the replicator's bounds) and tinted by `instanceColor` plus the
/// accumulated offsets relative to the previous copy (CAReplicatorLayer.h).
open class CAReplicatorLayer: CALayer {
    /// How many copies of the sublayers are drawn, the first one untransformed. Default 1.
    open var instanceCount = 1 { didSet { noteChange() } }
    /// True makes the layer keep its sublayers in 3D, like a CATransformLayer.
    open var preservesDepth = false { didSet { noteChange() } }
    /// Seconds between the animations of successive copies.
    open var instanceDelay: TimeInterval = 0 { didSet { noteChange(oldValue) } }
    /// The transform from one instance to the next, applied in the replicator's sublayer space
    /// relative to the centre of its bounds (Apple: "The matrix is applied relative to the center
    /// of this layer"), so a rotation turns the copies about the middle. Default identity;
    /// animatable.
    open var instanceTransform: CATransform3D = CATransform3DIdentity { didSet { noteChange(oldValue) } }
    /// The colour that multiplies the first copy. Default opaque white (no tint). Animatable.
    open var instanceColor: CGColor? = CGColor.white { didSet { noteChange(oldValue) } }
    /// Added to the red component of the tint from one copy to the next. Default 0. Animatable.
    open var instanceRedOffset: Float = 0 { didSet { noteChange(oldValue) } }
    /// Added to the green component of the tint from one copy to the next. Default 0. Animatable.
    open var instanceGreenOffset: Float = 0 { didSet { noteChange(oldValue) } }
    /// Added to the blue component of the tint from one copy to the next. Default 0. Animatable.
    open var instanceBlueOffset: Float = 0 { didSet { noteChange(oldValue) } }
    /// Added to the alpha of the tint from one copy to the next. Default 0. Animatable.
    open var instanceAlphaOffset: Float = 0 { didSet { noteChange(oldValue) } }

    /// Creates a layer with Core Animation's defaults for every property.
    public override init() { super.init() }

    /// A copy of `layer`'s properties, this class's included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Copies the replicator layer's own properties after the layer's (see `CALayer.copyLayerState`).
    override func copyLayerState(from l: CALayer) {
        super.copyLayerState(from: l)
        guard let l = l as? CAReplicatorLayer else { return }
        instanceCount = l.instanceCount; preservesDepth = l.preservesDepth
        instanceDelay = l.instanceDelay; instanceTransform = l.instanceTransform
        instanceColor = l.instanceColor; instanceRedOffset = l.instanceRedOffset
        instanceGreenOffset = l.instanceGreenOffset; instanceBlueOffset = l.instanceBlueOffset
        instanceAlphaOffset = l.instanceAlphaOffset
    }

    /// A replicator read from a keyed archive: the layer's properties and the replication's.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeIntValue(forKey: "instanceCount") { instanceCount = v }
        if let v = coder.decodeBoolValue(forKey: "preservesDepth") { preservesDepth = v }
        if let v = coder.decodeCGFloat(forKey: "instanceDelay") { instanceDelay = TimeInterval(v) }
        if let v = coder.decodeTransformValue(forKey: "instanceTransform") { instanceTransform = v }
        if let v = coder.decodeColor(forKey: "instanceColor") { instanceColor = v }
        if let v = coder.decodeFloatValue(forKey: "instanceRedOffset") { instanceRedOffset = v }
        if let v = coder.decodeFloatValue(forKey: "instanceGreenOffset") { instanceGreenOffset = v }
        if let v = coder.decodeFloatValue(forKey: "instanceBlueOffset") { instanceBlueOffset = v }
        if let v = coder.decodeFloatValue(forKey: "instanceAlphaOffset") { instanceAlphaOffset = v }
    }

    /// Writes the layer's properties, then the replication's, under their names.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(instanceCount, forKey: "instanceCount")
        coder.encode(preservesDepth, forKey: "preservesDepth")
        coder.encodeCGFloat(CGFloat(instanceDelay), forKey: "instanceDelay")
        coder.encodeTransform(instanceTransform, forKey: "instanceTransform")
        coder.encodeColor(instanceColor, forKey: "instanceColor")
        coder.encode(instanceRedOffset, forKey: "instanceRedOffset")
        coder.encode(instanceGreenOffset, forKey: "instanceGreenOffset")
        coder.encode(instanceBlueOffset, forKey: "instanceBlueOffset")
        coder.encode(instanceAlphaOffset, forKey: "instanceAlphaOffset")
    }

    /// False when `preservesDepth` is set: the copies then stay in 3D.
    public override var flattensSublayers: Bool { !preservesDepth }

    /// `instanceTransform` about the centre of `bounds`: `Tr(−c) · instanceTransform · Tr(c)`,
    /// the matrix the renderer applies (row vectors) once per instance in the bounds space.
    final var instanceTransformAboutCentre: CATransform3D {
        let cx = bounds.midX, cy = bounds.midY
        let about = CATransform3DConcat(CATransform3DMakeTranslation(-cx, -cy, 0), instanceTransform)
        return CATransform3DConcat(about, CATransform3DMakeTranslation(cx, cy, 0))
    }
}
