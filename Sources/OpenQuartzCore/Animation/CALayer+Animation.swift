import Foundation

/// What a layer keeps for animation, timing and key-value coding (allocated on first use).
package final class LayerAnimationStorage {
    // What a timed frame reads of every animated layer comes first, together (a few cache
    // lines): the direct animations' state, the table slot, and the local-time answer.
    /// The layer's animations in direct form (DirectAnimation.swift), once resolved: empty
    /// when some animation needs the generic evaluator.
    package var directs: [DirectAnimation] = []
    private(set) var directResolved = false
    /// A timed render's presentation of a layer whose animations are direct, without a copy
    /// (`Snapshotter.presentation(_:)`): their targets and values this frame, for the frame
    /// and time shift they were computed at.
    package var presented = DirectValues()
    var presentedFrame: UInt64 = 0
    var presentedShift: UInt64 = 0
    /// Where the direct animations' entries are in a snapshotter's animation table
    /// (`Snapshot/AnimationTable.swift`): the table's serial number and the first entry.
    var tableSerial: UInt64 = 0
    package var tableSlot = -1

    /// Whether the animations were resolved and are all direct (read without touching the
    /// `animations` or `directs` arrays: a timed frame asks it of every animated layer).
    package var resolvedDirectly: Bool { directResolved && presented.count > 0 }

    /// Whether the layer's local time is media time (no layer from it up to the root has a
    /// timing of its own), as of `LayerTimeTree`'s generation `timeGeneration`.
    var localTimeIsMediaTime = false
    var timeGeneration: UInt64 = .max

    /// The layer's animations in the order they were added (later ones apply on top).
    var animations: [(key: String, animation: CAAnimation)] = []
    /// The layer's own timing. A change of it can change the local time of every layer below.
    var timing = MediaTiming() { didSet { LayerTimeTree.changed() } }
    var actions: [String: any CAAction]?
    /// Values of keys that are not layer properties (custom properties of a Linux port).
    var customValues: [String: Any] = [:]
    /// For a presentation copy: the model layer it shows. Weak: the model keeps its render
    /// copy (`renderCopy`), so a strong reference back would keep every animated layer alive
    /// for ever (found by Fuzz/fuzz-animation as a leak).
    weak var modelLayer: CALayer?
    /// Serial number for keys of animations added with a nil key.
    var anonymousKeys = 0

    // The renderer's presentation copy, reused between frames while the model is unchanged.
    var renderCopy: CALayer?
    var renderCopyModification: UInt64 = 0
    var renderCopyFrame: UInt64 = 0
    var renderCopyLocalTime: CFTimeInterval = .nan
    /// The animations changed: their direct form is resolved again, and the table's entries
    /// for them are no longer this layer's.
    func animationsChanged() {
        directResolved = false
        tableSlot = -1
    }

    /// Resolves the direct form of the animations of `layer` (this storage's layer), once per
    /// change of them, after the commit has given them their begin times: at most
    /// `DirectValues.capacity` direct animations of different properties.
    @inline(__always)
    func resolveDirects(_ layer: CALayer) -> Bool {
        if directResolved { return presented.count > 0 }
        directs = []
        presented = DirectValues()
        guard animations.count <= DirectValues.capacity, !animations.contains(where: { $0.animation.awaitsCommit })
        else { return false }
        var list: [DirectAnimation] = []
        for (key, a) in animations {
            guard let d = DirectAnimation(a, key: key, layer: layer),
                  !list.contains(where: { $0.target.property == d.target.property }) else { directResolved = true; return false }
            list.append(d)
        }
        directs = list
        presented = DirectValues(list.map(\.target))
        directResolved = true
        return !list.isEmpty
    }
    /// The media time of the last timed render of the tree this layer was the root of.
    var lastRenderMediaTime: CFTimeInterval?
    /// Whether the layer's contents were last drawn with animated custom values
    /// (`CALayer+AnimatedDisplay.swift`).
    var displaysAnimatedValues = false
    /// Whether a `CATransition` was added since the snapshot last found none (the snapshot
    /// then looks for one, Snapshotter+Transition.swift).
    var mayHaveTransition = false
}

