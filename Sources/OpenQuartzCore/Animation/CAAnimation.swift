import Foundation

/// The abstract superclass of Core Animation's animations: timing (`CAMediaTiming`), a timing
/// function, a delegate, and whether the animation leaves its layer when it ends.
///
/// A layer keeps a copy of the animation it is given (`CALayer.add(_:forKey:)`), so changing an
/// animation after adding it changes nothing on screen, as on Apple's platforms. Subclasses
/// that add stored properties copy them in `copy(with:)`.
open class CAAnimation: NSObject, NSCopying, NSSecureCoding, CAMediaTiming, CAAction, @unchecked Sendable {
    /// Creates an animation with the default timing (begins at commit, lasts the transaction's
    /// duration, plays once, `.removed` fill).
    public required override init() { super.init() }

    /// Animations support secure coding, as Apple's do.
    open class var supportsSecureCoding: Bool { true }

    /// An animation read from a keyed archive: its timing, timing function and every property
    /// of its class (NSCoder+AnimationValues.swift says which values survive). The delegate is
    /// not archived.
    public required init?(coder: NSCoder) {
        super.init()
        decodeAttributes(from: coder)
    }

    /// Writes the animation's timing, timing function and the properties of its class.
    open func encode(with coder: NSCoder) { encodeAttributes(with: coder) }

    /// Writes this class's attributes; each subclass calls super first.
    func encodeAttributes(with c: NSCoder) {
        c.encodeMediaTiming(timing)
        c.encode(isRemovedOnCompletion, forKey: "removedOnCompletion")
        c.encodeTimingFunctions(timingFunction.map { [$0] }, forKey: "timingFunction")
        if !preferredFrameRateRange.isEqual(to: .default) {
            c.encode(preferredFrameRateRange.minimum, forKey: "preferredFrameRateRange.minimum")
            c.encode(preferredFrameRateRange.maximum, forKey: "preferredFrameRateRange.maximum")
            c.encode(preferredFrameRateRange.preferred ?? 0, forKey: "preferredFrameRateRange.preferred")
        }
    }

    /// Reads this class's attributes; each subclass calls super first.
    func decodeAttributes(from c: NSCoder) {
        var t = timing
        c.decodeMediaTiming(into: &t)
        beginTime = t.beginTime; duration = t.duration; speed = t.speed; timeOffset = t.timeOffset
        repeatCount = t.repeatCount; repeatDuration = t.repeatDuration; autoreverses = t.autoreverses
        fillMode = t.fillMode
        if let v = c.decodeBoolValue(forKey: "removedOnCompletion") { isRemovedOnCompletion = v }
        if let f = c.decodeTimingFunctions(forKey: "timingFunction")?.first { timingFunction = f }
        if let lo = c.decodeFloatValue(forKey: "preferredFrameRateRange.minimum"),
           let hi = c.decodeFloatValue(forKey: "preferredFrameRateRange.maximum") {
            let p = c.decodeFloatValue(forKey: "preferredFrameRateRange.preferred") ?? 0
            preferredFrameRateRange = CAFrameRateRange(minimum: lo, maximum: hi, preferred: p == 0 ? nil : p)
        }
    }

