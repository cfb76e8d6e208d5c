import Foundation

/// A layer that draws its content tile by tile, at levels of detail chosen by how large it is
/// shown (CATiledLayer.h): for content too large, or too detailed, to draw at once, such as a
/// large image or a zoomable map.
///
/// Each tile is drawn by `draw(in:)` (by default the delegate's `draw(_:in:)`) into a context
/// clipped to the tile: `ctx.boundingBoxOfClipPath` is the tile's rectangle in the layer's
/// bounds space, and the context's scale is the level's. Only tiles that intersect what can be
/// seen of the layer are drawn: its bounds cut by every ancestor that clips (`masksToBounds`,
/// the scroll layer of a scroll view included). Tiles stay drawn until `setNeedsDisplay()` (or
/// `setNeedsDisplay(_:)` for the tiles it touches), a change of bounds, or a change of level;
/// tiles that come into view, when a scroll layer above scrolls, are drawn at the next render.
///
/// Levels of detail: the level at 1 is `contentsScale` pixels per point; `levelsOfDetail`
/// levels (default 1) each halve the one before, after `levelsOfDetailBias` (default 0) levels
/// of magnification above 1 (2×, 4×, …). The level drawn is the smallest one at least as fine
/// as the layer is shown: `contentsScale` times the scale of the layer's transform and its
/// ancestors' (the 2D part), or the finest one when none is. The renderer's own `scale` is not
/// known when layers are drawn, so it does not count (give layers the `contentsScale` of the
/// canvas, as iOS does the screen's).
///
/// Offline renders draw tiles synchronously before the frame, so nothing fades in:
/// `fadeDuration()` is what a live display would take and is not applied here. Limits: the
/// drawn tiles are kept in one bitmap of the bounds at the level's scale, bounded by the
/// backing store's 16 384 pixels a side (a level over it is replaced by the next coarser one,
/// and with none left the layer shows nothing); at most 4 096 tiles are drawn per level, larger
/// tiles than `tileSize` being used when it would take more (tileSize 1 × 1 on a large layer
/// does not make millions of calls).
open class CATiledLayer: CALayer {
    /// The time a newly drawn tile takes to fade in on a live display: 0.25 s. Not applied by
    /// offline renders, which draw every tile before the frame.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// How many levels of detail the layer keeps, each half the scale of the one before.
    /// Default 1. Values under 1 count as 1, over 32 as 32.
    open var levelsOfDetail: Int = 1 { didSet { noteChange() } }

    /// How many of the levels magnify (2×, 4×, … the `contentsScale`). Default 0. Values under
    /// 0 count as 0, over 30 as 30.
    open var levelsOfDetailBias: Int = 0 { didSet { noteChange() } }

    /// The largest tile, in pixels of the level drawn. Default 256 × 256. Sides are rounded
    /// down to whole pixels; sides under 1 pixel, or not finite, take the default.
    open var tileSize = CGSize(width: 256, height: 256) { didSet { noteChange() } }

    /// The most tiles drawn for one level.
    static let maximumTileCount = 4096

    /// The drawn tiles: one bitmap for the plan it was made for.
    private var store: (plan: TileGrid, context: CGContext, drawn: Set<Int>)?

    /// Creates a tiled layer with Core Animation's defaults.
    public override init() { super.init() }

    /// A copy of `layer`'s properties, this class's included (see `CALayer.init(layer:)`).
    public override init(layer: Any) { super.init(layer: layer) }

