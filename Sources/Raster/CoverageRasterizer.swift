/// Receives the coverage of one row, left to right, in device coordinates.
protocol CoverageSink {
    /// `count` pixels starting at (x, y), all with the same coverage (never 0).
    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8)
    /// `count` pixels starting at (x, y) with coverage per pixel (may contain zeros).
    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
}

/// Exact-area scanline rasterizer by signed-area accumulation (as font-rs, stb_truetype v2).
///
/// Every edge adds, to each cell of each pixel row it crosses, the signed area between the
/// edge and the cell's right side, and the remainder of its height to the next cell; a
/// running sum along the row then gives, for every pixel, the integral of the winding
/// number over that pixel. Where a pixel holds only one transition of the winding number
/// (every edge pixel of a simple shape, and every pixel where self-overlapping edges do not
/// meet), applying the fill rule to that integral is exact. Pixels where edges cross or
/// coincide are approximated as FreeType and Skia do.
///
/// Memory is one `Float` per pixel of the intersection of the path's bounds with the
/// target, plus one bit per 16 pixels marking cells that edges touched, so spans between
/// edges are handed to the sink whole: interiors are filled without per-pixel work here.
/// With `antialias` false each edge instead adds ±1 at the first pixel whose centre lies
/// right of it on each row whose centre line it crosses: pixel-centre sampling.
final class CoverageRasterizer: PolylineSink {
    /// Device position and size of the region being rasterized.
    let originX: Int, originY: Int, width: Int, height: Int
    let antialias: Bool
    let stride: Int
    let wordsPerRow: Int
    let acc: UnsafeMutablePointer<Float>
    let touched: UnsafeMutablePointer<UInt64>
    let rowCoverage: UnsafeMutablePointer<UInt8>
    private var startX = 0.0, startY = 0.0, lastX = 0.0, lastY = 0.0
    static let chunkShift = 4

    init(originX: Int, originY: Int, width: Int, height: Int, antialias: Bool) {
        self.originX = originX; self.originY = originY
        self.width = max(width, 0); self.height = max(height, 0)
        self.antialias = antialias
        stride = self.width + 2
        wordsPerRow = (stride >> CoverageRasterizer.chunkShift) / 64 + 1
        let cells = max(stride * self.height, 1)
        acc = .allocate(capacity: cells)
        acc.initialize(repeating: 0, count: cells)
        let words = max(wordsPerRow * self.height, 1)
        touched = .allocate(capacity: words)
        touched.initialize(repeating: 0, count: words)
        rowCoverage = .allocate(capacity: stride)
    }

    deinit {
        acc.deallocate()
        touched.deallocate()
        rowCoverage.deallocate()
    }

