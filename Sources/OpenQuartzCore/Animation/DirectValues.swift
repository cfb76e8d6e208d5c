import Foundation

/// The targets of a layer's direct animations (DirectAnimation.swift) and their values in one
/// frame, kept inline (no allocation per frame): at most `capacity` animations, of different
/// properties, in the order they were added. A value is nil where its animation has no effect
/// at that time (the model's value shows).
package struct DirectValues {
    /// The most direct animations one layer may have (more go through the generic evaluator).
    static let capacity = 4

    package private(set) var count = 0
    /// Bit i: animation i has an effect.
    private var shown: UInt8 = 0
    private var targets: (DirectAnimation.Target, DirectAnimation.Target, DirectAnimation.Target, DirectAnimation.Target)
        = (.opacity, .opacity, .opacity, .opacity)
    private var values: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) = (.zero, .zero, .zero, .zero)

    init() {}

    /// The targets of `list` (at most `capacity`), no value shown yet.
    init(_ list: [DirectAnimation.Target]) {
        for t in list.prefix(Self.capacity) {
            switch count { case 0: targets.0 = t; case 1: targets.1 = t; case 2: targets.2 = t; default: targets.3 = t }
            count += 1
        }
    }

    @inline(__always) func target(_ i: Int) -> DirectAnimation.Target {
        switch i { case 0: return targets.0; case 1: return targets.1; case 2: return targets.2; default: return targets.3 }
    }

    /// Animation i's value, nil when it has no effect.
    @inline(__always) package func value(_ i: Int) -> SIMD4<Double>? {
        guard shown & (1 << i) != 0 else { return nil }
        switch i { case 0: return values.0; case 1: return values.1; case 2: return values.2; default: return values.3 }
    }

    @inline(__always) mutating func set(_ i: Int, _ v: SIMD4<Double>?) {
        guard let v else { shown &= ~(1 << UInt8(i)); return }
        shown |= 1 << UInt8(i)
        switch i { case 0: values.0 = v; case 1: values.1 = v; case 2: values.2 = v; default: values.3 = v }
    }

    /// Whether some animation has an effect.
    @inline(__always) var showsAny: Bool { shown != 0 }

    /// The value of the animation of `t`'s kind that has an effect (`matches` picks it).
    @inline(__always) func first(where matches: (DirectAnimation.Target) -> Bool) -> (DirectAnimation.Target, SIMD4<Double>)? {
        var i = 0
        while i < count {
            let t = target(i)
            if matches(t), let v = value(i) { return (t, v) }
            i += 1
        }
        return nil
    }

    /// The value shown for target `t`, nil when no animation of it has an effect.
    @inline(__always) func value(for t: DirectAnimation.Target) -> SIMD4<Double>? {
        first { $0 == t }?.1
    }
}
