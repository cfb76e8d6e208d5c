import Synchronization

/// A counter of changes that can change the local time of some layer: a layer's timing
/// (`beginTime`, `speed`, `timeOffset`, …) set, or a layer moved in the tree (its superlayer
/// set). A layer's cached answer to "is my local time media time?" is valid while the counter
/// is what it was when the answer was found (`CALayer.localTime(fromMediaTime:)`).
enum LayerTimeTree {
    private static let counter = Atomic<UInt64>(0)

    /// The current generation.
    @inline(__always) static var generation: UInt64 { counter.load(ordering: .acquiring) }

    /// Starts a new generation.
    @inline(__always) static func changed() { counter.add(1, ordering: .releasing) }
}
