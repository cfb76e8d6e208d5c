import CRasterKernels

/// Blends one colour through coverage, optionally multiplied by a clip mask and limited to a
/// region, into a surface.
struct ColorFillSink: CoverageSink {
    /// What one run needs (pixels, colour, mode, clip and the clip's row scratch): small, so
    /// the runs of a region take it by value, not the whole sink (copying the sink for each
    /// call cost a `memcpy` per run).
    struct Painter {
        let target: SourceOverTarget
        let mode: BlendMode
        let clip: MaskRows?
        /// Coverage times clip, for one row; only a clipped fill needs it.
        let scratch: UnsafeMutablePointer<UInt8>?

        @inline(__always)
        func span(y: Int, x: Int, count: Int, coverage: UInt8) {
            let dst = target.pixel(x, y)
            if let clip {
                let m = clip.at(x, y)
                multiplyCoverage(scratch!, m, UInt32(coverage), count)
                blendRun(dst, count, target.color, scratch!, mode)
            } else {
                blendSpan(dst, count, target.color, UInt32(coverage), mode)
            }
        }

        @inline(__always)
        func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
            let dst = target.pixel(x, y)
            if let clip {
                let m = clip.at(x, y)
                multiplyCoverage(scratch!, m, coverage, count)
                blendRun(dst, count, target.color, scratch!, mode)
            } else {
                blendRun(dst, count, target.color, coverage, mode)
            }
        }
    }

    /// The surface's pixels and placement, read once for the whole fill rather than through
    /// the object on every run, with the colour, mode and clip.
    let painter: Painter
    let region: PixelRegion?

    init(surface: Surface, pixel: UInt32, mode: BlendMode, clip: Mask?, region: PixelRegion? = nil, scratchWidth: Int) {
        self.region = region
        let target = SourceOverTarget(pixels: surface.pixels, stride: surface.stride, originX: surface.originX,
                                      originY: surface.originY, color: pixel)
        painter = Painter(target: target, mode: mode, clip: clip.map(MaskRows.init),
                          scratch: clip == nil ? nil : .allocate(capacity: max(scratchWidth, 1)))
    }

    func release() { painter.scratch?.deallocate() }

    /// Set for the plain case (source-over, no clip, no region): the sweep blends straight in.
    package var sourceOverTarget: SourceOverTarget? {
        painter.mode == .sourceOver && painter.clip == nil && region == nil ? painter.target : nil
    }

    // A region's closure captures a copy of `painter` alone, not the whole sink; without a
    // region the painter is read in place (a copy is 7 moves a run). The methods are
    // `mutating`, as the protocol's requirements are: a non-mutating method called through an
    // `inout` sink receives a copy of it (104 bytes, seven moves, before every replayed run of
    // a coverage cache), where a mutating one receives its address.
    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        if let region {
            let p = painter
            region.forEachRun(y: y, from: x, to: x + count) { a, b in p.span(y: y, x: a, count: b - a, coverage: coverage) }
        } else {
            painter.span(y: y, x: x, count: count, coverage: coverage)
        }
    }

    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        if let region {
            let p = painter
            region.forEachRun(y: y, from: x, to: x + count) { a, b in p.cells(y: y, x: a, count: b - a, coverage: coverage + (a - x)) }
        } else {
            painter.cells(y: y, x: x, count: count, coverage: coverage)
        }
    }

    /// Straight rows of a span with one cell at either end are one rectangle call (the same
    /// bytes: a cell's blend is its colour scaled by its coverage, source-over).
    mutating func rows(y: Int, count: Int, _ row: RowRuns) {
        let p = painter
        if region == nil, p.clip == nil, p.mode == .sourceOver, let r = row.rectangle(color: p.target.color) {
            rk_source_over_rect(p.target.pixel(r.x, y), p.target.stride, r.width, count, r.first, r.mid, r.last)
            return
        }
        for k in 0..<count { row.replay(y: y + k, into: &self) }
    }

    mutating func block(y: Int, x: Int, width: Int, height: Int, coverage: UnsafePointer<UInt8>, stride: Int) {
        let p = painter
        guard region == nil, p.clip == nil, p.mode == .sourceOver else {
            for r in 0..<height { cells(y: y + r, x: x, count: width, coverage: coverage + r * stride) }
            return
        }
        rk_source_over_masked_block(p.target.pixel(x, y), p.target.stride, width, height, p.target.color, coverage, stride)
    }
}

extension Surface {
    var deviceBounds: (x: Int, y: Int, width: Int, height: Int) { (originX, originY, width, height) }

