#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives a path as polylines, one subpath at a time.
package protocol PolylineSink {
    mutating func moveTo(_ x: Double, _ y: Double)
    mutating func lineTo(_ x: Double, _ y: Double)
    /// Ends the subpath; `closed` when the path said `close` (the closing line is not sent).
    mutating func endSubpath(closed: Bool)
}

/// Default flattening tolerance for filling, in device pixels: the largest distance between
/// a curve and its chords. A chord that far inside a curve changes an edge pixel's coverage
/// by about that fraction, so 1/64 keeps curve edges within ~4/255 of the true shape while
/// costing only √(0.1·64) ≈ 2.5× the segments of a 0.1 px tolerance.
package let fillTolerance = 1.0 / 64

/// Segments needed so a quadratic with second difference `dd` (|P0 − 2P1 + P2|) stays within
/// `tolerance` of its chords: the chord error of a parameter step h is |B''|·h²/8 = dd·h²/4.
@inline(__always)
func quadSegments(_ dd: Double, _ tolerance: Double) -> Int {
    let n = (dd / (4 * tolerance)).squareRoot().rounded(.up)
    return max(1, min(Int(saturating: n), 1 << 16))
}

/// Wang's formula for a cubic: |B''| ≤ 6·max second difference, error ≤ |B''|·h²/8.
@inline(__always)
func cubicSegments(_ dd: Double, _ tolerance: Double) -> Int {
    let n = (0.75 * dd / tolerance).squareRoot().rounded(.up)
    return max(1, min(Int(saturating: n), 1 << 16))
}

/// Equal stretches of a cubic's parameter that `Path.flatten` steps each by its own count
/// (when Wang's count for the whole curve is at least twice as many), where the steps by
/// bending (`BendingFlattening`) give up.
let cubicPieces = 4

/// Inner vertices for a straddling polyline, or nil when the plain chords are as few.
///
/// Over a parameter step h the chord between two points of a curve lies inside it by
/// |B''|·h²/8 at its middle. Moving every inner vertex outward by B''·h²/16 (B'' taken at the
/// vertex) leaves the chords' middles inside by |B''|·h²/16 and the vertices outside by as
/// much: half the error for the same step. The vertices sit at t = (j − ½)·h, j = 1 … `steps`,
/// so the first and last chords are half steps from the unmoved end points, where the half
/// chord's own sagitta (|B''|·h²/32) and the neighbour's shift (half of |B''|·h²/16 at the
/// middle) cancel. On average a chord then lies inside by 1/6 of its sagitta (|B''|·h²/8),
/// where a plain chord lies inside by 2/3 of a sagitta half as large: half the area lost.
/// `steps` is the plain segment count for twice the tolerance
/// (`doubled`), one more segment in all; nil when that is not fewer than `plain`.
@inline(__always)
func straddledSteps(_ plain: Int, _ doubled: Int) -> Int? {
    doubled + 1 < plain ? doubled : nil
}