/// The error of a value of the wrong kind for a key path.
public struct CALayerKeyValueError: Error, CustomStringConvertible, Sendable {
    /// The key path that was set.
    public let keyPath: String
    /// What was wrong, in words.
    public let reason: String
    /// "keyPath: reason".
    public var description: String { "\(keyPath): \(reason)" }
}

extension CALayer {
    /// The storage, created on first use.
    final var animStorage: LayerAnimationStorage {
        if let s = animationStorage { return s }
        let s = LayerAnimationStorage()
        animationStorage = s
        return s
    }

    /// How the keys of animations added with a nil key begin.
    static let anonymousAnimationKeyPrefix = "oqc.animation."

    /// Whether the layer has animations.
    @inline(__always) package final var hasAnimations: Bool { !(animationStorage?.animations.isEmpty ?? true) }

    /// Copies timing, actions and custom values (init(layer:)).
    final func copyAnimationState(from l: CALayer) {
        guard let src = l.animationStorage else { return }
        let s = animStorage
        s.timing = src.timing
        s.actions = src.actions
        s.customValues = src.customValues
    }

    // MARK: Time

    /// This layer's local time for a media time: each layer from the root down applies its
    /// own timing (`(t − beginTime) · speed + timeOffset`).
    package final func localTime(fromMediaTime t: CFTimeInterval) -> CFTimeInterval {
        if let s = animationStorage, localTimeIsMediaTime(s) { return t }
        var chain: [MediaTiming] = []
        var l: CALayer? = self
        while let layer = l {
            if let s = layer.animationStorage, s.timing != MediaTiming() { chain.append(s.timing) }
            l = layer.superlayer
        }
        var time = t
        for timing in chain.reversed() { time = timing.localTime(parent: time) }
        return time
    }

    /// Whether this layer's local time is media time; `s` is its storage. Most trees have no
    /// layer timing: then local time is media time, which is known without the walk up (weak
    /// loads of every superlayer) while the tree's timing and shape are as they were when it
    /// was last found.
    @inline(__always)
    final func localTimeIsMediaTime(_ s: LayerAnimationStorage) -> Bool {
        let g = LayerTimeTree.generation
        if s.timeGeneration != g {
            s.localTimeIsMediaTime = timingChainIsEmpty
            s.timeGeneration = g
        }
        return s.localTimeIsMediaTime
    }

    /// Whether no layer from this one up to the root has a timing other than the default.
    private final var timingChainIsEmpty: Bool {
        var l: CALayer? = self
        while let layer = l {
            if let s = layer.animationStorage, s.timing != MediaTiming() { return false }
            l = layer.superlayer
        }
        return true
    }