    /// The device rectangle drawing may touch: the surface, cut to the clip mask and the region's bounds.
    func drawableRegion(clip: Mask?, region: PixelRegion? = nil) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard width > 0, height > 0 else { return nil }
        var r = deviceBounds
        if let clip { guard let c = intersect(r, clip.deviceBounds) else { return nil }; r = c }
        if let region {
            guard !region.isEmpty,
                  let c = intersect(r, (region.x0, region.y0, region.x1 - region.x0, region.y1 - region.y0)) else { return nil }
            r = c
        }
        return r
    }

    /// Fills `path`, mapped by `transform` into device space, with one colour.
    /// Blend modes act only where the path (and clip) cover; see `BlendMode`.
    /// `contoursOverlap: false` promises that no two parts of the path overlap (glyph outlines):
    /// signed-area accumulation is then exact on its own and the rasterizer skips its second,
    /// exact pass over pixels that several edges share. The coverage is kept in `paths`
    /// for the next frame when given.
    package func fill(_ path: Path, transform: ProjectiveTransform = .identity, rule: FillRule = .nonZero,
                     color: Color, clip: Mask? = nil, region: PixelRegion? = nil, antialias: Bool = true,
                     blend: BlendMode = .sourceOver, contoursOverlap: Bool = true, paths: PathCoverageCache? = nil) {
        let s = color.premultipliedPixel
        if s == 0 && blend == .sourceOver { return }
        guard let r = drawableRegion(clip: clip, region: region) else { return }
        var sink = ColorFillSink(surface: self, pixel: s, mode: blend, clip: clip, region: region, scratchWidth: r.width)
        defer { sink.release() }
        rasterize(path, transform: transform, rule: rule, antialias: antialias,
                  targetX: r.x, targetY: r.y, targetWidth: r.width, targetHeight: r.height,
                  exactOverlaps: contoursOverlap, paths: paths, into: &sink)
    }

    /// Fills an axis-aligned rectangle. With `antialias` each edge pixel gets exactly the
    /// fraction of its area inside the rectangle; without it, pixels whose centres are inside.
    /// Opaque interiors are stored row by row without blending.
    package func fillRect(x: Double, y: Double, width w: Double, height h: Double, color: Color,
                         clip: Mask? = nil, antialias: Bool = true, blend: BlendMode = .sourceOver) {
        let s = color.premultipliedPixel
        if s == 0 && blend == .sourceOver { return }
        let rect = Rect(x: x, y: y, width: w, height: h)
        guard !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite,
              let r = drawableRegion(clip: clip) else { return }
        // Work in coordinates clamped to the drawable region so huge rectangles stay cheap.
        let minX = max(rect.minX, Double(r.x)), maxX = min(rect.maxX, Double(r.x + r.width))
        let minY = max(rect.minY, Double(r.y)), maxY = min(rect.maxY, Double(r.y + r.height))
        guard maxX > minX, maxY > minY else { return }
        let x0: Int, x1: Int, y0: Int, y1: Int
        if antialias {
            x0 = Int(minX.rounded(.down)); x1 = Int(maxX.rounded(.up))
            y0 = Int(minY.rounded(.down)); y1 = Int(maxY.rounded(.up))
        } else {
            x0 = Int((minX - 0.5).rounded(.up)); x1 = Int((maxX - 0.5).rounded(.up))
            y0 = Int((minY - 0.5).rounded(.up)); y1 = Int((maxY - 0.5).rounded(.up))
        }
        guard x1 > x0, y1 > y0 else { return }
        @inline(__always) func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
            antialias ? max(0, min(Double(i + 1), hi) - max(Double(i), lo)) : 1
        }
        let n = x1 - x0
        let firstCov = overlap(x0, minX, maxX), lastCov = overlap(x1 - 1, minX, maxX)
        // Coverage to 0...255, rounded to nearest (v ≥ 0: no libm call).
        @inline(__always) func level(_ v: Double) -> UInt32 { UInt32(v * 255 + 0.5) }
        if clip == nil && blend == .sourceOver {
            // Rows come in at most three kinds (top, interior, bottom), each one kernel call.
            @inline(__always) func rows(_ py: Int, _ count: Int, _ cy: Double) {
                @inline(__always) func colour(_ c: UInt32) -> UInt32 { c >= 255 ? s : (c == 0 ? 0 : scalePixel(s, c)) }
                let dst = pixels + (py - originY) * stride + (x0 - originX)
                rk_source_over_rect(dst, stride, n, count, colour(level(firstCov * cy)), colour(level(cy)),
                                    colour(level(lastCov * cy)))
            }
            rows(y0, 1, overlap(y0, minY, maxY))
            if y1 - y0 > 2 { rows(y0 + 1, y1 - y0 - 2, 1) }
            if y1 - y0 > 1 { rows(y1 - 1, 1, overlap(y1 - 1, minY, maxY)) }
            return
        }
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        defer { row.deallocate() }
        for py in y0..<y1 {
            let cy = overlap(py, minY, maxY)
            let dst = pixels + (py - originY) * stride + (x0 - originX)
            if clip == nil && n > 2 {
                // Partial first and last pixels, constant interior span.
                blendSpan(dst, 1, s, level(firstCov * cy), blend)
                blendSpan(dst + 1, n - 2, s, level(cy), blend)
                blendSpan(dst + n - 1, 1, s, level(lastCov * cy), blend)
                continue
            }
            for i in 0..<n {
                var c = level(overlap(x0 + i, minX, maxX) * cy)
                if let clip { c = mul255(c, UInt32(clip.value(atDeviceX: x0 + i, y: py))) }
                row[i] = UInt8(truncatingIfNeeded: c)
            }
            blendRun(dst, n, s, row, blend)
        }
    }

    /// Draws `color` through the coverage of `mask` (and `clip`, within `region`), as for a shadow.
    package func fill(_ mask: Mask, color: Color, clip: Mask? = nil, region: PixelRegion? = nil,
                     blend: BlendMode = .sourceOver) {
        let s = color.premultipliedPixel
        if s == 0 && blend == .sourceOver { return }
        guard let d = drawableRegion(clip: clip, region: region), let r = intersect(d, mask.deviceBounds) else { return }
        var sink = ColorFillSink(surface: self, pixel: s, mode: blend, clip: clip, region: region, scratchWidth: r.width)
        defer { sink.release() }
        for py in r.y..<(r.y + r.height) {
            sink.cells(y: py, x: r.x, count: r.width, coverage: mask.coverage(atDeviceX: r.x, y: py))
        }
    }
}
