#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour ramp over the plane, as `CAGradientLayer` draws it: axial, radial or conic,
/// defined by a start and an end point in the gradient's own space (the layer's unit square
/// for `CAGradientLayer`; map it to device space with the fill's `gradientTransform`).
///
/// Colours are interpolated with straight (non-premultiplied) alpha, then premultiplied, as
/// Core Graphics does: a ramp from `.clear` (transparent black) to white is grey in between.
/// Beyond the first and last location the end colours continue.
package struct Gradient: Sendable, Equatable {
    /// The shape of the ramp.
    package enum Kind: Sendable, Equatable {
        /// Colour varies along the line from start to end.
        case axial
        /// Colour varies with the distance from start, on ellipses whose radii are
        /// |end.x − start.x| and |end.y − start.y| (one of them zero: a circle of the other).
        case radial
        /// Colour varies with the angle around start, from the direction towards end, clockwise
        /// on a y-down screen.
        case conic
    }

    /// The shape of the ramp.
    package var kind: Kind
    /// The colours of the ramp, in order.
    package var colors: [Color]
    /// Positions of the colours in 0...1, increasing; nil spaces them evenly (as CA).
    package var locations: [Double]?
    /// The start and end points, in the gradient's own space.
    package var startX, startY, endX, endY: Double

    /// A gradient from its parts; `locations` nil spreads the colours evenly.
    package init(kind: Kind = .axial, colors: [Color], locations: [Double]? = nil,
                startX: Double = 0.5, startY: Double = 0, endX: Double = 0.5, endY: Double = 1) {
        self.kind = kind
        self.colors = colors
        self.locations = locations
        self.startX = startX; self.startY = startY; self.endX = endX; self.endY = endY
    }

    /// Entries in the colour table: finer than 8-bit steps for ramps up to ~1000 px per colour pair.
    static let tableSize = 1024

    /// Premultiplied colours at t = k / (tableSize − 1).
    func table() -> [UInt32] {
        let n = Gradient.tableSize
        guard !colors.isEmpty else { return [UInt32](repeating: 0, count: n) }
        let locs: [Double]
        if let l = locations, l.count == colors.count {
            locs = l.map { $0.isFinite ? $0 : 0 }
        } else {
            locs = colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
        }
        var out = [UInt32](repeating: 0, count: n)
        var j = 0
        for k in 0..<n {
            let t = Double(k) / Double(n - 1)
            while j + 1 < locs.count && locs[j + 1] <= t { j += 1 }
            let c: Color
            if t <= locs[0] {
                c = colors[0]
            } else if j + 1 >= locs.count {
                c = colors[colors.count - 1]
            } else {
                let a = colors[j], b = colors[j + 1]
                let span = locs[j + 1] - locs[j]
                let f = Float(span > 0 ? (t - locs[j]) / span : 1)
                c = Color(r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f,
                          b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
            }
            out[k] = c.premultipliedPixel
        }
        return out
    }

    /// The tables of the last few ramps drawn, most recent first (by colours and locations):
    /// a gradient drawn again (each frame of a `CAGradientLayer`, a chart's fill per series)
    /// reuses its table instead of recomputing 1024 colours (about 40 000 instructions).
    private static let recentTables = Locked<[(colors: [Color], locations: [Double]?, table: [UInt32])]>([])
    private static let maxRecentTables = 8

    /// `table()`, from the recent tables when this ramp's colours and locations are there.
    func cachedTable() -> [UInt32] {
        let hit: [UInt32]? = Gradient.recentTables.withLock { list in
            guard let i = list.firstIndex(where: { $0.colors == colors && $0.locations == locations }) else { return nil }
            let entry = list.remove(at: i)
            list.insert(entry, at: 0)
            return entry.table
        }
        if let hit { return hit }
        let made = table()
        Gradient.recentTables.withLock { list in
            list.insert((colors, locations, made), at: 0)
            if list.count > Gradient.maxRecentTables { list.removeLast() }
        }
        return made
    }

    /// The ramp parameter (0...1, clamped) at a point of gradient space.
    @inline(__always)
    func parameter(_ x: Double, _ y: Double) -> Double {
        let dx = endX - startX, dy = endY - startY
        var t: Double
        switch kind {
        case .axial:
            let len2 = dx * dx + dy * dy
            t = len2 > 0 ? ((x - startX) * dx + (y - startY) * dy) / len2 : 1
        case .radial:
            var rx = abs(dx), ry = abs(dy)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            if rx == 0 { return 1 }
            let u = (x - startX) / rx, v = (y - startY) / ry
            t = (u * u + v * v).squareRoot()
        case .conic:
            let a0 = atan2(dy, dx)
            var a = atan2(y - startY, x - startX) - a0
            if a < 0 { a += 2 * Double.pi }
            if a < 0 { a += 2 * Double.pi }
            t = a / (2 * Double.pi)
        }
        return t >= 0 ? min(t, 1) : 0 // NaN → 0
    }
}

/// Shades each covered pixel with the gradient at its centre, mapped back to gradient space.
struct GradientSink: CoverageSink {
    let surface: Surface
    let gradient: Gradient
    let table: UnsafePointer<UInt32>
    let inverse: ProjectiveTransform
    let clip: Mask?
    let mode: BlendMode
    let scratch: UnsafeMutablePointer<UInt8>
    let samples: UnsafeMutablePointer<UInt32>

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        scratch.update(repeating: coverage, count: count)
        cells(y: y, x: x, count: count, coverage: scratch)
    }

    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        var cov = coverage
        if let clip {
            let m = clip.coverage(atDeviceX: x, y: y)
            multiplyCoverage(scratch, coverage, m, count)
            cov = UnsafePointer(scratch)
        }
        let m = inverse
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        var hx = cx * m.m11 + cy * m.m21 + m.m31
        var hy = cx * m.m12 + cy * m.m22 + m.m32
        var hw = cx * m.m13 + cy * m.m23 + m.m33
        let last = Double(Gradient.tableSize - 1)
        for i in 0..<count {
            let r = 1 / hw
            let t = gradient.parameter(hx * r, hy * r)
            // A parameter of NaN (a degenerate projection) reads the first colour, never traps.
            samples[i] = table[min(max(Int(saturating: t * last + 0.5), 0), Gradient.tableSize - 1)]
            hx += m.m11; hy += m.m12; hw += m.m13
        }
        let dst = surface.pixels + (y - surface.originY) * surface.stride + (x - surface.originX)
        if mode == .sourceOver {
            sourceOverRowMasked(dst, samples, count, cov)
        } else {
            for i in 0..<count where cov[i] != 0 { dst[i] = blend(dst[i], samples[i], UInt32(cov[i]), mode) }
        }
    }
}

