import Foundation

/// The classes an animation object of a scene file makes (docs/scene-format.md "Animations").
enum SceneAnimationType: String, Sendable {
    case basic, keyframe, spring, group, transition

    /// The keys an animation object of this type may have.
    var keys: Set<String> {
        let timing: Set<String> = ["type", "key", "beginTime", "duration", "speed", "timeOffset", "repeatCount",
                                   "repeatDuration", "autoreverses", "fillMode", "isRemovedOnCompletion", "timingFunction"]
        let property: Set<String> = ["keyPath", "isAdditive", "isCumulative"]
        switch self {
        case .basic: return timing.union(property).union(["fromValue", "toValue", "byValue"])
        case .spring: return timing.union(property).union(["fromValue", "toValue", "byValue", "mass", "stiffness",
                                                               "damping", "initialVelocity", "allowsOverdamping"])
        case .keyframe: return timing.union(property).union(["values", "path", "rotationMode", "keyTimes", "timingFunctions", "calculationMode"])
        case .group: return timing.union(["animations"])
        case .transition: return timing.union(Self.transitionKeys)
        }
    }
}

/// Layer objects' `animations`: Core Animation animations added to the layer with
/// `add(_:forKey:)`. Their times are the layer's own time, which is media time for a layer
/// whose ancestors set no timing: `beginTime` 0 is media time 0 (not "when the transaction
/// commits", as for an animation added by code), so a scene rendered at a time is always the
/// same picture.
extension SceneReader {
    static let animationTypeTable: KeyValuePairs<String, SceneAnimationType> = [
        "basic": .basic, "keyframe": .keyframe, "spring": .spring, "group": .group, "transition": .transition,
    ]
    static let fillModeTable: KeyValuePairs<String, CAMediaTimingFillMode> = [
        "removed": .removed, "forwards": .forwards, "backwards": .backwards, "both": .both,
    ]
    static let timingFunctionNameTable: KeyValuePairs<String, CAMediaTimingFunctionName> = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]
    static let rotationModeTable: KeyValuePairs<String, CAAnimationRotationMode> = [
        "rotateAuto": .rotateAuto, "rotateAutoReverse": .rotateAutoReverse,
    ]
    static let calculationModeTable: KeyValuePairs<String, CAAnimationCalculationMode> = [
        "linear": .linear, "discrete": .discrete, "paced": .paced, "cubic": .cubic, "cubicPaced": .cubicPaced,
    ]
    /// Deepest nesting of groups.
    static let maxAnimationNesting = 8

    /// Adds the animations in `v` (an array of animation objects) to `layer`, in order.
    func addAnimations(_ v: JSONValue, _ p: JSONPath, to layer: CALayer) throws(SceneError) {
        let items = try array(v, p, expected: "an array of animation objects")
        let ip = p.settled()
        for (i, item) in items.enumerated() {
            let (anim, key) = try animation(item, ip.index(i), layer: layer, depth: 0)
            layer.add(anim, forKey: key)
            // The scene's times are the layer's: beginTime 0 is time 0, not the commit's time.
            layer.animationStorage?.animations.last?.animation.awaitsCommit = false
        }
    }

    /// Counts `n` animations or keyframe values against `SceneLimits.maxAnimationValues`.
    func countAnimationValues(_ n: Int, _ p: JSONPath) throws(SceneError) {
        animationValues = animationValues.addingReportingOverflow(n).partialValue
        if animationValues > options.limits.maxAnimationValues {
            throw fail(p, "the scene has more than \(options.limits.maxAnimationValues) animations and keyframe values (raise the limit with \(OperatorLimit.animationValues.flag))", kind: .limitExceeded)
        }
    }

    private func animation(_ v: JSONValue, _ p: JSONPath, layer: CALayer, depth: Int) throws(SceneError) -> (CAAnimation, String?) {
        let o = try object(v, p, expected: "an animation object")
        let type = try o["type"].map { (t) throws(SceneError) in try choice(t, p.key("type"), Self.animationTypeTable) } ?? .basic
        try checkKeys(o, p, allowed: depth == 0 ? type.keys : type.keys.subtracting(["key"]))
        try countAnimationValues(1, p)
        let anim: CAAnimation
        switch type {
        case .group:
            guard depth < Self.maxAnimationNesting else {
                throw fail(p, "animation groups nested more than \(Self.maxAnimationNesting) deep")
            }
            guard let list = o["animations"] else { throw fail(p, "missing \"animations\" (a group's animations)") }
            let lp = p.key("animations")
            let items = try array(list, lp, expected: "an array of animation objects")
            let g = CAAnimationGroup()
            var children: [CAAnimation] = []
            for (i, item) in items.enumerated() {
                children.append(try animation(item, lp.index(i), layer: layer, depth: depth + 1).0)
            }
            g.animations = children
            anim = g
        case .transition:
            anim = try transition(o, p, depth: depth)  // SceneAnimation+Transition.swift
        case .basic, .spring, .keyframe:
            guard let kv = o["keyPath"] else { throw fail(p, "missing \"keyPath\" (the property animated)") }
            let kp = p.key("keyPath")
            let keyPath = try string(kv, kp)
            guard let target = LayerKeyPath(keyPath), target.property.get(layer) != nil, target.property.isAnimatable,
                  target.kind != .discrete else {
                throw fail(kp, "\(Self.quote(keyPath)) is not an animatable key path of a \"\(SceneLayerType(of: layer).rawValue)\" layer")
            }
            let property: CAPropertyAnimation
            var isFloat = Self.floatProperties.contains(target.property)
            if case .emitterCell(let c) = target.property { isFloat = CAEmitterCell.floatKeys.contains(c.key) }
            if type == .keyframe {
                property = try keyframe(o, p, target: target, isFloat: isFloat)
            } else {
                let basic = type == .spring ? try spring(o, p) : CABasicAnimation()
                if let x = o["fromValue"] { basic.fromValue = try animationValue(x, p.key("fromValue"), target: target, isFloat: isFloat) }
                if let x = o["toValue"] { basic.toValue = try animationValue(x, p.key("toValue"), target: target, isFloat: isFloat) }
                if let x = o["byValue"] { basic.byValue = try animationValue(x, p.key("byValue"), target: target, isFloat: isFloat) }
                property = basic
            }
            property.keyPath = keyPath
            if let x = o["isAdditive"] { property.isAdditive = try bool(x, p.key("isAdditive")) }
            if let x = o["isCumulative"] { property.isCumulative = try bool(x, p.key("isCumulative")) }
            anim = property
        }
        try readTiming(o, p, into: anim)
        return (anim, try o["key"].map { (k) throws(SceneError) in try string(k, p.key("key")) })
    }

    private func spring(_ o: JSONObject, _ p: JSONPath) throws(SceneError) -> CASpringAnimation {
        let s = CASpringAnimation()
        if let x = o["mass"] { s.mass = try positive(x, p.key("mass")) }
        if let x = o["stiffness"] { s.stiffness = try positive(x, p.key("stiffness")) }
        if let x = o["damping"] { s.damping = try nonNegative(x, p.key("damping")) }
        if let x = o["initialVelocity"] { s.initialVelocity = try number(x, p.key("initialVelocity")) }
        if let x = o["allowsOverdamping"] { s.allowsOverdamping = try bool(x, p.key("allowsOverdamping")) }
        return s
    }

    private func keyframe(_ o: JSONObject, _ p: JSONPath, target: LayerKeyPath, isFloat: Bool) throws(SceneError) -> CAKeyframeAnimation {
        let k = CAKeyframeAnimation()
        if let x = o["path"] {
            // A point moved along a path, its pieces sharing the duration evenly (or paced).
            guard target.kind == .point else { throw fail(p.key("path"), "a keyframe path moves a point (position, anchorPoint, …); this key path is not one") }
            for other in ["values", "keyTimes", "timingFunctions"] where o[other] != nil {
                throw fail(p.key(other), "a keyframe \"path\" takes no \"\(other)\" in scene files")
            }
            k.path = try path(x, p.key("path"))
            if let m = o["rotationMode"] { k.rotationMode = try choice(m, p.key("rotationMode"), Self.rotationModeTable) }
            if let m = o["calculationMode"] { k.calculationMode = try choice(m, p.key("calculationMode"), Self.calculationModeTable) }
            return k
        }
        if o["rotationMode"] != nil { throw fail(p.key("rotationMode"), "\"rotationMode\" turns a layer along a keyframe \"path\"; this animation has none") }
        guard let values = try countedList(o, "values", p, expected: "an array of keyframe values", { (v, vp) throws(SceneError) in
            try animationValue(v, vp, target: target, isFloat: isFloat)
        }) else { throw fail(p, "missing \"values\" (the keyframes)") }
        k.values = values
        k.keyTimes = try countedList(o, "keyTimes", p, expected: "an array of numbers in 0…1") { (t, tp) throws(SceneError) in
            NSNumber(value: Double(try unit(t, tp)))
        }
        k.timingFunctions = try countedList(o, "timingFunctions", p, expected: "an array of timing functions") { (f, fp) throws(SceneError) in
            try timingFunction(f, fp)
        }
        if let x = o["calculationMode"] { k.calculationMode = try choice(x, p.key("calculationMode"), Self.calculationModeTable) }
        if let times = k.keyTimes { try checkKeyTimes(times, values: values.count, mode: k.calculationMode, p.key("keyTimes")) }
        // Apple, `timingFunctions`: "If the number of keyframes in the values property is n,
        // then this property should contain n-1 objects" (one per segment).
        if let functions = k.timingFunctions, functions.count != max(values.count - 1, 0) {
            throw fail(p.key("timingFunctions"), "\(functions.count) timing functions for \(values.count) values (give one per segment: \(max(values.count - 1, 0)))")
        }
        return k
    }

    /// Refuses key times that Core Animation would not follow as written, instead of playing
    /// them some other way.
    private func checkKeyTimes(_ times: [NSNumber], values n: Int, mode: CAAnimationCalculationMode,
                               _ p: JSONPath) throws(SceneError) {
        if let problem = Self.keyTimesProblem(times.map(\.doubleValue), values: n, mode: mode) {
            throw fail(problem.index.map { p.index($0) } ?? p, problem.message)
        }
    }

    /// What is wrong with `times` as the key times of `n` keyframe values in `mode`, and at
    /// which index; nil when Core Animation follows them (Apple, `keyTimes`: each is "greater
    /// than, or equal to, the previous value"; linear and cubic modes take one per value,
    /// discrete mode one per value or one more, the time the last value ends; paced modes
    /// ignore them). The writer leaves out the key times this refuses: the animation ignores
    /// them (docs/time.md "Keyframes and key times"), so the scene draws the same without.
    static func keyTimesProblem(_ times: [Double], values n: Int, mode: CAAnimationCalculationMode) -> (index: Int?, message: String)? {
        for i in times.indices.dropFirst() where times[i] < times[i - 1] {
            return (i, "key times may not decrease (\(text(CGFloat(times[i - 1]))) then \(text(CGFloat(times[i]))))")
        }
        switch mode {
        case .paced, .cubicPaced:
            return (nil, "a \"\(mode.rawValue)\" animation ignores key times (it is paced by distance); remove them")
        case .discrete:
            guard times.count == n || times.count == n + 1 else {
                return (nil, "\(times.count) key times for \(n) discrete values (give \(n), or \(n + 1) with the time the last value ends)")
            }
        default:
            guard times.count == n else { return (nil, "\(times.count) key times for \(n) values (give one per value)") }
        }
        return nil
    }

    /// The array at `o[key]` read item by item with `item` (nil when the key is absent), its
    /// length counted against `SceneLimits.maxAnimationValues` before any item is read.
    private func countedList<T>(
        _ o: JSONObject, _ key: String, _ p: JSONPath, expected: String,
        _ item: (JSONValue, JSONPath) throws(SceneError) -> T
    ) throws(SceneError) -> [T]? {
        guard let v = o[key] else { return nil }
        let lp = p.key(key)
        let items = try array(v, lp, expected: expected)
        try countAnimationValues(items.count, lp)
        var out: [T] = []
        out.reserveCapacity(items.count)
        for (i, x) in items.enumerated() { out.append(try item(x, lp.index(i))) }
        return out
    }

    /// The timing (`CAMediaTiming`) and `CAAnimation` members every animation object may set.
    private func readTiming(_ o: JSONObject, _ p: JSONPath, into a: CAAnimation) throws(SceneError) {
        if let x = o["beginTime"] { a.beginTime = Double(try number(x, p.key("beginTime"))) }
        if let x = o["duration"] { a.duration = Double(try nonNegative(x, p.key("duration"))) }
        if let x = o["speed"] { a.speed = try finiteFloat(try number(x, p.key("speed")), p.key("speed")) }
        if let x = o["timeOffset"] { a.timeOffset = Double(try number(x, p.key("timeOffset"))) }
        if let x = o["repeatCount"] {
            if case .string("infinity") = x { a.repeatCount = .infinity } else {
                let rp = p.key("repeatCount")
                guard x.number != nil else { throw typeError(x, rp, expected: "a number ≥ 0 or \"infinity\"") }
                a.repeatCount = try finiteFloat(try nonNegative(x, rp), rp)
            }
        }
        if let x = o["repeatDuration"] { a.repeatDuration = Double(try nonNegative(x, p.key("repeatDuration"))) }
        if let x = o["autoreverses"] { a.autoreverses = try bool(x, p.key("autoreverses")) }
        if let x = o["fillMode"] { a.fillMode = try choice(x, p.key("fillMode"), Self.fillModeTable) }
        if let x = o["isRemovedOnCompletion"] { a.isRemovedOnCompletion = try bool(x, p.key("isRemovedOnCompletion")) }
        if let x = o["timingFunction"] { a.timingFunction = try timingFunction(x, p.key("timingFunction")) }
    }

    /// `x` as a finite `Float` (speed and repeat count are `Float`s).
    private func finiteFloat(_ x: CGFloat, _ p: JSONPath) throws(SceneError) -> Float {
        let f = Float(x)
        guard f.isFinite else { throw fail(p, "number out of range for a Float") }
        return f
    }

    /// A named function (`"easeIn"`) or four control-point numbers `[c1x, c1y, c2x, c2y]`,
    /// the x coordinates in 0…1.
    private func timingFunction(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CAMediaTimingFunction {
        if case .string = v { return CAMediaTimingFunction(name: try choice(v, p, Self.timingFunctionNameTable)) }
        let n = try numbers(v, p, ["c1x", "c1y", "c2x", "c2y"])
        for i in [0, 2] where !(0...1).contains(n[i]) {
            throw fail(p.index(i), "expected a control point x in 0…1, got \(Self.text(n[i]))")
        }
        let f = n.map { Float($0) }
        guard f.allSatisfy(\.isFinite) else { throw fail(p, "control point out of range") }
        return CAMediaTimingFunction(controlPoints: f[0], f[1], f[2], f[3])
    }

    /// The properties Core Animation declares as `Float`. Their animation values pass the check
    /// their layer keys pass (a finite `Float`), so a value read from an animation reaches the
    /// render through the same gate as one set on the layer: 1e39 is refused in both.
    static let floatProperties: Set<LayerProperty> = [
        .opacity, .shadowOpacity, .minificationFilterBias,
        .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset,
        .emitterBirthRate, .emitterLifetime, .emitterVelocity, .emitterScale, .emitterSpin,
    ]

    /// A value of the kind the animated key path holds, as the layer keys of that kind are
    /// written. An angle (`transform.rotation.z`, …) is a number of radians, as Core Animation
    /// takes it, or `{"degrees": a}` / `{"radians": a}` as a static transform's `rotate` step.
    /// With `isFloat` (a property in `floatProperties`), a number must be a finite `Float`.
    private func animationValue(_ v: JSONValue, _ p: JSONPath, target: LayerKeyPath, isFloat: Bool) throws(SceneError) -> Any {
        if target.component.isRotation, case .object = v { return try angle(v, p) }
        switch target.kind {
        case .number:
            let x = try number(v, p)
            if isFloat, !Float(x).isFinite { throw fail(p, "number out of range for a Float, got \(Self.quote(v))") }
            return x
        case .point: return try point(v, p)
        case .size: return try offset(v, p)
        case .rect: return try rect(v, p)
        case .transform: return try transform3D(v, p)
        case .color: return try color(v, p)
        case .colors:
            // Every colour of every value counts, as keyframe values do: a list of lists is
            // as much work as the same number of keyframes.
            let items = try array(v, p, expected: "an array of colours")
            try countAnimationValues(items.count, p)
            var out: [Any] = []
            for (i, c) in items.enumerated() { out.append(try color(c, p.index(i))) }
            return out
        case .numbers:
            let list = try numberList(v, p)
            try countAnimationValues(list.count, p)
            return list.map { NSNumber(value: Double($0)) }
        case .path: return try path(v, p)
        case .discrete: throw fail(p, "this key path is not animated in scene files")
        }
    }
}
