import Foundation

/// Writes a layer's animations back as the `animations` key (SceneAnimation.swift reads it):
/// every member that differs from its default, values in the forms of the layer keys of their
/// kind. Animations a scene cannot say (other classes, value functions, keyframe paths with
/// key times or timing functions) are left out.
extension SceneWriter {
    func animations(_ l: CALayer) -> JSONValue? {
        guard let list = l.animationStorage?.animations, !list.isEmpty else { return nil }
        let out = list.compactMap { entry in
            animation(entry.animation, key: entry.key.hasPrefix(CALayer.anonymousAnimationKeyPrefix) ? nil : entry.key)
        }
        return out.isEmpty ? nil : .array(out)
    }

    private func animation(_ a: CAAnimation, key: String?) -> JSONValue? {
        var m: [JSONObject.Member] = []
        func put(_ k: String, _ v: JSONValue?) { if let v { m.append(.init(key: k, value: v)) } }
        switch a {
        case let t as CATransition:
            transitionMembers(t, put)  // SceneAnimation+Transition.swift
        case let g as CAAnimationGroup:
            put("type", .string("group"))
            put("animations", .array((g.animations ?? []).compactMap { animation($0, key: nil) }))
        case let p as CAPropertyAnimation:
            guard p.valueFunction == nil, let keyPath = p.keyPath, let kind = LayerKeyPath(keyPath)?.kind else { return nil }
            switch p {
            case let s as CASpringAnimation:
                put("type", .string("spring"))
                put("keyPath", .string(keyPath))
                ends(s, kind, put)
                if s.mass != 1 { put("mass", number(s.mass)) }
                if s.stiffness != 100 { put("stiffness", number(s.stiffness)) }
                if s.damping != 10 { put("damping", number(s.damping)) }
                if s.initialVelocity != 0 { put("initialVelocity", number(s.initialVelocity)) }
                if s.allowsOverdamping { put("allowsOverdamping", .bool(true)) }
            case let b as CABasicAnimation:
                put("keyPath", .string(keyPath))
                ends(b, kind, put)
            case let k as CAKeyframeAnimation:
                put("type", .string("keyframe"))
                put("keyPath", .string(keyPath))
                if let path = k.path {
                    guard kind == .point, k.keyTimes == nil, k.timingFunctions == nil else { return nil }
                    put("path", self.path(path))
                    if let mode = k.rotationMode {
                        guard let name = SceneReader.rotationModeTable.first(where: { $0.value == mode })?.key else { return nil }
                        put("rotationMode", .string(name))
                    }
                    if k.calculationMode != .linear { put("calculationMode", .string(k.calculationMode.rawValue)) }
                    break
                }
                let values = (k.values ?? []).compactMap { animationValue($0, kind) }
                put("values", .array(values))
                if let t = k.keyTimes {
                    // As the animation reads them (clamped to 0…1), and only when it follows
                    // them: the reader refuses the others, which the animation ignores anyway.
                    let times = t.map { x in x.doubleValue.isFinite ? min(max(x.doubleValue, 0), 1) : 0 }
                    if SceneReader.keyTimesProblem(times, values: values.count, mode: k.calculationMode) == nil {
                        put("keyTimes", numbers(times.map { CGFloat($0) }))
                    }
                }
                if let f = k.timingFunctions, !f.isEmpty, values.count > 1 {
                    // One per segment, as the reader asks: segment i is paced by function
                    // min(i, count − 1), as the animation reads a list of another length.
                    put("timingFunctions", .array((0..<values.count - 1).map { timingFunction(f[min($0, f.count - 1)]) }))
                }
                if k.calculationMode != .linear { put("calculationMode", .string(k.calculationMode.rawValue)) }
            default:
                return nil
            }
            if p.isAdditive { put("isAdditive", .bool(true)) }
            if p.isCumulative { put("isCumulative", .bool(true)) }
        default:
            return nil
        }
        if let key { m.insert(.init(key: "key", value: .string(key)), at: 0) }
        if a.beginTime != 0 { put("beginTime", number(CGFloat(a.beginTime))) }
        if a.duration != 0 { put("duration", number(CGFloat(a.duration))) }
        if a.speed != 1 { put("speed", number(a.speed)) }
        if a.timeOffset != 0 { put("timeOffset", number(CGFloat(a.timeOffset))) }
        if a.repeatCount.isInfinite { put("repeatCount", .string("infinity")) } else if a.repeatCount != 0 { put("repeatCount", number(a.repeatCount)) }
        if a.repeatDuration != 0 { put("repeatDuration", number(CGFloat(a.repeatDuration))) }
        if a.autoreverses { put("autoreverses", .bool(true)) }
        if a.fillMode != .removed { put("fillMode", .string(a.fillMode.rawValue)) }
        if !a.isRemovedOnCompletion { put("isRemovedOnCompletion", .bool(false)) }
        if let f = a.timingFunction { put("timingFunction", timingFunction(f)) }
        return .object(JSONObject(m))
    }

    private func ends(_ b: CABasicAnimation, _ kind: AnimationValueKind, _ put: (String, JSONValue?) -> Void) {
        put("fromValue", b.fromValue.flatMap { animationValue($0, kind) })
        put("toValue", b.toValue.flatMap { animationValue($0, kind) })
        put("byValue", b.byValue.flatMap { animationValue($0, kind) })
    }

    /// A named function by its name when its control points are that function's, else the
    /// four numbers.
    private func timingFunction(_ f: CAMediaTimingFunction) -> JSONValue {
        let points = Self.controlPoints(f)
        for (name, n) in SceneReader.timingFunctionNameTable where Self.controlPoints(CAMediaTimingFunction(name: n)) == points {
            return .string(name)
        }
        return .array(points.map { number($0) })
    }

    private static func controlPoints(_ f: CAMediaTimingFunction) -> [Float] {
        var c1 = [Float](repeating: 0, count: 2), c2 = [Float](repeating: 0, count: 2)
        f.getControlPoint(at: 1, values: &c1)
        f.getControlPoint(at: 2, values: &c2)
        return c1 + c2
    }

    /// `v` in the scene form of `kind`; nil for what a scene cannot say.
    private func animationValue(_ v: Any, _ kind: AnimationValueKind) -> JSONValue? {
        if kind == .color { return (v as? CGColor).map(color) }
        if kind == .colors { return (v as? [Any]).map { .array($0.compactMap { ($0 as? CGColor).map(color) }) } }
        guard let value = AnimationValue(v, kind: kind) else { return nil }
        switch value {
        case .number(let d): return number(CGFloat(d))
        case .point(let p): return point(p)
        case .size(let s): return size(s)
        case .rect(let r): return rect(r)
        case .transform(let t): return transform(t)
        case .numbers(let n): return numbers(n.map { CGFloat($0) })
        case .path(let p): return path(p)
        default: return nil
        }
    }
}
