extension Surface {
    /// Draws `source` at its own device position (both origins align the pixels).
    /// `opacity` and `mask` act as coverage: see `BlendMode`.
    package func composite(_ source: Surface, opacity: Float = 1, mask: Mask? = nil, region: PixelRegion? = nil,
                          blend: BlendMode = .sourceOver) {
        let o = UInt32(byteOfUnit: opacity)
        if o == 0 { return }
        guard let d = drawableRegion(clip: mask, region: region), let r = intersect(d, source.deviceBounds) else { return }
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: r.width)
        defer { row.deallocate() }
        // One run [x0, x0 + n) of row py.
        func run(_ py: Int, _ x0: Int, _ n: Int) {
            let src = source.pixels + (py - source.originY) * source.stride + (x0 - source.originX)
            let dst = pixels + (py - originY) * stride + (x0 - originX)
            let m: UnsafeMutablePointer<UInt8>? = mask.map { $0.coverage(atDeviceX: x0, y: py) }
            if m == nil && o == 255 && blend == .sourceOver {
                sourceOverRow(dst, src, n)
            } else if m == nil && o == 255 && blend == .copy {
                dst.update(from: src, count: n)
            } else if blend == .sourceOver {
                if let m {
                    if o != 255 { multiplyCoverage(row, m, o, n) }
                    sourceOverRowMasked(dst, src, n, o == 255 ? m : row)
                } else {
                    sourceOverRowScaled(dst, src, n, o)
                }
            } else {
                for i in 0..<n {
                    let c = m.map { mul255(o, UInt32($0[i])) } ?? o
                    if c != 0 { dst[i] = Raster.blend(dst[i], src[i], c, blend) }
                }
            }
        }
        for py in r.y..<(r.y + r.height) {
            if let region {
                region.forEachRun(y: py, from: r.x, to: r.x + r.width) { a, b in run(py, a, b - a) }
            } else {
                run(py, r.x, r.width)
            }
        }
    }
}
