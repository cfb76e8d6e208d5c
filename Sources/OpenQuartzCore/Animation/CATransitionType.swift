import Foundation

/// The kind of a layer transition.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The type's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a type from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

// The constant names of iOS code written before Swift 4.2, as aliases of the typed constants
// (OpenQuartzCore extension, as in LegacyConstantNames.swift: Apple's SDK marks them renamed).

/// `CATransitionType.fade`.
public let kCATransitionFade = CATransitionType.fade
/// `CATransitionType.moveIn`.
public let kCATransitionMoveIn = CATransitionType.moveIn
/// `CATransitionType.push`.
public let kCATransitionPush = CATransitionType.push
/// `CATransitionType.reveal`.
public let kCATransitionReveal = CATransitionType.reveal
