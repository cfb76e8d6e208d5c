import Foundation

/// A path of straight and curved segments, with the stroke settings to draw it, in UIKit's
/// coordinates (origin top-left, y down).
///
/// The path is a `CGMutablePath` (`cgPath`). Arcs take UIKit's meaning of `clockwise`: in the
/// y-down coordinates UIKit draws in, `clockwise: true` sweeps increasing angles, which is
/// Core Graphics' `clockwise: false` (Apple: a start angle of 0, an end angle of π and
/// `clockwise` true draw the bottom half of a circle). Rounded corners are circular arcs;
/// iOS 7 and later draw the continuous-curvature corners of `CALayerCornerCurve.continuous`.
open class UIBezierPath: NSObject, NSCopying, @unchecked Sendable {
    /// The path's segments.
    private var path: CGMutablePath

    /// An empty path.
    public override init() {
        path = CGMutablePath()
        super.init()
    }

    /// A closed rectangle: from its top-left corner clockwise (on screen) round the rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle whose four corners are rounded with `cornerRadius`, limited to half the
    /// shorter side (UIKit's limit), as a closed path.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners,
                  cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with the chosen `corners` rounded. As in UIKit, the corners take
    /// `cornerRadii.width` (its height is ignored), limited to half the shorter side of the
    /// rectangle; the other corners stay square. The path starts on the top edge and runs
    /// clockwise on screen.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        var radius = cornerRadii.width.isFinite ? max(cornerRadii.width, 0) : 0
        radius = min(radius, min(r.width, r.height) / 2)
        func radiusOf(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? radius : 0 }
        let tl = radiusOf(.topLeft), tr = radiusOf(.topRight), br = radiusOf(.bottomRight), bl = radiusOf(.bottomLeft)
        path.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        // Each corner: a quarter circle around a centre inset by its radius, sweeping increasing
        // angles (clockwise on a y-down screen, Core Graphics' clockwise: false).
        corner(CGPoint(x: r.maxX, y: r.minY), centre: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, from: -.pi / 2)
        corner(CGPoint(x: r.maxX, y: r.maxY), centre: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, from: 0)
        corner(CGPoint(x: r.minX, y: r.maxY), centre: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, from: .pi / 2)
        corner(CGPoint(x: r.minX, y: r.minY), centre: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, from: .pi)
        path.closeSubpath()
    }

    /// One corner of a rounded rectangle: a line to the corner point when it is square, else a
    /// line to the start of its quarter circle and the quarter circle.
    private func corner(_ point: CGPoint, centre: CGPoint, radius: CGFloat, from angle: CGFloat) {
        if radius > 0 {
            path.addArc(center: centre, radius: radius, startAngle: angle, endAngle: angle + .pi / 2, clockwise: false)
        } else {
            path.addLine(to: point)
        }
    }

    /// An open arc of the circle around `center` from `startAngle` to `endAngle` (radians, 0
    /// along +x, π/2 pointing down the screen), `clockwise` as seen on a y-down screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the segments of `CGPath`.
    public convenience init(cgPath CGPath: CGPath) {
        self.init()
        path.addPath(CGPath)
    }

    /// A copy of the path and its stroke settings.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = UIBezierPath(cgPath: path)
        c.lineWidth = lineWidth
        c.lineCapStyle = lineCapStyle
        c.lineJoinStyle = lineJoinStyle
        c.miterLimit = miterLimit
        c.flatness = flatness
        c.usesEvenOddFillRule = usesEvenOddFillRule
        c.dash = dash
        return c
    }

    // MARK: The path

    /// The path's segments as a Core Graphics path; setting it replaces them.
    open var cgPath: CGPath {
        get { path.copy() ?? path }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// A straight line from the current point to `point`.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// A cubic Bézier curve from the current point to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier curve from the current point to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// An arc of the circle around `center`, `clockwise` as seen on a y-down screen; a line
    /// joins the current point (if any) to the arc's start.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        // UIKit's clockwise is Core Graphics' counter-clockwise: the same sweep seen with y flipped.
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a straight line to its start.
    open func close() { path.closeSubpath() }

    /// Removes every segment.
    open func removeAllPoints() { path = CGMutablePath() }

    /// Adds the segments of `bezierPath` (not its stroke settings).
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Transforms every point of the path by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(path, transform: transform)
        path = moved
    }

    /// Whether the path has no segments.
    open var isEmpty: Bool { path.isEmpty }

    /// The rectangle enclosing the path's points, control points included.
    open var bounds: CGRect { path.boundingBox }

    /// The end of the last segment (zero for an empty path).
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether the area the path fills (by its fill rule) contains `point`.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Stroke settings

    /// The width of the stroked line. Default 1.
    open var lineWidth: CGFloat = 1
    /// The shape of the ends of open subpaths. Default `.butt`.
    open var lineCapStyle: CGLineCap = .butt
    /// The shape of the joins between segments. Default `.miter`.
    open var lineJoinStyle: CGLineJoin = .miter
    /// The limit past which a miter join is drawn bevelled. Default 10.
    open var miterLimit: CGFloat = 10
    /// The accuracy of curves when drawn. Default 0.6.
    open var flatness: CGFloat = 0.6
    /// Whether `fill()` uses the even-odd rule rather than the non-zero rule. Default false.
    open var usesEvenOddFillRule = false
    /// The dash pattern and phase set by `setLineDash(_:count:phase:)`.
    private var dash: (pattern: [CGFloat], phase: CGFloat) = ([], 0)

    /// Sets the dash pattern: `count` lengths (painted, unpainted, …) from `pattern`, starting
    /// `phase` points into it. A nil pattern or a count of 0 draws solid lines.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { dash = ([], 0); return }
        dash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }

    /// Copies the dash pattern into `pattern` (which must have room for it), its length into
    /// `count` and its phase into `phase`; each pointer may be nil.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern { for (i, v) in dash.pattern.enumerated() { pattern[i] = v } }
        count?.pointee = dash.pattern.count
        phase?.pointee = dash.phase
    }

    // MARK: Drawing

    /// Fills the path's area with the current context's fill color (`UIColor.setFill()`), by
    /// the path's fill rule; does nothing without a current context.
    open func fill() { fill(with: .normal, alpha: 1) }

    /// Strokes the path with the current context's stroke color and this path's stroke
    /// settings; does nothing without a current context.
    open func stroke() { stroke(with: .normal, alpha: 1) }

    /// Fills the path with the given blend mode and opacity.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        draw(blendMode: blendMode, alpha: alpha) { $0.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding) }
    }

    /// Strokes the path with the given blend mode and opacity.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        draw(blendMode: blendMode, alpha: alpha) { ctx in
            ctx.setLineWidth(lineWidth)
            ctx.setLineCap(lineCapStyle)
            ctx.setLineJoin(lineJoinStyle)
            ctx.setMiterLimit(miterLimit)
            ctx.setFlatness(flatness)
            if !dash.pattern.isEmpty { ctx.setLineDash(phase: dash.phase, lengths: dash.pattern) }
            ctx.strokePath()
        }
    }

    /// Intersects the current context's clipping area with the path's area.
    open func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.addPath(path)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Paints the path in the current context with its graphics state saved around the paint.
    private func draw(blendMode: CGBlendMode, alpha: CGFloat, _ paint: (CGContext) -> Void) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        ctx.beginPath()
        ctx.addPath(path)
        paint(ctx)
    }
}
