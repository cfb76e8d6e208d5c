import CRasterKernels
import Foundation

/// Gaussian-blurred fills of shapes whose rows are single spans (rectangles, rounded
/// rectangles, ellipses), computed in closed form instead of blurring a mask: the cost is
/// independent of sigma and needs no intermediate buffer.
///
/// The blur of a shape S at (x, y) is ∫ G(y − v) · [Φ((x − l(v))/σ) − Φ((x − r(v))/σ)] dv over
/// the rows v of S, where [l(v), r(v)] is S's span on row v and Φ the normal distribution. On
/// rows where the span is the full [x0, x1] this is Φ-differences in x times Φ-differences in
/// y; only the curved bands (corners) need the integral, done with composite Gauss–Legendre
/// quadrature, and only near them — elsewhere the two are equal to within the table's error.
/// Pixels are evaluated at their centres; the result is within 1/255 of the exact blur.
package struct BlurredShape: Sendable {
    /// Bounding box of the shape in device pixels.
    package var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Rows in [straightMinY, straightMaxY] span exactly [minX, maxX].
    var straightMinY: Double, straightMaxY: Double
    /// Extra margin around the bounding box's corners where the curved bands differ from a
    /// rectangle: (left, right) widths of the curved zone at the top and bottom.
    var curvedLeftTop: Double, curvedRightTop: Double, curvedLeftBottom: Double, curvedRightBottom: Double
    /// The span of row v, for v in a curved band.
    let span: @Sendable (Double) -> (Double, Double)

    /// A rounded rectangle with circular corners, radii in the order top-left, top-right,
    /// bottom-right, bottom-left (each clamped to half the shorter side).
    package static func roundedRect(minX: Double, minY: Double, maxX: Double, maxY: Double,
                                   radii: (Double, Double, Double, Double)) -> BlurredShape {
        let half = max(min(maxX - minX, maxY - minY) / 2, 0)
        let tl = min(max(radii.0, 0), half), tr = min(max(radii.1, 0), half)
        let br = min(max(radii.2, 0), half), bl = min(max(radii.3, 0), half)
        let top = max(tl, tr), bottom = max(bl, br)
        return BlurredShape(
            minX: minX, minY: minY, maxX: maxX, maxY: maxY,
            straightMinY: minY + top, straightMaxY: maxY - bottom,
            curvedLeftTop: tl, curvedRightTop: tr, curvedLeftBottom: bl, curvedRightBottom: br,
            span: { v in
                func inset(_ r: Double, _ d: Double) -> Double {
                    // How far the corner arc of radius r sits in from the edge, d rows from the top/bottom.
                    guard r > 0, d < r else { return 0 }
                    let t = r - max(d, 0)
                    return r - (max(r * r - t * t, 0)).squareRoot()
                }
                let dTop = v - minY, dBottom = maxY - v
                let l = minX + max(inset(tl, dTop), inset(bl, dBottom))
                let r = maxX - max(inset(tr, dTop), inset(br, dBottom))
                return (l, max(l, r))
            })
    }

    /// The ellipse inscribed in the rectangle.
    package static func ellipse(minX: Double, minY: Double, maxX: Double, maxY: Double) -> BlurredShape {
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        let rx = (maxX - minX) / 2, ry = (maxY - minY) / 2
        return BlurredShape(
            minX: minX, minY: minY, maxX: maxX, maxY: maxY,
            straightMinY: cy, straightMaxY: cy,
            curvedLeftTop: rx, curvedRightTop: rx, curvedLeftBottom: rx, curvedRightBottom: rx,
            span: { v in
                guard ry > 0 else { return (cx, cx) }
                let t = (v - cy) / ry
                let h = rx * max(1 - t * t, 0).squareRoot()
                return (cx - h, cx + h)
            })
    }
}

extension Surface {
    /// Blends `color` with the coverage of `shape` blurred by a Gaussian of `sigma` pixels.
    /// Pixels inside `hole` (device pixels, half-open) are left alone: a caller that will
    /// cover them with opaque content next saves the work.
    package func fill(_ shape: BlurredShape, sigma: Double, color: Color, clip: Mask? = nil,
                     hole: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil) {
        let s = color.premultipliedPixel
        guard s != 0, let d = drawableRegion(clip: clip) else { return }
        shape.forEachRow(sigma: sigma, within: d, hole: hole) { y, x0, w, coverage in
            let dst = pixels + (y - originY) * stride + (x0 - originX)
            if let clip {
                let c = clip.coverage(atDeviceX: x0, y: y)
                multiplyCoverage(coverage, coverage, c, w)
            }
            blendRun(dst, w, s, coverage, .sourceOver)
        }
    }
}

