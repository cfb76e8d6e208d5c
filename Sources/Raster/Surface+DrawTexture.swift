#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Linear interpolation of two premultiplied pixels, weight w/256 on `q`, rounded.
@inline(__always)
func lerpPixel(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 - w
    let rb = (((p & 0x00FF_00FF) &* iw &+ (q & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag = (((p >> 8) & 0x00FF_00FF) &* iw &+ ((q >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
    return rb | ag
}

/// One mip level as the sampler sees it: texels and the clamp-to-edge texel range.
struct SampleLevel {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    let x0: Int, y0: Int, x1: Int, y1: Int
    /// Level-0 texel units per texel of this level.
    let scale: Double

    @inline(__always)
    static func index(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
        if !(v >= Double(lo)) { return lo }
        if !(v < Double(hi) + 1) { return hi }
        return Int(v)
    }

    @inline(__always)
    func nearest(_ u: Double, _ v: Double) -> UInt32 {
        pixels[SampleLevel.index(v / scale, y0, y1) * stride + SampleLevel.index(u / scale, x0, x1)]
    }

    @inline(__always)
    func bilinear(_ u: Double, _ v: Double) -> UInt32 {
        var fu = u / scale - 0.5, fv = v / scale - 0.5
        // Clamp before converting: keeps huge or non-finite coordinates safe.
        fu = fu >= Double(x0) - 1 ? min(fu, Double(x1) + 1) : Double(x0) - 1
        fv = fv >= Double(y0) - 1 ? min(fv, Double(y1) + 1) : Double(y0) - 1
        let iu = fu.rounded(.down), iv = fv.rounded(.down)
        let wu = UInt32((fu - iu) * 256), wv = UInt32((fv - iv) * 256)
        let xa = Int(iu), ya = Int(iv)
        let xl = min(max(xa, x0), x1), xr = min(max(xa + 1, x0), x1)
        let yt = min(max(ya, y0), y1), yb = min(max(ya + 1, y0), y1)
        let top = pixels + yt * stride, bottom = pixels + yb * stride
        return lerpPixel(lerpPixel(top[xl], top[xr], wu), lerpPixel(bottom[xl], bottom[xr], wu), wv)
    }
}

/// Samples a texture at every covered pixel centre through the inverse transform.
struct TextureSink: CoverageSink {
    let surface: Surface
    let levels: [SampleLevel]
    let inverse: ProjectiveTransform
    let filter: SamplingFilter
    let opacity: UInt32
    let clip: Mask?
    let mode: BlendMode
    let scratch: UnsafeMutablePointer<UInt8>

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        scratch.update(repeating: coverage, count: count)
        cells(y: y, x: x, count: count, coverage: scratch)
    }

    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let dst = surface.pixels + (y - surface.originY) * surface.stride + (x - surface.originX)
        let m = inverse
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        // Homogeneous texture coordinates step by a constant per pixel along the row.
        var hx = cx * m.m11 + cy * m.m21 + m.m31
        var hy = cx * m.m12 + cy * m.m22 + m.m32
        var hw = cx * m.m13 + cy * m.m23 + m.m33
        let clipRow: UnsafeMutablePointer<UInt8>? = clip.map { $0.coverage + (y - $0.originY) * $0.width + (x - $0.originX) }
        let base = levels[0]
        for i in 0..<count {
            defer { hx += m.m11; hy += m.m12; hw += m.m13 }
            var c = UInt32(coverage[i])
            if c == 0 { continue }
            if opacity != 255 { c = mul255(c, opacity) }
            if let clipRow { c = mul255(c, UInt32(clipRow[i])) }
            if c == 0 { continue }
            let r = 1 / hw
            let u = hx * r, v = hy * r
            let s: UInt32
            switch filter {
            case .nearest: s = base.nearest(u, v)
            case .linear: s = base.bilinear(u, v)
            case .trilinear: s = trilinear(u, v, hx, hy, hw, r)
            }
            if s == 0 && mode == .sourceOver { continue }
            dst[i] = blend(dst[i], s, c, mode)
        }
    }

    /// The level is log2 of the longer screen-axis footprint of one pixel in texels, from
    /// the Jacobian of (X/W, Y/W): ∂u/∂x = (m11·W − X·m13)/W², and so on.
    @inline(__always)
    private func trilinear(_ u: Double, _ v: Double, _ hx: Double, _ hy: Double, _ hw: Double, _ r: Double) -> UInt32 {
        let m = inverse
        let r2 = r * r
        let dudx = (m.m11 * hw - hx * m.m13) * r2, dvdx = (m.m12 * hw - hy * m.m13) * r2
        let dudy = (m.m21 * hw - hx * m.m23) * r2, dvdy = (m.m22 * hw - hy * m.m23) * r2
        let rho2 = max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy)
        let lambda = 0.5 * log2(rho2)
        if !(lambda > 0) { return levels[0].bilinear(u, v) }
        let top = levels.count - 1
        if lambda >= Double(top) { return levels[top].bilinear(u, v) }
        let k = Int(lambda)
        let f = UInt32((lambda - Double(k)) * 256)
        return lerpPixel(levels[k].bilinear(u, v), levels[k + 1].bilinear(u, v), f)
    }
}

extension Surface {
    /// Draws `texture` (or its `sourceRect`, in texel units) mapped by `transform` from texel
    /// space to device space, perspective-correct: each covered pixel centre is mapped back
    /// through the inverse. Samples outside the source rectangle clamp to its edge texels.
    /// The quad's edges are anti-aliased by exact area coverage when `antialias` is true and
    /// sampled at pixel centres when false (iOS's default for transformed layers).
    public func draw(_ texture: Texture, transform: ProjectiveTransform, filter: SamplingFilter = .linear,
                     opacity: Float = 1, clip: Mask? = nil, antialias: Bool = true, sourceRect: Rect? = nil,
                     blend: BlendMode = .sourceOver) {
        let tex = texture.surface
        guard tex.width > 0, tex.height > 0 else { return }
        let o = UInt32((Color.unit(opacity) * 255).rounded())
        guard o > 0, let inverse = transform.inverted(), let region = drawableRegion(clip: clip) else { return }
        let src = sourceRect ?? Rect(x: 0, y: 0, width: Double(tex.width), height: Double(tex.height))
        guard !src.isEmpty, src.minX.isFinite, src.minY.isFinite, src.maxX.isFinite, src.maxY.isFinite else { return }
        // Texels the source rectangle touches, within the texture.
        let tx0 = min(max(Int(src.minX.rounded(.down)), 0), tex.width - 1)
        let ty0 = min(max(Int(src.minY.rounded(.down)), 0), tex.height - 1)
        let tx1 = min(max(Int(src.maxX.rounded(.up)) - 1, tx0), tex.width - 1)
        let ty1 = min(max(Int(src.maxY.rounded(.up)) - 1, ty0), tex.height - 1)
        let surfaces = filter == .trilinear ? texture.mipLevels : [tex]
        var levels: [SampleLevel] = []
        for (k, s) in surfaces.enumerated() {
            let f = 1 << k
            levels.append(SampleLevel(pixels: s.pixels, stride: s.stride,
                                      x0: min(tx0 / f, s.width - 1), y0: min(ty0 / f, s.height - 1),
                                      x1: min(tx1 / f, s.width - 1), y1: min(ty1 / f, s.height - 1),
                                      scale: Double(f)))
        }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: region.width)
        defer { scratch.deallocate() }
        var sink = TextureSink(surface: self, levels: levels, inverse: inverse, filter: filter, opacity: o,
                               clip: clip, mode: blend, scratch: scratch)
        rasterize(.rect(x: src.minX, y: src.minY, width: src.width, height: src.height), transform: transform,
                  rule: .nonZero, antialias: antialias, targetX: region.x, targetY: region.y,
                  targetWidth: region.width, targetHeight: region.height, into: &sink)
    }
}
