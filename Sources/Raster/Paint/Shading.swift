import CRasterKernels

/// A colour ramp as Core Graphics and PDF shadings define it (PDF 32000-1 §8.7.4.5.3 and
/// §8.7.4.5.4): axial between two points, or radial between two circles. Unlike `Gradient`
/// (Core Animation's layer gradients, which always extend their end colours), a shading may
/// leave the plane before its start or after its end unpainted, and a radial shading blends
/// two circles of different centres (a cone), as `CGContext.drawRadialGradient` does.
package struct Shading: Sendable, Equatable {
    /// Where the ramp's parameter t comes from.
    package enum Geometry: Sendable, Equatable {
        /// t is the projection of the point onto the line from (x0, y0) to (x1, y1).
        case axial(x0: Double, y0: Double, x1: Double, y1: Double)
        /// t is the largest value for which the point lies on the circle of centre
        /// c(t) = c0 + t·(c1 − c0) and radius r(t) = r0 + t·(r1 − r0) ≥ 0.
        case radial(x0: Double, y0: Double, r0: Double, x1: Double, y1: Double, r1: Double)
    }

    /// The axis or the two circles, in shading space.
    package var geometry: Geometry
    /// The colour ramp (straight alpha, interpolated as `Gradient` does); its geometry is unused.
    package var ramp: Gradient
    /// Whether points with t < 0 are painted with the start colour.
    package var extendsStart: Bool
    /// Whether points with t > 1 are painted with the end colour.
    package var extendsEnd: Bool

    /// A shading over `geometry` through `colors` at `locations` (nil: evenly spaced), painting
    /// beyond its start or end only where asked.
    package init(geometry: Geometry, colors: [Color], locations: [Double]?, extendsStart: Bool, extendsEnd: Bool) {
        self.geometry = geometry
        ramp = Gradient(colors: colors, locations: locations)
        self.extendsStart = extendsStart
        self.extendsEnd = extendsEnd
    }
}

/// Shades each covered pixel with the shading at its centre, mapped back to shading space;
/// pixels the shading does not paint are left alone. The parameters of a row come from the
/// vector kernels of `ShadingKernels.h`, then the row is blended in one call.
struct ShadingSink: CoverageSink {
    unowned(unsafe) let surface: Surface
    let shading: Shading
    let table: UnsafePointer<UInt32>
    let inverse: ProjectiveTransform
    unowned(unsafe) let clip: Mask?
    let mode: BlendMode
    let scratch: UnsafeMutablePointer<UInt8>
    let samples: UnsafeMutablePointer<UInt32>

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        if coverage == 255 && clip == nil && mode == .sourceOver {
            // Fully covered: no coverage row at all; unpainted pixels read as transparent,
            // which source-over leaves alone.
            sample(y: y, x: x, count: count, coverage: nil)
            sourceOverRow(dst(y, x), samples, count)
            return
        }
        scratch.update(repeating: coverage, count: count)
        shade(y: y, x: x, count: count)
    }

    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        scratch.update(from: coverage, count: count)
        shade(y: y, x: x, count: count)
    }

    @inline(__always)
    private func dst(_ y: Int, _ x: Int) -> UnsafeMutablePointer<UInt32> {
        surface.pixels + (y - surface.originY) * surface.stride + (x - surface.originX)
    }

    /// The table colours of one run's pixel centres into `samples`: 0 where the shading paints
    /// nothing, where `coverage` (when given) is set to 0 too.
    @inline(__always)
    private func sample(y: Int, x: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>?) {
        let m = inverse
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        let hx = cx * m.m11 + cy * m.m21 + m.m31
        let hy = cx * m.m12 + cy * m.m22 + m.m32
        let ramp = rk_shading_ramp(extendsStart: shading.extendsStart ? 1 : 0, extendsEnd: shading.extendsEnd ? 1 : 0,
                                   last: Gradient.tableSize - 1)
        switch shading.geometry {
        case let .axial(x0, y0, x1, y1):
            let dx = x1 - x0, dy = y1 - y0
            let len2 = dx * dx + dy * dy
            guard len2 > 0 else {
                samples.update(repeating: 0, count: count)
                coverage?.update(repeating: 0, count: count)
                return
            }
            let t0 = ((hx - x0) * dx + (hy - y0) * dy) / len2
            let dt = (m.m11 * dx + m.m12 * dy) / len2
            rk_shade_axial(samples, coverage, count, t0, dt, table, ramp)
        case let .radial(x0, y0, r0, x1, y1, r1):
            rk_shade_radial(samples, coverage, count, hx - x0, hy - y0, m.m11, m.m12,
                            rk_radial_geometry(cdx: x1 - x0, cdy: y1 - y0, r0: r0, dr: r1 - r0), table, ramp)
        }
    }

    /// Blends the shading through the coverage in `scratch` over one run.
    @inline(__always)
    private func shade(y: Int, x: Int, count: Int) {
        if let clip {
            let m = clip.coverage(atDeviceX: x, y: y)
            multiplyCoverage(scratch, UnsafePointer(scratch), m, count)
        }
        if mode == .sourceOver {
            sample(y: y, x: x, count: count, coverage: nil)
            sourceOverRowMasked(dst(y, x), samples, count, scratch)
        } else {
            // Other modes act wherever coverage is not zero, so unpainted pixels lose theirs.
            sample(y: y, x: x, count: count, coverage: scratch)
            blendRow(dst(y, x), samples, scratch, count, mode)
        }
    }
}

extension Surface {
    /// Paints `shading`, whose space is mapped to device space by the affine `shadingTransform`,
    /// where `path` (mapped by `transform`) and `clip` cover. Nothing is drawn when the
    /// transform is singular or not affine.
    package func fill(_ path: Path, transform: ProjectiveTransform = .identity, rule: FillRule = .nonZero,
                     shading: Shading, shadingTransform: ProjectiveTransform, clip: Mask? = nil,
                     antialias: Bool = true, blend: BlendMode = .sourceOver) {
        guard shadingTransform.isAffine, let inverse = shadingTransform.inverted() else { return }
        fill(path, transform: transform, rule: rule, ramp: shading.ramp, clip: clip, antialias: antialias) { table, scratch, samples in
            ShadingSink(surface: self, shading: shading, table: table, inverse: inverse, clip: clip, mode: blend,
                        scratch: scratch, samples: samples)
        }
    }
}
