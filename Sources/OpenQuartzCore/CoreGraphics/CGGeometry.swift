import Foundation

// The few Core Graphics geometry members Apple's Swift overlay has and swift-corelibs-foundation
// lacks. Everything else (standardized, integral, insetBy, divided, union, intersection, …)
// comes from Foundation and follows Apple's semantics.

extension CGPoint {
    /// Whether the two points are equal (`CGPointEqualToPoint`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal (`CGSizeEqualToSize`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles are equal (`CGRectEqualToRect`).
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}