    /// The media time for a local time of this layer (the inverse of `localTime`).
    final func mediaTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var l: CALayer? = self
        while let layer = l {
            if let s = layer.animationStorage { time = s.timing.parentTime(local: time) }
            l = layer.superlayer
        }
        return time
    }

    // MARK: Adding and removing

    final func addAnimationCopy(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy() as? CAAnimation else { return }
        let s = animStorage
        let k: String
        if let key { k = key } else { s.anonymousKeys += 1; k = CALayer.anonymousAnimationKeyPrefix + "\(s.anonymousKeys)" }
        let transaction = TransactionState.current
        if copy.duration == 0 { copy.fallbackDuration = CATransaction.animationDuration() }
        copy.awaitsCommit = copy.beginTime == 0
        // An implicit animation (no from, to or by) starts from the value the property had
        // before the change, as shown: the last rendered presentation value when the layer was
        // animating, else the old model value.
        if let basic = copy as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
           let change = transaction.changing, change.key == (basic.keyPath ?? "") {
            if let shown = shownLayer(s, changing: change.key, from: change.old), let kp = LayerKeyPath(change.key),
               let v = kp.get(shown) {
                basic.previousValue = v
            } else {
                basic.previousValue = change.old
            }
        }
        transaction.additions &+= 1
        copy.additionOrder = transaction.additions
        transaction.retired.forget(self) { $0 == k }
        if let i = s.animations.firstIndex(where: { $0.key == k }) {
            let old = s.animations.remove(at: i).animation
            AnimationEvents.stop(old, finished: false)
        }
        s.animations.append((k, copy))
        if let transition = copy as? CATransition {
            s.mayHaveTransition = true
            // The old appearance is the committed model, taken now (a scene file names its own).
            if transition.oldAppearance == nil { transition.oldAppearance = committedAppearance() }
        }
        s.animationsChanged()
        transaction.register(copy)
        markAnimatedUpwards()
        noteChange()
    }

    /// The layer as the last timed render showed it, for an implicit animation's start:
    /// its presentation copy, or (when the render read it without one, through its direct
    /// animation) a copy made now with `key` at its value before the change and the direct
    /// animation's value of that frame.
    private final func shownLayer(_ s: LayerAnimationStorage, changing key: String, from old: AnimationValue?) -> CALayer? {
        guard s.directResolved, !s.directs.isEmpty, s.presentedFrame != 0, s.renderCopy == nil || s.presentedFrame > s.renderCopyFrame
        else { return s.renderCopy }
        let c = builtInCopy()
        if let old, let kp = LayerKeyPath(key) { kp.set(c, old) }
        for (i, d) in s.directs.enumerated() {
            if let v = s.presented.value(i) { d.set(c, v, model: self) }
        }
        return c
    }

    final func markAnimatedUpwards() {
        var l: CALayer? = self
        while let layer = l, !layer.animatedSubtree || layer === self {
            layer.animatedSubtree = true
            l = layer.superlayer
        }
    }

    final func removeAnimations(where match: (String) -> Bool) {
        TransactionState.current.retired.forget(self, where: match)
        guard let s = animationStorage, !s.animations.isEmpty else { return }
        var removed: [CAAnimation] = []
        s.animations.removeAll { entry in
            if match(entry.key) { removed.append(entry.animation); return true }
            return false
        }
        if removed.isEmpty { return }
        s.animationsChanged()
        if s.animations.isEmpty { s.renderCopy = nil }
        noteChange()
        for a in removed { AnimationEvents.stop(a, finished: false) }
    }

    // MARK: Presentation

    /// A copy of this layer's properties (as `init(layer:)` copies them) whose class is the
    /// Core Animation class this layer is or derives from: what a render reads an animated
    /// layer through. It runs no initializer of a subclass of yours, so it cannot trap, and
    /// the render reads only Core Animation's properties (drawn contents included).
    package final func builtInCopy() -> CALayer {
        let c: CALayer
        switch self {
        case is CAShapeLayer: c = CAShapeLayer()
        case is CATextLayer: c = CATextLayer()
        case is CAGradientLayer: c = CAGradientLayer()
        case is CAReplicatorLayer: c = CAReplicatorLayer()
        case is CATransformLayer: c = CATransformLayer()
        case is CAEmitterLayer: c = CAEmitterLayer()
        default: c = CALayer()
        }
        c.copyLayerState(from: self)
        return c
    }

    final func makePresentation() -> CALayer? {
        guard isCommittedToRender else { return nil }
        var root: CALayer = self
        while let up = root.superlayer { root = up }
        let media = root.animationStorage?.lastRenderMediaTime ?? CACurrentMediaTime()
        let copy = builtInCopy()
        // A Core Animation class is copied exactly; a subclass of yours by its init?(coder:).
        guard let p = type(of: copy) == type(of: self) ? copy : type(of: self).init(coder: PresentationCoder(model: self))
        else { return nil }
        p.animStorage.modelLayer = self
        if hasAnimations {
            AnimationEvaluator.apply(self, to: p, localTime: localTime(fromMediaTime: media), events: nil)
        }
        return p
    }

    // MARK: Actions

    final func searchAction(forKey event: String) -> (any CAAction)? {
        if let d = delegate, let a = d.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = animationStorage?.actions?[event] { return a is NSNull ? nil : a }
        // Third in Apple's search: the "actions" dictionary of the style dictionary.
        if let s = style?["actions"] as? [String: Any], let a = s[event] as? any CAAction { return a is NSNull ? nil : a }
        if let a = type(of: self).defaultAction(forKey: event) { return a is NSNull ? nil : a }
        if event == "contents" { return CALayer.contentsFade() }
        guard let kp = LayerKeyPath(event), kp.property.isAnimatable else { return nil }
        let anim = CABasicAnimation(keyPath: event)
        anim.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return anim
    }

    /// Core Animation's implicit action for `contents`: a crossfade, a `CATransition` of type
    /// `.fade` (the Core Animation Programming Guide's implied animation for `contents`, and
    /// `kCATransitionFade` is the transition type "the layer's content fades"). It takes the
    /// transaction's duration (its own is 0) and timing function, as the implicit basic
    /// animations do. A transition draws the layer's old appearance under its new one, so
    /// the old contents fade into the new as on iOS.
    static func contentsFade() -> CATransition {
        let fade = CATransition()
        fade.type = .fade
        fade.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return fade
    }

    /// The Objective-C key of a Swift property name (`isHidden` → `hidden`).
    static func actionKey(_ swiftName: StaticString) -> String {
        let n = swiftName.description
        switch n {
        case "isHidden": return "hidden"
        case "isDoubleSided": return "doubleSided"
        case "isGeometryFlipped": return "geometryFlipped"
        default: return n
        }
    }

    final func runAction<T>(forChangeOf name: StaticString, from old: T) {
        let key = CALayer.actionKey(name)
        runAction(forKey: key, old: LayerKeyPath(key).flatMap { AnimationValue(old, kind: $0.kind) })
    }

    final func runAction(forKey key: String, old: AnimationValue?) {
        let transaction = TransactionState.current
        noteCommittedValue(key, old: old, in: transaction)
        if CATransaction.disableActions() || transaction.changing != nil { return }
        guard let action = action(forKey: key) else { return }
        transaction.changing = (key, old)
        defer { transaction.changing = nil }
        action.run(forKey: key, object: self, arguments: nil)
    }

    // MARK: Key-value coding

    final func keyValue(forKeyPath keyPath: String) -> Any? {
        if let kp = LayerKeyPath(keyPath) {
            guard let v = kp.get(self) else { return animationStorage?.customValues[keyPath] }
            if kp.component == .whole, let raw = kp.property.colorsAsStored(self) { return raw }
            if kp.component == .whole { return LayerKeyPath.swiftValue(kp.property, v) }
            return v.anyValue
        }
        return animationStorage?.customValues[keyPath] ?? type(of: self).defaultValue(forKey: keyPath)
    }

    final func setKeyValue(_ value: Any?, forKeyPath keyPath: String) throws(CALayerKeyValueError) {
        guard let kp = LayerKeyPath(keyPath), kp.property.get(self) != nil else {
            // Any other key is stored, as CALayer stores undefined keys.
            let s = animStorage
            let old = s.customValues[keyPath]
            s.customValues[keyPath] = value
            noteChange()
            if isCommittedToRender { runAction(forKey: keyPath, old: AnimationValue.inferred(old)) }
            return
        }
        // Colours are stored as given (an AnimationValue would turn gray into sRGB).
        if kp.component == .whole, kp.kind == .color || kp.kind == .colors {
            if kp.property.setColors(self, value) { return }
            throw CALayerKeyValueError(keyPath: keyPath, reason: "\(value.map { "\(type(of: $0))" } ?? "nil") is not a \(kp.kind == .color ? "CGColor" : "[CGColor]")")
        }
        guard let v = kp.value(value) else {
            throw CALayerKeyValueError(keyPath: keyPath, reason: "\(value.map { "\(type(of: $0))" } ?? "nil") is not a value of the \(kp.kind) kind this key path holds")
        }
        if !kp.set(self, v) {
            throw CALayerKeyValueError(keyPath: keyPath, reason: "the value cannot be set on \(type(of: self))")
        }
    }

    /// OpenQuartzCore extension: `setValue(_:forKeyPath:)` that reports a value of the wrong
    /// kind (a string for `position`, a point for `opacity`) instead of ignoring it.
    public final func setValueChecked(_ value: Any?, forKeyPath keyPath: String) throws(CALayerKeyValueError) {
        try setKeyValue(value, forKeyPath: keyPath)
    }
}

