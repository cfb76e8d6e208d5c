/// A colour ramp as Core Graphics and PDF shadings define it (PDF 32000-1 §8.7.4.5.3 and
/// §8.7.4.5.4): axial between two points, or radial between two circles. Unlike `Gradient`
/// (Core Animation's layer gradients, which always extend their end colours), a shading may
/// leave the plane before its start or after its end unpainted, and a radial shading blends
/// two circles of different centres (a cone), as `CGContext.drawRadialGradient` does.
public struct Shading: Sendable, Equatable {
    public enum Geometry: Sendable, Equatable {
        /// t is the projection of the point onto the line from (x0, y0) to (x1, y1).
        case axial(x0: Double, y0: Double, x1: Double, y1: Double)
        /// t is the largest value for which the point lies on the circle of centre
        /// c(t) = c0 + t·(c1 − c0) and radius r(t) = r0 + t·(r1 − r0) ≥ 0.
        case radial(x0: Double, y0: Double, r0: Double, x1: Double, y1: Double, r1: Double)
    }

    public var geometry: Geometry
    /// The colour ramp (straight alpha, interpolated as `Gradient` does); its geometry is unused.
    public var ramp: Gradient
    /// Whether points with t < 0 are painted with the start colour.
    public var extendsStart: Bool
    /// Whether points with t > 1 are painted with the end colour.
    public var extendsEnd: Bool

    public init(geometry: Geometry, colors: [Color], locations: [Double]?, extendsStart: Bool, extendsEnd: Bool) {
        self.geometry = geometry
        ramp = Gradient(colors: colors, locations: locations)
        self.extendsStart = extendsStart
        self.extendsEnd = extendsEnd
    }

    /// The ramp parameter at a point of shading space, or nil where nothing is painted.
    @inline(__always)
    func parameter(_ x: Double, _ y: Double) -> Double? {
        switch geometry {
        case let .axial(x0, y0, x1, y1):
            let dx = x1 - x0, dy = y1 - y0
            let len2 = dx * dx + dy * dy
            guard len2 > 0 else { return nil }
            return accept(((x - x0) * dx + (y - y0) * dy) / len2)
        case let .radial(x0, y0, r0, x1, y1, r1):
            // |p − c(t)|² = r(t)²  ⇔  a·t² − 2·b·t + c = 0.
            let cdx = x1 - x0, cdy = y1 - y0, dr = r1 - r0
            let pdx = x - x0, pdy = y - y0
            let a = cdx * cdx + cdy * cdy - dr * dr
            let b = pdx * cdx + pdy * cdy + r0 * dr
            let c = pdx * pdx + pdy * pdy - r0 * r0
            if abs(a) < 1e-12 * max(1, cdx * cdx + cdy * cdy + dr * dr) {
                guard b != 0 else { return nil }
                let t = c / (2 * b)
                return r0 + t * dr >= 0 ? accept(t) : nil
            }
            let disc = b * b - a * c
            guard disc >= 0 else { return nil }
            let s = disc.squareRoot()
            let ta = (b + s) / a, tb = (b - s) / a
            let hi = max(ta, tb), lo = min(ta, tb)
            if r0 + hi * dr >= 0, let t = accept(hi) { return t }
            if r0 + lo * dr >= 0, let t = accept(lo) { return t }
            return nil
        }
    }

    /// t clamped into 0...1 when it is inside the domain or an extended side; nil otherwise.
    @inline(__always)
    private func accept(_ t: Double) -> Double? {
        if t < 0 { return extendsStart ? 0 : nil }
        if t > 1 { return extendsEnd ? 1 : nil }
        if t.isNaN { return nil }
        return t
    }
}

/// Shades each covered pixel with the shading at its centre, mapped back to shading space;
/// pixels the shading does not paint are left alone.
struct ShadingSink: CoverageSink {
    unowned(unsafe) let surface: Surface
    let shading: Shading
    let table: UnsafeMutablePointer<UInt32>
    let inverse: ProjectiveTransform
    unowned(unsafe) let clip: Mask?
    let mode: BlendMode
    let scratch: UnsafeMutablePointer<UInt8>
    let samples: UnsafeMutablePointer<UInt32>

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        scratch.update(repeating: coverage, count: count)
        shade(y: y, x: x, count: count)
    }

    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        scratch.update(from: coverage, count: count)
        shade(y: y, x: x, count: count)
    }

    /// Blends the shading through the coverage in `scratch` over one run.
    @inline(__always)
    private func shade(y: Int, x: Int, count: Int) {
        if let clip {
            let m = clip.coverage + (y - clip.originY) * clip.width + (x - clip.originX)
            multiplyCoverage(scratch, UnsafePointer(scratch), m, count)
        }
        let m = inverse
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        var hx = cx * m.m11 + cy * m.m21 + m.m31
        var hy = cx * m.m12 + cy * m.m22 + m.m32
        let last = Double(Gradient.tableSize - 1)
        for i in 0..<count {
            if let t = shading.parameter(hx, hy) {
                samples[i] = table[Int(t * last + 0.5)]
            } else {
                samples[i] = 0
                scratch[i] = 0
            }
            hx += m.m11; hy += m.m12
        }
        let dst = surface.pixels + (y - surface.originY) * surface.stride + (x - surface.originX)
        if mode == .sourceOver {
            sourceOverRowMasked(dst, samples, count, scratch)
        } else {
            blendRow(dst, samples, scratch, count, mode)
        }
    }
}

extension Surface {
    /// Paints `shading`, whose space is mapped to device space by the affine `shadingTransform`,
    /// where `path` (mapped by `transform`) and `clip` cover. Nothing is drawn when the
    /// transform is singular or not affine.
    public func fill(_ path: Path, transform: ProjectiveTransform = .identity, rule: FillRule = .nonZero,
                     shading: Shading, shadingTransform: ProjectiveTransform, clip: Mask? = nil,
                     antialias: Bool = true, blend: BlendMode = .sourceOver) {
        guard shadingTransform.isAffine, let inverse = shadingTransform.inverted(),
              let r = drawableRegion(clip: clip) else { return }
        var table = shading.ramp.table()
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: r.width)
        let samples = UnsafeMutablePointer<UInt32>.allocate(capacity: r.width)
        defer { scratch.deallocate(); samples.deallocate() }
        table.withUnsafeMutableBufferPointer { t in
            guard let base = t.baseAddress else { return }
            var sink = ShadingSink(surface: self, shading: shading, table: base, inverse: inverse, clip: clip,
                                   mode: blend, scratch: scratch, samples: samples)
            rasterize(path, transform: transform, rule: rule, antialias: antialias,
                      targetX: r.x, targetY: r.y, targetWidth: r.width, targetHeight: r.height, into: &sink)
        }
    }
}
