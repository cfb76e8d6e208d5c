import CRasterKernels

/// An axis-aligned rectangle with elliptical corners, in device pixels: the shape of most layers
/// (background, border, `masksToBounds` clip) once their transform is a scale and a translation.
///
/// Its coverage is computed in closed form instead of through the path rasterizer: the exact
/// area of the shape in each pixel is the pixel's overlap with the rectangle minus, for each
/// corner, the area of the pixel inside the corner's box but outside its ellipse. That cut
/// area has a primitive F (`CornerArc`), evaluated once per pixel corner of the corner's box,
/// so there is nothing to flatten, sort or accumulate: tiny rounded rectangles (many-small)
/// and large ones alike cost little more than the pixels they touch.
package struct RoundedBox: Sendable, Equatable {
    /// The edges of the box, in device pixels.
    package var minX, minY, maxX, maxY: Double
    /// Horizontal and vertical radius of each corner, in the order top-left, top-right,
    /// bottom-right, bottom-left (y down). A corner is square unless both are positive. The
    /// two radii along one side must not add up to more than that side.
    package var radiusX: SIMD4<Double>, radiusY: SIMD4<Double>

    /// A box from its edges and corner radii.
    package init(minX: Double, minY: Double, maxX: Double, maxY: Double,
                radiusX: SIMD4<Double> = .zero, radiusY: SIMD4<Double> = .zero) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        let round = (radiusX .> 0) .& (radiusY .> 0)
        self.radiusX = SIMD4<Double>.zero.replacing(with: radiusX, where: round)
        self.radiusY = SIMD4<Double>.zero.replacing(with: radiusY, where: round)
    }

    /// Whether the box encloses no area.
    package var isEmpty: Bool { !(maxX > minX && maxY > minY) }
    /// Whether every edge is finite.
    package var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }
}

/// The area of one corner's cut, normalised to the unit circle: s runs from the corner's
/// vertical edge inwards (0 at the edge, 1 at the ellipse's centre), t from its horizontal
/// edge inwards. The cut is {t < g(s)}, g(s) = 1 − √(1 − (1 − s)²), and F(u, v) is its area
/// within [0, u] × [0, v]. Left of s*(v) = g⁻¹(v) = g(v) the cut is taller than v; right of
/// it the cut is g itself, whose integral from s* to u is (u − s*) − (P(1 − s*) − P(1 − u))
/// with P(w) = ∫₀ʷ √(1 − x²) dx.
enum CornerArc {
    /// P(w) = (w·√(1 − w²) + asin w) / 2 for 0 ≤ w ≤ 1, given √(1 − w²).
    @inline(__always)
    static func quarterArea(_ w: Double, _ root: Double) -> Double {
        0.5 * (w * root + arcsine(w))
    }

    /// asin on [0, 1] within 2·10⁻⁸ (Abramowitz and Stegun 4.4.46), without a libm call.
    @inline(__always)
    static func arcsine(_ x: Double) -> Double {
        var p = -0.0012624911
        p = p * x + 0.0066700901
        p = p * x - 0.0170881256
        p = p * x + 0.0308918810
        p = p * x - 0.0501743046
        p = p * x + 0.0889789874
        p = p * x - 0.2145988016
        p = p * x + 1.5707963050
        return 1.5707963267948966 - max(1 - x, 0).squareRoot() * p
    }

    /// What F(·, v) needs of one v.
    struct Level {
        let v: Double, sStar: Double, pStar: Double
        init(_ v: Double) {
            self.v = v
            let w = (v * (2 - v)).squareRoot() // 1 − s*
            sStar = 1 - w
            pStar = CornerArc.quarterArea(w, 1 - v)
        }
    }

    /// P(1 − u) for a column boundary at u.
    @inline(__always)
    static func columnArea(_ u: Double) -> Double {
        quarterArea(1 - u, (u * (2 - u)).squareRoot())
    }

    @inline(__always)
    static func area(_ u: Double, _ pu: Double, _ l: Level) -> Double {
        u <= l.sStar ? u * l.v : l.sStar * l.v + (u - l.sStar) - (l.pStar - pu)
    }
}

