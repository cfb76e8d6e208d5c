extension Surface {
    /// Draws `source` at its own device position (both origins align the pixels).
    /// `opacity` and `mask` act as coverage: see `BlendMode`.
    public func composite(_ source: Surface, opacity: Float = 1, mask: Mask? = nil, blend: BlendMode = .sourceOver) {
        let o = UInt32((Color.unit(opacity) * 255).rounded())
        if o == 0 { return }
        guard let d = drawableRegion(clip: mask), let r = intersect(d, source.deviceBounds) else { return }
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: r.width)
        defer { row.deallocate() }
        for py in r.y..<(r.y + r.height) {
            let src = source.pixels + (py - source.originY) * source.stride + (r.x - source.originX)
            let dst = pixels + (py - originY) * stride + (r.x - originX)
            let m: UnsafeMutablePointer<UInt8>? = mask.map { $0.coverage + (py - $0.originY) * $0.width + (r.x - $0.originX) }
            if m == nil && o == 255 && blend == .sourceOver {
                sourceOverRow(dst, src, r.width)
                continue
            }
            if m == nil && o == 255 && blend == .copy {
                dst.update(from: src, count: r.width)
                continue
            }
            if blend == .sourceOver {
                if let m {
                    if o != 255 { multiplyCoverage(row, m, o, r.width) }
                    sourceOverRowMasked(dst, src, r.width, o == 255 ? m : row)
                } else {
                    sourceOverRowScaled(dst, src, r.width, o)
                }
                continue
            }
            for i in 0..<r.width {
                let c = m.map { mul255(o, UInt32($0[i])) } ?? o
                if c != 0 { dst[i] = Raster.blend(dst[i], src[i], c, blend) }
            }
        }
    }
}
