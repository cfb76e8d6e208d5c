import Foundation

/// What a timed object shows outside its active interval (Apple's `CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a fill mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a fill mode from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// After the active interval the object keeps its final state.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Before the active interval the object shows its initial state.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// Outside the active interval the object has no effect (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}
