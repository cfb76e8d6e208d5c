import Foundation

/// A path under construction. Points are given in user space and mapped through each
/// call's `transform` before they are stored.
///
/// A line or curve with no current point is ignored (Core Graphics logs "no current point"
/// and does the same). A line or curve right after `closeSubpath` starts a new subpath at
/// the closed subpath's start, so the stored elements always begin each subpath with a move.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(storage: []) }

    override init(storage: [Element]) { super.init(storage: storage) }

    /// Empties the path, keeping its storage for the next one (a context's current path, which
    /// every painting call consumes: a new object and a regrown array per call cost more than
    /// filling a small shape).
    package func removeAllElements() {
        storage.removeAll(keepingCapacity: true)
        subpathStart = .zero
        current = nil
    }

    /// Appends one element with the normalisation described on the class.
    func append(_ e: Element) {
        switch e {
        case .move:
            break
        case .line, .quadCurve, .curve:
            guard current != nil else { return }
            if case .closeSubpath? = storage.last { storage.append(.move(to: subpathStart)) }
        case .closeSubpath:
            // Closing nothing, or closing twice, adds nothing.
            guard current != nil else { return }
            if case .closeSubpath? = storage.last { return }
        }
        storage.append(e)
        track(e)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.move(to: point.applying(transform)))
    }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.line(to: point.applying(transform)))
    }

    /// A move to the first point, then lines through the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// A quadratic Bézier from the current point to `end`, pulled towards `control`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append(.quadCurve(to: end.applying(transform), control: control.applying(transform)))
    }

    /// A cubic Bézier from the current point to `end`, with two control points.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        append(.curve(to: end.applying(transform), control1: control1.applying(transform),
                      control2: control2.applying(transform)))
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() { append(.closeSubpath) }

    /// A rectangle as its own closed subpath: move to (minX, minY), lines to (maxX, minY),
    /// (maxX, maxY), (minX, maxY), close (`CGPathAddRect`: "starting by moving to the bottom
    /// left corner and then adding lines counter-clockwise" in y-up coordinates).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Each rectangle as its own closed subpath (see `addRect(_:transform:)`).
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// The constant that makes a cubic match a quarter circle at its midpoint:
    /// `4/3 · tan(π/8)`.
    package static let kappa: CGFloat = 0.5522847498307936

    /// An ellipse inscribed in `rect` as its own closed subpath of four cubics: move to
    /// (maxX, midY), then through (midX, maxY), (minX, midY), (midX, minY) back to the start,
    /// i.e. in the direction of increasing angle (Apple calls it clockwise, which it is on a
    /// y-down screen), each quarter with control arms `kappa` times the radius.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        CGMutablePath.ellipse(in: rect, transform: transform) { append($0) }
    }

    /// The elements `addEllipse(in:transform:)` appends, handed to `body` in order (points
    /// already mapped by `transform`), so a fill can build its own path from them without a
    /// `CGMutablePath` in between.
    @inline(__always)
    static func ellipse(in rect: CGRect, transform t: CGAffineTransform, _ body: (Element) -> Void) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * CGMutablePath.kappa, ky = ry * CGMutablePath.kappa
        @inline(__always) func curve(_ end: CGPoint, _ c1: CGPoint, _ c2: CGPoint) {
            body(.curve(to: end.applying(t), control1: c1.applying(t), control2: c2.applying(t)))
        }
        body(.move(to: CGPoint(x: cx + rx, y: cy).applying(t)))
        curve(CGPoint(x: cx, y: cy + ry), CGPoint(x: cx + rx, y: cy + ky), CGPoint(x: cx + kx, y: cy + ry))
        curve(CGPoint(x: cx - rx, y: cy), CGPoint(x: cx - kx, y: cy + ry), CGPoint(x: cx - rx, y: cy + ky))
        curve(CGPoint(x: cx, y: cy - ry), CGPoint(x: cx - rx, y: cy - ky), CGPoint(x: cx - kx, y: cy - ry))
        curve(CGPoint(x: cx + rx, y: cy), CGPoint(x: cx + kx, y: cy - ry), CGPoint(x: cx + rx, y: cy - ky))
        body(.closeSubpath)
    }

    /// A rounded rectangle as its own closed subpath, each corner a quarter ellipse with radii
    /// (`cornerWidth`, `cornerHeight`) drawn as one cubic with `kappa` arms. It runs in the
    /// same rotational direction as `addEllipse` (increasing angle): move to
    /// (minX + cw, minY), line to (maxX − cw, minY), corner to (maxX, minY + ch), line to
    /// (maxX, maxY − ch), corner to (maxX − cw, maxY), line to (minX + cw, maxY), corner to
    /// (minX, maxY − ch), line to (minX, minY + ch), corner back to the start, close.
    /// Apple documents the direction but not the starting corner; this start is the one
    /// UIKit's rounded-rect paths use. Apple asserts on corners larger than half the side;
    /// here they are clamped to half the side, and a zero or negative corner gives `addRect`.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cw = min(cornerWidth, r.width / 2), ch = min(cornerHeight, r.height / 2)
        guard cw > 0, ch > 0 else { addRect(r, transform: transform); return }
        let kx = cw * CGMutablePath.kappa, ky = ch * CGMutablePath.kappa
        let t = transform
        let x0 = r.minX, x1 = r.maxX, y0 = r.minY, y1 = r.maxY
        move(to: CGPoint(x: x0 + cw, y: y0), transform: t)
        addLine(to: CGPoint(x: x1 - cw, y: y0), transform: t)
        addCurve(to: CGPoint(x: x1, y: y0 + ch), control1: CGPoint(x: x1 - cw + kx, y: y0),
                 control2: CGPoint(x: x1, y: y0 + ch - ky), transform: t)
        addLine(to: CGPoint(x: x1, y: y1 - ch), transform: t)
        addCurve(to: CGPoint(x: x1 - cw, y: y1), control1: CGPoint(x: x1, y: y1 - ch + ky),
                 control2: CGPoint(x: x1 - cw + kx, y: y1), transform: t)
        addLine(to: CGPoint(x: x0 + cw, y: y1), transform: t)
        addCurve(to: CGPoint(x: x0, y: y1 - ch), control1: CGPoint(x: x0 + cw - kx, y: y1),
                 control2: CGPoint(x: x0, y: y1 - ch + ky), transform: t)
        addLine(to: CGPoint(x: x0, y: y0 + ch), transform: t)
        addCurve(to: CGPoint(x: x0 + cw, y: y0), control1: CGPoint(x: x0, y: y0 + ch - ky),
                 control2: CGPoint(x: x0 + cw - kx, y: y0), transform: t)
        closeSubpath()
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (radians, 0 along
    /// +x, increasing towards +y). `clockwise` false sweeps increasing angles, true decreasing
    /// ones, as `CGPathAddArc` (on a y-down screen `clockwise: false` therefore turns
    /// clockwise). A sweep of 2π or more in the chosen direction draws the full circle once; a
    /// sweep against the direction goes the long way round. Begins with a line from the
    /// current point to the arc's start, or a move when the path is empty.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard startAngle.isFinite, endAngle.isFinite else { return }
        let twoPi = 2 * CGFloat.pi
        var delta = endAngle - startAngle
        if clockwise {
            if delta <= -twoPi { delta = -twoPi }
            else if delta > 0 { delta = delta.truncatingRemainder(dividingBy: twoPi) - twoPi }
        } else {
            if delta >= twoPi { delta = twoPi }
            else if delta < 0 { delta = delta.truncatingRemainder(dividingBy: twoPi) + twoPi }
        }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta,
                       transform: transform)
    }

    /// An arc of `delta` radians from `startAngle` (positive: increasing angle), as cubics:
    /// quarter turns from the start and then the remainder, each piece of angle θ with
    /// control arms `4/3 · tan(θ/4) · radius` (so a quarter uses `kappa`). Begins with a line
    /// from the current point to the arc's start, or a move when the path is empty. A sweep
    /// beyond ±2π is clamped to one full turn.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard startAngle.isFinite, delta.isFinite, radius.isFinite else { return }
        // More than a full turn retraces the circle; one turn bounds the work on any input.
        let delta = max(-2 * .pi, min(2 * .pi, delta))
        let r = abs(radius)
        let start = CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if current == nil { move(to: start, transform: transform) }
        else { addLine(to: start, transform: transform) }
        appendArcCurves(center: center, radius: r, startAngle: startAngle, delta: delta, transform: transform)
    }

    /// The cubics of an arc whose start point has already been reached: quarter turns from
    /// the start, then the remainder. A remainder within 1e-5 rad of a quarter joins the
    /// last quarter rather than leaving a sliver. This split and threshold are WinObjC's, whose
    /// iOS-matching expected values the tests reproduce; Apple does not document its split.
    private func appendArcCurves(center: CGPoint, radius r: CGFloat, startAngle: CGFloat, delta: CGFloat,
                                 transform: CGAffineTransform) {
        guard delta != 0, r > 0 else { return }
        let quarter = CGFloat.pi / 2, sign: CGFloat = delta < 0 ? -1 : 1
        var a0 = startAngle, remaining = abs(delta)
        var c0 = cos(a0), s0 = sin(a0)
        while remaining > 0 {
            let step = remaining > quarter + 1e-5 ? quarter : remaining
            remaining -= step
            let a1 = remaining > 0 ? a0 + sign * step : startAngle + delta
            let c1 = cos(a1), s1 = sin(a1)
            // Control arms 4/3·tan(θ/4)·r along the tangents, signed with the sweep.
            let k = 4.0 / 3.0 * tan(step / 4) * r * sign
            addCurve(to: CGPoint(x: center.x + r * c1, y: center.y + r * s1),
                     control1: CGPoint(x: center.x + r * c0 - k * s0, y: center.y + r * s0 + k * c0),
                     control2: CGPoint(x: center.x + r * c1 + k * s1, y: center.y + r * s1 - k * c1),
                     transform: transform)
            a0 = a1; c0 = c1; s0 = s1
        }
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End` (`CGPathAddArcToPoint`): a line from the
    /// current point to the first tangent point, then the arc (shorter than 180°) to the
    /// second. When the three points are collinear or the radius is 0 it adds a line to
    /// `tangent1End`. Ignored when the path has no current point. The current point is
    /// mapped back through the inverse of `transform` so the construction happens in user space.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard let cur = current, radius.isFinite else { return }
        let p0 = cur.applying(transform.inverted())
        let p1 = tangent1End, p2 = tangent2End
        let ux = p0.x - p1.x, uy = p0.y - p1.y, vx = p2.x - p1.x, vy = p2.y - p1.y
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        let cross = ux * vy - uy * vx
        let r = abs(radius)
        guard r > 0, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else {
            addLine(to: p1, transform: transform)
            return
        }
        // With θ the angle between the legs at p1, the tangent points sit r·tan(θ/2)⁻¹ =
        // r·(1 + cos θ)/sin θ along them (this form is exact for right angles).
        let cosTheta = (ux * vx + uy * vy) / (lu * lv), sinTheta = abs(cross) / (lu * lv)
        let dist = r * (1 + cosTheta) / sinTheta
        let t1 = CGPoint(x: p1.x + ux / lu * dist, y: p1.y + uy / lu * dist)
        let t2 = CGPoint(x: p1.x + vx / lv * dist, y: p1.y + vy / lv * dist)
        // The centre is r from t1 along the first leg's normal, on the second leg's side.
        var nx = -uy / lu, ny = ux / lu
        if nx * vx + ny * vy < 0 { nx = -nx; ny = -ny }
        let center = CGPoint(x: t1.x + nx * r, y: t1.y + ny * r)
        let a0 = atan2(t1.y - center.y, t1.x - center.x)
        let a1 = atan2(t2.y - center.y, t2.x - center.x)
        var delta = a1 - a0
        // The arc between the tangent points is the short one (< π); pick its sign.
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        addLine(to: t1, transform: transform)
        appendArcCurves(center: center, radius: r, startAngle: a0, delta: delta, transform: transform)
    }

    /// Appends every element of `path`, mapped through `transform`; its first move starts a
    /// new subpath here.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for e in path.storage { append(e.applying(transform)) }
    }
}