extension LayerKeyPath {
    /// A whole property's value as its Swift type (`opacity` is a `Float`, `hidden` a `Bool`).
    static func swiftValue(_ p: LayerProperty, _ v: AnimationValue) -> Any? {
        switch p {
        case .opacity, .shadowOpacity, .minificationFilterBias, .instanceRedOffset, .instanceGreenOffset,
             .instanceBlueOffset, .instanceAlphaOffset, .emitterBirthRate, .emitterLifetime, .emitterVelocity,
             .emitterScale, .emitterSpin:
            return v.doubleValue.map { Float($0) }
        case .emitterCell(let c): return c.swiftValue(v)
        case .instanceDelay: return v.doubleValue
        case .colors:
            if case .colors(let c) = v { return c.compactMap { $0.cgColorValue } as [Any] }
            return nil
        default: return v.anyValue
        }
    }
}

extension AnimationValue {
    /// A value whose kind is read off the value itself (custom keys have no declared type).
    static func inferred(_ v: Any?) -> AnimationValue? {
        guard let v else { return nil }
        for kind in [AnimationValueKind.number, .point, .size, .rect, .transform, .path, .numbers, .colors] {
            if let a = AnimationValue(v, kind: kind) { return a }
        }
        if v is CGColor { return AnimationValue(v, kind: .color) }
        return .discrete(v)
    }
}

