extension CALayer {
    /// The dynamic range a layer's contents would like to be shown in
    /// (`preferredDynamicRange`), as Apple's Swift overlay spells it: a string-backed struct.
    ///
    /// OpenQuartzCore renders standard dynamic range only: the preference is kept, archived and
    /// copied, and changes no pixel (docs/limits.md).
    public struct DynamicRange: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The range's name.
        public let rawValue: String
        /// The range with this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The range with this name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The name (`rawValue`).
        public var description: String { rawValue }

        /// The system picks the range (the default).
        public static let automatic = DynamicRange(rawValue: "automatic")
        /// Standard dynamic range.
        public static let standard = DynamicRange(rawValue: "standard")
        /// High dynamic range, held back next to standard-range content.
        public static let constrainedHigh = DynamicRange(rawValue: "constrainedHigh")
        /// The display's full high dynamic range.
        public static let high = DynamicRange(rawValue: "high")
    }
}
