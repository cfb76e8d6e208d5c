import Raster

/// Clips glyph outlines to a rectangle, as drawing into a CATextLayer's bounds-sized backing
/// store clips them. Each closed contour is clipped on its own (Sutherland–Hodgman against the
/// four edges): a convex window keeps every point's winding number inside it, so the non-zero
/// fill of the clipped contours equals the original fill within the rectangle.
enum GlyphClipping {
    /// Flattening tolerance in points: fine enough for 3× device scales, and never finer than
    /// 1/10 000 of the glyph so that a huge font size cannot ask for millions of segments.
    static let tolerance = 0.01

    static func appendClipped(_ glyph: Raster.Path, to path: inout Raster.Path,
                              minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var a: [(x: Double, y: Double)] = [], b: [(x: Double, y: Double)] = []
        let extent = glyph.bounds
        let t = max(tolerance, max(extent.width, extent.height) * 1e-4)
        for polygon in glyph.flattenedPolygons(tolerance: t) {
            a = polygon
            clip(&a, &b) { $0.x >= minX } intersect: { p, q in lerpX(p, q, minX) }
            clip(&a, &b) { $0.x <= maxX } intersect: { p, q in lerpX(p, q, maxX) }
            clip(&a, &b) { $0.y >= minY } intersect: { p, q in lerpY(p, q, minY) }
            clip(&a, &b) { $0.y <= maxY } intersect: { p, q in lerpY(p, q, maxY) }
            guard a.count >= 3 else { continue }
            path.move(to: a[0].x, a[0].y)
            for p in a.dropFirst() { path.line(to: p.x, p.y) }
            path.close()
        }
    }

    private static func clip(_ poly: inout [(x: Double, y: Double)], _ scratch: inout [(x: Double, y: Double)],
                             inside: ((x: Double, y: Double)) -> Bool,
                             intersect: ((x: Double, y: Double), (x: Double, y: Double)) -> (x: Double, y: Double)) {
        scratch.removeAll(keepingCapacity: true)
        guard var prev = poly.last else { return }
        var prevIn = inside(prev)
        for p in poly {
            let pIn = inside(p)
            if pIn != prevIn { scratch.append(intersect(prev, p)) }
            if pIn { scratch.append(p) }
            prev = p; prevIn = pIn
        }
        swap(&poly, &scratch)
    }

    private static func lerpX(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ x: Double) -> (x: Double, y: Double) {
        let t = (x - p.x) / (q.x - p.x)
        return (x, p.y + t * (q.y - p.y))
    }

    private static func lerpY(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ y: Double) -> (x: Double, y: Double) {
        let t = (y - p.y) / (q.y - p.y)
        return (p.x + t * (q.x - p.x), y)
    }
}
