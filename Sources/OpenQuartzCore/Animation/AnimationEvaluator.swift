import Foundation

/// Computes a layer's presentation values: its animations, in the order they were added,
/// applied to a copy of the model layer at one local time of the layer.
package enum AnimationEvaluator {
    /// Applies `model`'s animations to `pres` (a copy of `model`) at the layer's local time
    /// `t`. With `events` (a render) animations waiting for the commit get their begin time,
    /// and starts and ends are recorded; without (`presentation()`), nothing is changed.
    package static func apply(_ model: CALayer, to pres: CALayer, localTime t: CFTimeInterval, events: AnimationEvents?) {
        guard let list = model.animationStorage?.animations else { return }
        for (key, anim) in list {
            if anim.awaitsCommit, events != nil {
                anim.beginTime = t
                anim.awaitsCommit = false
            }
            var timing = anim.timing
            if anim.awaitsCommit { timing.beginTime = t }
            let phase = timing.phase(parent: t, simple: anim.effectiveDuration)
            if let events { record(anim, key: key, of: model, timing: timing, phase: phase, localTime: t, events: events) }
            if case .active(_, _, true) = phase, anim.isRemovedOnCompletion { continue }
            if phase == .after && anim.isRemovedOnCompletion { continue }
            evaluate(anim, phase: phase, into: pres)
        }
    }

    /// Records that `anim` (under `key` on `model`) started or ended by local time `t`.
    @inline(__always)
    static func record(_ anim: CAAnimation, key: String, of model: CALayer, timing: MediaTiming, phase: TimingPhase,
                       localTime t: CFTimeInterval, events: AnimationEvents) {
        if !anim.didNotifyStart, ResolvedTiming.hasBegun(parent: t, beginTime: timing.beginTime, speed: Double(timing.speed)) { events.record(.start(anim)) }
        var over = phase == .after
        if case .active(_, _, true) = phase { over = true }
        if over && !anim.stopIsKnown { events.record(.finish(model, key, anim, remove: anim.isRemovedOnCompletion)) }
    }

    /// Applies one animation in `phase` to `pres`.
    static func evaluate(_ anim: CAAnimation, phase: TimingPhase, into pres: CALayer, duration: CFTimeInterval? = nil) {
        guard case .active(let u, let iteration, let ended) = phase else { return }
        let d = duration ?? anim.effectiveDuration
        if let group = anim as? CAAnimationGroup {
            // The group's timing function paces the group's time, which is its children's
            // parent time: Apple's Core Animation Cookbook ("Timing") gives a keyframe path one
            // timing function by grouping it and setting the group's, which "take[s]
            // precedence over the keyframe animation's timing properties".
            var gu = u
            if d > 0, let tf = group.timingFunction { gu = d * tf.evaluate(u / d) }
            for child in group.animations ?? [] {
                // A child without a duration of its own lasts the group's (NVActivityIndicator's
                // BallClipRotate, whose children set none, turns once per group cycle on iOS).
                let cd = child.duration > 0 ? child.duration : d
                // A group frozen at its end samples its children there, a child that ends
                // with it included (MediaTiming.place's `endInclusive`).
                evaluate(child, phase: child.timing.phase(parent: gu, simple: cd, endInclusive: ended), into: pres, duration: cd)
            }
            return
        }
        guard let p = anim as? CAPropertyAnimation else { return }
        var f = d > 0 ? u / d : 1
        if !(anim is CASpringAnimation), let tf = anim.timingFunction { f = tf.evaluate(f) }
        let target = PropertyTarget(p, pres)
        guard let current = target.current(pres) else { return }
        // A cumulative repeat starts from where the cycle before it ended (Apple: "the value at
        // the end of the previous repeat cycle, plus the value of the current repeat cycle"):
        // that is end − start further on for a cycle that plays one way, but an autoreversing
        // cycle ends back at its start value, so its repeats add nothing and the value never
        // jumps at a repeat boundary.
        let repeats = p.autoreverses ? 0 : iteration
        let value: AnimationValue?
        switch p {
        case let spring as CASpringAnimation:
            value = basicValue(spring, progress: spring.spring.progress(u), iteration: repeats, current: current, target: target)
        case let basic as CABasicAnimation:
            value = basicValue(basic, progress: f, iteration: repeats, current: current, target: target)
        case let key as CAKeyframeAnimation:
            value = KeyframeEvaluation.value(key, progress: f, iteration: repeats, current: current, target: target, pres: pres)
        default:
            value = nil
        }
        guard var v = value else { return }
        if let vf = p.valueFunction {
            var t: AnimationValue = .transform(vf.transform(v))
            if p.isAdditive, let sum = current.adding(t) { t = sum }
            v = t
        } else if p.isAdditive, let sum = current.adding(v) {
            v = sum
        }
        target.set(pres, v)
    }

    /// The value of a basic (or spring) animation at `progress`, by which of from, to and by
    /// are set (the table in `CABasicAnimation`'s documentation).
    static func basicValue(_ a: CABasicAnimation, progress f: Double, iteration: Int, current: AnimationValue,
                           target: PropertyTarget) -> AnimationValue? {
        let ends = a.convertedEnds(target)
        // An additive animation's missing ends are the kind's zero (it adds to what is below).
        let base = a.isAdditive ? (current.scaled(0) ?? current) : current
        let from = ends.from, to = ends.to, by = ends.by
        var start: AnimationValue, end: AnimationValue
        switch (from, to, by) {
        case (let x?, let y?, _): start = x; end = y
        case (let x?, nil, let b?): start = x; end = x.adding(b) ?? x
        case (nil, let y?, let b?): start = y.subtracting(b) ?? y; end = y
        case (let x?, nil, nil): start = x; end = base
        case (nil, let y?, nil): start = base; end = y
        case (nil, nil, let b?): start = base; end = base.adding(b) ?? base
        case (nil, nil, nil): start = a.previousValue ?? base; end = base
        }
        var v = start.interpolated(to: end, f)
        if a.isCumulative, iteration != 0, let delta = end.subtracting(start), let k = delta.scaled(Double(iteration)) {
            v = v.adding(k) ?? v
        }
        return v
    }
}

