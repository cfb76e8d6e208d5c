/// How a path's inside is decided: nonzero winding number, or an odd number of crossings.
public enum CGPathFillRule: Int, Sendable {
    case winding = 0
    case evenOdd = 1
}
