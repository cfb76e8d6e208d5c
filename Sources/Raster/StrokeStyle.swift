/// Shape of the ends of open subpaths and of dashes, as `CGLineCap`.
public enum LineCap: Sendable { case butt, round, square }

/// Shape of corners between segments, as `CGLineJoin`.
public enum LineJoin: Sendable { case miter, round, bevel }

/// How to stroke a path, with Core Graphics' defaults.
public struct StrokeStyle: Sendable, Equatable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Miters longer than `miterLimit × width` become bevels (CG: 1/sin(φ/2) > limit, φ the corner angle).
    public var miterLimit: Double
    /// Alternating on and off lengths; an odd count repeats the list (as CG and SVG). Empty: solid.
    public var dashes: [Double]
    /// How far into the dash pattern each subpath starts.
    public var dashPhase: Double

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dashes: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}