/// One corner of a rounded box as the scan sees it: the columns its box spans, with s and
/// P(1 − s) at each column boundary (computed once), and for the current row the columns where
/// its arc crosses the row: left of them (towards the corner's vertical edge) the corner cuts
/// the whole row away, right of them it cuts nothing. Only the crossed columns need F, so a
/// row costs the arc's width in it, not the radius.
struct CornerScan {
    /// Pixel columns [x0, x1) the corner's box overlaps.
    var x0 = 0, x1 = 0
    var rx = 0.0, ry = 0.0
    /// The corner's vertical and horizontal edges, and whether s and t grow with x and y.
    var edgeX = 0.0, edgeY = 0.0
    var right = true, down = true
    /// Per column boundary: u, P(1 − u), and F along the row's near and far boundaries.
    var u, pu, near, far: UnsafeMutablePointer<Double>
    var active = false
    /// The current row's t at its boundaries nearer the corner's horizontal edge and farther.
    private var tNear = 0.0, tFar = 0.0
    /// Columns of the current row the corner cuts whole (`outside`: below it on left-side
    /// corners, from it on right-side ones) and leaves whole (`inside`: from it on left-side
    /// corners, below it on right-side ones), each a column wider than the arc's exact reach
    /// so that rounding cannot move a crossed column into them.
    private(set) var outside = 0, inside = 0

    var columns: Int { x1 - x0 + 1 }

    init(box b: RoundedBox, corner k: Int, columns visible: Range<Int>, table: UnsafeMutablePointer<Double>) {
        rx = b.radiusX[k]; ry = b.radiusY[k]
        right = k == 0 || k == 3
        down = k < 2
        edgeX = right ? b.minX : b.maxX
        edgeY = down ? b.minY : b.maxY
        (x0, x1) = CornerScan.span(b, k, visible)
        let n = x1 - x0 + 1
        u = table; pu = table + n; near = table + 2 * n; far = table + 3 * n
        for j in 0..<n {
            let d = right ? Double(x0 + j) - edgeX : edgeX - Double(x0 + j)
            let v = min(max(d / rx, 0), 1)
            u[j] = v
            pu[j] = CornerArc.columnArea(v)
        }
    }

    /// The column boundaries [x0, x1] of corner k's box that the columns `visible` (which lie
    /// inside the box) need: only those are tabled, so that a huge radius (a corner of 1e10
    /// pixels under a large scale) costs the visible width, not the radius.
    static func span(_ b: RoundedBox, _ k: Int, _ visible: Range<Int>) -> (Int, Int) {
        let rx = b.radiusX[k], right = k == 0 || k == 3
        let edgeX = right ? b.minX : b.maxX
        var a = Int(saturating: right ? edgeX : edgeX - rx, .down)
        var e = Int(saturating: right ? edgeX + rx : edgeX, .up)
        a = min(max(a, visible.lowerBound), visible.upperBound)
        e = max(min(e, visible.upperBound), a)
        return (a, e)
    }

    /// Doubles of table one corner of `b` needs for the columns `visible`.
    static func tableSize(_ b: RoundedBox, _ k: Int, _ visible: Range<Int>) -> Int {
        guard b.radiusX[k] > 0 else { return 0 }
        let (a, e) = span(b, k, visible)
        return 4 * (e - a + 1)
    }

    @inline(__always)
    private func t(_ y: Double) -> Double {
        min(max((down ? y - edgeY : edgeY - y) / ry, 0), 1)
    }

    /// Moves to the row [top, bottom]; false when the corner does not reach into it.
    mutating func row(top: Double, bottom: Double) -> Bool {
        let tTop = t(top), tBottom = t(bottom)
        active = down ? (tBottom > tTop && tTop < 1) : (tTop > tBottom && tBottom < 1)
        guard active else { return false }
        (tNear, tFar) = down ? (tTop, tBottom) : (tBottom, tTop)
        // The arc {t = g(s)}, g(s) = 1 − √(1 − (1 − s)²), is its own inverse: it meets the
        // row's boundaries at s = g(tFar) (cut whole before it) and s = g(tNear) (no cut after).
        let sFar = 1 - (tFar * (2 - tFar)).squareRoot(), sNear = 1 - (tNear * (2 - tNear)).squareRoot()
        if right {
            outside = Int(saturating: edgeX + rx * sFar - 1, .down)
            inside = min(Int(saturating: edgeX + rx * sNear + 1, .up), x1)
        } else {
            outside = Int(saturating: edgeX - rx * sFar + 1, .up)
            inside = max(Int(saturating: edgeX - rx * sNear - 1, .down), x0)
        }
        return true
    }

