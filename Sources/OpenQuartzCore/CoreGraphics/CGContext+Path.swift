import Foundation
import Raster

extension CGContext {
    // MARK: Constructing the current path
    //
    // Points are mapped by the CTM as they are added (the path is kept in device pixels), as
    // Core Graphics does: a CTM change affects only what is added after it.

    /// Discards the current path.
    public func beginPath() { currentPath.removeAllElements() }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) { currentPath.move(to: point, transform: userToSurface) }

    /// A straight segment from the current point to `point`.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point, transform: userToSurface) }

    /// Straight segments through `points`, starting a subpath at the first.
    public func addLines(between points: [CGPoint]) { currentPath.addLines(between: points, transform: userToSurface) }

    /// A cubic Bézier from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: userToSurface)
    }

    /// A quadratic Bézier from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: userToSurface)
    }

    /// A circular arc of `radius` around `center` from `startAngle` to `endAngle` (radians from
    /// the +x axis), clockwise or not in user space's y-up sense; joined to the current point
    /// by a line when there is one.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                    clockwise: clockwise, transform: userToSurface)
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: userToSurface)
    }

    /// A closed rectangular subpath.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: userToSurface) }

    /// One closed rectangular subpath per rectangle.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects, transform: userToSurface) }

    /// A closed ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: userToSurface) }

    /// Appends `path` (in user space).
    public func addPath(_ path: CGPath) { currentPath.addPath(path, transform: userToSurface) }

    /// Closes the current subpath with a line to its start.
    public func closePath() { currentPath.closeSubpath() }

    // MARK: Examining the current path

    /// A copy of the current path in user space; nil when it is empty.
    public var path: CGPath? {
        guard !currentPath.isEmpty else { return nil }
        return CGMutablePath(copying: currentPath, transform: userToSurface.inverted())
    }

    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space; `.zero` when there is none.
    public var currentPointOfPath: CGPoint {
        guard !currentPath.isEmpty else { return .zero }
        return currentPath.currentPoint.applying(userToSurface.inverted())
    }

    /// The bounding box of the current path in user space, control points included;
    /// `CGRect.null` when the path is empty.
    public var boundingBoxOfPath: CGRect {
        guard !currentPath.isEmpty else { return .null }
        let back = userToSurface.inverted()
        return CGMutablePath(copying: currentPath, transform: back).boundingBox
    }

    /// Whether `point` (user space) is inside the current path filled with `rule`, or on its
    /// stroke for the stroking modes.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let p = point.applying(userToSurface)
        switch mode {
        case .fill, .fillStroke: if currentPath.contains(p, using: .winding) { return true }
        case .eoFill, .eoFillStroke: if currentPath.contains(p, using: .evenOdd) { return true }
        case .stroke: break
        }
        guard mode == .stroke || mode == .fillStroke || mode == .eoFillStroke else { return false }
        return CGMutablePath(raster: strokedOutline()).contains(p, using: .winding)
    }

    /// Replaces the current path by the outline of its stroke with the current line style.
    public func replacePathWithStrokedPath() {
        currentPath = CGMutablePath(raster: strokedOutline())
    }

    /// The outline of the current path's stroke, in surface space: the path is mapped back
    /// to user space and stroked there (so line width, dashes and a non-uniform CTM act in user
    /// units, as in Core Graphics), then mapped forward again.
    ///
    /// `forPainting`: only what can show through the clip (or cast a shadow into it) is built,
    /// so a path far larger than the bitmap costs what its visible part costs; the pixels are
    /// the same. Paths handed back to the caller (`replacePathWithStrokedPath`) are whole.
    func strokedOutline(forPainting: Bool = false) -> Raster.Path {
        let m = userToSurface
        let forward = ProjectiveTransform(a: Double(m.a), b: Double(m.b), c: Double(m.c), d: Double(m.d),
                                          tx: Double(m.tx), ty: Double(m.ty))
        let scale = abs(forward.determinant).squareRoot()
        let device = forPainting ? visibleStrokeBox : nil
        if state.lineWidth <= 0 || !(scale > 0) || !scale.isFinite {
            // A zero width is the thinnest line the device shows: one pixel, in device space.
            var style = state.strokeStyle
            style.width = 1
            style.dashes = []
            return Raster.Path(currentPath).stroked(style, tolerance: 0.1, visible: device)
        }
        if let k = m.similarityScale {
            // A CTM that only turns, mirrors, scales evenly and moves maps the stroke of a path
            // to the stroke of its image under a width k times larger (and dashes k times
            // longer): stroking is defined by distances, which it multiplies by k. So the path,
            // kept in device space, is stroked there, as it is, with no trip through user
            // space and back (two copies of the path and one of its outline per stroke; the
            // usual CTMs are of this kind: identity, iOS's flipped layer space at any scale).
            var style = state.strokeStyle
            style.width *= k
            style.dashes = style.dashes.map { $0 * k }
            style.dashPhase *= k
            return Raster.Path(currentPath).stroked(style, tolerance: 0.1, visible: device, buffers: &strokeBuffers)
        }
        let inverse = m.inverted()
        let user = Raster.Path(currentPath, transform: inverse)
        let visible = device.flatMap { d -> Raster.Rect? in
            // The user-space box around the device box's four corners.
            let corners = [CGPoint(x: d.minX, y: d.minY), CGPoint(x: d.maxX, y: d.minY),
                           CGPoint(x: d.minX, y: d.maxY), CGPoint(x: d.maxX, y: d.maxY)].map { $0.applying(inverse) }
            let xs = corners.map { Double($0.x) }, ys = corners.map { Double($0.y) }
            let r = Raster.Rect(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
            return r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite ? r : nil
        }
        return user.stroked(state.strokeStyle, tolerance: 0.1 / scale, visible: visible, buffers: &strokeBuffers)
            .transformed(forward)
    }

    /// The surface-space rectangle a stroke can show in: the clip's box, and where a shadow
    /// is set, the box its shadow comes from (offset back, grown by the blur's reach).
    var visibleStrokeBox: Raster.Rect? {
        var box = clipBox
        guard !box.isEmpty else { return nil }
        if let s = activeShadow { box = box.union(box.offsetBy(-s.dx, -s.dy).outset(by: s.pad + 1)) }
        return Raster.Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
    }
}

