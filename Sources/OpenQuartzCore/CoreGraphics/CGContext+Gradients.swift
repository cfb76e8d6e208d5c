import Foundation
import Raster

extension CGContext {
    // MARK: Gradients

    /// Paints `gradient` along the line from `start` to `end` (user space) over the whole
    /// clip: each point takes the colour at its projection onto the line. Before the start and
    /// after the end nothing is painted unless `options` extends the end colours.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        draw(gradient, .axial(x0: Double(start.x), y0: Double(start.y), x1: Double(end.x), y1: Double(end.y)), options)
    }

    /// Paints `gradient` between two circles (user space): each point takes the colour of the
    /// largest t for which it lies on the circle whose centre and radius are interpolated
    /// between the start and end circles (a cone when the centres differ), as PDF radial
    /// shadings and Core Graphics define it. `options` extends the end colours inside the start
    /// circle and outside the end circle.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard startRadius >= 0, endRadius >= 0 else { return }
        draw(gradient, .radial(x0: Double(startCenter.x), y0: Double(startCenter.y), r0: Double(startRadius),
                               x1: Double(endCenter.x), y1: Double(endCenter.y), r1: Double(endRadius)), options)
    }

    private func draw(_ gradient: CGGradient, _ geometry: Shading.Geometry, _ options: CGGradientDrawingOptions) {
        let alpha = Float(state.alpha)
        let shading = Shading(geometry: geometry, colors: gradient.colors.map { $0.withAlpha(multipliedBy: alpha) },
                              locations: gradient.locations,
                              extendsStart: options.contains(.drawsBeforeStartLocation),
                              extendsEnd: options.contains(.drawsAfterEndLocation))
        let m = userToSurface
        let toSurface = ProjectiveTransform(a: Double(m.a), b: Double(m.b), c: Double(m.c), d: Double(m.d),
                                            tx: Double(m.tx), ty: Double(m.ty))
        let aa = state.shouldAntialias
        paint(bounds: nil) { target, clip, mode, area in
            target.fill(.rect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height)),
                        shading: shading, shadingTransform: toSurface, clip: clip, antialias: aa, blend: mode)
        }
    }
}
