import CRasterKernels

extension Surface {
    /// Draws a batch of sprites in order, through `clip`, within `region`'s bounds.
    ///
    /// Each pixel centre inside a sprite's quad is mapped back to texel space and sampled
    /// (bilinear with clamp to the source rectangle's edge texels, or nearest); the sample is
    /// multiplied by the tint (premultiplied: colour × alpha, alpha) and blended. The quad's
    /// edges are not anti-aliased: a GPU draws particles as plain textured quads, and particle
    /// images have transparent borders, which bilinear sampling turns into soft edges.
    package func drawSprites(_ batch: SpriteBatch, clip: Mask? = nil, region: PixelRegion? = nil) {
        guard let area = drawableRegion(clip: clip, region: region), !batch.sprites.isEmpty else { return }
        let clipRows = clip.map(MaskRows.init)
        let additive = batch.blend == .plusLighter
        let opacity = batch.opacity.isNaN ? 0 : min(max(batch.opacity, 0), 1)
        // One row of samples, reused by every sprite.
        let samples = UnsafeMutablePointer<UInt32>.allocate(capacity: area.width + 1)
        defer { samples.deallocate() }
        let surfaces = batch.textures.map { $0.texture.surface }
        for s in batch.sprites {
            guard s.texture >= 0, s.texture < batch.textures.count else { continue }
            drawSprite(s, surfaces[s.texture], filter: batch.textures[s.texture].filter, opacity: opacity, additive: additive,
                       area: area, clipRows: clipRows, samples: samples)
        }
    }