extension Mask {
    /// The coverage of `shape` blurred by a Gaussian of `sigma` pixels, over the device pixels
    /// it reaches within `region` (nil when it reaches none): for keeping a shadow between frames.
    package convenience init?(blurring shape: BlurredShape, sigma: Double,
                             within region: (x: Int, y: Int, width: Int, height: Int),
                             hole: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil) {
        guard let r = shape.reach(sigma: sigma, within: region) else { return nil }
        self.init(width: r.x1 - r.x0, height: r.y1 - r.y0, originX: r.x0, originY: r.y0)
        let base = coverage, width = self.width
        shape.forEachRow(sigma: sigma, within: region, hole: hole) { y, x0, w, row in
            (base + (y - r.y0) * width + (x0 - r.x0)).update(from: row, count: w)
        }
    }
}

extension BlurredShape {
    /// The device pixels the blurred shape can reach (3.5σ beyond its box), within `region`.
    func reach(sigma: Double, within d: (x: Int, y: Int, width: Int, height: Int)) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard sigma > 0, maxX > minX, maxY > minY else { return nil }
        let reach = 3.5 * sigma
        let x0 = max(d.x, Int(saturating: minX - reach, .down))
        let x1 = min(d.x + d.width, Int(saturating: maxX + reach, .up))
        let y0 = max(d.y, Int(saturating: minY - reach, .down))
        let y1 = min(d.y + d.height, Int(saturating: maxY + reach, .up))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// Hands each row of coverage (0…255) to `body`: (device y, first device x, width, values).
    func forEachRow(sigma: Double, within d: (x: Int, y: Int, width: Int, height: Int),
                    hole: (x0: Int, y0: Int, x1: Int, y1: Int)?,
                    _ body: (Int, Int, Int, UnsafeMutablePointer<UInt8>) -> Void) {
        guard let r = reach(sigma: sigma, within: d) else { return }
        NormalCDF.table.withUnsafeBufferPointer { cdf in
            rows(sigma: sigma, hole: hole, x0: r.x0, x1: r.x1, y0: r.y0, y1: r.y1, cdf: cdf, body)
        }
    }