    /// The default of a property, as Apple's `+defaultValueForKey:` reports it; nil for keys
    /// without one.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": return Float(1)
        case "isRemovedOnCompletion", "removedOnCompletion": return true
        case "duration", "beginTime", "timeOffset", "repeatDuration": return CFTimeInterval(0)
        case "repeatCount": return Float(0)
        case "autoreverses": return false
        case "fillMode": return CAMediaTimingFillMode.removed
        default: return nil
        }
    }

    /// Whether the value of `key` is written when the animation is archived: true for every
    /// key, Apple's default, which subclasses override. (`encode(with:)` writes the animation's
    /// own properties whatever this answers.)
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: CAMediaTiming

    /// When the animation starts, in its layer's local time. Default 0: when the transaction
    /// that adds it commits (the layer's copy then holds that time). Not animatable.
    open var beginTime: CFTimeInterval = 0
    /// The simple duration in seconds. Default 0: the transaction's `animationDuration`
    /// (0.25 s) when the animation is added.
    open var duration: CFTimeInterval = 0
    /// Rate of local time against the layer's. Default 1.
    open var speed: Float = 1
    /// Added to local time. Default 0.
    open var timeOffset: CFTimeInterval = 0
    /// Number of repeats; `.infinity` (or `Float(HUGE)`) repeats forever. Default 0 (once).
    open var repeatCount: Float = 0
    /// Seconds to repeat for, instead of a count. Default 0.
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each cycle plays backward after forward. Default false.
    open var autoreverses = false
    /// What the animation shows outside its active interval. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode = .removed

    // MARK: Animation attributes

    /// Paces the animation within each cycle; nil is linear. Default nil.
    open var timingFunction: CAMediaTimingFunction?

    /// Told when the animation starts and stops. Held strongly, as Core Animation holds it
    /// (CAAnimation.h: "the delegate object is retained by the receiver").
    open var delegate: (any CAAnimationDelegate)?

    /// Whether the layer removes the animation when its active interval ends (then the layer
    /// shows its model value again, whatever `fillMode` says). Default true.
    open var isRemovedOnCompletion = true

    /// The frame rates the animation would like to be shown at (Apple: iOS 15 and later),
    /// default `CAFrameRateRange.default`. Kept, copied and archived; offline renders draw the
    /// frames they are asked for, so it chooses nothing here (docs/limits.md).
    open var preferredFrameRateRange = CAFrameRateRange.default

    /// Values stored for other keys (animations are key-value coding containers).
    private var extraValues: [String: Any] = [:]

    // MARK: Internal state of a layer's copy

    /// The duration this copy runs for when `duration` is 0 (the transaction's, captured when
    /// the copy was added to a layer).
    var fallbackDuration: CFTimeInterval = 0.25
    /// Whether `beginTime` still waits for the transaction's commit to be set.
    var awaitsCommit = false
    /// Whether the delegate has been told the animation started / stopped.
    var didNotifyStart = false
    var didNotifyStop = false
    /// Whether a render at an earlier time put the copy back after its removal on completion
    /// (RetiredAnimations): its end then removes it again, without telling the delegate.
    var isReinstated = false
    /// When the copy was added, among the thread's additions: where it goes back among its
    /// layer's animations when reinstated.
    var additionOrder: UInt64 = 0
    /// Whether its delegate was told it stopped and nothing is left to do at its end.
    @inline(__always) final var stopIsKnown: Bool { didNotifyStop && !isReinstated }
    /// The completion groups of the transactions open when this copy was added.
    var completionGroups: [TransactionCompletionGroup] = []

    /// The simple duration in effect.
    @inline(__always) final var effectiveDuration: CFTimeInterval { duration > 0 ? duration : fallbackDuration }

    /// The timing as a value.
    final var timing: MediaTiming {
        MediaTiming(beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
                    repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses,
                    fillMode: fillMode)
    }

    // MARK: Copying

    /// A copy with the same attributes (the delegate and timing function are shared, as an
    /// Objective-C copy shares them).
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.copyAttributes(from: self)
        return c
    }

    /// Copies this class's attributes from `other`; each subclass calls super first.
    func copyAttributes(from other: CAAnimation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed
        timeOffset = other.timeOffset; repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration; autoreverses = other.autoreverses
        fillMode = other.fillMode; timingFunction = other.timingFunction; delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion; extraValues = other.extraValues
        preferredFrameRateRange = other.preferredFrameRateRange
        fallbackDuration = other.fallbackDuration
    }

    // MARK: CAAction

    /// Runs the animation as an action: adds it to `anObject` (a layer) under `event`.
    /// Anything that is not a layer is ignored.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    // MARK: Key-value coding

    /// The value of a property by its Objective-C name (`duration`, `removedOnCompletion`, …),
    /// or a value stored with `setValue(_:forKey:)`. Nil for an unknown key.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        case "timingFunction": return timingFunction
        case "delegate": return delegate
        case "removedOnCompletion", "isRemovedOnCompletion": return isRemovedOnCompletion
        default: return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets a property by its Objective-C name; a value of the wrong type for a known key is
    /// ignored (the property keeps its value); other keys are stored and read back by
    /// `value(forKey:)`.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "beginTime": if let v = KeyValueNumber.double(value) { beginTime = v }
        case "duration": if let v = KeyValueNumber.double(value) { duration = v }
        case "speed": if let v = KeyValueNumber.double(value) { speed = Float(v) }
        case "timeOffset": if let v = KeyValueNumber.double(value) { timeOffset = v }
        case "repeatCount": if let v = KeyValueNumber.double(value) { repeatCount = Float(v) }
        case "repeatDuration": if let v = KeyValueNumber.double(value) { repeatDuration = v }
        case "autoreverses": if let v = KeyValueNumber.bool(value) { autoreverses = v }
        case "fillMode":
            if let v = value as? CAMediaTimingFillMode { fillMode = v } else if let s = value as? String { fillMode = .init(rawValue: s) }
        case "timingFunction": timingFunction = value as? CAMediaTimingFunction
        case "delegate": delegate = value as? any CAAnimationDelegate
        case "removedOnCompletion", "isRemovedOnCompletion": if let v = KeyValueNumber.bool(value) { isRemovedOnCompletion = v }
        default: extraValues[key] = value
        }
    }
}
