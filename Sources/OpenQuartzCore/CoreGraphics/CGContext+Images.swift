import Foundation
import Raster

extension CGContext {
    // MARK: Images

    /// Most tiles one `draw(_:in:byTiling: true)` paints; beyond this the image is drawn once.
    static let maximumTiles = 1 << 16

    /// Draws `image` scaled into `rect`, upright in user space: the image's first row at the
    /// rectangle's maxY side (its top in a y-up space), as Core Graphics draws images. With
    /// `byTiling`, copies of the image the size of `rect` repeat from `rect`'s origin across
    /// the whole clip. Resampling follows `interpolationQuality`; alpha, blend mode, clip and
    /// shadow apply.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard let _ = r.rasterRect, r.width > 0, r.height > 0 else { return }
        if byTiling, let tiles = tileOrigins(rect: r) {
            for origin in tiles { drawOnce(image, in: CGRect(origin: origin, size: r.size)) }
            return
        }
        drawOnce(image, in: r)
    }

    private func drawOnce(_ image: CGImage, in rect: CGRect) {
        let m = imageTransform(image, in: rect)
        let outline = Raster.Path.rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
            .transformed(m)
        let opacity = Float(state.alpha)
        let filter = samplingFilter
        let aa = state.shouldAntialias
        paint(bounds: outline.bounds) { target, clip, mode, _ in
            target.draw(image.texture, transform: m, filter: filter, opacity: opacity, clip: clip, antialias: aa,
                        blend: mode)
        }
    }

    /// Texel space (rows top to bottom) to surface space for an image drawn upright in `rect`.
    func imageTransform(_ image: CGImage, in rect: CGRect) -> ProjectiveTransform {
        let toUser = CGAffineTransform(a: rect.width / CGFloat(image.width), b: 0, c: 0,
                                       d: -rect.height / CGFloat(image.height), tx: rect.minX, ty: rect.maxY)
        let m = toUser.concatenating(userToSurface)
        return ProjectiveTransform(a: Double(m.a), b: Double(m.b), c: Double(m.c), d: Double(m.d),
                                   tx: Double(m.tx), ty: Double(m.ty))
    }

    /// The sampling filter for the interpolation quality.
    var samplingFilter: SamplingFilter {
        switch state.interpolationQuality {
        case .none: .nearest
        case .high: .trilinear
        default: .linear
        }
    }

    /// Origins of the tiles that cover the clip, or nil when there would be too many.
    private func tileOrigins(rect: CGRect) -> [CGPoint]? {
        let b = clipBox
        guard !b.isEmpty else { return [] }
        let area = CGRect(x: b.x, y: b.y, width: b.width, height: b.height).applying(userToSurface.inverted())
        guard let _ = area.rasterRect else { return nil }
        // Counted in integers, from the first tile's edge: far from the origin (2⁷⁰ tiles
        // away) `i += 1` leaves a Double index where it was, and stepping one never ended.
        let (x0, columns) = Self.tileSpan(area.minX, area.maxX, origin: rect.minX, size: rect.width)
        let (y0, rows) = Self.tileSpan(area.minY, area.maxY, origin: rect.minY, size: rect.height)
        // Each factor bounded first (NaN fails every comparison), so the product is finite.
        let most = CGFloat(CGContext.maximumTiles)
        guard columns >= 0, rows >= 0, columns <= most, rows <= most, columns * rows <= most else { return nil }
        var out: [CGPoint] = []
        for row in 0..<Int(saturating: Double(rows)) {
            for column in 0..<Int(saturating: Double(columns)) {
                out.append(CGPoint(x: x0 + CGFloat(column) * rect.width, y: y0 + CGFloat(row) * rect.height))
            }
        }
        return out
    }

    /// The edge of the first tile of the grid through `origin` (tiles `size` long) at or before
    /// `lo`, and how many tiles reach from there past `hi`.
    private static func tileSpan(_ lo: CGFloat, _ hi: CGFloat, origin: CGFloat, size: CGFloat) -> (CGFloat, CGFloat) {
        var first = origin + ((lo - origin) / size).rounded(.down) * size
        if first > lo { first -= size }   // the division rounded up
        return (first, ((hi - first) / size).rounded(.up))
    }
}
