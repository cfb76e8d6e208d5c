import Foundation

/// The most common animation, evaluated without the generic machinery: a `CABasicAnimation`
/// (not a spring, not a subclass) whose two ends are known (from and to, from and by, or to
/// and by), neither additive nor cumulative, without a value function, on a number, a
/// coordinate of a point, a point or a colour of a Core Animation property. It is resolved once
/// (ends converted, timing read) and then costs a timing-function evaluation and one property
/// set per frame. The values are the generic evaluator's to the bit: the same phase, the same
/// curve and the same `a + (b − a) · f` per component (AnimationEvaluator, AnimationValue).
package struct DirectAnimation {
    /// What is set on the presentation copy.
    package enum Target {
        case opacity, shadowOpacity, zPosition, cornerRadius, borderWidth, shadowRadius
        case positionX, positionY, position, anchorPoint
        case backgroundColor, borderColor, shadowColor
        case strokeStart, strokeEnd, lineWidth, fillColor, strokeColor

        init?(_ kp: LayerKeyPath, layer: CALayer) {
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
            default: return nil
            }
        }
    }

    let animation: CAAnimation
    let key: String
    let target: Target
    let from: SIMD4<Double>, to: SIMD4<Double>
    let timing: MediaTiming
    let duration: CFTimeInterval
    /// The timing function's control points (x1, y1, x2, y2), nil when it is linear (or
    /// absent): kept here so that a frame reads no object but the layer's storage.
    let curve: SIMD4<Double>?
    let isRemovedOnCompletion: Bool
    /// Whether the animation's delegate was told it started (or stopped): once it was, a
    /// frame no longer reads the animation object for it.
    var knownStarted = false, knownStopped = false

    /// The direct form of `a` on `layer`, or nil when `a` needs the generic evaluator.
    init?(_ a: CAAnimation, key: String, layer: CALayer) {
        guard type(of: a) == CABasicAnimation.self, let b = a as? CABasicAnimation, !b.awaitsCommit, !b.isAdditive,
              !b.isCumulative, b.valueFunction == nil, let path = b.keyPath, let kp = LayerKeyPath(path),
              let target = Target(kp, layer: layer) else { return nil }
        let ends = b.convertedEnds(PropertyTarget(b, layer))
        let start: AnimationValue, end: AnimationValue
        switch (ends.from, ends.to, ends.by) {
        case (let x?, let y?, _): start = x; end = y
        case (let x?, nil, let d?): guard let y = x.adding(d) else { return nil }; start = x; end = y
        case (nil, let y?, let d?): guard let x = y.subtracting(d) else { return nil }; start = x; end = y
        default: return nil   // an end is the current value: generic
        }
        guard let f = Self.lanes(start), let t = Self.lanes(end) else { return nil }
        animation = a
        self.key = key
        self.target = target
        from = f
        to = t
        timing = a.timing
        duration = a.effectiveDuration
        curve = a.timingFunction.flatMap { $0.isLinear ? nil : SIMD4($0.c1.x, $0.c1.y, $0.c2.x, $0.c2.y) }
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

    /// Shows the animation on `copy` at the layer's local time `t` (or the model value where it
    /// has no effect), recording its start and end in `events` as the generic evaluator does.
    mutating func apply(model: CALayer, to copy: CALayer, localTime t: CFTimeInterval, events: AnimationEvents?) {
        if let v = value(model: model, localTime: t, events: events) { set(copy, v) } else { reset(copy, from: model) }
    }

    /// The target's value at the layer's local time `t` as four lanes, or nil where the
    /// animation has no effect (the model value shows); records its start and end in `events`
    /// as the generic evaluator does. Reads nothing but this value (the animation object only
    /// until its delegate has been told it started, and once it ended).
    @inline(__always)
    mutating func value(model: CALayer, localTime t: CFTimeInterval, events: AnimationEvents?) -> SIMD4<Double>? {
        let phase = timing.phase(parent: t, simple: duration)
        if let events { record(model: model, phase: phase, localTime: t, events: events) }
        guard case .active(let u, _, let ended) = phase, !(ended && isRemovedOnCompletion) else { return nil }
        var f = duration > 0 ? u / duration : 1
        if let c = curve { f = CAMediaTimingFunction.evaluate(f, c[0], c[1], c[2], c[3]) }
        return from + (to - from) * f
    }

    /// `AnimationEvaluator.record`, skipping what the animation's flags already settled.
    @inline(__always)
    private mutating func record(model: CALayer, phase: TimingPhase, localTime t: CFTimeInterval, events: AnimationEvents) {
        if !knownStarted {
            if animation.didNotifyStart { knownStarted = true }
            else if (t - timing.beginTime) * Double(timing.speed) >= 0 { events.record(.start(animation)) }
        }
        var over = phase == .after
        if case .active(_, _, true) = phase { over = true }
        if over && !knownStopped {
            if animation.didNotifyStop { knownStopped = true }
            else { events.record(.finish(model, key, animation, remove: isRemovedOnCompletion)) }
        }
    }

    func set(_ c: CALayer, _ v: SIMD4<Double>) {
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
