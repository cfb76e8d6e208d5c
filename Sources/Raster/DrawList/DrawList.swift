/// A recorded list of draw operations for one target surface, each with its clip and the
/// region of the target that can still change, in the order they are drawn. Performing the
/// list on a surface gives the pixels that drawing each operation as it was emitted gives.
///
/// The compositor streams operations straight into the band it draws (no list is kept on the
/// way: a frame of 40 000 layers would only pay for it); a list is recorded when someone asks
/// to read it (tests, tools) or to replay it.
package final class DrawList: @unchecked Sendable {
    /// One operation and the state it is performed under.
    package struct Entry {
        /// What is drawn.
        package let operation: DrawOperation
        /// The device coverage it is drawn through.
        package let clip: Mask?
        /// The part of the target that can still change (nil: all of it).
        package let region: PixelRegion?
        /// What the operation is for, in the terms of whoever emitted it (the compositor names
        /// the layer and the part of it: "shadow", "background", …).
        package let label: Label
    }

    /// The emitter's name for an operation: the layer (its name, or an identity) and the part.
    package struct Label: Equatable, Sendable {
        /// The layer's name, or its identity when it has none.
        package let layer: String
        /// The part of the layer (shadow, background, …).
        package let part: String

        /// A label for `part` of `layer`.
        package init(layer: String, part: String) {
            self.layer = layer
            self.part = part
        }
    }

    /// The operations, in the order they were drawn.
    package private(set) var entries: [Entry] = []

    /// An empty list.
    package init() {}

    /// Appends one operation.
    package func append(_ operation: DrawOperation, clip: Mask?, region: PixelRegion?, label: Label) {
        entries.append(Entry(operation: operation, clip: clip, region: region, label: label))
    }

    /// Performs every operation, in order, on `surface`.
    package func perform(on surface: Surface, caches: CoverageCaches = CoverageCaches()) {
        for e in entries { surface.perform(e.operation, clip: e.clip, region: e.region, caches: caches) }
    }
}
