import Foundation

/// An animation between two values of one property (CAAnimation.h). Which values it
/// interpolates depends on which of `fromValue`, `toValue` and `byValue` are set, as Apple
/// documents:
///
/// | set | interpolates |
/// |---|---|
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | by, to | to − by → to |
/// | from | from → the current value |
/// | to | the current value → to |
/// | by | the current value → current + by |
/// | none | the previous value → the current value (what an implicit animation does) |
///
/// "Current" is the value below the animation: the model value, or the result of the
/// animations added before it. Setting all three behaves like from and to.
open class CABasicAnimation: CAPropertyAnimation, @unchecked Sendable {
    /// The start value, or nil. Default nil.
    open var fromValue: Any? { didSet { convertedCache = nil } }
    /// The end value, or nil. Default nil.
    open var toValue: Any? { didSet { convertedCache = nil } }
    /// The change from start to end, or nil. Default nil.
    open var byValue: Any? { didSet { convertedCache = nil } }

    /// The property's value before the change that triggered this (implicit) animation.
    var previousValue: AnimationValue?
    /// The ends converted for the animated property (set on first evaluation).
    var convertedCache: (from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)?

    override func encodeAttributes(with c: NSCoder) {
        super.encodeAttributes(with: c)
        c.encodeAnimationValue(fromValue, forKey: "fromValue")
        c.encodeAnimationValue(toValue, forKey: "toValue")
        c.encodeAnimationValue(byValue, forKey: "byValue")
    }

    override func decodeAttributes(from c: NSCoder) {
        super.decodeAttributes(from: c)
        fromValue = c.decodeAnimationValue(forKey: "fromValue")
        toValue = c.decodeAnimationValue(forKey: "toValue")
        byValue = c.decodeAnimationValue(forKey: "byValue")
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
        previousValue = o.previousValue
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }
}
