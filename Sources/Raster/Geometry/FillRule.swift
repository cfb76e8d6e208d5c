/// Which points a self-overlapping path encloses, as `CGPathFillRule`.
package enum FillRule: Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
