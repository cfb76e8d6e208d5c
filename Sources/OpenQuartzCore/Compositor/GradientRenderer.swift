import Foundation
import Raster

/// Draws a `CAGradientLayer`: the gradient is evaluated in the layer's plane at the target's
/// resolution, then drawn through the layer's transform like contents.
enum GradientRenderer {
    static func draw(_ g: GradientContent, bounds b: CGRect, through m: ProjectiveTransform, alpha: Float,
                     antialias: Bool, into t: Target) {
        guard b.width > 0, b.height > 0 else { return }
        let onTarget = DeviceRect(b, through: m)
        // Resolution: about one texel per target pixel, bounded.
        let visible = onTarget.intersection(DeviceRect(minX: Double(t.visible.x0), minY: Double(t.visible.y0),
                                                       maxX: Double(t.visible.x1), maxY: Double(t.visible.y1)))
        if visible.isEmpty { return }
        let kx = min(max((onTarget.maxX - onTarget.minX) / Double(b.width), 0.05), 4)
        let ky = min(max((onTarget.maxY - onTarget.minY) / Double(b.height), 0.05), 4)
        let k = m.isAffine ? max(kx, ky) : 2 * max(kx, ky)
        let w = min(max(Int((Double(b.width) * k).rounded(.up)), 1), 4096)
        let h = min(max(Int((Double(b.height) * k).rounded(.up)), 1), 4096)
        let s = Surface(width: w, height: h)
        fill(s, g, bounds: b)
        let toLayer = ProjectiveTransform(a: Double(b.width) / Double(w), b: 0, c: 0, d: Double(b.height) / Double(h),
                                          tx: Double(b.minX), ty: Double(b.minY))
        t.surface.draw(Texture(s), transform: toLayer.concatenating(m), filter: .linear, opacity: alpha,
                       clip: t.clip, antialias: antialias)
    }

    /// Evaluates the gradient at each texel centre. Start and end points are unit coordinates
    /// of the bounds (CAGradientLayer.h); colours are interpolated unpremultiplied.
    static func fill(_ s: Surface, _ g: GradientContent, bounds b: CGRect) {
        let table = colorTable(g)
        let sx = Double(g.startPoint.x), sy = Double(g.startPoint.y)
        let ex = Double(g.endPoint.x), ey = Double(g.endPoint.y)
        // Work in points so that radial gradients are round on non-square layers.
        let bw = Double(b.width), bh = Double(b.height)
        let dx = (ex - sx) * bw, dy = (ey - sy) * bh
        let len2 = dx * dx + dy * dy
        for j in 0..<s.height {
            let py = (Double(j) + 0.5) / Double(s.height) * bh - sy * bh
            for i in 0..<s.width {
                let px = (Double(i) + 0.5) / Double(s.width) * bw - sx * bw
                var u: Double
                switch g.kind {
                case .axial: u = len2 > 0 ? (px * dx + py * dy) / len2 : 0
                case .radial:
                    // An ellipse with radii |end − start| along each axis.
                    let rx = abs(dx), ry = abs(dy)
                    let nx = rx > 0 ? px / rx : 0, ny = ry > 0 ? py / ry : 0
                    u = (rx > 0 || ry > 0) ? (nx * nx + ny * ny).squareRoot() : 0
                case .conic:
                    let a0 = atan2(dy, dx)
                    var a = atan2(py, px) - a0
                    while a < 0 { a += 2 * .pi }
                    while a >= 2 * .pi { a -= 2 * .pi }
                    u = a / (2 * .pi)
                }
                u = min(max(u, 0), 1)
                s.setPixel(x: i, y: j, table[Int(u * 255 + 0.5)])
            }
        }
    }

    /// 256 premultiplied samples along the gradient.
    private static func colorTable(_ g: GradientContent) -> [UInt32] {
        (0..<256).map { i in
            let u = CGFloat(i) / 255
            let c = g.colors, l = g.locations
            if c.count == 1 || u <= l[0] { return c[0].premultipliedPixel }
            if u >= l[l.count - 1] { return c[c.count - 1].premultipliedPixel }
            var k = 0
            while k + 1 < l.count && l[k + 1] < u { k += 1 }
            let span = l[k + 1] - l[k]
            let f = Float(span > 0 ? (u - l[k]) / span : 0)
            let a = c[k], b = c[k + 1]
            return Color(r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f,
                         a: a.a + (b.a - a.a) * f).premultipliedPixel
        }
    }
}
