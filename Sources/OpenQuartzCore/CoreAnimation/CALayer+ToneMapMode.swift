extension CALayer {
    /// How Core Animation tone-maps a layer's extended-range contents to the display
    /// (`toneMapMode`), as Apple's Swift overlay spells it: a string-backed struct.
    ///
    /// OpenQuartzCore renders standard-range 8-bit colour only, so there is nothing to tone-map:
    /// the mode is kept, archived and copied, and changes no pixel (docs/limits.md).
    public struct ToneMapMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The mode's name.
        public let rawValue: String
        /// The mode with this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The mode with this name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The name (`rawValue`).
        public var description: String { rawValue }

        /// The system decides whether to tone-map (the default).
        public static let automatic = ToneMapMode(rawValue: "automatic")
        /// Never tone-mapped.
        public static let never = ToneMapMode(rawValue: "never")
        /// Tone-mapped when the display supports it.
        public static let ifSupported = ToneMapMode(rawValue: "ifSupported")
    }
}
