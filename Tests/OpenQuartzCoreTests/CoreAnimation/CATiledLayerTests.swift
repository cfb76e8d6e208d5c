import Foundation
import OpenQuartzCore
import Testing

/// `CATiledLayer`: its tiles are drawn one at a time through the delegate, clipped to each tile,
/// at the level of detail the layer is shown at, only where it can be seen; the picture is the
/// one a plain layer drawing the same content at that scale shows (exactly: tiles are whole
/// pixels, so no pixel is drawn by two tiles).
@Suite struct CATiledLayerTests {
    /// Records each call's clip rectangle and scale, and draws content that crosses tile seams:
    /// an ellipse, a thick diagonal and a translucent band.
    final class TilePainter: NSObject, CALayerDelegate {
        var calls: [(clip: CGRect, scale: CGFloat)] = []
        func draw(_ layer: CALayer, in ctx: CGContext) {
            calls.append((ctx.boundingBoxOfClipPath, ctx.ctm.a))
            ctx.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1))
            ctx.fillEllipse(in: CGRect(x: 30, y: 40, width: 400, height: 300))
            ctx.setStrokeColor(CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1))
            ctx.setLineWidth(7)
            ctx.move(to: CGPoint(x: 3, y: 10))
            ctx.addLine(to: CGPoint(x: 509, y: 497))
            ctx.strokePath()
            ctx.setFillColor(CGColor(red: 0, green: 0.6, blue: 0.2, alpha: 0.5))
            ctx.fill(CGRect(x: 100.3, y: 250.6, width: 300, height: 11))
        }
        var clips: Set<String> { Set(calls.map { "\($0.clip)" }) }
    }

    @Test func defaultsAreApples() {
        let t = CATiledLayer()
        #expect(CATiledLayer.fadeDuration() == 0.25)
        #expect(t.tileSize == CGSize(width: 256, height: 256))
        #expect(t.levelsOfDetail == 1 && t.levelsOfDetailBias == 0)
    }

    /// A 512 × 512 layer and the same content drawn by a plain layer, each on its own canvas.
    static func pair(configure: (CALayer) -> Void, scale: CGFloat = 1)
        -> (tiled: CATiledLayer, tiles: TilePainter, tiledImage: CGImage, plainImage: CGImage) {
        func render(_ layer: CALayer, _ painter: TilePainter) -> CGImage {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
            layer.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
            layer.delegate = painter
            configure(layer)
            root.addSublayer(layer)
            return CAImageRenderer(size: root.bounds.size).image(for: root)
        }
        let tiled = CATiledLayer(), tiles = TilePainter()
        let tiledImage = render(tiled, tiles)
        let plain = CALayer(), whole = TilePainter()
        plain.contentsScale = scale
        plain.setNeedsDisplay()
        let plainImage = render(plain, whole)
        return (tiled, tiles, tiledImage, plainImage)
    }

    /// At 1×: four 256-point tiles, each drawn once at scale 1; the pixels are the plain layer's.
    @Test func tilesAtOneToOne() {
        let (_, tiles, tiledImage, plainImage) = Self.pair(configure: { $0.anchorPoint = .zero; $0.position = .zero })
        #expect(tiles.calls.count == 4)
        let corners: [CGPoint] = [CGPoint(x: 0, y: 0), CGPoint(x: 256, y: 0), CGPoint(x: 0, y: 256), CGPoint(x: 256, y: 256)]
        let expected = Set(corners.map { "\(CGRect(origin: $0, size: CGSize(width: 256, height: 256)))" })
        #expect(tiles.clips == expected)
        #expect(tiles.calls.allSatisfy { $0.scale == 1 })
        #expect(tiledImage.premultipliedRGBA == plainImage.premultipliedRGBA)
    }

    /// Three levels with one of magnification (2×, 1×, ½×). Shown at 1.5× the 2× level is drawn:
    /// 256-pixel tiles are 128 points, 16 of them; shown at 0.4× the ½× level: one tile of 512
    /// points. Each picture is the plain layer's at that contents scale.
    @Test func levelsOfDetailFollowTheShownScale() {
        for (zoom, level, side) in [(1.5, 2.0, 128.0), (0.4, 0.5, 512.0)] {
            let (_, tiles, tiledImage, plainImage) = Self.pair(configure: { l in
                l.anchorPoint = .zero
                l.position = .zero
                l.transform = CATransform3DMakeScale(CGFloat(zoom), CGFloat(zoom), 1)
                if let t = l as? CATiledLayer {
                    t.levelsOfDetail = 3
                    t.levelsOfDetailBias = 1
                }
            }, scale: CGFloat(level))
            let n = Int(512 / side)
            var expected = Set<String>()
            for row in 0..<n {
                for col in 0..<n {
                    expected.insert("\(CGRect(x: CGFloat(col) * side, y: CGFloat(row) * side, width: side, height: side))")
                }
            }
            #expect(tiles.clips == expected, "zoom \(zoom)")
            #expect(tiles.calls.count == n * n)
            #expect(tiles.calls.allSatisfy { $0.scale == CGFloat(level) }, "zoom \(zoom)")
            #expect(tiledImage.premultipliedRGBA == plainImage.premultipliedRGBA, "zoom \(zoom)")
        }
    }

    /// Zooming one layer (a Mandelbrot-style zoom, as the book's chapter 6 does with a scroll
    /// view): shown at 0.4× it draws the ½× level, one tile; zoomed to 1.5× the next render
    /// draws the 2× level, 16 tiles of 128 points; back at 0.4×, the ½× level again.
    @Test func zoomingChangesTheLevel() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let tiled = CATiledLayer(), tiles = TilePainter()
        tiled.anchorPoint = .zero
        tiled.bounds = CGRect(x: 0, y: 0, width: 512, height: 512)
        tiled.levelsOfDetail = 3
        tiled.levelsOfDetailBias = 1
        tiled.delegate = tiles
        root.addSublayer(tiled)
        let renderer = CAImageRenderer(size: root.bounds.size)
        var counts: [Int] = [], scales: [Set<CGFloat>] = []
        for zoom in [0.4, 1.5, 0.4] as [CGFloat] {
            tiles.calls = []
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            tiled.transform = CATransform3DMakeScale(zoom, zoom, 1)
            CATransaction.commit()
            _ = renderer.image(for: root)
            counts.append(tiles.calls.count)
            scales.append(Set(tiles.calls.map(\.scale)))
        }
        #expect(counts == [1, 16, 1])
        #expect(scales == [[0.5], [2], [0.5]])
    }

    /// In a 200 × 200 scroll layer that clips, scrolled to (100, 300), only the tiles meeting
    /// [100, 300] × [300, 500] are drawn: (0, 256) and (256, 256). Scrolled back to (0, 0), the
    /// next render draws the one tile meeting [0, 200]², and a render after it draws nothing;
    /// `setNeedsDisplay()` draws it again.
    @Test func onlyVisibleTilesAreDrawn() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let scroll = CAScrollLayer()
        scroll.frame = root.bounds
        scroll.masksToBounds = true
        let tiled = CATiledLayer(), tiles = TilePainter()
        tiled.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
        tiled.delegate = tiles
        scroll.addSublayer(tiled)
        root.addSublayer(scroll)
        scroll.scroll(to: CGPoint(x: 100, y: 300))
        let renderer = CAImageRenderer(size: root.bounds.size)
        _ = renderer.image(for: root)
        let lowerTiles: Set<String> = ["\(CGRect(x: 0, y: 256, width: 256, height: 256))", "\(CGRect(x: 256, y: 256, width: 256, height: 256))"]
        #expect(tiles.clips == lowerTiles)
        #expect(tiles.calls.count == 2)
        tiles.calls = []
        scroll.scroll(to: CGPoint.zero)
        _ = renderer.image(for: root)
        let topLeft: Set<String> = ["\(CGRect(x: 0, y: 0, width: 256, height: 256))"]
        #expect(tiles.clips == topLeft)
        _ = renderer.image(for: root)
        #expect(tiles.calls.count == 1)
        tiles.calls = []
        tiled.setNeedsDisplay()
        _ = renderer.image(for: root)
        #expect(tiles.calls.count == 1)
    }

    /// Hostile settings stay bounded: a 1 × 1 tile size on a 2000-point layer is drawn in at most
    /// 4 096 tiles (32-pixel ones: 63 × 63 = 3 969); absurd levels, bias and tile sizes neither
    /// trap nor allocate past the backing store's limit.
    @Test func hostileTilingIsBounded() {
        final class Counter: NSObject, CALayerDelegate {
            var count = 0
            func draw(_ layer: CALayer, in ctx: CGContext) { count += 1 }
        }
        let counter = Counter()
        let tiled = CATiledLayer()
        tiled.frame = CGRect(x: 0, y: 0, width: 2000, height: 2000)
        tiled.tileSize = CGSize(width: 1, height: 1)
        tiled.delegate = counter
        _ = CAImageRenderer(size: CGSize(width: 10, height: 10)).image(for: tiled)
        #expect(counter.count == 63 * 63)
        for (levels, bias, size) in [(Int.max, Int.max, CGSize(width: CGFloat.nan, height: -1)),
                                     (Int.min, Int.min, CGSize(width: CGFloat.infinity, height: 1e300)),
                                     (1, 40, CGSize(width: 256, height: 256))] {
            let t = CATiledLayer()
            t.frame = CGRect(x: 0, y: 0, width: 600, height: 600)
            t.levelsOfDetail = levels
            t.levelsOfDetailBias = bias
            t.tileSize = size
            let painter = Counter()
            t.delegate = painter
            _ = CAImageRenderer(size: CGSize(width: 10, height: 10)).image(for: t)
            #expect(painter.count <= 4096)
        }
    }
}
