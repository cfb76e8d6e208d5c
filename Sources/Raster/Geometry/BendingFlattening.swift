/// Flattening with chords as long as the curve's bending allows, for the plain (not
/// straddling) flattening of cubic and quadratic Béziers: strokes' centre lines above all.
///
/// The chord of a short stretch of curve with arc length l and curvature κ lies κ·l²/8 from
/// it, so the fewest chords within a tolerance τ number about ∫ √(κ / 8τ) ds along the curve:
/// many where it bends sharply, few where it is nearly straight. Wang's count (one parameter
/// step for the largest |B''| anywhere on the curve) takes the same step where the curve is
/// straight as where it bends most, and counts the part of B'' along the curve (the parameter
/// speeding up or slowing down), which bends nothing. On the drawing race's random cubics that
/// integral is 56 % of the count that stepping each quarter by Wang's bound gives.
///
/// Each step here is guessed from the bending where it starts, h = √(8τ·|B'| / |B' × B''|)
/// in the parameter, and then proved: the distance of B(t) from the chord's line is a
/// polynomial that is 0 at both ends, so it is at most h²/8 times the largest |B''(t)·n| over
/// the step (n the chord's unit normal), and B'' is linear in t (a constant for a quadratic),
/// so that largest value is at one of the ends. A step that fails is shortened by what the
/// bound says, and tried again. So is one along which the curve does not move forward along
/// its chord (B'(t)·chord ≤ 0 somewhere: near a cusp), where the distance to the chord as a
/// segment could exceed the distance to its line. The chords end up about 35 % fewer than by
/// quarters, every one of them within the tolerance (`BendingFlatteningTests`).
enum BendingFlattening {
    /// A step is first guessed for this fraction of the tolerance, so that most guesses hold.
    static let guess = 0.9

    /// Chords of the cubic from (x0, y0) with controls (x1, y1), (x2, y2) to (x3, y3) within
    /// `tolerance`, at most `most` of them (Wang's count), to `line` (the inner points and the
    /// end); false, with nothing sent, when it would take more.
    static func flattenCubic(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                             _ x3: Double, _ y3: Double, tolerance: Double, most: Int,
                             _ line: (Double, Double) -> Void) -> Bool {
        // B(t) = ((a·t + b)·t + c)·t + P0.
        let ax = x3 - 3 * x2 + 3 * x1 - x0, bx = 3 * (x2 - 2 * x1 + x0), cx = 3 * (x1 - x0)
        let ay = y3 - 3 * y2 + 3 * y1 - y0, by = 3 * (y2 - 2 * y1 + y0), cy = 3 * (y1 - y0)
        return steps(Curve(ax: ax, bx: bx, cx: cx, dx: x0, ay: ay, by: by, cy: cy, dy: y0, ex: x3, ey: y3),
                     tolerance: tolerance, most: most, line)
    }

    /// As `flattenCubic`, for the quadratic from (x0, y0) with control (cx, cy) to (x1, y1).
    static func flattenQuad(_ x0: Double, _ y0: Double, _ cx: Double, _ cy: Double, _ x1: Double, _ y1: Double,
                            tolerance: Double, most: Int, _ line: (Double, Double) -> Void) -> Bool {
        steps(Curve(ax: 0, bx: x1 - 2 * cx + x0, cx: 2 * (cx - x0), dx: x0, ay: 0, by: y1 - 2 * cy + y0,
                    cy: 2 * (cy - y0), dy: y0, ex: x1, ey: y1),
              tolerance: tolerance, most: most, line)
    }

    /// A cubic (or quadratic, a = 0) in powers of t, and its end point as given.
    struct Curve {
        let ax, bx, cx, dx, ay, by, cy, dy, ex, ey: Double

        @inline(__always)
        func point(_ t: Double) -> (Double, Double) {
            t == 1 ? (ex, ey) : (((ax * t + bx) * t + cx) * t + dx, ((ay * t + by) * t + cy) * t + dy)
        }

        @inline(__always)
        func velocity(_ t: Double) -> (Double, Double) { ((3 * ax * t + 2 * bx) * t + cx, (3 * ay * t + 2 * by) * t + cy) }

        @inline(__always)
        func acceleration(_ t: Double) -> (Double, Double) { (6 * ax * t + 2 * bx, 6 * ay * t + 2 * by) }
    }

    /// The steps (see the type's comment), buffered so that nothing is sent when they are
    /// more than `most`.
    private static func steps(_ c: Curve, tolerance tol: Double, most: Int, _ line: (Double, Double) -> Void) -> Bool {
        guard most >= 1, tol > 0 else { return false }
        return withUnsafeTemporaryAllocation(of: (Double, Double).self, capacity: most) { buffer in
            let points = buffer.baseAddress!
            var made = 0
            var t0 = 0.0
            var p0 = c.point(0), v0 = c.velocity(0), a0 = c.acceleration(0)
            // Shortest step tried: below it the curve is flattened by Wang's count instead.
            let shortest = 0.25 / Double(most)
            while t0 < 1 {
                // The guess from the bending at t0 (its speed times the curvature: |B' × B''| / |B'|).
                let speed = hypot2(v0.0, v0.1), bend = abs(v0.0 * a0.1 - v0.1 * a0.0)
                var h = bend > 0 ? (8 * guess * tol * speed / bend).squareRoot() : 1
                if !(h > 0) { h = shortest }   // 0 (standing still while bending: a cusp), or NaN
                while true {
                    if h >= 1 - t0 { h = 1 - t0 }
                    let t1 = h == 1 - t0 ? 1 : t0 + h
                    let p1 = c.point(t1), a1 = c.acceleration(t1)
                    let kx = p1.0 - p0.0, ky = p1.1 - p0.1
                    let length = hypot2(kx, ky)
                    // The largest |B''·n| over the step, at one of its ends; n = (−ky, kx)/length.
                    let across = max(abs(a0.0 * ky - a0.1 * kx), abs(a1.0 * ky - a1.1 * kx))
                    let bound = h * h / 8 * across
                    if bound <= tol * length && forward(c, t0, t1, kx, ky) {
                        guard made < most else { return false }
                        points[made] = p1
                        made += 1
                        t0 = t1; p0 = p1; v0 = c.velocity(t1); a0 = a1
                        break
                    }
                    // Shorter by what the bound asks (the bound goes as h²), at least halved
                    // when it says nothing (a zero-length chord, NaN) or the step went backward.
                    let ratio = (tol * length / bound).squareRoot()
                    h *= ratio > 0 && ratio < 1 ? max(0.5, 0.95 * ratio) : 0.5
                    if !(h >= shortest) { return false }
                }
            }
            for i in 0..<made { line(points[i].0, points[i].1) }
            return true
        }
    }

    /// Whether the curve moves forward along the chord (kx, ky) all the way from t0 to t1:
    /// B'(t)·k, a quadratic in t, is positive at both ends and at its extreme between them.
    @inline(__always)
    static func forward(_ c: Curve, _ t0: Double, _ t1: Double, _ kx: Double, _ ky: Double) -> Bool {
        // B'(t)·k = 3(a·k)t² + 2(b·k)t + c·k.
        let qa = 3 * (c.ax * kx + c.ay * ky), qb = 2 * (c.bx * kx + c.by * ky), qc = c.cx * kx + c.cy * ky
        @inline(__always) func at(_ t: Double) -> Double { (qa * t + qb) * t + qc }
        guard at(t0) > 0, at(t1) > 0 else { return false }
        if qa != 0 {
            let t = -qb / (2 * qa)
            if t > t0 && t < t1 && !(at(t) > 0) { return false }
        }
        return true
    }
}
