import Testing
import OpenUIKit

/// Chapter 6 of *iOS Core Animation: Advanced Techniques*, "CATiledLayer": a large image, cut
/// beforehand into 256-pixel tiles, shown by a tiled layer whose delegate works out which tile
/// it is asked for from the clip's bounding box (points) times the screen scale over the tile
/// size (pixels), and draws that tile's image into the box through UIKit. Ported in our words
/// with OpenUIKit for UIKit; the tiles are made here (one colour each) instead of read from files.
final class TileImageDelegate: NSObject, CALayerDelegate {
    let tiles: [[UIImage]]  // [row][column]
    let screenScale: CGFloat
    private(set) var drawn: [(row: Int, column: Int)] = []

    init(tiles: [[UIImage]], screenScale: CGFloat) {
        self.tiles = tiles
        self.screenScale = screenScale
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        guard let tiled = layer as? CATiledLayer else { return }
        let bounds = ctx.boundingBoxOfClipPath
        let column = Int((bounds.origin.x / tiled.tileSize.width * screenScale).rounded(.down))
        let row = Int((bounds.origin.y / tiled.tileSize.height * screenScale).rounded(.down))
        guard tiles.indices.contains(row), tiles[row].indices.contains(column) else { return }
        drawn.append((row, column))
        UIGraphicsPushContext(ctx)
        tiles[row][column].draw(in: bounds)
        UIGraphicsPopContext()
    }
}

@Suite struct TiledImageTests {
    /// A 256-point layer at 2× (512 pixels: 2 × 2 tiles of 256 pixels, 128 points each), on a
    /// 2× canvas: each quarter of the canvas shows its tile's colour, each tile drawn once.
    @Test func tilesOfALargeImageLandInTheirPlaces() throws {
        let colors: [[(UInt8, UInt8, UInt8)]] = [[(255, 0, 0), (0, 255, 0)], [(0, 0, 255), (255, 255, 0)]]
        let tiles = try colors.map { row in
            try row.map { c -> UIImage in
                let bytes = [UInt8]((0..<(256 * 256)).flatMap { _ in [c.0, c.1, c.2, 255] })
                let image = try #require(CGImage(width: 256, height: 256, premultipliedRGBA: bytes))
                return UIImage(cgImage: image, scale: 2, orientation: .up)
            }
        }
        let delegate = TileImageDelegate(tiles: tiles, screenScale: 2)
        let tiled = CATiledLayer()
        tiled.contentsScale = 2
        tiled.frame = CGRect(x: 0, y: 0, width: 256, height: 256)
        tiled.delegate = delegate
        let image = CAImageRenderer(size: CGSize(width: 256, height: 256), scale: 2).image(for: tiled)
        let pixels = image.premultipliedRGBA
        for (row, line) in colors.enumerated() {
            for (column, c) in line.enumerated() {
                let i = ((row * 256 + 128) * image.width + column * 256 + 128) * 4
                #expect(Array(pixels[i..<i + 4]) == [c.0, c.1, c.2, 255], "tile \(row), \(column)")
            }
        }
        #expect(delegate.drawn.count == 4)
        #expect(Set(delegate.drawn.map { $0.row * 2 + $0.column }) == [0, 1, 2, 3])
    }
}