/// NSNull disables an action (Core Animation declares it a `CAAction` for that).
extension NSNull: CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension LayerProperty {
    /// The colour (or colours) of a colour property exactly as stored; nil for other kinds.
    func colorsAsStored(_ l: CALayer) -> Any?? {
        switch self {
        case .backgroundColor: return .some(l.backgroundColor as Any)
        case .borderColor: return .some(l.borderColor as Any)
        case .shadowColor: return .some(l.shadowColor as Any)
        case .fillColor: return (l as? CAShapeLayer).map { .some($0.fillColor as Any) }
        case .strokeColor: return (l as? CAShapeLayer).map { .some($0.strokeColor as Any) }
        case .colors: return (l as? CAGradientLayer).map { .some($0.colors as Any) }
        case .instanceColor: return (l as? CAReplicatorLayer).map { .some($0.instanceColor as Any) }
        case .foregroundColor: return (l as? CATextLayer).map { .some($0.foregroundColor as Any) }
        case .emitterCell(let c) where c.kind == .color: return c.cell(of: l).map { .some($0.color as Any) }
        default: return nil
        }
    }

    /// Sets a colour property to `v` as given (a `CGColor`, nil, or for `colors` an array of
    /// `CGColor`s); false for a value of another type.
    func setColors(_ l: CALayer, _ v: Any?) -> Bool {
        if self == .colors {
            guard let g = l as? CAGradientLayer else { return false }
            if v == nil { g.colors = nil; return true }
            guard let list = v as? [Any], list.allSatisfy({ $0 is CGColor }) else { return false }
            g.colors = list
            return true
        }
        let c: CGColor?
        if v == nil || v is NSNull { c = nil } else if let x = v as? CGColor { c = x } else { return false }
        switch self {
        case .backgroundColor: l.backgroundColor = c
        case .borderColor: l.borderColor = c
        case .shadowColor: l.shadowColor = c
        case .fillColor: guard let s = l as? CAShapeLayer else { return false }; s.fillColor = c
        case .strokeColor: guard let s = l as? CAShapeLayer else { return false }; s.strokeColor = c
        case .instanceColor: guard let r = l as? CAReplicatorLayer else { return false }; r.instanceColor = c
        case .foregroundColor: guard let t = l as? CATextLayer else { return false }; t.foregroundColor = c
        case .emitterCell(let k) where k.kind == .color: guard let cell = k.cell(of: l) else { return false }; cell.color = c
        default: return false
        }
        return true
    }
}
