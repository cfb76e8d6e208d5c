import Foundation
import Raster

/// Draws a layer's `contents` image: gravity, contentsScale, contentsRect, contentsCenter and
/// the filters (docs/semantics.md §9).
package enum ContentsRenderer {
    /// The image's source rectangle in pixels (contentsRect; outside [0, 1] the edge pixels
    /// extend, which clamp-to-edge sampling gives).
    static func sourceRect(_ c: ContentsSpec) -> CGRect {
        let w = CGFloat(c.image.width), h = CGFloat(c.image.height)
        return CGRect(x: c.rect.minX * w, y: c.rect.minY * h, width: c.rect.width * w, height: c.rect.height * h)
    }

    /// Where the image lands in the layer's bounds space. Vertical gravity names refer to
    /// max-Y as "top", so on iOS `top` lands at the visual bottom (docs/semantics.md §9, GS2 gravity.m).
    package static func destinationRect(_ c: ContentsSpec, bounds b: CGRect) -> CGRect {
        let src = sourceRect(c)
        let cw = abs(src.width) / c.scale, ch = abs(src.height) / c.scale
        let bw = b.width, bh = b.height
        switch c.gravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard cw > 0, ch > 0 else { return b }
            let s = c.gravity == .resizeAspect ? min(bw / cw, bh / ch) : max(bw / cw, bh / ch)
            let w = cw * s, h = ch * s
            return CGRect(x: b.minX + (bw - w) / 2, y: b.minY + (bh - h) / 2, width: w, height: h)
        default:
            var x = b.minX + (bw - cw) / 2, y = b.minY + (bh - ch) / 2
            switch c.gravity {
            case .top, .topLeft, .topRight: y = b.minY + bh - ch
            case .bottom, .bottomLeft, .bottomRight: y = b.minY
            default: break
            }
            switch c.gravity {
            case .left, .topLeft, .bottomLeft: x = b.minX
            case .right, .topRight, .bottomRight: x = b.minX + bw - cw
            default: break
            }
            // Unknown gravity names behave as center (see ContentsSpec.Gravity).
            return CGRect(x: x, y: y, width: cw, height: ch)
        }
    }

    static func draw(_ c: ContentsSpec, of n: RenderNode, bounds: CGRect, through m: ProjectiveTransform, alpha: Float,
                     antialias: Bool, paths: PathCoverageCache? = nil, into t: Target) {
        let src = sourceRect(c)
        let dst = destinationRect(c, bounds: bounds)
        guard src.width != 0, src.height != 0, dst.width > 0, dst.height > 0 else { return }
        let scales = c.gravity.scales
        let center = c.center
        if scales && center != CGRect(x: 0, y: 0, width: 1, height: 1) {
            drawNinePart(c, of: n, src: src, dst: dst, center: center, through: m, alpha: alpha, paths: paths, into: t)
            return
        }
        piece(c, of: n, src: src, dst: dst, through: m, alpha: alpha, antialias: antialias, paths: paths, into: t)
    }

    /// `contentsCenter`: corners keep their size, edges stretch along one axis, the centre
    /// along both (CALayer.h).
    private static func drawNinePart(_ c: ContentsSpec, of n: RenderNode, src: CGRect, dst: CGRect, center: CGRect,
                                     through m: ProjectiveTransform, alpha: Float, paths: PathCoverageCache?, into t: Target) {
        // Slice edges a rounding error away from a texel boundary are on it: 0.4 + 0.2 is
        // 0.6000000000000001, which would let the centre slice of a 30-texel image reach 4e-15
        // into texel 18, the right edge's first, and its bilinear samples pick up that texel's
        // colour over the last half texel (a bleed along the right and bottom slices only).
        func snap(_ v: CGFloat) -> CGFloat { abs(v - v.rounded()) < 1e-9 ? v.rounded() : v }
        let sx = [src.minX, snap(src.minX + center.minX * src.width), snap(src.minX + center.maxX * src.width), src.maxX]
        let sy = [src.minY, snap(src.minY + center.minY * src.height), snap(src.minY + center.maxY * src.height), src.maxY]
        var left = (sx[1] - sx[0]) / c.scale, right = (sx[3] - sx[2]) / c.scale
        var top = (sy[1] - sy[0]) / c.scale, bottom = (sy[3] - sy[2]) / c.scale
        if left + right > dst.width, left + right > 0 { let k = dst.width / (left + right); left *= k; right *= k }
        if top + bottom > dst.height, top + bottom > 0 { let k = dst.height / (top + bottom); top *= k; bottom *= k }
        let dx = [dst.minX, dst.minX + left, dst.maxX - right, dst.maxX]
        let dy = [dst.minY, dst.minY + top, dst.maxY - bottom, dst.maxY]
        for j in 0..<3 {
            for i in 0..<3 {
                let s = CGRect(x: sx[i], y: sy[j], width: sx[i + 1] - sx[i], height: sy[j + 1] - sy[j])
                let d = CGRect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j])
                if d.width <= 0 || d.height <= 0 { continue }
                // A zero-width source slice means one source pixel there (CALayer.h).
                var s1 = s
                if s1.width == 0 { s1 = CGRect(x: s1.minX - 0.5, y: s1.minY, width: 1, height: s1.height) }
                if s1.height == 0 { s1 = CGRect(x: s1.minX, y: s1.minY - 0.5, width: s1.width, height: 1) }
                // Pieces tile the plane: no anti-aliasing between them, or their shared edges would seam.
                piece(c, of: n, src: s1, dst: d, through: m, alpha: alpha, antialias: false, paths: paths, into: t)
            }
        }
    }

    private static func piece(_ c: ContentsSpec, of n: RenderNode, src: CGRect, dst: CGRect, through m: ProjectiveTransform,
                              alpha: Float, antialias: Bool, paths: PathCoverageCache?, into t: Target) {
        // Texture pixel (u, v) → bounds space → target.
        let kx = Double(dst.width / src.width), ky = Double(dst.height / src.height)
        let toLayer = ProjectiveTransform(a: kx, b: 0, c: 0, d: ky,
                                          tx: Double(dst.minX) - Double(src.minX) * kx,
                                          ty: Double(dst.minY) - Double(src.minY) * ky)
        let full = toLayer.concatenating(m)
        // Minify when one source pixel covers less than one target pixel.
        let area = abs(DeviceRect(dst, through: m).area)
        let filter = area < Double(abs(src.width * src.height)) ? c.minification : c.magnification
        let s = src.standardized
        t.perform(.drawTexture(c.image.texture, transform: full, filter: filter, opacity: alpha, antialias: antialias,
                               sourceRect: Rect(x: Double(s.minX), y: Double(s.minY), width: Double(s.width), height: Double(s.height))),
                  .contents, of: n, caches: CoverageCaches(paths: paths))
    }
}

extension DeviceRect {
    var area: Double { isEmpty ? 0 : (maxX - minX) * (maxY - minY) }
}