    /// Subtracts `sign` × the cut area of columns [a, b) from `acc` (indexed from `base`).
    @inline(__always)
    mutating func subtract(from acc: UnsafeMutablePointer<Double>, base: Int, _ a: Int, _ b: Int, sign: Double) {
        let lo = max(a, x0), hi = min(b, x1)
        guard hi > lo else { return }
        // F along the row's two boundaries at the column boundaries [lo, hi], made here for
        // just these columns: each value depends only on its column and level, so they are
        // the same numbers a whole row's table would hold.
        let ln = CornerArc.Level(tNear), lf = CornerArc.Level(tFar)
        for j in (lo &- x0)...(hi &- x0) {
            near[j] = CornerArc.area(u[j], pu[j], ln)
            far[j] = CornerArc.area(u[j], pu[j], lf)
        }
        // F over [u_j, u_j+1] × [t_near, t_far]; u decreases with x on right-side corners.
        let k = (right ? sign : -sign) * rx * ry
        // Wrapping arithmetic: px and j lie within the tables by the bounds above, and checked
        // arithmetic would keep the loop from being vectorised.
        for px in lo..<hi {
            let j = px &- x0
            acc[px &- base] -= k * ((far[j &+ 1] - far[j]) - (near[j &+ 1] - near[j]))
        }
    }
}

/// Scans a rounded box row by row.
struct RoundedBoxScan {
    let box: RoundedBox
    private let corners: UnsafeMutablePointer<CornerScan>
    private var count = 0
    /// The current row's vertical overlap with the box.
    private(set) var vy = 0.0
    /// Columns [solid0, solid1) of the current row are inside and clear of every corner.
    private(set) var solid0 = 0, solid1 = 0
    /// Columns outside [live0, live1) of the current row are cut away whole by a corner.
    private(set) var live0 = 0, live1 = 0

    /// Memory the scan of `b` needs: its corners, then their tables.
    static func scratchSize(_ b: RoundedBox, columns: Range<Int>) -> (corners: Int, doubles: Int) {
        (4, (0..<4).reduce(0) { $0 + CornerScan.tableSize(b, $1, columns) })
    }

    /// A scan of the columns `columns` (inside the box) of `box`.
    init(_ box: RoundedBox, columns: Range<Int>, corners: UnsafeMutablePointer<CornerScan>,
         table: UnsafeMutablePointer<Double>) {
        self.box = box
        self.corners = corners
        var t = table
        for k in 0..<4 where box.radiusX[k] > 0 {
            (corners + count).initialize(to: CornerScan(box: box, corner: k, columns: columns, table: t))
            t += CornerScan.tableSize(box, k, columns)
            count += 1
        }
    }

    /// Moves to pixel row y.
    mutating func row(_ y: Int) {
        let top = max(Double(y), box.minY), bottom = min(Double(y + 1), box.maxY)
        vy = max(bottom - top, 0)
        var s0 = Int(saturating: box.minX, .up), s1 = Int(saturating: box.maxX, .down)
        var l0 = Int(saturating: box.minX, .down), l1 = Int(saturating: box.maxX, .up)
        if vy > 0 {
            for i in 0..<count where corners[i].row(top: top, bottom: bottom) {
                if corners[i].right {
                    s0 = max(s0, corners[i].inside); l0 = max(l0, corners[i].outside)
                } else {
                    s1 = min(s1, corners[i].inside); l1 = min(l1, corners[i].outside)
                }
            }
        } else {
            for i in 0..<count { corners[i].active = false }
        }
        solid0 = s0; solid1 = max(s1, s0)
        live0 = l0; live1 = max(l1, l0)
    }

    /// Adds `sign` × the box's area in columns [a, b) of the current row to `acc[0...]`.
    /// Not inlined: inlined into `rasterize` (as the optimizer chose once `Int(saturating:)`
    /// became inlinable) the column loop ran 2.6 % more instructions on cards-1080p's cold frame.
    @inline(never)
    mutating func accumulate(into acc: UnsafeMutablePointer<Double>, _ a: Int, _ b: Int, sign: Double) {
        guard vy > 0 else { return }
        let v = vy * sign
        for px in a..<b {  // wrapping: px + 1 ≤ b, and px − a within the row's cells
            let hx = max(min(Double(px &+ 1), box.maxX) - max(Double(px), box.minX), 0)
            acc[px &- a] += hx * v
        }
        for i in 0..<count where corners[i].active {
            corners[i].subtract(from: acc, base: a, a, b, sign: sign)
        }
    }
}

/// The columns of one row of a rounded box (less its hole) handed to a sink: the cells of
/// [a, b) inside the visible region, each run accumulated exactly.
private struct RowCells {
    let y: Int
    let visible: PixelRegion?
    let hasHole: Bool
    let acc: UnsafeMutablePointer<Double>
    let bytes: UnsafeMutablePointer<UInt8>

