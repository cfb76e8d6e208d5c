import Foundation

/// The corners of a rectangle, for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
public struct UIRectCorner: OptionSet, Sendable {
    /// The corners as bits.
    public let rawValue: UInt
    /// Corners from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top-left corner (minimum x, minimum y in UIKit's coordinates).
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners = UIRectCorner(rawValue: ~0)
}