    private func rows(sigma: Double, hole: (x0: Int, y0: Int, x1: Int, y1: Int)?,
                      x0: Int, x1: Int, y0: Int, y1: Int, cdf: UnsafeBufferPointer<Double>,
                      _ body: (Int, Int, Int, UnsafeMutablePointer<UInt8>) -> Void) {
        let shape = self
        let w = x1 - x0, h = y1 - y0
        let inv = 1 / sigma, reach = 3.5 * sigma
        @inline(__always) func phi(_ x: Double) -> Double { NormalCDF.value(x, cdf) }
        // Separable profiles of the bounding rectangle, pre-scaled to 0…255.
        let colProfile = UnsafeMutablePointer<Float>.allocate(capacity: w)
        defer { colProfile.deallocate() }
        for i in 0..<w {
            let x = Double(x0 + i) + 0.5
            colProfile[i] = Float(255 * (phi((x - shape.minX) * inv) - phi((x - shape.maxX) * inv)))
        }
        // Quadrature nodes over each curved band: segments of at most 2σ, 3 Gauss–Legendre points each.
        struct Node { var v: Double; var w: Double; var l: Double; var r: Double }
        func nodes(_ a: Double, _ b: Double) -> [Node] {
            guard b > a else { return [] }
            let n = max(Int(saturating: (b - a) / (2 * sigma), .up), 1)
            let step = (b - a) / Double(n)
            // Only segments whose nodes weigh on the rows drawn matter (a weight is 0 beyond
            // √32 σ ≈ 5.66σ): a band of a radius of 1e10 pixels has 1e10 / 2σ segments, a few
            // of them near the rows. The sums over the rest were exactly 0: same pixels.
            let k0 = max(0, Int(saturating: (Double(y0) - 6 * sigma - a) / step, .down) - 1)
            let k1 = min(n, Int(saturating: (Double(y1) + 6 * sigma - a) / step, .up) + 1)
            var out: [Node] = []
            for k in k0..<max(k0, k1) {
                let mid = a + (Double(k) + 0.5) * step
                for (t, wt) in [(-0.7745966692414834, 0.5555555555555556), (0.0, 0.8888888888888888),
                                (0.7745966692414834, 0.5555555555555556)] {
                    let v = mid + t * step / 2
                    let (l, r) = shape.span(v)
                    out.append(Node(v: v, w: wt * step / 2, l: l, r: r))
                }
            }
            return out
        }
        let top = nodes(shape.minY, shape.straightMinY), bottom = nodes(shape.straightMaxY, shape.maxY)
        let straight = shape.straightMaxY > shape.straightMinY
        let gaussNorm = inv / (2 * Double.pi).squareRoot()
        // The columns where a curved band differs from the rectangle, per band.
        func zone(_ left: Double, _ right: Double) -> (Int, Int) {
            (min(max(Int(saturating: shape.minX + left + reach, .up) - x0, 0), w),
             max(min(Int(saturating: shape.maxX - right - reach, .down) - x0, w), 0))
        }
        let topZone = zone(shape.curvedLeftTop, shape.curvedRightTop)
        let bottomZone = zone(shape.curvedLeftBottom, shape.curvedRightBottom)
        // Each node's horizontal term per column, 0…255, for the columns that need it.
        func columnTerms(_ ns: [Node]) -> UnsafeMutablePointer<Double> {
            let t = UnsafeMutablePointer<Double>.allocate(capacity: max(w * ns.count, 1))
            for i in 0..<w {
                let x = Double(x0 + i) + 0.5
                for (k, n) in ns.enumerated() { t[i * ns.count + k] = 255 * (phi((x - n.l) * inv) - phi((x - n.r) * inv)) }
            }
            return t
        }
        let topTerms = columnTerms(top), bottomTerms = columnTerms(bottom)
        defer { topTerms.deallocate(); bottomTerms.deallocate() }
        let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
        defer { coverage.deallocate() }
        // Plain buffers, not arrays: the per-column loops below read them for every pixel of
        // a shadow's curved bands, where an array's bounds check is most of the work.
        let topWeights = UnsafeMutablePointer<Double>.allocate(capacity: max(top.count, 1))
        let bottomWeights = UnsafeMutablePointer<Double>.allocate(capacity: max(bottom.count, 1))
        defer { topWeights.deallocate(); bottomWeights.deallocate() }
        let topCount = top.count, bottomCount = bottom.count
        for j in 0..<h {
            let y = Double(y0 + j) + 0.5
            // Columns [ha, hb) of this row are the hole's: left alone, so not worked out.
            var ha = 0, hb = 0
            if let hole, y0 + j >= hole.y0, y0 + j < hole.y1 {
                ha = min(max(hole.x0 - x0, 0), w); hb = min(max(hole.x1 - x0, ha), w)
            }
            let rowScale = Float(phi((y - shape.minY) * inv) - phi((y - shape.maxY) * inv))
            rk_scaled_bytes(colProfile, rowScale, coverage, w)
            let nearTop = !top.isEmpty && y < shape.straightMinY + reach
            let nearBottom = !bottom.isEmpty && y > shape.straightMaxY - reach
            if nearTop || nearBottom {
                for (k, n) in top.enumerated() {
                    let t = (y - n.v) * inv
                    topWeights[k] = t * t > 32 ? 0 : n.w * gaussNorm * exp(-0.5 * t * t)
                }
                for (k, n) in bottom.enumerated() {
                    let t = (y - n.v) * inv
                    bottomWeights[k] = t * t > 32 ? 0 : n.w * gaussNorm * exp(-0.5 * t * t)
                }
                let straightPart = straight
                    ? Float(phi((y - shape.straightMinY) * inv) - phi((y - shape.straightMaxY) * inv)) : 0
                // Exact columns: outside [lo, hi) of whichever bands are near.
                var lo = w, hi = 0
                if nearTop { lo = min(lo, topZone.0); hi = max(hi, topZone.1) }
                if nearBottom { lo = min(lo, bottomZone.0); hi = max(hi, bottomZone.1) }
                if hi < lo { hi = lo }
                // Wrapping products: i < w and the counts are the terms' dimensions, whose
                // product was allocated above.
                func exact(_ i: Int) {
                    var a = Double(straightPart * colProfile[i])
                    let tt = topTerms + i &* topCount
                    for k in 0..<topCount where topWeights[k] != 0 { a += topWeights[k] * tt[k] }
                    let bt = bottomTerms + i &* bottomCount
                    for k in 0..<bottomCount where bottomWeights[k] != 0 { a += bottomWeights[k] * bt[k] }
                    coverage[i] = UInt8(min(max(a + 0.5, 0), 255))
                }
                // A shadow's corners lie half under its opaque layer: the hole's columns of
                // the exact ranges [0, lo) and [hi, w) are skipped.
                let (ea, eb) = (ha, hb)
                for i in 0..<min(lo, ea) { exact(i) }
                for i in min(eb, lo)..<lo { exact(i) }
                for i in hi..<max(hi, ea) where i < w { exact(i) }
                for i in max(hi, eb)..<w { exact(i) }
            }
            for i in ha..<hb { coverage[i] = 0 }
            body(y0 + j, x0, w, coverage)
        }
    }
}

/// Φ, the standard normal distribution function, from a table with linear interpolation
/// (absolute error below 2e-6 on [−6, 6], exactly 0 and 1 beyond).
enum NormalCDF {
    static let range = 6.0
    static let steps = 4096
    static let table: [Double] = (0...steps).map { i in
        let x = -range + 2 * range * Double(i) / Double(steps)
        return 0.5 * erfc(-x / 2.0.squareRoot())
    }

    @inline(__always)
    static func value(_ x: Double, _ t: UnsafeBufferPointer<Double>) -> Double {
        if !(x > -range) { return 0 }  // NaN too: never an index
        if x >= range { return 1 }
        let f = (x + range) * (Double(steps) / (2 * range))
        let i = Int(f)
        let u = f - Double(i)
        return t[i] + u * (t[min(i + 1, steps)] - t[i])
    }
}
