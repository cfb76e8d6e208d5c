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
        if t.isNaN { return 0 }
        let x = min(max(t, 0), 1)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return bezier(solve(x, x1, x2), y1, y2)
    }

    /// One coordinate of the curve at parameter s, with end points 0 and 1.
    @inline(__always)
    package static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    @inline(__always)
    static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The parameter s with x(s) = x: x(s) increases on 0…1 because the control x are in 0…1.
    package static func solve(_ x: Double, _ p1: Double, _ p2: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = bezier(s, p1, p2) - x
            if abs(err) < 1e-14 { return s }
            let d = derivative(s, p1, p2)
            // A flat x(s) (a vertical tangent of the curve) is left to bisection.
            if abs(d) < 1e-3 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        // x(s) increases on 0…1: bisect to the precision of a Double.
        var lo = 0.0, hi = 1.0
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if bezier(mid, p1, p2) < x { lo = mid } else { hi = mid }
            if hi - lo < 1e-15 { break }
        }
        return (lo + hi) / 2
    }

    open override var description: String {
        "<CAMediaTimingFunction (\(c1.x), \(c1.y)) (\(c2.x), \(c2.y))>"
    }
}