extension CGMutablePath {
    /// A copy of `path` with every point mapped by `transform`.
    convenience init(copying path: CGPath, transform: CGAffineTransform) {
        self.init()
        addPath(path, transform: transform)
    }

    /// The path of a rasterizer path.
    convenience init(raster p: Raster.Path) {
        self.init()
        p.forEachElement { e in
            switch e {
            case let .move(x, y): move(to: CGPoint(x: x, y: y))
            case let .line(x, y): addLine(to: CGPoint(x: x, y: y))
            case let .quad(cx, cy, x, y): addQuadCurve(to: CGPoint(x: x, y: y), control: CGPoint(x: cx, y: cy))
            case let .cubic(c1x, c1y, c2x, c2y, x, y):
                addCurve(to: CGPoint(x: x, y: y), control1: CGPoint(x: c1x, y: c1y), control2: CGPoint(x: c2x, y: c2y))
            case .close: closeSubpath()
            }
        }
    }
}

extension CGAffineTransform {
    /// k when this transform turns, mirrors, scales by k in every direction and moves (its
    /// axes' images are perpendicular and both k long, to 10⁻¹² relative: rounding in a
    /// rotation's cosine and sine), nil otherwise or when k is 0 or not finite.
    var similarityScale: Double? {
        let (a, b, c, d) = (Double(self.a), Double(self.b), Double(self.c), Double(self.d))
        let x = a * a + b * b, y = c * c + d * d
        guard x > 0, x.isFinite, y.isFinite, abs(x - y) <= 1e-12 * x, abs(a * c + b * d) <= 1e-12 * x else { return nil }
        return x.squareRoot()
    }
}
