/// Hashes of shapes a coverage cache has seen once: a shape is recorded only when seen again,
/// so one-off shapes (a layer being animated) never fill the cache. A set, not a table whose
/// slots colliding shapes would take from each other frame after frame (thousands of labels);
/// forgotten whole when it holds `limit`.
struct ShapeSightings {
    private var seen = Set<UInt64>()
    let limit: Int

    init(limit: Int = 1 << 16) { self.limit = limit }

    /// Whether `hash` was seen before (it is then forgotten, the shape being recorded now);
    /// otherwise notes it.
    mutating func sawBefore(_ hash: UInt64) -> Bool {
        if seen.remove(hash) != nil { return true }
        if seen.count >= limit { seen.removeAll(keepingCapacity: true) }
        seen.insert(hash)
        return false
    }
}
