import Foundation

/// A range of frame rates, with the rate preferred within it (CAFrameRateRange.h), as Swift
/// declares it: `preferred` is optional (Core Animation's C struct stores 0 for "none").
/// Display links (`CADisplayLink.preferredFrameRateRange`) and animations take one.
public struct CAFrameRateRange: Sendable {
    /// The lowest rate accepted, in frames per second.
    public var minimum: Float
    /// The highest rate accepted, in frames per second.
    public var maximum: Float
    /// The rate wanted within the range; nil leaves the choice to the system.
    public var preferred: Float?

    /// A range of rates from `minimum` to `maximum`, preferring `preferred` (default nil: no
    /// preference).
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// All zeros, as C zero-initialises the struct: the same as `default`.
    public init() {
        self.init(minimum: 0, maximum: 0, preferred: nil)
    }

    /// Zero minimum, maximum and preferred rate (`CAFrameRateRangeDefault`): no request, the
    /// display's own rate.
    public static let `default` = CAFrameRateRange()

    /// Whether the two ranges hold the same rates (`CAFrameRateRangeIsEqualToRange`); a
    /// preferred rate of nil equals one of 0, as in the C struct both store.
    public func isEqual(to other: CAFrameRateRange) -> Bool {
        minimum == other.minimum && maximum == other.maximum && (preferred ?? 0) == (other.preferred ?? 0)
    }
}
