/// Which corners `cornerRadius` rounds (`kCALayer*Corner`). "Min Y" is the top on iOS.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The corners as bits.
    public let rawValue: UInt
    /// Corners from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at the minimum x and minimum y: top left in y-down coordinates.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at the maximum x and minimum y: top right in y-down coordinates.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at the minimum x and maximum y: bottom left in y-down coordinates.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at the maximum x and maximum y: bottom right in y-down coordinates.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}
