/// Shape of the ends of open subpaths and of dashes, as `CGLineCap`.
public enum LineCap: Sendable {
    /// Square, at the end point.
    case butt
    /// A half circle around the end point.
    case round
    /// A half square beyond the end point.
    case square
}

/// Shape of corners between segments, as `CGLineJoin`.
public enum LineJoin: Sendable {
    /// Edges extended to a point, beveled past the miter limit.
    case miter
    /// A circular arc around the joint.
    case round
    /// The corner cut straight across.
    case bevel
}

/// How to stroke a path, with Core Graphics' defaults.
public struct StrokeStyle: Sendable, Equatable {
    /// The line width, in path units.
    public var width: Double
    /// How open ends and dashes end.
    public var cap: LineCap
    /// How segments meet.
    public var join: LineJoin
    /// Miters longer than `miterLimit × width` become bevels (CG: 1/sin(φ/2) > limit, φ the corner angle).
    public var miterLimit: Double
    /// Alternating on and off lengths; an odd count repeats the list (as CG and SVG). Empty: solid.
    public var dashes: [Double]
    /// How far into the dash pattern each subpath starts.
    public var dashPhase: Double

    /// A stroke style; the defaults are Core Graphics': width 1, butt caps, miter joins, limit 10, solid.
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
