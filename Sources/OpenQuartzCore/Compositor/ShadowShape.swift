import Foundation
import Raster

/// The shape a shadow is cast from when it is known without rendering the content: the
/// `shadowPath`, or an opaque rounded background that covers everything the layer draws.
/// Rectangles, rounded rectangles and ellipses get a closed-form blur (`BlurredShape`).
enum ShadowShape {
    case roundedRect(CGRect, CornerShape)
    case ellipse(CGRect)
    case path(Raster.Path)

    var path: Raster.Path {
        switch self {
        case .roundedRect(let r, let c): return boundsPath(r, c)
        case .ellipse(let r): return .ellipse(x: Double(r.minX), y: Double(r.minY), width: Double(r.width), height: Double(r.height))
        case .path(let p): return p
        }
    }

    /// Recognises the paths `CGPath(rect:)`, `CGPath(ellipseIn:)` and
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:)` (with circular corners) build.
    init(_ cg: CGPath) {
        let box = cg.boundingBox
        if !box.isNull {
            if cg.isRect(nil) {
                self = .roundedRect(box, .square)
                return
            }
            if cg == CGPath(ellipseIn: box, transform: nil) {
                self = .ellipse(box)
                return
            }
            if case .move(let start)? = cg.elements.first {
                let r = start.x - box.minX
                if r > 0, cg == CGPath(roundedRect: box, cornerWidth: r, cornerHeight: r, transform: nil) {
                    self = .roundedRect(box, CornerShape(radii: (r, r, r, r), continuous: false))
                    return
                }
            }
        }
        self = .path(Raster.Path(cg))
    }
}

extension Compositor {
    /// Draws the blur of `shape` (in the layer's space, already offset) when the layer maps to
    /// the target by an axis-aligned, uniform scale: no mask, no blur pass. Returns false when
    /// the closed form does not apply.
    func drawClosedFormShadow(_ shape: ShadowShape, of n: RenderNode, through m: ProjectiveTransform, sigma: Double,
                              color: Color, hole: PixelRect? = nil, into t: Target) -> Bool {
        guard m.isAxisAligned, m.m11 > 0, m.m22 > 0, sigma >= 0.5 else { return false }
        let uniform = abs(m.m11 - m.m22) <= 1e-9 * max(m.m11, m.m22)
        func box(_ r: CGRect) -> (Double, Double, Double, Double) {
            (Double(r.minX) * m.m11 + m.m31, Double(r.minY) * m.m22 + m.m32,
             Double(r.maxX) * m.m11 + m.m31, Double(r.maxY) * m.m22 + m.m32)
        }
        let blurred: BlurredShape
        switch shape {
        case .roundedRect(let r, let c):
            guard !c.continuous, c.isSquare || uniform else { return false }
            let (x0, y0, x1, y1) = box(r)
            let k = m.m11
            blurred = .roundedRect(minX: x0, minY: y0, maxX: x1, maxY: y1,
                                   radii: (Double(c.radii.0) * k, Double(c.radii.1) * k,
                                           Double(c.radii.2) * k, Double(c.radii.3) * k))
        case .ellipse(let r):
            let (x0, y0, x1, y1) = box(r)
            blurred = .ellipse(minX: x0, minY: y0, maxX: x1, maxY: y1)
        case .path:
            return false
        }
        // The blurred coverage is kept between frames; the colour is applied when it is drawn.
        let world = CATransform3D(m11: m.m11, m12: m.m12, m13: 0, m14: m.m13, m21: m.m21, m22: m.m22, m23: 0, m24: m.m23,
                                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.m31, m42: m.m32, m43: 0, m44: m.m33)
        let key = FrameCaches.PlacedKey(kind: .shadow(sigma: sigma, hole: hole), identity: n.identity, version: n.version,
                                 world: world, region: t.visible)
        let v = t.visible
        guard let coverage = cachedMask(key, {
            Mask(blurring: blurred, sigma: sigma, within: (v.x0, v.y0, v.width, v.height),
                 hole: hole.map { (x0: $0.x0, y0: $0.y0, x1: $0.x1, y1: $0.y1) })
        }) else { return true }
        t.perform(.fillCoverage(coverage, color: color, blend: .sourceOver), .shadow, of: n, caches: caches)
        return true
    }
}
