import Foundation

/// The direction of a moving transition (`moveIn`, `push`, `reveal`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The subtype's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a subtype from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a subtype from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// From the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// From the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// From the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// From the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
