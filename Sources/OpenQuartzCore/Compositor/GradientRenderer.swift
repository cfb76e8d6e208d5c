import Foundation
import Raster

/// Draws a `CAGradientLayer`: the gradient is defined on the layer's unit square
/// (startPoint, endPoint) and fills the bounds (CAGradientLayer.h).
enum GradientRenderer {
    static func draw(_ g: GradientContent, of n: RenderNode, bounds b: CGRect, through m: ProjectiveTransform, alpha: Float,
                     antialias: Bool, into t: Target) {
        guard b.width > 0, b.height > 0 else { return }
        let kind: Gradient.Kind = g.kind == .radial ? .radial : g.kind == .conic ? .conic : .axial
        let gradient = Gradient(kind: kind, colors: g.colors.map { $0.withAlpha(multipliedBy: alpha) },
                                locations: g.locations.map { Double($0) },
                                startX: Double(g.startPoint.x), startY: Double(g.startPoint.y),
                                endX: Double(g.endPoint.x), endY: Double(g.endPoint.y))
        let unitToBounds = ProjectiveTransform(a: Double(b.width), b: 0, c: 0, d: Double(b.height),
                                               tx: Double(b.minX), ty: Double(b.minY))
        t.perform(.fillGradient(.rect(x: Double(b.minX), y: Double(b.minY), width: Double(b.width), height: Double(b.height)),
                                transform: m, gradient: gradient, gradientTransform: unitToBounds.concatenating(m),
                                antialias: antialias), .content, of: n, caches: CoverageCaches())
    }
}