    private func drawSprite(_ s: Sprite, _ tex: Surface, filter: SamplingFilter, opacity: Float, additive: Bool,
                            area: (x: Int, y: Int, width: Int, height: Int), clipRows: MaskRows?,
                            samples: UnsafeMutablePointer<UInt32>) {
        guard tex.width > 0, tex.height > 0 else { return }
        let src = s.sourceRect
        guard src.minX.isFinite, src.minY.isFinite, src.maxX.isFinite, src.maxY.isFinite,
              src.maxX > src.minX, src.maxY > src.minY else { return }
        // The tint, premultiplied, as byte factors: a sample's colour channels are multiplied by
        // colour × alpha, its alpha by alpha (the particle's colour, Core Animation's multiply).
        let t = s.tint
        let a = t[3] * opacity
        let ka = UInt32(byteOfUnit: a)
        if ka == 0 { return }
        let kr = UInt32(byteOfUnit: t[0] * a), kg = UInt32(byteOfUnit: t[1] * a), kb = UInt32(byteOfUnit: t[2] * a)
        let plain = kr == 255 && kg == 255 && kb == 255 && ka == 255
        // The same factors for the C kernel (all 255, plain, packs to 0xFFFFFFFF).
        let packedTint = kr | kg << 8 | kb << 16 | ka << 24
        // The quad's device box (all four corners in front of the eye).
        let m = s.transform
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for k in 0..<4 {
            let p = m.apply(k & 1 == 0 ? src.minX : src.maxX, k & 2 == 0 ? src.minY : src.maxY)
            guard p.w > 0 else { return }
            let x = p.x / p.w, y = p.y / p.w
            guard x.isFinite, y.isFinite else { return }
            bx0 = min(bx0, x); by0 = min(by0, y); bx1 = max(bx1, x); by1 = max(by1, y)
        }
        let x0 = max(Int(saturating: bx0, .down), area.x), x1 = min(Int(saturating: bx1, .up), area.x + area.width)
        let y0 = max(Int(saturating: by0, .down), area.y), y1 = min(Int(saturating: by1, .up), area.y + area.height)
        guard x0 < x1, y0 < y1, let inverse = m.inverted() else { return }
        // Texels the source rectangle touches, within the texture: the clamp range.
        let tx0 = min(max(Int(saturating: src.minX, .down), 0), tex.width - 1)
        let ty0 = min(max(Int(saturating: src.minY, .down), 0), tex.height - 1)
        let tx1 = min(max(Int(saturating: src.maxX, .up) - 1, tx0), tex.width - 1)
        let ty1 = min(max(Int(saturating: src.maxY, .up) - 1, ty0), tex.height - 1)
        var level = SampleLevel(pixels: tex.pixels, stride: tex.stride, x0: tx0, y0: ty0, x1: tx1, y1: ty1, shift: 0)
        let nearest = filter == .nearest
        // The source rectangle in 32.32 fixed point, as the samples' positions are.
        let umin = fixed(src.minX), umax = fixed(src.maxX), vmin = fixed(src.minY), vmax = fixed(src.maxY)
        @inline(__always) func put(_ d: UnsafeMutablePointer<UInt32>, _ fu: Int64, _ fv: Int64, _ c: UInt32) {
            var sample = nearest ? level.nearest(fu, fv) : level.bilinear(fu, fv)
            if !plain { sample = tinted(sample, kr, kg, kb, ka) }
            if c != 255 { sample = scalePixel(sample, c) }
            if sample == 0 { return }
            d.pointee = additive ? plusLighter(d.pointee, sample) : sourceOver(d.pointee, sample)
        }
        // One run of a row: samples first (the C run kernel for bilinear), then tint, clip and
        // blend in one pass (the C sprite kernel where nothing clips).
        var clipRow: UnsafeMutablePointer<UInt8>?
        func drawRun(_ d: UnsafeMutablePointer<UInt32>, count n: Int, x: Int, steps: QuadraticSteps) {
            if nearest {
                var st = steps
                for i in 0..<n { samples[i] = level.nearest(st.fu, st.fv); st.step() }
            } else {
                var st = steps, i = 0
                while i < n {
                    // Pieces short enough that positions cannot overflow (as TextureSink's).
                    let k = min(256, n - i)
                    rk_bilinear_run(samples + i, k, &level, st)
                    st = st.advanced(by: k)
                    i += k
                }
            }
            guard let clipRow else {
                // The common case: tint and blend in one pass of the C sprite kernel.
                rk_sprite_row(d, samples, n, packedTint, additive ? 1 : 0)
                return
            }
            if !plain { for i in 0..<n { samples[i] = tinted(samples[i], kr, kg, kb, ka) } }
            for i in 0..<n {
                var sample = samples[i]
                let c = UInt32(clipRow[x + i - area.x])
                if c != 255 { sample = scalePixel(sample, c) }
                if sample == 0 { continue }
                d[i] = additive ? plusLighter(d[i], sample) : sourceOver(d[i], sample)
            }
        }
        for y in y0..<y1 {
            let row = pixels + (y - originY) * stride
            clipRow = clipRows.map { $0.at(area.x, y) }
            let cy = Double(y) + 0.5
            if inverse.isAffine {
                // The run of pixel centres whose texel position lies in the source rectangle:
                // u = u0 + k·du and v = v0 + k·dv are linear along the row; inside the run
                // they are stepped in fixed point (one add each a pixel).
                let u0 = (Double(x0) + 0.5) * inverse.m11 + cy * inverse.m21 + inverse.m31
                let v0 = (Double(x0) + 0.5) * inverse.m12 + cy * inverse.m22 + inverse.m32
                var lo = 0.0, hi = Double(x1 - x0)
                func narrow(_ p0: Double, _ dp: Double, _ a: Double, _ b: Double) {
                    if dp == 0 {
                        if !(p0 >= a && p0 < b) { hi = lo - 1 }
                    } else {
                        let k1 = (a - p0) / dp, k2 = (b - p0) / dp
                        lo = max(lo, min(k1, k2)); hi = min(hi, max(k1, k2))
                    }
                }
                narrow(u0, inverse.m11, src.minX, src.maxX)
                narrow(v0, inverse.m12, src.minY, src.maxY)
                if !(hi > lo) { continue }
                let first = x0 + max(Int(saturating: lo, .down) - 1, 0)
                let last = min(x0 + Int(saturating: hi, .up) + 1, x1)
                if first >= last { continue }
                let xc = Double(first) + 0.5
                let du = fixed(inverse.m11), dv = fixed(inverse.m12)
                var fu = fixed(xc * inverse.m11 + cy * inverse.m21 + inverse.m31)
                var fv = fixed(xc * inverse.m12 + cy * inverse.m22 + inverse.m32)
                // Trim the run to the pixels whose sample lies in the source rectangle (an
                // interval: u and v are linear along the row).
                @inline(__always) func inside(_ u: Int64, _ v: Int64) -> Bool { u >= umin && u < umax && v >= vmin && v < vmax }
                var a = first, b = last
                while a < b && !inside(fu, fv) { a += 1; fu &+= du; fv &+= dv }
                while b > a && !inside(fu &+ Int64(b - 1 - a) &* du, fv &+ Int64(b - 1 - a) &* dv) { b -= 1 }
                if a >= b { continue }
                drawRun(row + (a - originX), count: b - a, x: a, steps: QuadraticSteps(fu: fu, fv: fv, du: du, dv: dv, ddu: 0, ddv: 0))
                continue
            }
            for x in x0..<x1 {
                let p = inverse.apply(Double(x) + 0.5, cy)
                let u = p.x / p.w, v = p.y / p.w
                guard u >= src.minX, u < src.maxX, v >= src.minY, v < src.maxY else { continue }
                let c = clipRow.map { UInt32($0[x - area.x]) } ?? 255
                if c != 0 { put(row + (x - originX), fixed(u), fixed(v), c) }
            }
        }
    }
}

/// A premultiplied pixel's channels times byte factors (rounded to nearest).
@inline(__always)
private func tinted(_ p: UInt32, _ kr: UInt32, _ kg: UInt32, _ kb: UInt32, _ ka: UInt32) -> UInt32 {
    let r = mul255(p & 0xFF, kr), g = mul255((p >> 8) & 0xFF, kg)
    let b = mul255((p >> 16) & 0xFF, kb), a = mul255(p >> 24, ka)
    // A colour channel never exceeds alpha in a premultiplied pixel.
    return min(r, a) | (min(g, a) << 8) | (min(b, a) << 16) | (a << 24)
}

/// Core Animation's additive compositing (plus-lighter): every channel, alpha included, is
/// the sum clamped to 255.
@inline(__always)
private func plusLighter(_ d: UInt32, _ s: UInt32) -> UInt32 {
    let sum = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(d, to: SIMD4<UInt8>.self))
        &+ SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(s, to: SIMD4<UInt8>.self))
    let clamped = sum.replacing(with: 255, where: sum .> 255)
    return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: clamped), to: UInt32.self)
}