@inline(__always)
package func hypot2(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

extension Path {
    /// Feeds the path, mapped by the affine part of `m`, to `sink` as polylines whose
    /// distance from the true curves is at most `tolerance` in the mapped space.
    ///
    /// With `outside`, a rasterizer's region (mapped space): a curve whose control points all
    /// lie beyond one side of it is sent as its chord. The curve and its chord bound a region
    /// inside their convex hull, which misses the rectangle, so the winding number of every
    /// point of the rectangle is unchanged, while a curve far off the canvas (an arc grown to
    /// 1e15 px) no longer costs thousands of segments (found by Fuzz/fuzz-render).
    ///
    /// With `straddling`, the polyline's inner vertices are moved off the curve, outward by
    /// half the chord error, so that the chords cross the curve instead of lying inside it:
    /// the same `tolerance` then holds with about 1/√2 of the segments, and the polyline loses
    /// half as much of the curve's area (see `straddledSteps`). For fills, where only the
    /// covered area counts; a stroke's outline offsets the polyline itself.
    ///
    /// Without it, each chord is as long as the curve's bending allows (`BendingFlattening`:
    /// about half of Wang's count on random cubics); where that does not hold up (a cusp),
    /// Wang's steps, each quarter of a cubic by its own count.
    package func flatten<S: PolylineSink>(transform m: ProjectiveTransform, tolerance: Double, outside region: Rect? = nil,
                                  straddling: Bool = false, into sink: inout S) {
        var open = false
        var cx = 0.0, cy = 0.0
        let identity = m.isIdentity
        coords.withUnsafeBufferPointer { c in
            var i = 0
            @inline(__always) func pt(_ k: Int) -> (Double, Double) {
                identity ? (c[k], c[k + 1]) : m.applyAffine(c[k], c[k + 1])
            }
            for v in verbs {
                switch v {
                case .move:
                    if open { sink.endSubpath(closed: false) }
                    (cx, cy) = pt(i); i += 2
                    sink.moveTo(cx, cy)
                    open = true
                case .line:
                    (cx, cy) = pt(i); i += 2
                    sink.lineTo(cx, cy)
                case .quad:
                    let (x1, y1) = pt(i), (x2, y2) = pt(i + 2); i += 4
                    if let region, Path.misses(region, xs: (cx, x1, x2, x2), ys: (cy, y1, y2, y2)) {
                        sink.lineTo(x2, y2)
                        (cx, cy) = (x2, y2)
                        continue
                    }
                    let dx = cx - 2 * x1 + x2, dy = cy - 2 * y1 + y2
                    let n = quadSegments(hypot2(dx, dy), tolerance)
                    // B'' = 2·(P0 − 2·P1 + P2) everywhere.
                    if straddling, let steps = straddledSteps(n, quadSegments(hypot2(dx, dy), 2 * tolerance)) {
                        // The moved vertices are a quadratic in t: in powers of t, by Horner.
                        let k = 2 / Double(16 * steps * steps), h = 1 / Double(steps)
                        let cx1 = 2 * (x1 - cx), cy1 = 2 * (y1 - cy), cx0 = cx - k * dx, cy0 = cy - k * dy
                        for j in 1...steps {
                            let t = (Double(j) - 0.5) * h
                            sink.lineTo((dx * t + cx1) * t + cx0, (dy * t + cy1) * t + cy0)
                        }
                    } else if n > 1 && BendingFlattening.flattenQuad(cx, cy, x1, y1, x2, y2, tolerance: tolerance,
                                                                      most: n, { sink.lineTo($0, $1) }) {
                        // Chords spaced by the bending (BendingFlattening), the end point included.
                        (cx, cy) = (x2, y2)
                        continue
                    } else if n > 1 {
                        let step = 1 / Double(n)
                        for k in 1..<n {
                            let t = Double(k) * step, u = 1 - t
                            let a = u * u, b = 2 * u * t, d = t * t
                            sink.lineTo(a * cx + b * x1 + d * x2, a * cy + b * y1 + d * y2)
                        }
                    }
                    sink.lineTo(x2, y2)
                    (cx, cy) = (x2, y2)
                case .cubic:
                    let (x1, y1) = pt(i), (x2, y2) = pt(i + 2), (x3, y3) = pt(i + 4); i += 6
                    if let region, Path.misses(region, xs: (cx, x1, x2, x3), ys: (cy, y1, y2, y3)) {
                        sink.lineTo(x3, y3)
                        (cx, cy) = (x3, y3)
                        continue
                    }
                    let d0x = cx - 2 * x1 + x2, d0y = cy - 2 * y1 + y2, d1x = x1 - 2 * x2 + x3, d1y = y1 - 2 * y2 + y3
                    let dd = max(hypot2(d0x, d0y), hypot2(d1x, d1y))
                    let n = cubicSegments(dd, tolerance)
                    if straddling, let steps = straddledSteps(n, cubicSegments(dd, 2 * tolerance)) {
                        // B''(t) = 6·((1 − t)·d0 + t·d1), d0 and d1 the second differences. The
                        // moved vertices B(t) − k·B''(t)/6 are a cubic in t: in powers of t,
                        // B(t) = P0 + 3·(P1 − P0)·t + 3·d0·t² + (d1 − d0)·t³, by Horner (about
                        // half the arithmetic of the Bernstein form).
                        let k = 6 / Double(16 * steps * steps), h = 1 / Double(steps)
                        let ax = d1x - d0x, ay = d1y - d0y, bx = 3 * d0x, by = 3 * d0y
                        let ex = 3 * (x1 - cx) - k * ax, ey = 3 * (y1 - cy) - k * ay
                        let fx = cx - k * d0x, fy = cy - k * d0y
                        for j in 1...steps {
                            let t = (Double(j) - 0.5) * h
                            sink.lineTo(((ax * t + bx) * t + ex) * t + fx, ((ay * t + by) * t + ey) * t + fy)
                        }
                    } else if n > 1 && BendingFlattening.flattenCubic(cx, cy, x1, y1, x2, y2, x3, y3, tolerance: tolerance,
                                                                       most: n, { sink.lineTo($0, $1) }) {
                        // Chords spaced by the bending (BendingFlattening), the end point included.
                        (cx, cy) = (x3, y3)
                        continue
                    } else if n >= 2 * cubicPieces {
                        // Wang's count holds |B''| at its largest over the whole curve; where it
                        // is smaller, longer steps keep the same tolerance. |B''(t)|/6 =
                        // |(1 − t)·d0 + t·d1| is convex in t, so over a stretch it is largest at
                        // one of the stretch's ends: each of `cubicPieces` equal stretches takes
                        // the count for the larger of those two, stepped evenly. About 16 % fewer
                        // segments on the drawing race's random cubics, the same tolerance.
                        let piece = 1 / Double(cubicPieces)
                        var t0 = 0.0, m0 = hypot2(d0x, d0y)
                        for j in 1...cubicPieces {
                            let t1 = j == cubicPieces ? 1 : Double(j) * piece
                            let m1 = hypot2(d0x + (d1x - d0x) * t1, d0y + (d1y - d0y) * t1)
                            let steps = max(1, (cubicSegments(max(m0, m1), tolerance) + cubicPieces - 1) / cubicPieces)
                            let step = (t1 - t0) / Double(steps)
                            for k in 1...steps where j < cubicPieces || k < steps {
                                let t = k == steps ? t1 : t0 + Double(k) * step, u = 1 - t
                                let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
                                sink.lineTo(a * cx + b * x1 + d * x2 + e * x3, a * cy + b * y1 + d * y2 + e * y3)
                            }
                            t0 = t1; m0 = m1
                        }
                    } else if n > 1 {
                        let step = 1 / Double(n)
                        for k in 1..<n {
                            let t = Double(k) * step, u = 1 - t
                            let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
                            sink.lineTo(a * cx + b * x1 + d * x2 + e * x3, a * cy + b * y1 + d * y2 + e * y3)
                        }
                    }
                    sink.lineTo(x3, y3)
                    (cx, cy) = (x3, y3)
                case .close:
                    if open { sink.endSubpath(closed: true) }
                    open = false
                }
            }
        }
        if open { sink.endSubpath(closed: false) }
    }
}

extension Path {
    /// Whether the four points lie all left of, all right of, all above or all below `r`
    /// (NaN compares false: such a curve is flattened as before).
    @inline(__always)
    static func misses(_ r: Rect, xs: (Double, Double, Double, Double), ys: (Double, Double, Double, Double)) -> Bool {
        (xs.0 < r.minX && xs.1 < r.minX && xs.2 < r.minX && xs.3 < r.minX)
            || (xs.0 > r.maxX && xs.1 > r.maxX && xs.2 > r.maxX && xs.3 > r.maxX)
            || (ys.0 < r.minY && ys.1 < r.minY && ys.2 < r.minY && ys.3 < r.minY)
            || (ys.0 > r.maxY && ys.1 > r.maxY && ys.2 > r.maxY && ys.3 > r.maxY)
    }
}

/// Collects polylines as a Path of lines.
struct PathBuildingSink: PolylineSink {
    var path = Path()
    mutating func moveTo(_ x: Double, _ y: Double) { path.move(to: x, y) }
    mutating func lineTo(_ x: Double, _ y: Double) { path.line(to: x, y) }
    mutating func endSubpath(closed: Bool) { if closed { path.close() } }
}

extension Path {
    /// The path mapped by `m`. Affine maps are exact on the control points. Projective maps
    /// flatten first so that the mapped polylines stay within `tolerance` device pixels of the
    /// mapped curves, then cut every subpath at the plane w = ε (the eye plane) in homogeneous
    /// space before dividing, so geometry behind the viewer never folds back onto the screen.
    package func transformed(_ m: ProjectiveTransform, tolerance: Double = 0.1) -> Path {
        if m.isAffine {
            var p = self
            p.coords.withUnsafeMutableBufferPointer { c in
                var i = 0
                while i + 1 < c.count {
                    let r = m.applyAffine(c[i], c[i + 1])
                    c[i] = r.x; c[i + 1] = r.y
                    i += 2
                }
            }
            if let s = p.subpathStart { p.subpathStart = m.applyAffine(s.x, s.y) }
            return p
        }
        var clipper = HomogeneousClipper(closeAll: false)
        flattenProjective(m, tolerance: tolerance, into: &clipper)
        return clipper.out.path
    }

    /// As `transformed`, but every subpath is treated as closed, as filling does.
    func transformedForFill(_ m: ProjectiveTransform, tolerance: Double) -> Path {
        var clipper = HomogeneousClipper(closeAll: true)
        flattenProjective(m, tolerance: tolerance, into: &clipper)
        return clipper.out.path
    }

    /// Flattens in source space, choosing steps by how far the projected curve strays from
    /// its projected chords, and hands homogeneous points to `sink`.
    fileprivate func flattenProjective(_ m: ProjectiveTransform, tolerance: Double, into sink: inout HomogeneousClipper) {
        var open = false
        var cx = 0.0, cy = 0.0
        let tol = max(tolerance, 1e-6)
        func curve(_ eval: (Double) -> (Double, Double), ctrl: [(Double, Double)]) {
            // Start from Wang's count on the projected control points when they are in front
            // of the eye, then refine each piece until its projected midpoint is within tolerance.
            let hs = ctrl.map { m.apply($0.0, $0.1) }
            var n = 4
            if hs.allSatisfy({ $0.w > HomogeneousClipper.epsilon }) {
                let p = hs.map { ($0.x / $0.w, $0.y / $0.w) }
                var dd = 0.0
                for k in 0..<(p.count - 2) {
                    dd = max(dd, hypot2(p[k].0 - 2 * p[k + 1].0 + p[k + 2].0, p[k].1 - 2 * p[k + 1].1 + p[k + 2].1))
                }
                n = max(n, p.count == 3 ? quadSegments(dd, tol) : cubicSegments(dd, tol))
                n = min(n, 4096)
            }
            var t0 = 0.0
            var h0 = hs[0]
            for k in 1...n {
                let t1 = Double(k) / Double(n)
                let h1 = m.apply(eval(t1).0, eval(t1).1)
                refine(eval, t0, h0, t1, h1, depth: 0)
                t0 = t1; h0 = h1
            }
        }
        func refine(_ eval: (Double) -> (Double, Double), _ t0: Double, _ h0: (x: Double, y: Double, w: Double),
                    _ t1: Double, _ h1: (x: Double, y: Double, w: Double), depth: Int) {
            let e = HomogeneousClipper.epsilon
            if depth < 12 && h0.w > e && h1.w > e {
                let tm = (t0 + t1) / 2
                let q = eval(tm)
                let hm = m.apply(q.0, q.1)
                if hm.w > e {
                    let ax = h0.x / h0.w, ay = h0.y / h0.w, bx = h1.x / h1.w, by = h1.y / h1.w
                    let mx = hm.x / hm.w, my = hm.y / hm.w
                    let len = hypot2(bx - ax, by - ay)
                    let dist = len > 1e-12 ? abs((bx - ax) * (my - ay) - (by - ay) * (mx - ax)) / len : hypot2(mx - ax, my - ay)
                    if dist > tol {
                        refine(eval, t0, h0, tm, hm, depth: depth + 1)
                        refine(eval, tm, hm, t1, h1, depth: depth + 1)
                        return
                    }
                }
            }
            sink.lineTo(h1)
        }
        coords.withUnsafeBufferPointer { c in
            var i = 0
            for v in verbs {
                switch v {
                case .move:
                    if open { sink.endSubpath(closed: false) }
                    cx = c[i]; cy = c[i + 1]; i += 2
                    sink.moveTo(m.apply(cx, cy))
                    open = true
                case .line:
                    cx = c[i]; cy = c[i + 1]; i += 2
                    sink.lineTo(m.apply(cx, cy))
                case .quad:
                    let x0 = cx, y0 = cy, x1 = c[i], y1 = c[i + 1], x2 = c[i + 2], y2 = c[i + 3]; i += 4
                    curve({ t in
                        let u = 1 - t
                        return (u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2)
                    }, ctrl: [(x0, y0), (x1, y1), (x2, y2)])
                    cx = x2; cy = y2
                case .cubic:
                    let x0 = cx, y0 = cy, x1 = c[i], y1 = c[i + 1], x2 = c[i + 2], y2 = c[i + 3], x3 = c[i + 4], y3 = c[i + 5]
                    i += 6
                    curve({ t in
                        let u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
                        return (a * x0 + b * x1 + d * x2 + e * x3, a * y0 + b * y1 + d * y2 + e * y3)
                    }, ctrl: [(x0, y0), (x1, y1), (x2, y2), (x3, y3)])
                    cx = x3; cy = y3
                case .close:
                    if open { sink.endSubpath(closed: true) }
                    open = false
                }
            }
        }
        if open { sink.endSubpath(closed: false) }
    }
}

/// Cuts homogeneous polylines at w = ε, divides, and builds the device-space path.
/// Closed subpaths are clipped as polygons (Sutherland–Hodgman against one plane) so they
/// stay closed; open ones as polylines, which may split them into several pieces.
struct HomogeneousClipper {
    static let epsilon = 1e-6
    typealias H = (x: Double, y: Double, w: Double)
    let closeAll: Bool
    var pts: [H] = []
    var out = PathBuildingSink()

    init(closeAll: Bool) { self.closeAll = closeAll }

    mutating func moveTo(_ h: H) { pts.removeAll(keepingCapacity: true); pts.append(h) }
    mutating func lineTo(_ h: H) { pts.append(h) }

    @inline(__always)
    static func cut(_ a: H, _ b: H) -> H {
        let t = (epsilon - a.w) / (b.w - a.w)
        return (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, epsilon)
    }

    mutating func endSubpath(closed: Bool) {
        let e = HomogeneousClipper.epsilon
        guard !pts.isEmpty else { return }
        if closed || closeAll {
            var first = true
            // Moved out (not copied) so the path's arrays stay uniquely owned while appending.
            var out = PathBuildingSink()
            swap(&out, &self.out)
            func put(_ h: H) {
                if first { out.moveTo(h.x / h.w, h.y / h.w); first = false } else { out.lineTo(h.x / h.w, h.y / h.w) }
            }
            let n = pts.count
            for k in 0..<n {
                let a = pts[k], b = pts[(k + 1) % n]
                if a.w > e { put(a) }
                if (a.w > e) != (b.w > e) { put(HomogeneousClipper.cut(a, b)) }
            }
            if !first { out.endSubpath(closed: true) }
            swap(&out, &self.out)
        } else {
            if pts[0].w > e { out.moveTo(pts[0].x / pts[0].w, pts[0].y / pts[0].w) }
            for k in 1..<max(pts.count, 1) {
                let a = pts[k - 1], b = pts[k]
                if a.w > e && b.w > e {
                    out.lineTo(b.x / b.w, b.y / b.w)
                } else if a.w > e {
                    let c = HomogeneousClipper.cut(a, b)
                    out.lineTo(c.x / c.w, c.y / c.w)
                } else if b.w > e {
                    let c = HomogeneousClipper.cut(a, b)
                    out.moveTo(c.x / c.w, c.y / c.w)
                    out.lineTo(b.x / b.w, b.y / b.w)
                }
            }
        }
        pts.removeAll(keepingCapacity: true)
    }
}
