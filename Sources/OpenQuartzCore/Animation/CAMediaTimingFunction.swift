import Foundation

/// A cubic Bézier from (0, 0) to (1, 1) mapping an animation's linear progress (x) to its
/// eased progress (y), as Core Animation defines timing functions.
///
/// The control points of the named functions are Apple's (CAMediaTimingFunction.h). The curve
/// is evaluated by solving x(s) = t for the curve parameter s (Newton's method to 1e-14, or
/// bisection to 1e-15 where x(s) is flat), then returning y(s).
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    /// The first control point (the curve starts at (0, 0)).
    let c1: (x: Double, y: Double)
    /// The second control point (the curve ends at (1, 1)).
    let c2: (x: Double, y: Double)

    /// A function from two control points; x coordinates are clamped to 0…1 so that the curve
    /// stays a function of time, as Core Animation requires.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func unit(_ v: Float) -> Double { v.isNaN ? 0 : min(max(Double(v), 0), 1) }
        func finite(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
        c1 = (unit(c1x), finite(c1y))
        c2 = (unit(c2x), finite(c2y))
        super.init()
    }

    /// One of the predefined functions; an unknown name gives the linear function.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Writes control point `idx` (0…3: (0,0), the two control points, (1,1)) into `ptr[0]`
    /// and `ptr[1]`; an index outside 0…3 writes nothing.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        switch idx {
        case 0: ptr[0] = 0; ptr[1] = 0
        case 1: ptr[0] = Float(c1.x); ptr[1] = Float(c1.y)
        case 2: ptr[0] = Float(c2.x); ptr[1] = Float(c2.y)
        case 3: ptr[0] = 1; ptr[1] = 1
        default: break
        }
    }

    /// Whether the curve is the identity (linear), so evaluation can be skipped.
    final var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

    /// OpenQuartzCore extension: the eased progress for linear progress `t` (clamped to 0…1).
    public final func evaluate(_ t: Double) -> Double {
        if isLinear || t.isNaN { return t.isNaN ? 0 : min(max(t, 0), 1) }
        return Self.evaluate(t, c1.x, c1.y, c2.x, c2.y)
    }

    /// The eased progress of the (non-linear) curve with control points (x1, y1), (x2, y2) for
    /// linear progress `t`: the body of `evaluate(_:)`, for callers that keep the points.
    @inline(__always)
    static func evaluate(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        evaluate(SIMD2(repeating: t), SIMD2(repeating: x1), SIMD2(repeating: y1), SIMD2(repeating: x2),
                 SIMD2(repeating: y2))[0]
    }

    /// `evaluate` of two curves at once, one per lane: the only body of the evaluation (the
    /// one-curve form runs it with both lanes alike), so each lane is the one-curve result to
    /// the bit (the same operations in the same order; SSE2 does two lanes in one
    /// instruction). Two independent chains of Newton steps keep the processor busy where
    /// one waits on its divisions: the animation table evaluates its curves in pairs.
    /// NaN gives 0; below 0 and above 1, the ends.
    @inline(__always)
    static func evaluate(_ t: SIMD2<Double>, _ x1: SIMD2<Double>, _ y1: SIMD2<Double>, _ x2: SIMD2<Double>,
                         _ y2: SIMD2<Double>) -> SIMD2<Double> {
        let zero = SIMD2<Double>.zero, one = SIMD2<Double>(repeating: 1)
        let nan = t .!= t
        let x = t.replacing(with: zero, where: t .< zero).replacing(with: one, where: t .> one)
        let low = nan .| (x .== zero), high = x .== one
        // The ends (and NaN) are not solved for: a harmless 1/2 stands in, its result unused.
        let inner = x.replacing(with: SIMD2(repeating: 0.5), where: low .| high)
        let y = bezier(solve(inner, x1, x2), y1, y2)
        return y.replacing(with: zero, where: low).replacing(with: one, where: high)
    }

    /// One coordinate of the curve at parameter s, with end points 0 and 1.
    @inline(__always)
    package static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        bezier(SIMD2(repeating: s), SIMD2(repeating: p1), SIMD2(repeating: p2))[0]
    }

    /// `bezier` per lane.
    @inline(__always)
    static func bezier(_ s: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>) -> SIMD2<Double> {
        let u: SIMD2<Double> = 1 - s
        let first: SIMD2<Double> = 3 * u * u * s * p1
        let second: SIMD2<Double> = 3 * u * s * s * p2
        let third: SIMD2<Double> = s * s * s
        return first + second + third
    }

    /// The parameter s with x(s) = x: x(s) increases on 0…1 because the control x are in 0…1.
    @inline(__always)
    package static func solve(_ x: Double, _ p1: Double, _ p2: Double) -> Double {
        solve(SIMD2(repeating: x), SIMD2(repeating: p1), SIMD2(repeating: p2))[0]
    }

    /// `solve` per lane (x in 0…1).
    ///
    /// Three Newton steps from s = x come first, without a test between them: x(s) is near
    /// s for the usual curves, and three steps reach |x(s) − x| < 1e-14 for Apple's
    /// ease-in-ease-out everywhere (most of the others too), so a frame of many animations
    /// runs this with no branch to mispredict and the steps of neighbouring animations
    /// overlap. Each step is kept in 0…1 (a step through a flat x(s) would leave it). A lane
    /// not yet within 1e-14 then goes on in `refine` (Newton with its tests, bisection), so
    /// the result meets the same test as before. The cubic is in Horner form,
    /// x(s) = ((a·s + b)·s + c)·s with c = 3·p1, b = 3·(p2 − p1) − c, a = 1 − c − b.
    @inline(__always)
    static func solve(_ x: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>) -> SIMD2<Double> {
        let c: SIMD2<Double> = 3 * p1
        let b: SIMD2<Double> = 3 * (p2 - p1) - c
        let a: SIMD2<Double> = 1 - c - b
        let zero = SIMD2<Double>.zero, one = SIMD2<Double>(repeating: 1)
        @inline(__always) func curve(_ s: SIMD2<Double>) -> SIMD2<Double> {
            let ab: SIMD2<Double> = a * s + b
            let abc: SIMD2<Double> = ab * s + c
            return abc * s
        }
        var s = x
        for _ in 0..<3 {
            let err: SIMD2<Double> = curve(s) - x
            let d2: SIMD2<Double> = 3 * a * s + 2 * b
            let d: SIMD2<Double> = d2 * s + c
            let q = err / d
            // 0/0 (a flat point hit exactly) is no step; ±∞ goes to an end.
            let next = (s - q).replacing(with: s, where: q .!= q)
            s = zero.replacing(with: next.replacing(with: one, where: .!(next .< one)), where: next .> zero)
        }
        let err: SIMD2<Double> = curve(s) - x
        if abs(err[0]) >= 1e-14 || err[0].isNaN { s[0] = refine(x[0], from: s[0], a[0], b[0], c[0]) }
        if abs(err[1]) >= 1e-14 || err[1].isNaN { s[1] = refine(x[1], from: s[1], a[1], b[1], c[1]) }
        return s
    }

    /// `solve` past its three steps: Newton from `s` while it converges, then bisection
    /// (x(s) increases on 0…1) to the precision of a Double.
    @inline(never)
    private static func refine(_ x: Double, from start: Double, _ a: Double, _ b: Double, _ c: Double) -> Double {
        @inline(__always) func curve(_ s: Double) -> Double { ((a * s + b) * s + c) * s }
        var s = start
        for _ in 0..<8 {
            let err = curve(s) - x
            if abs(err) < 1e-14 { return s }
            let d = (3 * a * s + 2 * b) * s + c
            // A flat x(s) (a vertical tangent of the curve) is left to bisection.
            if abs(d) < 1e-3 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if curve(mid) < x { lo = mid } else { hi = mid }
            if hi - lo < 1e-15 { break }
        }
        return (lo + hi) / 2
    }

    open override var description: String {
        "<CAMediaTimingFunction (\(c1.x), \(c1.y)) (\(c2.x), \(c2.y))>"
    }
}
