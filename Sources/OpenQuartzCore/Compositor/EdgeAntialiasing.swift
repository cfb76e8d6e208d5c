import Foundation
import Raster

extension Compositor {
    /// `edgeAntialiasingMask`: only the named edges of a transformed layer get anti-aliased
    /// coverage, the others are sampled at pixel centres (so that abutting layers meet without
    /// seams; CALayer.h). The layer is rendered in its own plane onto a texture exactly the size
    /// of its bounds, which is drawn with exact coverage; on the edges left out of the mask the
    /// texture is extended past the edge (clamping its border texels) and cut by a pixel-centre
    /// clip along the edge. Returns false, drawing nothing, where this does not apply: an
    /// axis-aligned layer (always exact), a layer drawing outside its bounds, or geometry at or
    /// behind the eye; the layer is then drawn as usual.
    func drawWithEdgeMask(_ n: RenderNode, world: CATransform3D, alpha: Float, into t: Target) -> Bool {
        let m = ProjectiveTransform(plane: world)
        let b = n.bounds
        guard !m.isAxisAligned, b.width > 0, b.height > 0, n.shadow == nil else { return false }
        let drawn = Extent.of(n, world: CATransform3DIdentity)
        guard drawn.isEmpty || (drawn.minX >= Double(b.minX) - 1e-9 && drawn.minY >= Double(b.minY) - 1e-9
                                && drawn.maxX <= Double(b.maxX) + 1e-9 && drawn.maxY <= Double(b.maxY) + 1e-9) else { return false }
        // Device corners in the order minX·minY, maxX·minY, maxX·maxY, minX·maxY.
        var corners: [(x: Double, y: Double)] = []
        for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
            let p = m.apply(Double(x), Double(y))
            guard p.w > 1e-6 else { return false }
            corners.append((p.x / p.w, p.y / p.w))
        }
        let region = t.visible.intersection(PixelRect(covering: DeviceRect(b, through: m).outset(3)))
        if region.isEmpty { return true }
        // The pixel-centre clip: the quad with its anti-aliased edges pushed 2 px outwards, so
        // only the other edges cut.
        let edgeBits: [UInt32] = [4, 2, 8, 1]   // minY, maxX, maxY, minX edges, in corner order
        let cx = corners.reduce(0) { $0 + $1.x } / 4, cy = corners.reduce(0) { $0 + $1.y } / 4
        var lines: [(px: Double, py: Double, dx: Double, dy: Double)] = []
        for k in 0..<4 {
            let a = corners[k], c = corners[(k + 1) % 4]
            var dx = c.x - a.x, dy = c.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9 else { return false }
            dx /= len; dy /= len
            var nx = -dy, ny = dx
            if (a.x - cx) * nx + (a.y - cy) * ny < 0 { nx = -nx; ny = -ny }
            let push = n.antialiasedEdges & edgeBits[k] != 0 ? 2.0 : 0
            lines.append((a.x + nx * push, a.y + ny * push, dx, dy))
        }
        var clipPath = Raster.Path()
        for k in 0..<4 {
            let l1 = lines[(k + 3) % 4], l2 = lines[k]
            let den = l1.dx * l2.dy - l1.dy * l2.dx
            guard abs(den) > 1e-12 else { return false }
            let s = ((l2.px - l1.px) * l2.dy - (l2.py - l1.py) * l2.dx) / den
            let p = (l1.px + s * l1.dx, l1.py + s * l1.dy)
            if k == 0 { clipPath.move(to: p.0, p.1) } else { clipPath.line(to: p.0, p.1) }
        }
        clipPath.close()
        let clip = Mask(width: region.width, height: region.height, originX: region.x0, originY: region.y0)
        clip.fill(clipPath, rule: .nonZero, antialias: false)
        if let c = t.clip { clip.multiply(by: c) }
        stats.countMask()
        // The layer in its plane, its bounds exactly on the texture's edges.
        let r = planeResolution(n, world: world)
        let w = max(Int(saturating: Double(b.width * r), .up), 1), h = max(Int(saturating: Double(b.height * r), .up), 1)
        // A plane beyond the budget's largest surface: drawn without the edge mask.
        guard let area = Int.checkedArea(w, h), area <= budget.budget.maxSurfacePixels else { return false }
        let sx = CGFloat(w) / b.width, sy = CGFloat(h) / b.height
        let toTexture = CATransform3DConcat(CATransform3DMakeTranslation(-b.minX, -b.minY, 0), CATransform3DMakeScale(sx, sy, 1))
        guard let g = renderGroup(n, world: toTexture, region: PixelRect(x0: 0, y0: 0, x1: w, y1: h)) else { return true }
        let toLayer = ProjectiveTransform(a: Double(1 / sx), b: 0, c: 0, d: Double(1 / sy), tx: Double(b.minX), ty: Double(b.minY))
        // Extend the texture past the edges that are not anti-aliased, by several texels.
        let e = 8.0
        let mask = n.antialiasedEdges
        let x0 = mask & 1 != 0 ? 0 : -e, x1 = mask & 2 != 0 ? Double(w) : Double(w) + e
        let y0 = mask & 4 != 0 ? 0 : -e, y1 = mask & 8 != 0 ? Double(h) : Double(h) + e
        var clipped = t
        clipped.clip = clip
        clipped.perform(.drawTexture(Texture(g), transform: toLayer.concatenating(m), filter: .linear, opacity: alpha,
                                     antialias: true, sourceRect: Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)),
                        .group, of: n, caches: CoverageCaches())
        return true
    }
}
