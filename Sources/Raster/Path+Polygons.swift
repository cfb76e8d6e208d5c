extension Path {
    /// The path as closed polygons (each subpath, its closing edge implied), curves flattened
    /// to within `tolerance`: for point-in-path tests and geometry outside the rasterizer.
    public func flattenedPolygons(tolerance: Double = 0.1) -> [[(x: Double, y: Double)]] {
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
