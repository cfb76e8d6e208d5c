import Foundation

/// The direction of a moving transition (`moveIn`, `push`, `reveal`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The subtype's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a subtype from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a subtype from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The transition begins at the right side of the layer (its maximum x): new content
    /// enters from there, moving left.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The transition begins at the left side of the layer (its minimum x): new content
    /// enters from there, moving right.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The transition begins at the top of the layer in Core Animation's y-up sense, its
    /// maximum y: on iOS (y down, as here) new content rises from the bottom of the screen.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The transition begins at the bottom of the layer in Core Animation's y-up sense, its
    /// minimum y: on iOS (y down, as here) new content drops in from the top of the screen.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

// The constant names of iOS code written before Swift 4.2 (OpenQuartzCore extension, as in
// LegacyConstantNames.swift).

/// `CATransitionSubtype.fromRight`.
public let kCATransitionFromRight = CATransitionSubtype.fromRight
/// `CATransitionSubtype.fromLeft`.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
/// `CATransitionSubtype.fromTop`.
public let kCATransitionFromTop = CATransitionSubtype.fromTop
/// `CATransitionSubtype.fromBottom`.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom
