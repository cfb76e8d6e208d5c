import Foundation
import Raster

/// The outline of a layer's rounded bounds, per corner, for `cornerCurve` circular and
/// continuous.
enum RoundedRect {
    /// How far along each edge a continuous corner of radius 1 reaches (PaintCode's
    /// reconstruction of UIBezierPath's corner, docs/semantics.md §3); a layer whose shorter
    /// half-side is less than this times a radius gets circular corners.
    static let continuousReach = CALayerCornerCurve.continuousReach

    /// How far in from each edge, per unit radius, the corner passes at 45°: 1 − 1/√2 for a
    /// circular corner (rounded up), about 0.45 for a continuous one. A point this far in along
    /// the diagonal, and further, is inside the rounded rectangle.
    static func diagonalInset(continuous: Bool) -> Double { continuous ? 0.45 : 0.2929 }

    static func path(_ b: CGRect, _ c: CornerShape) -> Raster.Path {
        let x0 = Double(b.minX), y0 = Double(b.minY), x1 = Double(b.maxX), y1 = Double(b.maxY)
        let r = [Double(c.radii.0), Double(c.radii.1), Double(c.radii.2), Double(c.radii.3)]
        let half = min(x1 - x0, y1 - y0) / 2
        // The continuous (iOS 7 "squircle") corner needs 1.5287·r of straight edge on each side;
        // on a smaller rectangle use the circular one rather than a shape we cannot verify.
        let continuous = c.continuous && r.allSatisfy { $0 * continuousReach <= half }
        var p = Raster.Path()
        // Corners clockwise on screen from the top-left; each given by its corner point and
        // the unit directions along the incoming and outgoing edges.
        let corners: [(cx: Double, cy: Double, inX: Double, inY: Double, outX: Double, outY: Double, r: Double)] = [
            (x0, y0, 0, -1, 1, 0, r[0]), (x1, y0, 1, 0, 0, 1, r[1]),
            (x1, y1, 0, 1, -1, 0, r[2]), (x0, y1, -1, 0, 0, -1, r[3]),
        ]
        for (i, k) in corners.enumerated() {
            // Point at distance (a along the incoming edge back from the corner, b along the outgoing).
            func pt(_ back: Double, _ fwd: Double) -> (Double, Double) {
                (k.cx - k.inX * back * k.r + k.outX * fwd * k.r, k.cy - k.inY * back * k.r + k.outY * fwd * k.r)
            }
            if k.r <= 0 {
                if i == 0 { p.move(to: k.cx, k.cy) } else { p.line(to: k.cx, k.cy) }
                continue
            }
            if continuous {
                // PaintCode's reconstruction of UIBezierPath's continuous corner (docs/semantics.md §3),
                // in units of r measured from the corner along each edge.
                let s = pt(continuousReach, 0)
                if i == 0 { p.move(to: s.0, s.1) } else { p.line(to: s.0, s.1) }
                cubicTo(&p, pt(1.08849323, 0), pt(0.86840689, 0), pt(0.66993427, 0.06549600))
                let l1 = pt(0.63149399, 0.07491100); p.line(to: l1.0, l1.1)
                cubicTo(&p, pt(0.37282392, 0.16905899), pt(0.16905899, 0.37282392), pt(0.07491100, 0.63149399))
                let l2 = pt(0.06549600, 0.66993427); p.line(to: l2.0, l2.1)
                cubicTo(&p, pt(0, 0.86840689), pt(0, 1.08849323), pt(0, continuousReach))
            } else {
                let s = pt(1, 0)
                if i == 0 { p.move(to: s.0, s.1) } else { p.line(to: s.0, s.1) }
                cubicTo(&p, pt(1 - Raster.Path.kappa, 0), pt(0, 1 - Raster.Path.kappa), pt(0, 1))
            }
        }
        p.close()
        return p
    }

    private static func cubicTo(_ p: inout Raster.Path, _ c1: (Double, Double), _ c2: (Double, Double), _ e: (Double, Double)) {
        p.cubic(to: e.0, e.1, control1: c1.0, c1.1, control2: c2.0, c2.1)
    }
}

extension RoundedRect {
    /// The rounded rectangle in device space when `m` maps it to an axis-aligned box (a scale
    /// and a translation, flips included), for the rasterizer's closed-form coverage; nil under
    /// rotation or perspective, and for continuous corners, which are not ellipse quarters.
    static func deviceBox(_ b: CGRect, _ c: CornerShape, through m: ProjectiveTransform) -> RoundedBox? {
        guard m.isAxisAligned, m.m11 != 0, m.m22 != 0 else { return nil }
        let half = min(b.width, b.height) / 2
        var r = SIMD4<Double>(Double(c.radii.0), Double(c.radii.1), Double(c.radii.2), Double(c.radii.3))
        if c.continuous && r.max() > 0 && (r * continuousReach).max() <= Double(half) { return nil }
        let x0 = Double(b.minX) * m.m11 + m.m31, x1 = Double(b.maxX) * m.m11 + m.m31
        let y0 = Double(b.minY) * m.m22 + m.m32, y1 = Double(b.maxY) * m.m22 + m.m32
        // A flip moves each corner to the mirrored position on the device.
        if m.m11 < 0 { r = SIMD4(r[1], r[0], r[3], r[2]) }
        if m.m22 < 0 { r = SIMD4(r[3], r[2], r[1], r[0]) }
        return RoundedBox(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1),
                          radiusX: r * abs(m.m11), radiusY: r * abs(m.m22))
    }
}
