/// Shape of the ends of open subpaths and of dashes, as `CGLineCap`.
package enum LineCap: Sendable {
    /// Square, at the end point.
    case butt
    /// A half circle around the end point.
    case round
    /// A half square beyond the end point.
    case square
}

/// Shape of corners between segments, as `CGLineJoin`.
package enum LineJoin: Sendable {
    /// Edges extended to a point, beveled past the miter limit.
    case miter
    /// A circular arc around the joint.
    case round
    /// The corner cut straight across.
    case bevel
}

/// How to stroke a path, with Core Graphics' defaults.
package struct StrokeStyle: Sendable, Equatable {
    /// The line width, in path units.
    package var width: Double
    /// How open ends and dashes end.
    package var cap: LineCap
    /// How segments meet.
    package var join: LineJoin
    /// Miters longer than `miterLimit × width` become bevels (CG: 1/sin(φ/2) > limit, φ the corner angle).
    package var miterLimit: Double
    /// Alternating on and off lengths; an odd count repeats the list (as CG and SVG). Empty: solid.
    package var dashes: [Double]
    /// How far into the dash pattern each subpath starts.
    package var dashPhase: Double

    /// A stroke style; the defaults are Core Graphics': width 1, butt caps, miter joins, limit 10, solid.
    package init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dashes: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}