    @inline(__always)
    func emit<S: CoverageSink>(_ a: Int, _ b: Int, _ outer: inout RoundedBoxScan, _ inner: inout RoundedBoxScan,
                               _ sink: inout S) {
        guard b > a else { return }
        guard let v = visible else { cells(a, b, &outer, &inner, &sink); return }
        guard let band = v.band(y) else { return }
        for i in 0..<band.count {
            let (x0, x1) = v.run(band, i)
            let ra = max(x0, a), rb = min(x1, b)
            if rb > ra { cells(ra, rb, &outer, &inner, &sink) }
        }
    }

    @inline(__always)
    private func cells<S: CoverageSink>(_ a: Int, _ b: Int, _ outer: inout RoundedBoxScan,
                                        _ inner: inout RoundedBoxScan, _ sink: inout S) {
        let n = b &- a
        acc.update(repeating: 0, count: n)
        outer.accumulate(into: acc, a, b, sign: 1)
        if hasHole { inner.accumulate(into: acc, a, b, sign: -1) }
        // `coverageByte` of each area, in C, where the conversion vectorises.
        if rk_area_bytes(acc, bytes, n) != 0 { sink.cells(y: y, x: a, count: n, coverage: bytes) }
    }
}

/// 8-bit coverage of an area in [0, 1], rounded as the path rasterizer rounds.
@inline(__always)
func coverageByte(_ a: Double) -> UInt8 { UInt8(min(max(a, 0), 1) * 255 + 0.5) }

/// What every row of one rasterization shares.
private struct BoxRows {
    let rx0: Int, rx1: Int
    let hole: RoundedBox
    let hasHole: Bool
    let visible: PixelRegion?
    let acc: UnsafeMutablePointer<Double>
    let bytes: UnsafeMutablePointer<UInt8>

    /// Hands row y of the box less the hole to `sink`.
    @inline(__always)
    func emit<S: CoverageSink>(_ y: Int, _ outer: inout RoundedBoxScan, _ inner: inout RoundedBoxScan, _ sink: inout S) {
        outer.row(y)
        if hasHole { inner.row(y) }
        // Constant stretch of the row: the outer box's solid part, less the hole's edges.
        var s0 = max(outer.solid0, rx0), s1 = min(outer.solid1, rx1)
        var solid = outer.vy
        if hasHole && inner.vy > 0 {
            if inner.solid1 > inner.solid0 {
                s0 = max(s0, inner.solid0); s1 = min(s1, inner.solid1)
                solid -= inner.vy
            } else {
                s1 = min(s1, Int(saturating: hole.minX, .down))
            }
        }
        // Row pieces go through a static function with the scans and the sink
        // passed inout, not through local functions capturing them: captured
        // variables are checked for exclusive access at run time on every call.
        let rowCells = RowCells(y: y, visible: visible, hasHole: hasHole, acc: acc, bytes: bytes)
        // Columns a corner cuts away whole have no coverage to hand over.
        let lo = max(outer.live0, rx0), hi = min(outer.live1, rx1)
        // Narrow boxes go out whole: one call per row costs less than three.
        if s1 > s0 && s1 - s0 > 16 {
            rowCells.emit(lo, s0, &outer, &inner, &sink)
            let c = coverageByte(solid)
            if c != 0 { sink.span(y: y, x: s0, count: s1 - s0, coverage: c) }
            rowCells.emit(s1, hi, &outer, &inner, &sink)
        } else {
            rowCells.emit(lo, hi, &outer, &inner, &sink)
        }
    }
}

extension RoundedBox {
    /// Rows [a, b) of the box that lie whole inside it, a row clear of every corner (a pixel
    /// row's margin from each corner's reach, so that rounding cannot put a corner in them):
    /// each of them has the same coverage, column by column.
    func straightRows(_ ry0: Int, _ ry1: Int) -> (Int, Int) {
        let top = max(radiusY[0], radiusY[1]), bottom = max(radiusY[2], radiusY[3])
        let a = max(ry0, Int(saturating: minY + top * (1 + 1e-9) + 1, .up))
        let b = min(ry1, Int(saturating: maxY - bottom * (1 + 1e-9) - 1, .down))
        return (a, max(a, b))
    }