    /// The region to rasterize: `bounds` (device space, already transformed) clipped to the target.
    static func region(bounds: Rect, targetX: Int, targetY: Int, targetWidth: Int, targetHeight: Int)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        guard !(bounds.minX.isNaN || bounds.minY.isNaN || bounds.maxX.isNaN || bounds.maxY.isNaN) else { return nil }
        let x0 = max(Double(targetX), (bounds.minX).rounded(.down))
        let y0 = max(Double(targetY), (bounds.minY).rounded(.down))
        let x1 = min(Double(targetX + targetWidth), (bounds.maxX).rounded(.up))
        let y1 = min(Double(targetY + targetHeight), (bounds.maxY).rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        return (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
    }

    // MARK: PolylineSink (device coordinates; every subpath is closed for filling)

    func moveTo(_ x: Double, _ y: Double) {
        startX = x; startY = y; lastX = x; lastY = y
    }

    func lineTo(_ x: Double, _ y: Double) {
        addLine(lastX, lastY, x, y)
        lastX = x; lastY = y
    }

    func endSubpath(closed: Bool) {
        addLine(lastX, lastY, startX, startY)
        lastX = startX; lastY = startY
    }

    // MARK: Edges

    func addLine(_ dx0: Double, _ dy0: Double, _ dx1: Double, _ dy1: Double) {
        var x0 = dx0 - Double(originX), y0 = dy0 - Double(originY)
        var x1 = dx1 - Double(originX), y1 = dy1 - Double(originY)
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let dir: Float = y1 > y0 ? 1 : -1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1) }
        let h = Double(height), w = Double(width)
        if y1 <= 0 || y0 >= h { return }
        if !antialias {
            addSampledLine(x0, y0, x1, y1, dir)
            return
        }
        // Clip to the region's rows.
        if y0 < 0 { x0 += (x1 - x0) * (0 - y0) / (y1 - y0); y0 = 0 }
        if y1 > h { x1 = x0 + (x1 - x0) * (h - y0) / (y1 - y0); y1 = h }
        if y1 <= y0 { return }
        // Split at x = 0 and x = width. Left of the region an edge still covers every cell of
        // its rows, so it moves onto x = 0; right of the region it covers nothing visible.
        if x0 >= w && x1 >= w { return }
        if x0 <= 0 && x1 <= 0 { accumulate(0, y0, 0, y1, dir); return }
        var ya = y0, xa = x0
        let dxdy = (x1 - x0) / (y1 - y0)
        // Crossing ys of x = 0 and x = width, in order of y.
        var cuts: (Double, Double) = (.infinity, .infinity)
        if (x0 < 0) != (x1 < 0) { cuts.0 = y0 + (0 - x0) / dxdy }
        if (x0 > w) != (x1 > w) { cuts.1 = y0 + (w - x0) / dxdy }
        if cuts.1 < cuts.0 { swap(&cuts.0, &cuts.1) }
        for k in 0..<3 {
            let yc = k == 0 ? cuts.0 : (k == 1 ? cuts.1 : y1)
            guard yc.isFinite && yc > ya else { continue }
            let yb = min(yc, y1)
            let xb = yb == y1 ? x1 : x0 + (yb - y0) * dxdy
            let mid = (xa + xb) / 2
            if mid < 0 {
                accumulate(0, ya, 0, yb, dir)
            } else if mid <= w {
                accumulate(min(max(xa, 0), w), ya, min(max(xb, 0), w), yb, dir)
            }
            ya = yb; xa = xb
            if yb >= y1 { break }
        }
    }

    @inline(__always)
    private func mark(_ row: Int, _ c0: Int, _ c1: Int) {
        let words = touched + row * wordsPerRow
        var k = c0 >> CoverageRasterizer.chunkShift
        let last = c1 >> CoverageRasterizer.chunkShift
        while k <= last {
            words[k >> 6] |= 1 << UInt64(k & 63)
            k += 1
        }
    }

    /// H(z) = ∫ clamp(u, 0, 1) du from −∞ to z: the area right of an edge at parameter z.
    @inline(__always)
    private static func ramp(_ z: Double) -> Double {
        z <= 0 ? 0 : (z <= 1 ? 0.5 * z * z : z - 0.5)
    }

    /// Adds an edge lying inside the region (0 ≤ x ≤ width, 0 ≤ y ≤ height), y0 < y1.
    private func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        let dxdy = (x1 - x0) / (y1 - y0)
        var row = Int(y0)
        let lastRow = min(Int(y1.rounded(.up)) - 1, height - 1)
        var ytop = y0
        var xtop = x0
        while row <= lastRow {
            let ybot = min(y1, Double(row + 1))
            let xbot = ybot == y1 ? x1 : x0 + (ybot - y0) * dxdy
            let hgt = Float(ybot - ytop) * dir
            if hgt != 0 {
                let line = acc + row * stride
                let lo = min(xtop, xbot), hi = max(xtop, xbot)
                let i0 = Int(lo)
                let i1 = Int(hi.rounded(.up))
                if i1 <= i0 + 1 {
                    let a = hgt * Float(Double(i0 + 1) - 0.5 * (lo + hi))
                    line[i0] += a
                    line[i0 + 1] += hgt - a
                    mark(row, i0, i0 + 1)
                } else {
                    // The edge's x is uniform in [lo, hi] over the row's height, so the area
                    // right of it in cell c is h/(hi−lo)·(H(c+1−lo) − H(c+1−hi)).
                    let s = Double(hgt) / (hi - lo)
                    var prev: Float = 0
                    for c in i0..<i1 {
                        let z = Double(c + 1)
                        let a = Float(s * (CoverageRasterizer.ramp(z - lo) - CoverageRasterizer.ramp(z - hi)))
                        line[c] += a - prev
                        prev = a
                    }
                    line[i1] += hgt - prev
                    mark(row, i0, i1)
                }
            }
            ytop = ybot; xtop = xbot
            row += 1
        }
    }

    /// Non-antialiased edge: rows whose centre line y + 0.5 lies in [y0, y1) (top-left rule).
    private func addSampledLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        let first = max(0, Int((y0 - 0.5).rounded(.up)))
        let last = min(height - 1, Int(min((y1 - 0.5).rounded(.up), Double(height))) - 1)
        if first > last { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        let w = Double(width)
        for row in first...last {
            let x = x0 + (Double(row) + 0.5 - y0) * dxdy
            // First pixel whose centre is at or right of the edge.
            let c = (x - 0.5).rounded(.up)
            if c >= w { continue }
            let i = c <= 0 ? 0 : Int(c)
            acc[row * stride + i] += dir
            mark(row, i, i)
        }
    }

    // MARK: Sweep

    @inline(__always)
    private static func coverage(_ v: Float, _ rule: FillRule, _ antialias: Bool) -> UInt8 {
        var t = abs(v)
        if antialias {
            switch rule {
            case .nonZero: t = min(t, 1)
            case .evenOdd:
                t -= 2 * (t * 0.5).rounded(.down)
                if t > 1 { t = 2 - t }
            }
            return UInt8(t * 255 + 0.5)
        }
        let n = Int(t + 0.5)
        switch rule {
        case .nonZero: return n != 0 ? 255 : 0
        case .evenOdd: return n & 1 != 0 ? 255 : 0
        }
    }

    /// Hands every row's coverage to `sink`, as whole spans between touched cells.
    func sweep<S: CoverageSink>(rule: FillRule, into sink: inout S) {
        let chunk = 1 << CoverageRasterizer.chunkShift
        let chunks = (width + chunk - 1) >> CoverageRasterizer.chunkShift
        let aa = antialias
        for row in 0..<height {
            let line = acc + row * stride
            let words = touched + row * wordsPerRow
            let y = originY + row
            var sum: Float = 0
            var k = 0
            @inline(__always) func isTouched(_ k: Int) -> Bool { words[k >> 6] & (1 << UInt64(k & 63)) != 0 }
            while k < chunks {
                let start = k
                if isTouched(k) {
                    k += 1
                    while k < chunks && isTouched(k) { k += 1 }
                    let x0 = start << CoverageRasterizer.chunkShift
                    let x1 = min(k << CoverageRasterizer.chunkShift, width)
                    var any = false
                    for x in x0..<x1 {
                        sum += line[x]
                        let c = CoverageRasterizer.coverage(sum, rule, aa)
                        rowCoverage[x - x0] = c
                        any = any || c != 0
                    }
                    if any { sink.cells(y: y, x: originX + x0, count: x1 - x0, coverage: rowCoverage) }
                } else {
                    // Words are mostly zero: skip 64 chunks at once where possible.
                    k += 1
                    while k < chunks && !isTouched(k) {
                        if k & 63 == 0 && words[k >> 6] == 0 { k += 64 } else { k += 1 }
                    }
                    k = min(k, chunks)
                    let c = CoverageRasterizer.coverage(sum, rule, aa)
                    if c != 0 {
                        let x0 = start << CoverageRasterizer.chunkShift
                        let x1 = min(k << CoverageRasterizer.chunkShift, width)
                        sink.span(y: y, x: originX + x0, count: x1 - x0, coverage: c)
                    }
                }
            }
        }
    }
}
