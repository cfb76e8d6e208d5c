import Foundation

/// The inset distances for views: positive values shrink a rectangle, negative ones grow it.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    /// The inset at the top.
    public var top: CGFloat
    /// The inset on the left.
    public var left: CGFloat
    /// The inset at the bottom.
    public var bottom: CGFloat
    /// The inset on the right.
    public var right: CGFloat

    /// Zero insets.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// Insets with the given distances.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets of zero on every side.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown by negative ones): UIKit's `UIEdgeInsetsInsetRect`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}