    /// Hands the coverage of the box, minus `hole` (which must lie inside it: a border's inner
    /// edge), to `sink` row by row over the device rectangle `region`; constant interiors go
    /// out as spans.
    package func rasterize<S: CoverageSink>(hole: RoundedBox? = nil, region: (x: Int, y: Int, width: Int, height: Int),
                                    within visible: PixelRegion? = nil, into sink: inout S) {
        guard !isEmpty, isFinite else { return }
        let rx0 = max(region.x, Int(saturating: minX, .down)), rx1 = min(region.x + region.width, Int(saturating: maxX, .up))
        let ry0 = max(region.y, Int(saturating: minY, .down)), ry1 = min(region.y + region.height, Int(saturating: maxY, .up))
        guard rx1 > rx0, ry1 > ry0 else { return }
        let hole = hole.flatMap { $0.isEmpty || !$0.isFinite ? nil : $0 } ?? RoundedBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
        let hasHole = !hole.isEmpty
        let width = rx1 - rx0
        let so = RoundedBoxScan.scratchSize(self, columns: rx0..<rx1), si = RoundedBoxScan.scratchSize(hole, columns: rx0..<rx1)
        // The scans' tables, the row's areas, its bytes, and a kept row's bytes.
        let doubles = so.doubles + si.doubles + width + 2 * ((width + 7) / 8)
        // Straight rows are scanned once, when nothing else (a hole, a visible region) varies by row.
        let straight = hasHole || visible != nil ? (ry0, ry0) : straightRows(ry0, ry1)
        withUnsafeTemporaryAllocation(of: CornerScan.self, capacity: so.corners + si.corners) { cornerBuffer in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: doubles) { buffer in
                let base = buffer.baseAddress!, cornerBase = cornerBuffer.baseAddress!
                var outer = RoundedBoxScan(self, columns: rx0..<rx1, corners: cornerBase, table: base)
                var inner = RoundedBoxScan(hole, columns: rx0..<rx1, corners: cornerBase + so.corners, table: base + so.doubles)
                let acc = base + so.doubles + si.doubles
                let bytes = UnsafeMutableRawPointer(acc + width).assumingMemoryBound(to: UInt8.self)
                let rows = BoxRows(rx0: rx0, rx1: rx1, hole: hole, hasHole: hasHole, visible: visible, acc: acc, bytes: bytes)
                var y = ry0
                while y < ry1 {
                    // Rows the visible region leaves out cost nothing.
                    if let v = visible, v.band(y) == nil { y += 1; continue }
                    if y == straight.0 && straight.1 > y {
                        // The straight rows: one scanned, all handed on at once.
                        var kept = RowCapture(storage: UnsafeMutableRawPointer(acc + width + (width + 7) / 8)
                                                .assumingMemoryBound(to: UInt8.self), capacity: width)
                        rows.emit(y, &outer, &inner, &kept)
                        if kept.valid {
                            sink.rows(y: y, count: straight.1 - y, kept.row)
                            y = straight.1
                            continue
                        }
                    }
                    rows.emit(y, &outer, &inner, &sink)
                    y += 1
                }
            }
        }
    }
}

extension Surface {
    /// Fills a rounded box (minus `hole`, for a border ring) with one colour: exact area
    /// coverage, as filling its outline as a path gives up to the path's flattening.
    /// `cache`, when given, keeps the shape's coverage for the next draw of the same shape.
    package func fill(_ box: RoundedBox, hole: RoundedBox? = nil, color: Color, clip: Mask? = nil,
                     region: PixelRegion? = nil, blend: BlendMode = .sourceOver, cache: RoundedBoxCoverageCache? = nil) {
        let s = color.premultipliedPixel
        if s == 0 && blend == .sourceOver { return }
        guard let r = drawableRegion(clip: clip, region: region) else { return }
        var sink = ColorFillSink(surface: self, pixel: s, mode: blend, clip: clip, region: region, scratchWidth: r.width)
        defer { sink.release() }
        if let cache {
            cache.draw(box, hole: hole, region: r, within: region, into: &sink)
        } else {
            box.rasterize(hole: hole, region: r, within: region, into: &sink)
        }
    }
}

extension Mask {
    /// Adds the box's coverage, as `fill(_:transform:rule:antialias:)` does for its outline;
    /// pixels outside `region` may be left out.
    package func fill(_ box: RoundedBox, within region: PixelRegion? = nil, cache: RoundedBoxCoverageCache? = nil) {
        var sink = MaskUnionSink(mask: self)
        if let cache {
            cache.draw(box, hole: nil, region: deviceBounds, within: region, into: &sink)
        } else {
            box.rasterize(region: deviceBounds, within: region, into: &sink)
        }
    }
}
