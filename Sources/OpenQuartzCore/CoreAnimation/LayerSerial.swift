import Synchronization

/// Hands out layer serial numbers (`CALayer.serialNumber`): unique for the life of the process.
enum LayerSerial {
    private static let counter = Atomic<UInt64>(0)
    static func next() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).newValue }
}