    /// A tiled layer read from a keyed archive: the layer's properties and the tiling ones.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeIntValue(forKey: "levelsOfDetail") { levelsOfDetail = v }
        if let v = coder.decodeIntValue(forKey: "levelsOfDetailBias") { levelsOfDetailBias = v }
        if let v = coder.decodeSizeValue(forKey: "tileSize") { tileSize = v }
    }

    /// Writes the layer's properties, then the tiling ones.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(levelsOfDetail, forKey: "levelsOfDetail")
        coder.encode(levelsOfDetailBias, forKey: "levelsOfDetailBias")
        coder.encodeSize(tileSize, forKey: "tileSize")
    }

    /// Copies the tiling properties after the layer's (see `CALayer.copyLayerState`).
    override func copyLayerState(from l: CALayer) {
        super.copyLayerState(from: l)
        guard let l = l as? CATiledLayer else { return }
        levelsOfDetail = l.levelsOfDetail
        levelsOfDetailBias = l.levelsOfDetailBias
        tileSize = l.tileSize
    }

    /// Forgets every drawn tile; they are drawn again at the next render.
    open override func setNeedsDisplay() {
        store?.drawn.removeAll()
        super.setNeedsDisplay()
    }

    /// Forgets the drawn tiles that `r` (bounds space) touches.
    open override func setNeedsDisplay(_ r: CGRect) {
        if let s = store {
            store?.drawn = s.drawn.filter { !s.plan.rect(ofTile: $0).intersects(r) }
        }
        super.setNeedsDisplay(r)
    }

    /// Also true while a tile that can be seen at the level needed is not drawn.
    open override func needsDisplay() -> Bool {
        if super.needsDisplay() { return true }
        guard let plan = tileGrid() else { return store != nil }
        guard let s = store, s.plan == plan.grid else { return true }
        return plan.visible.contains { !s.drawn.contains($0) }
    }

    /// Draws the missing tiles that can be seen, each through `draw(in:)` in a context clipped
    /// to it, and makes the bitmap the layer's `contents`.
    open override func display() {
        guard let plan = tileGrid() else {
            store = nil
            contents = nil
            return
        }
        let grid = plan.grid, visible = plan.visible
        if store == nil || store?.plan != grid {
            let info = isOpaque ? CGImageAlphaInfo.noneSkipLast : .premultipliedLast
            guard let ctx = CGContext(data: nil, width: grid.pixelWidth, height: grid.pixelHeight, bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info.rawValue) else {
                store = nil
                contents = nil
                return
            }
            // The backing store's space (CALayer+Display.swift): bounds' top-left at the
            // bitmap's top-left, y down, `scale` pixels per point.
            ctx.translateBy(x: 0, y: CGFloat(grid.pixelHeight))
            ctx.scaleBy(x: grid.scale, y: -grid.scale)
            ctx.translateBy(x: -grid.bounds.minX, y: -grid.bounds.minY)
            store = (grid, ctx, [])
        }
        guard let s = store else { return }
        let missing = visible.filter { !s.drawn.contains($0) }
        guard !missing.isEmpty || contents == nil else { return }
        delegate?.layerWillDraw(self)
        for tile in missing {
            let r = grid.rect(ofTile: tile)
            s.context.saveGState()
            s.context.clip(to: r)
            s.context.clear(r)
            draw(in: s.context)
            s.context.restoreGState()
        }
        store?.drawn.formUnion(missing)
        contents = s.context.makeImage()
    }

    /// The tiles of the level the layer needs now, and which of them can be seen; nil when
    /// the layer has no area or no level fits the backing store's limit.
    final func tileGrid() -> (grid: TileGrid, visible: [Int])? {
        let b = bounds.standardized
        guard b.origin.x.isFinite, b.origin.y.isFinite, b.width.isFinite, b.height.isFinite,
              b.width > 0, b.height > 0 else { return nil }
        let base = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let levels = min(max(levelsOfDetail, 1), 32)
        let bias = min(max(levelsOfDetailBias, 0), 30)
        let needed = base * shownScale()
        // Level k (0 = finest) draws at base · 2^(bias − k).
        func scale(_ k: Int) -> CGFloat { base * CGFloat(sign: .plus, exponent: bias - k, significand: 1) }
        var k = 0
        while k + 1 < levels && scale(k + 1) >= needed { k += 1 }
        let limit = CGFloat(CALayer.maximumBackingStoreDimension)
        while (b.width * scale(k)).rounded(.up) > limit || (b.height * scale(k)).rounded(.up) > limit {
            guard k + 1 < levels else { return nil }
            k += 1
        }
        let s = scale(k)
        let pw = max(Int((b.width * s).rounded(.up)), 1), ph = max(Int((b.height * s).rounded(.up)), 1)
        func side(_ v: CGFloat) -> Int { v.isFinite && v >= 1 ? Int(min(v, limit).rounded(.down)) : 256 }
        var tw = side(tileSize.width), th = side(tileSize.height)
        func count(_ n: Int, _ t: Int) -> Int { (n + t - 1) / t }
        while count(pw, tw) * count(ph, th) > Self.maximumTileCount {
            tw *= 2
            th *= 2
        }
        let grid = TileGrid(bounds: b, scale: s, pixelWidth: pw, pixelHeight: ph,
                            tileWidth: CGFloat(tw) / s, tileHeight: CGFloat(th) / s,
                            columns: count(pw, tw), rows: count(ph, th))
        return (grid, grid.tiles(meeting: visibleBounds()))
    }

    /// How much the layer is magnified on the canvas: the square root of the area scale of the
    /// 2D part of its transform to the root, ancestors' included; 1 where that is not finite
    /// and positive (a layer seen edge on).
    private func shownScale() -> CGFloat {
        var m = CATransform3DIdentity
        var l: CALayer? = self
        var depth = 0
        while let layer = l, depth < 4096 {
            m = CATransform3DConcat(m, layer.transformToSuperlayer())
            l = layer.superlayer
            depth += 1
        }
        let area = abs(m.m11 * m.m22 - m.m12 * m.m21)
        let s = area.squareRoot()
        return s.isFinite && s > 0 ? s : 1
    }

    /// The bounds cut by every clipping ancestor's bounds, in this layer's bounds space.
    private func visibleBounds() -> CGRect {
        var r = bounds.standardized
        var up = superlayer
        var depth = 0
        while let l = up, depth < 4096 {
            if l.masksToBounds {
                let clip = convert(l.bounds, from: l)
                if clip.origin.x.isFinite, clip.origin.y.isFinite, clip.width.isFinite, clip.height.isFinite {
                    r = r.intersection(clip)
                }
            }
            up = l.superlayer
            depth += 1
        }
        return r
    }
}

