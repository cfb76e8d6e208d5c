import Foundation

/// An animation through a sequence of values, or along a path (CAAnimation.h).
///
/// With `values` of n elements the animation has n − 1 segments; `keyTimes` (n numbers from 0
/// to 1, or n + 1 in `.discrete` mode) say when each keyframe is reached, evenly spaced when
/// nil. `timingFunctions` (n − 1) pace each segment. A `path` takes precedence over `values`
/// for point properties: its elements' end points are the keyframes and the animation follows
/// its lines and curves.
open class CAKeyframeAnimation: CAPropertyAnimation, @unchecked Sendable {
    /// The keyframe values. Default nil.
    open var values: [Any]?
    /// A path for a point property to follow (overrides `values`). Default nil.
    open var path: CGPath? { didSet { pathSegments = nil } }
    /// When each keyframe is reached, as fractions of the duration: one per value, or one per
    /// control point of `path` (a closing line is travelled only when it has a key time of its
    /// own); discrete mode takes one more, when the last value ends. Times need not start at 0
    /// or end at 1. Default nil (evenly spaced); other counts, or decreasing times, are spaced
    /// evenly too (docs/time.md "Keyframes and key times").
    open var keyTimes: [NSNumber]?
    /// The timing function of each segment. Default nil (linear).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed. Default `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels tension per keyframe for cubic modes (1 tight, −1 loose). Default nil (0).
    open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe for cubic modes. Default nil (0).
    open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe for cubic modes. Default nil (0).
    open var biasValues: [NSNumber]?
    /// Whether an object on a `path` turns with the path's tangent. Default nil (it does not).
    open var rotationMode: CAAnimationRotationMode?

    /// The path's segments, measured once per copy.
    var pathSegments: [PathSegment]?
    /// The values converted for the animated property, once per copy.
    var convertedValues: [AnimationValue]?

    override func encodeAttributes(with c: NSCoder) {
        super.encodeAttributes(with: c)
        c.encodeAnimationValue(values, forKey: "values")
        if let path { c.encodePath(path, forKey: "path") }
        c.encodeNumberList(keyTimes, forKey: "keyTimes")
        c.encodeTimingFunctions(timingFunctions, forKey: "timingFunctions")
        c.encodeString(calculationMode.rawValue, forKey: "calculationMode")
        c.encodeNumberList(tensionValues, forKey: "tensionValues")
        c.encodeNumberList(continuityValues, forKey: "continuityValues")
        c.encodeNumberList(biasValues, forKey: "biasValues")
        c.encodeString(rotationMode?.rawValue, forKey: "rotationMode")
    }

    override func decodeAttributes(from c: NSCoder) {
        super.decodeAttributes(from: c)
        values = c.decodeAnimationValue(forKey: "values") as? [Any]
        if let p = c.decodePath(forKey: "path") { path = p }
        if let v = c.decodeNumberList(forKey: "keyTimes") { keyTimes = v }
        timingFunctions = c.decodeTimingFunctions(forKey: "timingFunctions")
        if let v = c.decodeStringValue(forKey: "calculationMode") { calculationMode = CAAnimationCalculationMode(rawValue: v) }
        if let v = c.decodeNumberList(forKey: "tensionValues") { tensionValues = v }
        if let v = c.decodeNumberList(forKey: "continuityValues") { continuityValues = v }
        if let v = c.decodeNumberList(forKey: "biasValues") { biasValues = v }
        rotationMode = c.decodeStringValue(forKey: "rotationMode").map { CAAnimationRotationMode(rawValue: $0) }
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        values = o.values; path = o.path; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode; tensionValues = o.tensionValues
        continuityValues = o.continuityValues; biasValues = o.biasValues; rotationMode = o.rotationMode
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "values": return values
        case "path": return path
        case "keyTimes": return keyTimes
        case "timingFunctions": return timingFunctions
        case "calculationMode": return calculationMode
        case "tensionValues": return tensionValues
        case "continuityValues": return continuityValues
        case "biasValues": return biasValues
        case "rotationMode": return rotationMode
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "values": values = value as? [Any]
        case "path": path = value as? CGPath
        case "keyTimes": keyTimes = value as? [NSNumber]
        case "timingFunctions": timingFunctions = value as? [CAMediaTimingFunction]
        case "calculationMode":
            if let m = value as? CAAnimationCalculationMode { calculationMode = m } else if let s = value as? String { calculationMode = .init(rawValue: s) }
        case "tensionValues": tensionValues = value as? [NSNumber]
        case "continuityValues": continuityValues = value as? [NSNumber]
        case "biasValues": biasValues = value as? [NSNumber]
        case "rotationMode":
            rotationMode = value as? CAAnimationRotationMode ?? (value as? String).map { .init(rawValue: $0) }
        default: super.setValue(value, forKey: key)
        }
    }
}