extension Surface {
    /// Fills `path` (mapped by `transform`) with `gradient`, whose own space is mapped to device
    /// space by `gradientTransform` (for `CAGradientLayer`: the unit square onto the layer's bounds,
    /// then the layer's transform). Nothing is drawn when `gradientTransform` is singular.
    package func fill(_ path: Path, transform: ProjectiveTransform = .identity, rule: FillRule = .nonZero,
                     gradient: Gradient, gradientTransform: ProjectiveTransform, clip: Mask? = nil,
                     antialias: Bool = true, blend: BlendMode = .sourceOver) {
        guard let inverse = gradientTransform.inverted() else { return }
        fill(path, transform: transform, rule: rule, ramp: gradient, clip: clip, antialias: antialias) { table, scratch, samples in
            GradientSink(surface: self, gradient: gradient, table: table, inverse: inverse, clip: clip, mode: blend,
                         scratch: scratch, samples: samples)
        }
    }

    /// What the gradient and shading fills share: the drawable region, `ramp`'s colour table, a
    /// row of coverage and a row of samples as wide as the region, and rasterizing `path` into the
    /// sink that `sink` makes from them (they live for the call).
    func fill<S: CoverageSink>(_ path: Path, transform: ProjectiveTransform, rule: FillRule, ramp: Gradient,
                               clip: Mask?, antialias: Bool,
                               sink make: (_ table: UnsafePointer<UInt32>, _ scratch: UnsafeMutablePointer<UInt8>,
                                           _ samples: UnsafeMutablePointer<UInt32>) -> S) {
        guard let r = drawableRegion(clip: clip) else { return }
        let table = ramp.cachedTable()
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: r.width)
        let samples = UnsafeMutablePointer<UInt32>.allocate(capacity: r.width)
        defer { scratch.deallocate(); samples.deallocate() }
        table.withUnsafeBufferPointer { t in
            guard let base = t.baseAddress else { return }
            var sink = make(base, scratch, samples)
            rasterize(path, transform: transform, rule: rule, antialias: antialias,
                      targetX: r.x, targetY: r.y, targetWidth: r.width, targetHeight: r.height, into: &sink)
        }
    }
}
