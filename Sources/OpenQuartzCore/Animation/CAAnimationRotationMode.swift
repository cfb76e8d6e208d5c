import Foundation

/// Whether an object moved along a path turns to follow the path's tangent.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a mode from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The layer is rotated to the direction of the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The layer is rotated to the tangent's direction plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}
