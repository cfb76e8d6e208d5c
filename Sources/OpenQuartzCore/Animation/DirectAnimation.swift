import Foundation

/// The most common animation, evaluated without the generic machinery: a `CABasicAnimation`
/// (not a spring, not a subclass) whose two ends are known (from and to, from and by, or to
/// and by), neither additive nor cumulative, on a number, a coordinate of a point, a point or
/// a colour of a Core Animation property, or on `transform` through a value function of one
/// number (`rotateZ`, `scaleX`, …) or a key path of one number (`transform.rotation.z`,
/// `transform.scale`, …). It is resolved once (ends converted, timing read) and then costs a
/// timing-function evaluation per frame. The values are the generic evaluator's to the bit:
/// the same phase, the same curve and the same `a + (b − a) · f` per component
/// (AnimationEvaluator, AnimationValue), and the transform made by the same function.
package struct DirectAnimation {
    /// What is set on the presentation copy.
    enum Target: Equatable {
        case opacity, shadowOpacity, zPosition, cornerRadius, borderWidth, shadowRadius
        case positionX, positionY, position, anchorPoint
        case backgroundColor, borderColor, shadowColor
        case strokeStart, strokeEnd, lineWidth, fillColor, strokeColor
        /// `transform` made by a value function of the number.
        case transformFunction(TransformFunction)
        /// `transform` with one number of its decomposition replaced (`transform.rotation.z`).
        case transformComponent(KeyComponent)

        init?(_ kp: LayerKeyPath, valueFunction: CAValueFunction?, layer: CALayer) {
            if let vf = valueFunction {
                guard kp.property == .transform, kp.component == .whole, let f = vf.function else { return nil }
                self = .transformFunction(f)
                return
            }
            switch (kp.property, kp.component) {
            case (.opacity, .whole): self = .opacity
            case (.shadowOpacity, .whole): self = .shadowOpacity
            case (.zPosition, .whole): self = .zPosition
            case (.cornerRadius, .whole): self = .cornerRadius
            case (.borderWidth, .whole): self = .borderWidth
            case (.shadowRadius, .whole): self = .shadowRadius
            case (.position, .x): self = .positionX
            case (.position, .y): self = .positionY
            case (.position, .whole): self = .position
            case (.anchorPoint, .whole): self = .anchorPoint
            case (.backgroundColor, .whole): self = .backgroundColor
            case (.borderColor, .whole): self = .borderColor
            case (.shadowColor, .whole): self = .shadowColor
            case (.strokeStart, .whole) where layer is CAShapeLayer: self = .strokeStart
            case (.strokeEnd, .whole) where layer is CAShapeLayer: self = .strokeEnd
            case (.lineWidth, .whole) where layer is CAShapeLayer: self = .lineWidth
            case (.fillColor, .whole) where layer is CAShapeLayer: self = .fillColor
            case (.strokeColor, .whole) where layer is CAShapeLayer: self = .strokeColor
            case (.transform, let c) where c.kind(base: .transform) == .number: self = .transformComponent(c)
            default: return nil
            }
        }

        /// The layer property the target is part of: two animations of one layer are direct
        /// only when they animate different properties (then their order does not matter).
        var property: LayerProperty {
            switch self {
            case .opacity: return .opacity
            case .shadowOpacity: return .shadowOpacity
            case .zPosition: return .zPosition
            case .cornerRadius: return .cornerRadius
            case .borderWidth: return .borderWidth
            case .shadowRadius: return .shadowRadius
            case .positionX, .positionY, .position: return .position
            case .anchorPoint: return .anchorPoint
            case .backgroundColor: return .backgroundColor
            case .borderColor: return .borderColor
            case .shadowColor: return .shadowColor
            case .strokeStart: return .strokeStart
            case .strokeEnd: return .strokeEnd
            case .lineWidth: return .lineWidth
            case .fillColor: return .fillColor
            case .strokeColor: return .strokeColor
            case .transformFunction, .transformComponent: return .transform
            }
        }

        /// The presented transform for the value `v` of a transform target over the model's
        /// transform `model` (what `AnimationEvaluator` sets on the copy); `model` for others.
        @inline(__always)
        func transform(_ v: SIMD4<Double>, model: CATransform3D) -> CATransform3D {
            switch self {
            case .transformFunction(let f): return f.transform(CGFloat(v[0]), 0, 0, count: 1)
            case .transformComponent(let c):
                if case .transform(let m)? = c.set(.number(v[0]), in: .transform(model)) { return m }
                return model
            default: return model
            }
        }
    }

    let animation: CAAnimation
    let key: String
    let target: Target
    /// The start value and the change to the end (`to − from`), as four lanes.
    let from: SIMD4<Double>, span: SIMD4<Double>
    let timing: ResolvedTiming
    /// The timing function's control points (x1, y1, x2, y2), when it is not linear (and
    /// present): kept here so that a frame reads no object but the layer's storage.
    let curve: SIMD4<Double>
    let hasCurve: Bool
    let isRemovedOnCompletion: Bool
    /// Whether the animation's delegate was told it started (or stopped): once it was, a
    /// frame no longer reads the animation object for it.
    var knownStarted = false, knownStopped = false

    /// The direct form of `a` on `layer`, or nil when `a` needs the generic evaluator.
    init?(_ a: CAAnimation, key: String, layer: CALayer) {
        guard type(of: a) == CABasicAnimation.self, let b = a as? CABasicAnimation, !b.awaitsCommit, !b.isAdditive,
              !b.isCumulative, let path = b.keyPath, let kp = LayerKeyPath(path),
              let target = Target(kp, valueFunction: b.valueFunction, layer: layer) else { return nil }
        let ends = b.convertedEnds(PropertyTarget(b, layer))
        let start: AnimationValue, end: AnimationValue
        switch (ends.from, ends.to, ends.by) {
        case (let x?, let y?, _): start = x; end = y
        case (let x?, nil, let d?): guard let y = x.adding(d) else { return nil }; start = x; end = y
        case (nil, let y?, let d?): guard let x = y.subtracting(d) else { return nil }; start = x; end = y
        default: return nil   // an end is the current value: generic
        }
        guard let f = Self.lanes(start), let t = Self.lanes(end) else { return nil }
        // A transform target reads one number (a value function of three is generic).
        if case .transformFunction = target, case .number = start, case .number = end {} else if case .transformFunction = target { return nil }
        animation = a
        self.key = key
        self.target = target
        from = f
        span = t - f
        timing = ResolvedTiming(a.timing, simple: a.effectiveDuration)
        let tf = a.timingFunction.flatMap { $0.isLinear ? nil : $0 }
        curve = tf.map { SIMD4($0.c1.x, $0.c1.y, $0.c2.x, $0.c2.y) } ?? .zero
        hasCurve = tf != nil
        isRemovedOnCompletion = a.isRemovedOnCompletion
    }

    /// A number, point or colour as four lanes; nil for other kinds.
    private static func lanes(_ v: AnimationValue) -> SIMD4<Double>? {
        switch v {
        case .number(let d): return SIMD4(d, 0, 0, 0)
        case .point(let p): return SIMD4(Double(p.x), Double(p.y), 0, 0)
        case .color(let r, let g, let b, let a): return SIMD4(r, g, b, a)
        case .noColor: return SIMD4(0, 0, 0, 0)
        default: return nil
        }
    }

    /// The value at `phase` as four lanes, or nil where the animation has no effect: the one
    /// body of the evaluation, shared with the snapshot's animation table.
    @inline(__always)
    static func value(_ phase: TimingPhase, duration: CFTimeInterval, from: SIMD4<Double>, span: SIMD4<Double>,
                      curve: SIMD4<Double>, hasCurve: Bool, removedOnCompletion: Bool) -> SIMD4<Double>? {
        guard case .active(let u, _, let ended) = phase else { return nil }
        return value(time: u, ended: ended, duration: duration, from: from, span: span, curve: curve, hasCurve: hasCurve,
                     removedOnCompletion: removedOnCompletion)
    }

    /// `value(_:…)` of an active phase at simple time `u` (`ended`: filling forwards).
    @inline(__always)
    static func value(time u: CFTimeInterval, ended: Bool, duration: CFTimeInterval, from: SIMD4<Double>, span: SIMD4<Double>,
                      curve: SIMD4<Double>, hasCurve: Bool, removedOnCompletion: Bool) -> SIMD4<Double>? {
        if ended && removedOnCompletion { return nil }
        var f = progress(time: u, duration: duration)
        if hasCurve { f = CAMediaTimingFunction.evaluate(f, curve[0], curve[1], curve[2], curve[3]) }
        return lanes(from, span, f)
    }

    /// The linear progress at simple time `u`, 0…1 (1 for a zero duration).
    @inline(__always)
    static func progress(time u: CFTimeInterval, duration: CFTimeInterval) -> Double { duration > 0 ? u / duration : 1 }

    /// The value at eased progress `f`: `from + (to − from) · f` per lane.
    @inline(__always)
    static func lanes(_ from: SIMD4<Double>, _ span: SIMD4<Double>, _ f: Double) -> SIMD4<Double> { from + span * f }

    /// Shows the animation on `copy` at the layer's local time `t` (or the model value where it
    /// has no effect), recording its start and end in `events` as the generic evaluator does.
    mutating func apply(model: CALayer, to copy: CALayer, localTime t: CFTimeInterval, events: AnimationEvents?) {
        if let v = value(model: model, localTime: t, events: events) { set(copy, v, model: model) } else { reset(copy, from: model) }
    }

    /// The target's value at the layer's local time `t` as four lanes, or nil where the
    /// animation has no effect (the model value shows); records its start and end in `events`
    /// as the generic evaluator does. Reads nothing but this value (the animation object only
    /// until its delegate has been told it started, and once it ended).
    @inline(__always)
    mutating func value(model: CALayer, localTime t: CFTimeInterval, events: AnimationEvents?) -> SIMD4<Double>? {
        let phase = timing.phase(parent: t)
        if let events { record(model: model, phase: phase, localTime: t, events: events) }
        return Self.value(phase, duration: timing.duration, from: from, span: span, curve: curve, hasCurve: hasCurve,
                          removedOnCompletion: isRemovedOnCompletion)
    }

    /// Whether a frame at `place` must tell the delegate something (a start or an end not yet
    /// known to be told): the frame then records its events through `value(model:…)`.
    @inline(__always)
    static func mayRecord(_ place: TimingPlace, knownStarted: Bool, knownStopped: Bool) -> Bool {
        if !knownStarted { return true }
        if knownStopped { return false }
        if place.kind == .active && !place.ended { return false }
        return place.kind != .before
    }

    /// `AnimationEvaluator.record`, skipping what the animation's flags already settled.
    @inline(__always)
    private mutating func record(model: CALayer, phase: TimingPhase, localTime t: CFTimeInterval, events: AnimationEvents) {
        if !knownStarted {
            if animation.didNotifyStart { knownStarted = true }
            else if ResolvedTiming.hasBegun(parent: t, beginTime: timing.beginTime, speed: timing.speed) { events.record(.start(animation)) }
        }
        var over = phase == .after
        if case .active(_, _, true) = phase { over = true }
        if over && !knownStopped {
            if animation.stopIsKnown { knownStopped = true }
            else { events.record(.finish(model, key, animation, remove: isRemovedOnCompletion)) }
        }
    }

    /// Sets the value `v` of the target on `c` (a copy of `model`).
    func set(_ c: CALayer, _ v: SIMD4<Double>, model: CALayer) {
        func color() -> CGColor { CGColor(red: CGFloat(v[0]), green: CGFloat(v[1]), blue: CGFloat(v[2]), alpha: CGFloat(v[3])) }
        let x = CGFloat(v[0])
        switch target {
        case .opacity: c.opacity = Float(v[0])
        case .shadowOpacity: c.shadowOpacity = Float(v[0])
        case .zPosition: c.zPosition = x
        case .cornerRadius: c.cornerRadius = x
        case .borderWidth: c.borderWidth = x
        case .shadowRadius: c.shadowRadius = x
        case .positionX: c.position.x = x
        case .positionY: c.position.y = x
        case .position: c.position = CGPoint(x: x, y: CGFloat(v[1]))
        case .anchorPoint: c.anchorPoint = CGPoint(x: x, y: CGFloat(v[1]))
        case .backgroundColor: c.backgroundColor = color()
        case .borderColor: c.borderColor = color()
        case .shadowColor: c.shadowColor = color()
        case .strokeStart: (c as? CAShapeLayer)?.strokeStart = x
        case .strokeEnd: (c as? CAShapeLayer)?.strokeEnd = x
        case .lineWidth: (c as? CAShapeLayer)?.lineWidth = x
        case .fillColor: (c as? CAShapeLayer)?.fillColor = color()
        case .strokeColor: (c as? CAShapeLayer)?.strokeColor = color()
        case .transformFunction, .transformComponent: c.transform = target.transform(v, model: model.transform)
        }
    }

    /// Puts the model's value of the target back on the copy.
    private func reset(_ c: CALayer, from m: CALayer) {
        switch target {
        case .opacity: c.opacity = m.opacity
        case .shadowOpacity: c.shadowOpacity = m.shadowOpacity
        case .zPosition: c.zPosition = m.zPosition
        case .cornerRadius: c.cornerRadius = m.cornerRadius
        case .borderWidth: c.borderWidth = m.borderWidth
        case .shadowRadius: c.shadowRadius = m.shadowRadius
        case .positionX, .positionY, .position: c.position = m.position
        case .anchorPoint: c.anchorPoint = m.anchorPoint
        case .backgroundColor: c.backgroundColor = m.backgroundColor
        case .borderColor: c.borderColor = m.borderColor
        case .shadowColor: c.shadowColor = m.shadowColor
        case .transformFunction, .transformComponent: c.transform = m.transform
        case .strokeStart, .strokeEnd, .lineWidth, .fillColor, .strokeColor:
            guard let s = c as? CAShapeLayer, let ms = m as? CAShapeLayer else { return }
            switch target {
            case .strokeStart: s.strokeStart = ms.strokeStart
            case .strokeEnd: s.strokeEnd = ms.strokeEnd
            case .lineWidth: s.lineWidth = ms.lineWidth
            case .fillColor: s.fillColor = ms.fillColor
            default: s.strokeColor = ms.strokeColor
            }
        }
    }
}
