import Foundation
import Raster

extension CGContext {
    // MARK: Painting the current path
    //
    // Each of these consumes the current currentPath, as in Core Graphics.

    /// Fills the current path with the fill colour, by `rule`, and clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let p = Raster.Path(currentPath)
        currentPath.removeAllElements()
        fillSurfacePath(p, rule: rule)
    }

    /// Strokes the current path with the stroke colour and line style, and clears the path.
    public func strokePath() {
        let outline = strokedOutline(forPainting: true)
        currentPath.removeAllElements()
        paintSurfacePath(outline, rule: .winding, color: state.strokeColor)
    }

    /// Fills, strokes, or both (fill first), then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        let p = Raster.Path(currentPath)
        let outline = mode == .eoFill || mode == .fill ? Raster.Path() : strokedOutline(forPainting: true)
        currentPath.removeAllElements()
        switch mode {
        case .fill: fillSurfacePath(p, rule: .winding)
        case .eoFill: fillSurfacePath(p, rule: .evenOdd)
        case .stroke: paintSurfacePath(outline, rule: .winding, color: state.strokeColor)
        case .fillStroke, .eoFillStroke:
            fillSurfacePath(p, rule: mode == .fillStroke ? .winding : .evenOdd)
            paintSurfacePath(outline, rule: .winding, color: state.strokeColor)
        }
    }

    // MARK: Painting shapes directly (the current path is left alone)

    /// Fills `rect` with the fill colour.
    public func fill(_ rect: CGRect) {
        let m = userToSurface
        // Axis-aligned rectangles take the rasterizer's exact rectangle fill, without a path.
        guard m.b == 0, m.c == 0, state.shadow == nil else {
            fill([rect])
            return
        }
        let d = rect.applying(m)
        guard let bounds = d.rasterRect else { return }
        let color = state.fillColor.withAlpha(multipliedBy: Float(state.alpha))
        let aa = state.shouldAntialias
        paint(bounds: bounds) { target, clip, mode, _ in
            target.fillRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height,
                            color: color, clip: clip, antialias: aa, blend: mode)
        }
    }

    /// Fills each rectangle (their union, painted once) with the fill colour.
    public func fill(_ rects: [CGRect]) {
        if rects.count == 1, let r = rects.first, userToSurface.b == 0, userToSurface.c == 0, state.shadow == nil {
            fill(r)
            return
        }
        let m = userToSurface
        let p = CGMutablePath()
        p.addRects(rects, transform: m)
        fillSurfacePath(Raster.Path(p), rule: .winding)
    }

    /// Strokes the outline of `rect` with the stroke colour and line style.
    public func stroke(_ rect: CGRect) {
        let saved = currentPath
        currentPath = CGMutablePath()
        addRect(rect)
        strokePath()
        currentPath = saved
    }

    /// Strokes the outline of `rect` with a line `width` wide (the graphics state's width is
    /// left as it was).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let w = state.lineWidth
        state.lineWidth = width
        stroke(rect)
        state.lineWidth = w
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        // The elements `addEllipse` would store, straight into the rasterizer's path.
        var p = Raster.Path()
        p.reserveCapacity(elements: 6, points: 13)
        CGMutablePath.ellipse(in: rect, transform: userToSurface) { p.append($0) }
        fillSurfacePath(p, rule: .winding)
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) {
        let saved = currentPath
        currentPath = CGMutablePath()
        addEllipse(in: rect)
        strokePath()
        currentPath = saved
    }

    /// Strokes a segment between each pair of points (0–1, 2–3, …).
    public func strokeLineSegments(between points: [CGPoint]) {
        let saved = currentPath
        currentPath = CGMutablePath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
        currentPath = saved
    }

    /// Makes `rect` transparent (black in a context without alpha), whatever the blend mode,
    /// alpha and shadow; the clip still applies.
    public func clear(_ rect: CGRect) {
        let p = CGMutablePath()
        p.addRect(rect, transform: userToSurface)
        let outline = Raster.Path(p)
        let shadow = state.shadow
        state.shadow = nil
        defer { state.shadow = shadow }
        paint(bounds: outline.bounds) { target, clip, _, _ in
            target.fill(outline, color: .clear, clip: clip, antialias: state.shouldAntialias, blend: .copy)
        }
    }

    // MARK: Shared

    /// Fills a surface-space path with the fill colour.
    func fillSurfacePath(_ p: Raster.Path, rule: CGPathFillRule) {
        paintSurfacePath(p, rule: rule, color: state.fillColor)
    }

    /// Paints a surface-space path in `color` (the global alpha applied).
    func paintSurfacePath(_ p: Raster.Path, rule: CGPathFillRule, color: Color) {
        guard !p.isEmpty else { return }
        let c = color.withAlpha(multipliedBy: Float(state.alpha))
        let fillRule: FillRule = rule == .evenOdd ? .evenOdd : .nonZero
        paint(bounds: p.bounds) { target, clip, mode, _ in
            target.fill(p, rule: fillRule, color: c, clip: clip, antialias: state.shouldAntialias, blend: mode)
        }
    }
}

extension CGRect {
    /// The rectangle in the rasterizer's type; nil for a null or non-finite rectangle.
    var rasterRect: Raster.Rect? {
        guard !isNull, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return Raster.Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height))
    }
}
