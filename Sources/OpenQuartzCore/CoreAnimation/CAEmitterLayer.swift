import Foundation

/// A layer that emits, moves and draws particles, as its `emitterCells` describe them
/// (CAEmitterLayer.h). The particle system runs on the layer's timing: it starts at the
/// layer's local time 0 (its `beginTime`), and a frame at time t is worked out from t alone
/// (docs/particles.md), so frames can be rendered in any order and on any thread. Particles
/// are drawn above the layer's background and border, in its coordinate space.
///
/// Untimed renders (`render(in:)`, `oqc render` without `--time`) draw no particles, as
/// `render(in:)` on iOS draws none.
open class CAEmitterLayer: CALayer {
    /// The cells that emit particles. Default nil.
    open var emitterCells: [CAEmitterCell]? { didSet { noteChange() } }
    /// Multiplies every cell's birth rate. Default 1. Animatable.
    open var birthRate: Float = 1 { didSet { noteChange(oldValue) } }
    /// Multiplies every cell's lifetime. Default 1. Animatable.
    open var lifetime: Float = 1 { didSet { noteChange(oldValue) } }
    /// The centre of the emitter shape, in the layer's bounds space. Default (0, 0). Animatable.
    open var emitterPosition: CGPoint = .zero { didSet { noteChange(oldValue) } }
    /// The z of the centre of the emitter shape. Default 0. Animatable.
    open var emitterZPosition: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// The size of the emitter shape (some shapes use only the width). Default zero. Animatable.
    open var emitterSize: CGSize = .zero { didSet { noteChange(oldValue) } }
    /// The depth of the emitter shape (cuboid). Default 0. Animatable.
    open var emitterDepth: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// The emitter shape. Default `.point`.
    open var emitterShape: CAEmitterLayerEmitterShape = .point { didSet { noteChange() } }
    /// Where on the shape particles are born. Default `.volume`.
    open var emitterMode: CAEmitterLayerEmitterMode = .volume { didSet { noteChange() } }
    /// The order and blending of the particles. Default `.unordered`.
    open var renderMode: CAEmitterLayerRenderMode = .unordered { didSet { noteChange() } }
    /// Stored; particles are flattened into the layer's plane whatever its value (docs/particles.md).
    /// Default false.
    open var preservesDepth = false { didSet { noteChange() } }
    /// Multiplies every cell's velocity. Default 1. Animatable.
    open var velocity: Float = 1 { didSet { noteChange(oldValue) } }
    /// Multiplies every cell's scale. Default 1. Animatable.
    open var scale: Float = 1 { didSet { noteChange(oldValue) } }
    /// Multiplies every cell's spin. Default 1. Animatable.
    open var spin: Float = 1 { didSet { noteChange(oldValue) } }
    /// The seed of the layer's random numbers: the same seed gives the same particles. Default 0.
    open var seed: UInt32 = 0 { didSet { noteChange() } }

    /// Creates a layer with Core Animation's defaults for every property.
    public override init() { super.init() }

    /// A copy of `layer`'s properties, this class's included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Copies the emitter's own properties after the layer's. The cells are copied too (a
    /// presentation copy animates its cells' values, which must not reach the model's cells).
    override func copyLayerState(from l: CALayer) {
        super.copyLayerState(from: l)
        guard let l = l as? CAEmitterLayer else { return }
        emitterCells = l.emitterCells?.map { $0.deepCopy() }
        birthRate = l.birthRate; lifetime = l.lifetime
        emitterPosition = l.emitterPosition; emitterZPosition = l.emitterZPosition
        emitterSize = l.emitterSize; emitterDepth = l.emitterDepth
        emitterShape = l.emitterShape; emitterMode = l.emitterMode; renderMode = l.renderMode
        preservesDepth = l.preservesDepth; velocity = l.velocity; scale = l.scale; spin = l.spin; seed = l.seed
    }

    /// An emitter read from a keyed archive: the layer's properties, the emitter's and its cells.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if coder.containsValue(forKey: "emitterCells"),
           let list = coder.decodeObject(of: [NSArray.self, CAEmitterCell.self], forKey: "emitterCells") as? [Any] {
            emitterCells = list.compactMap { $0 as? CAEmitterCell }
        }
        if let v = coder.decodeFloatValue(forKey: "birthRate") { birthRate = v }
        if let v = coder.decodeFloatValue(forKey: "lifetime") { lifetime = v }
        if let v = coder.decodePointValue(forKey: "emitterPosition") { emitterPosition = v }
        if let v = coder.decodeCGFloat(forKey: "emitterZPosition") { emitterZPosition = v }
        if let v = coder.decodeSizeValue(forKey: "emitterSize") { emitterSize = v }
        if let v = coder.decodeCGFloat(forKey: "emitterDepth") { emitterDepth = v }
        if let v = coder.decodeStringValue(forKey: "emitterShape") { emitterShape = .init(rawValue: v) }
        if let v = coder.decodeStringValue(forKey: "emitterMode") { emitterMode = .init(rawValue: v) }
        if let v = coder.decodeStringValue(forKey: "renderMode") { renderMode = .init(rawValue: v) }
        if let v = coder.decodeBoolValue(forKey: "preservesDepth") { preservesDepth = v }
        if let v = coder.decodeFloatValue(forKey: "velocity") { velocity = v }
        if let v = coder.decodeFloatValue(forKey: "scale") { scale = v }
        if let v = coder.decodeFloatValue(forKey: "spin") { spin = v }
        if let v = coder.decodeIntValue(forKey: "seed") { seed = UInt32(truncatingIfNeeded: v) }
    }

    /// Writes the layer's properties, then the emitter's and its cells, under their names.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        if let cells = emitterCells { coder.encode(cells as NSArray, forKey: "emitterCells") }
        coder.encode(birthRate, forKey: "birthRate")
        coder.encode(lifetime, forKey: "lifetime")
        coder.encodePoint(emitterPosition, forKey: "emitterPosition")
        coder.encodeCGFloat(emitterZPosition, forKey: "emitterZPosition")
        coder.encodeSize(emitterSize, forKey: "emitterSize")
        coder.encodeCGFloat(emitterDepth, forKey: "emitterDepth")
        coder.encodeString(emitterShape.rawValue, forKey: "emitterShape")
        coder.encodeString(emitterMode.rawValue, forKey: "emitterMode")
        coder.encodeString(renderMode.rawValue, forKey: "renderMode")
        coder.encode(preservesDepth, forKey: "preservesDepth")
        coder.encode(velocity, forKey: "velocity")
        coder.encode(scale, forKey: "scale")
        coder.encode(spin, forKey: "spin")
        coder.encode(Int(seed), forKey: "seed")
    }

    /// The cell a key path's names lead to: `["fire"]` is the cell named fire of
    /// `emitterCells`, `["rocket", "spark"]` the sub-cell spark of the cell rocket.
    final func cell(at names: [Substring]) -> CAEmitterCell? {
        guard let first = names.first else { return nil }
        var cell = emitterCells?.first { $0.name.map { $0[...] == first } ?? false }
        for n in names.dropFirst() { cell = cell?.subcell(named: n) }
        return cell
    }
}
