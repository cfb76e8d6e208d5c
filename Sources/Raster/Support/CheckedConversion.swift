/// Double→Int conversions that cannot trap.
///
/// Swift's `Int(_: Double)` stops the process on NaN, ±∞ and anything beyond ±2⁶³, and every
/// coordinate, size and count the renderer works out comes from a stranger's scene: a radius
/// of 1e19, an arc of radius 1e-200, a scale of 1e308. Every conversion of such a value goes
/// through this one helper, which clamps to a range far beyond any real pixel (±2⁴⁰, the
/// compositor's "unbounded" rectangle) so that differences and sums of two results still fit
/// in an `Int`; NaN becomes 0. Callers that allocate must still bound what they allocate
/// (see `RenderBudget`): a clamped size is safe to compute with, not to allocate.
extension Int {
    /// The largest magnitude `Int(saturating:_:)` returns: 2⁴⁰ (about 1.1e12).
    @usableFromInline package static let clampLimit = 1 << 40

    /// `x` rounded by `rule` and clamped to ±`Int.clampLimit`; NaN is 0.
    @inlinable @inline(__always)
    package init(saturating x: Double, _ rule: FloatingPointRoundingRule = .towardZero) {
        let lim = Double(Int.clampLimit)
        if !(x == x) { self = 0; return }
        if x >= lim { self = Int.clampLimit; return }
        if x <= -lim { self = -Int.clampLimit; return }
        self = Int(x.rounded(rule))
    }

    /// `a × b`, or nil when it overflows or either is negative: sizes of buffers.
    @inlinable @inline(__always)
    package static func checkedArea(_ a: Int, _ b: Int) -> Int? {
        guard a >= 0, b >= 0 else { return nil }
        let (p, o) = a.multipliedReportingOverflow(by: b)
        return o ? nil : p
    }
}

/// Float→byte conversions that cannot trap.
extension UInt32 {
    /// `x × 255` rounded to the nearest byte value, clamped to 0…255; NaN is 0. A colour
    /// channel or weight in 0…1 made into a byte: `UInt32(_: Float)` stops the process on
    /// NaN, ±∞ and negatives, and channels reach here from values any setter or animation
    /// may have made.
    @inlinable @inline(__always)
    package init(byteOfUnit x: Float) {
        let v = x * 255
        if !(v > 0) { self = 0; return }
        if v >= 255 { self = 255; return }
        self = UInt32(v.rounded())
    }
}
