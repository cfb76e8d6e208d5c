import Foundation

/// The pieces an image with cap insets is drawn as in a rectangle: the corners at their own
/// size, the edges stretched along one axis, the middle along both (one piece, the whole
/// image, when there are no caps). Caps are in points; pieces that come out empty are left
/// out, and caps larger than the image or the rectangle are shrunk to fit.
struct NinePatch: Sequence {
    struct Piece {
        let image: CGImage
        let rect: CGRect
        /// Whether the piece is scaled (an edge or the middle), so tiles where the mode tiles.
        let stretches: Bool
        /// The piece's own size in points, the size of one tile.
        let tileSize: CGSize
    }

    private var pieces: [Piece] = []

    init(image: CGImage, scale: CGFloat, caps: UIEdgeInsets, in rect: CGRect) {
        let size = CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
        func fit(_ a: CGFloat, _ b: CGFloat, within length: CGFloat) -> (CGFloat, CGFloat) {
            let a = a.isFinite ? Swift.max(a, 0) : 0, b = b.isFinite ? Swift.max(b, 0) : 0
            guard a + b > length, a + b > 0 else { return (a, b) }
            return (a * length / (a + b), b * length / (a + b))
        }
        var (left, right) = fit(caps.left, caps.right, within: size.width)
        (left, right) = fit(left, right, within: rect.width)
        var (top, bottom) = fit(caps.top, caps.bottom, within: size.height)
        (top, bottom) = fit(top, bottom, within: rect.height)
        if left + right + top + bottom == 0 {
            pieces = [Piece(image: image, rect: rect, stretches: false, tileSize: size)]
            return
        }
        // Source columns and rows in points, and where each lands in the rectangle.
        let sourceX = [0, left, size.width - right, size.width], sourceY = [0, top, size.height - bottom, size.height]
        let destX = [rect.minX, rect.minX + left, rect.maxX - right, rect.maxX]
        let destY = [rect.minY, rect.minY + top, rect.maxY - bottom, rect.maxY]
        for row in 0..<3 {
            for column in 0..<3 {
                let source = CGRect(x: sourceX[column] * scale, y: sourceY[row] * scale,
                                    width: (sourceX[column + 1] - sourceX[column]) * scale,
                                    height: (sourceY[row + 1] - sourceY[row]) * scale)
                let dest = CGRect(x: destX[column], y: destY[row], width: destX[column + 1] - destX[column],
                                  height: destY[row + 1] - destY[row])
                guard source.width >= 1, source.height >= 1, dest.width > 0, dest.height > 0,
                      let piece = image.cropping(to: source) else { continue }
                pieces.append(Piece(image: piece, rect: dest, stretches: row == 1 || column == 1,
                                    tileSize: CGSize(width: source.width / scale, height: source.height / scale)))
            }
        }
    }

    func makeIterator() -> IndexingIterator<[Piece]> { pieces.makeIterator() }
}
