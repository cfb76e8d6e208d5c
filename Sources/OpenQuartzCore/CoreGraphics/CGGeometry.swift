import Foundation

// The few Core Graphics geometry members Apple's Swift overlay has and swift-corelibs-foundation
// lacks. Everything else (standardized, integral, insetBy, divided, union, intersection, …)
// comes from Foundation and follows Apple's semantics.

extension CGPoint {
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}