/// The tiles of one level of a tiled layer: a grid over its bounds, numbered row by row from
/// the top left (`row · columns + column`).
struct TileGrid: Equatable {
    let bounds: CGRect
    /// Pixels per point of the level.
    let scale: CGFloat
    let pixelWidth: Int
    let pixelHeight: Int
    /// A tile's size in points.
    let tileWidth: CGFloat
    let tileHeight: CGFloat
    let columns: Int
    let rows: Int

    /// The rectangle of tile `index`, in bounds space, cut to the bounds.
    func rect(ofTile index: Int) -> CGRect {
        let col = index % columns, row = index / columns
        return CGRect(x: bounds.minX + CGFloat(col) * tileWidth, y: bounds.minY + CGFloat(row) * tileHeight,
                      width: tileWidth, height: tileHeight).intersection(bounds)
    }

    /// The tiles that share some area with `r` (bounds space).
    func tiles(meeting r: CGRect) -> [Int] {
        guard !r.isNull, r.width > 0, r.height > 0 else { return [] }
        func range(_ lo: CGFloat, _ hi: CGFloat, _ size: CGFloat, _ n: Int) -> Range<Int> {
            let a = ((lo / size).rounded(.down)), z = ((hi / size).rounded(.up))
            guard a.isFinite, z.isFinite else { return 0..<0 }
            let first = Int(min(max(a, 0), CGFloat(n))), end = Int(min(max(z, 0), CGFloat(n)))
            return first..<max(first, end)
        }
        let cols = range(r.minX - bounds.minX, r.maxX - bounds.minX, tileWidth, columns)
        let rowRange = range(r.minY - bounds.minY, r.maxY - bounds.minY, tileHeight, rows)
        return rowRange.flatMap { row in cols.map { row * columns + $0 } }
    }
}
