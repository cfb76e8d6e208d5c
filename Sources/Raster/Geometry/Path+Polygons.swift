extension Path {
    /// The path as closed polygons (each subpath, its closing edge implied), curves flattened
    /// to within `tolerance`: for point-in-path tests and geometry outside the rasterizer.
    package func flattenedPolygons(tolerance: Double = 0.1) -> [[(x: Double, y: Double)]] {
        struct Collector: PolylineSink {
            var polygons: [[(x: Double, y: Double)]] = []
            var current: [(x: Double, y: Double)] = []
            mutating func moveTo(_ x: Double, _ y: Double) { current = [(x, y)] }
            mutating func lineTo(_ x: Double, _ y: Double) { current.append((x, y)) }
            mutating func endSubpath(closed: Bool) {
                if current.count >= 2 { polygons.append(current) }
                current = []
            }
        }
        var c = Collector()
        flatten(transform: .identity, tolerance: tolerance, into: &c)
        return c.polygons
    }
}

extension Path {
    /// The rectangle this path outlines, when it is one: a single subpath of four straight,
    /// alternately horizontal and vertical sides (a closing line back to the start, or `close`,
    /// or neither: a fill closes it), in either direction. Nil for anything else, an empty
    /// rectangle included.
    package func axisAlignedRectangle() -> Rect? {
        // move, three or four lines, and at most one close.
        var n = verbs.count
        if n > 0 && verbs[n - 1] == .close { n -= 1 }
        guard n == 4 || n == 5, verbs[0] == .move else { return nil }
        for k in 1..<n where verbs[k] != .line { return nil }
        // A fourth line must end where the subpath started.
        if n == 5 && (coords[8] != coords[0] || coords[9] != coords[1]) { return nil }
        var horizontal = false
        for i in 0..<4 {
            let j = (i + 1) % 4
            let dx = coords[2 * j] != coords[2 * i], dy = coords[2 * j + 1] != coords[2 * i + 1]
            // Each side moves along exactly one axis, the next along the other.
            guard dx != dy else { return nil }
            if i > 0 && dx == horizontal { return nil }
            horizontal = dx
        }
        let r = Rect(minX: Swift.min(coords[0], coords[4]), minY: Swift.min(coords[1], coords[5]),
                     maxX: Swift.max(coords[0], coords[4]), maxY: Swift.max(coords[1], coords[5]))
        return r.isEmpty ? nil : r
    }
}
