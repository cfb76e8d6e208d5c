import Foundation
import Raster

/// Draws a `CAShapeLayer`'s fill, then its stroke over it (CAShapeLayer.h).
enum ShapeRenderer {
    static func draw(_ s: ShapeContent, of n: RenderNode, through m: ProjectiveTransform, alpha: Float, paths: PathCoverageCache? = nil,
                     into t: Target) {
        if let fill = s.fillColor {
            t.perform(.fillPath(s.path, transform: m, rule: s.fillRule, color: fill.withAlpha(multipliedBy: alpha), antialias: true,
                                contoursOverlap: s.contoursOverlap), .content, of: n, caches: CoverageCaches(paths: paths))
        }
        for f in s.furtherFills {
            t.perform(.fillPath(f.path, transform: m, rule: s.fillRule, color: f.color.withAlpha(multipliedBy: alpha), antialias: true,
                                contoursOverlap: s.contoursOverlap), .content, of: n, caches: CoverageCaches(paths: paths))
        }
        if let st = s.stroke {
            if st.end <= st.start { return }
            // Flatten finely enough in layer space for the target's scale.
            let scale = max(m.linearScale, 1e-6)
            let outline = st.outlines.outline(scale: scale) {
                var path = s.path
                if st.start > 0 || st.end < 1 { path = path.trimmed(from: Double(st.start), to: Double(st.end)) }
                return path.stroked(st.style, tolerance: 0.1 / scale)
            }
            t.perform(.fillPath(outline, transform: m, rule: .nonZero, color: st.color.withAlpha(multipliedBy: alpha),
                                antialias: true, contoursOverlap: true), .content, of: n, caches: CoverageCaches(paths: paths))
        }
    }
}