/// What an animation sets: a layer property (or a part of one), or a custom key.
struct PropertyTarget {
    let keyPath: LayerKeyPath?
    let customKey: String?
    /// The kind the animation's values are read as (numbers for a value function).
    let kind: AnimationValueKind?

    init(_ a: CAPropertyAnimation, _ layer: CALayer) {
        if a.resolvedKeyPath == nil { a.resolvedKeyPath = .some(a.keyPath.flatMap { LayerKeyPath($0) }) }
        let kp = a.resolvedKeyPath ?? nil
        if let kp, kp.property.get(layer) != nil {
            keyPath = kp; customKey = nil
            kind = a.valueFunction != nil ? nil : kp.kind
        } else {
            keyPath = nil; customKey = a.keyPath
            kind = nil
        }
    }

    func current(_ l: CALayer) -> AnimationValue? {
        if let keyPath { return keyPath.get(l) }
        guard let key = customKey else { return nil }
        return AnimationValue.inferred(l.animationStorage?.customValues[key]) ?? .number(0)
    }

    /// `v` read as this target's kind (inferred for custom keys and value functions).
    func convert(_ v: Any?) -> AnimationValue? {
        guard let v else { return nil }
        if let keyPath, kind != nil { return keyPath.value(v) }
        return AnimationValue.inferred(v)
    }

    func set(_ l: CALayer, _ v: AnimationValue) {
        if let keyPath { keyPath.set(l, v); return }
        guard let key = customKey else { return }
        l.animStorage.customValues[key] = v.anyValue
    }
}

extension CABasicAnimation {
    /// fromValue, toValue and byValue converted for `target`, once per copy.
    func convertedEnds(_ target: PropertyTarget) -> (from: AnimationValue?, to: AnimationValue?, by: AnimationValue?) {
        if let c = convertedCache { return c }
        let c = (target.convert(fromValue), target.convert(toValue), target.convert(byValue))
        convertedCache = c
        return c
    }
}
