/// Glue between paths, the coverage rasterizer and the pixel sinks of surfaces and masks.

/// Intersection of two device rectangles, or nil when empty.
@inline(__always)
func intersect(_ a: (x: Int, y: Int, width: Int, height: Int), _ b: (x: Int, y: Int, width: Int, height: Int))
    -> (x: Int, y: Int, width: Int, height: Int)? {
    let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
    let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
    guard x1 > x0, y1 > y0 else { return nil }
    return (x0, y0, x1 - x0, y1 - y0)
}

/// Rasterizes `path` mapped by `transform` into `sink`, over the target rectangle.
package func rasterize<S: CoverageSink>(_ path: Path, transform: ProjectiveTransform, rule: FillRule, antialias: Bool,
                                targetX: Int, targetY: Int, targetWidth: Int, targetHeight: Int,
                                exactOverlaps: Bool = true, paths: PathCoverageCache? = nil, into sink: inout S) {
    guard !path.isEmpty else { return }
    if let r = wholePixelRectangle(path, transform) {
        // Every pixel of it is covered, with either rule, antialiased or not: no edges to
        // rasterize (a gradient or an image filling its clip, a clip to a rectangle).
        let x0 = max(r.minX, Double(targetX)), x1 = min(r.maxX, Double(targetX + targetWidth))
        let y0 = max(r.minY, Double(targetY)), y1 = min(r.maxY, Double(targetY + targetHeight))
        guard x1 > x0, y1 > y0 else { return }
        let x = Int(x0), count = Int(x1) - x
        for y in Int(y0)..<Int(y1) { sink.span(y: y, x: x, count: count, coverage: 255) }
        return
    }
    if let paths {
        paths.draw(path, transform: transform, rule: rule, antialias: antialias, exactOverlaps: exactOverlaps,
                   target: (targetX, targetY, targetWidth, targetHeight), into: &sink)
        return
    }
    var source = path
    var m = transform
    if !transform.isAffine {
        source = path.transformedForFill(transform, tolerance: fillTolerance)
        m = .identity
    }
    // The affine image of the control-point box holds the mapped path.
    let b = source.bounds
    var bounds = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    for k in 0..<4 {
        let p = m.applyAffine(k & 1 == 0 ? b.minX : b.maxX, k < 2 ? b.minY : b.maxY)
        bounds.minX = min(bounds.minX, p.x); bounds.maxX = max(bounds.maxX, p.x)
        bounds.minY = min(bounds.minY, p.y); bounds.maxY = max(bounds.maxY, p.y)
    }
    guard let r = CoverageRasterizer.region(bounds: bounds, targetX: targetX, targetY: targetY,
                                             targetWidth: targetWidth, targetHeight: targetHeight) else { return }
    if !antialias {
        // Pixel-centre sampling needs no per-cell memory: crossings per row (unless they are
        // too many to keep: then the coverage rasterizer below samples the same pixels).
        var scan = SampledScanline(originX: r.x, originY: r.y, width: r.width, height: r.height)
        let region = Rect(minX: Double(r.x), minY: Double(r.y), maxX: Double(r.x + r.width), maxY: Double(r.y + r.height))
        source.flatten(transform: m, tolerance: fillTolerance, outside: region, straddling: true, into: &scan)
        if !scan.overflowed {
            scan.sweep(rule: rule, into: &sink)
            return
        }
    }
    // The rasterizer's cells are one band of rows at a time, but its edges are the whole
    // region's: very large regions (beyond ~4 Mpx) are done in parts, flattening the path once
    // per part, so that a part's edges stay in proportion to what they cover.
    // A part whose edges are more than the rasterizer keeps (`maxKeptEdges`) is redone one band
    // at a time: a rasterizer of one band accumulates its edges in batches instead.
    // The region's width rounded up to whole chunks of 8 cells where the target has room: the
    // sweep then ends each row with a whole block instead of a partial one summed cell by cell
    // (a small shape's every row); the cells added are right of the path, so they stay 0.
    let chunk = 1 << CoverageRasterizer.chunkShift
    let width = min((r.width + chunk - 1) / chunk * chunk, targetX + targetWidth - r.x)
    let partRows = max(1, maxRasterCells / (width + 2))
    let oneBand = max(1, CoverageRasterizer.bandCells / (width + 2))
    /// Rasterizes rows y ..< y + rows; false when it overflowed (and drew nothing).
    func part(_ y: Int, _ rows: Int) -> Bool {
        var raster = CoverageRasterizer(originX: r.x, originY: y, width: width, height: rows, antialias: antialias)
        let band = Rect(minX: Double(r.x), minY: Double(y), maxX: Double(r.x + r.width), maxY: Double(y + rows))
        var resolved = false
        if antialias && exactOverlaps && FillBoundarySink.takes(source) {
            // A small path goes as the boundary of what it fills, exact without the exact pass.
            var boundary = FillBoundarySink(raster, rule: rule)
            source.flatten(transform: m, tolerance: fillTolerance, outside: band, straddling: true, into: &boundary)
            resolved = boundary.finish()
        }
        if !resolved {
            source.flatten(transform: m, tolerance: fillTolerance, outside: band, straddling: true, into: &raster)
        }
        if raster.overflowed { return false }
        raster.sweep(rule: rule, exactOverlaps: exactOverlaps, into: &sink)
        return true
    }
    var y = r.y
    while y < r.y + r.height {
        let rows = min(partRows, r.y + r.height - y)
        if !part(y, rows) {
            var z = y
            while z < y + rows {
                let one = min(oneBand, y + rows - z)
                _ = part(z, one)
                z += one
            }
        }
        y += rows
    }
}

/// The device rectangle that `path` mapped by `transform` fills, when it is a rectangle with
/// whole-pixel sides (an axis-aligned rectangle under a transform that keeps it axis-aligned).
package func wholePixelRectangle(_ path: Path, _ m: ProjectiveTransform) -> Rect? {
    guard m.isAffine, m.m12 == 0, m.m21 == 0, let r = path.axisAlignedRectangle() else { return nil }
    let a = m.applyAffine(r.minX, r.minY), b = m.applyAffine(r.maxX, r.maxY)
    let d = Rect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
    // Whole pixels (NaN and infinities are not), and within what an Int holds.
    @inline(__always) func whole(_ v: Double) -> Bool { v.rounded(.down) == v && abs(v) < 0x1p52 }
    guard whole(d.minX), whole(d.minY), whole(d.maxX), whole(d.maxY), !d.isEmpty else { return nil }
    return d
}

/// Most cells one rasterizer covers (see `rasterize`).
package let maxRasterCells = 1 << 22
