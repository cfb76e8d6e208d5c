import Foundation
import Raster

/// Draws an emitter layer's particles: each particle's cell image centred at its position in
/// the layer's bounds space, scaled and turned, its texels multiplied by the particle's colour,
/// in the content's order, over what is below (or added to it, `additive`) — one sprite batch.
enum EmitterRenderer {
    /// The most device pixels one emitter's sprites may cover in a frame, their quads' boxes
    /// summed in drawing order before any clip (2²⁸, what `--max-blur-pixels` allows a frame):
    /// the sprites past it are not drawn. A million particles each scaled to cover the canvas
    /// would otherwise ask for 10¹² pixels. Counted before the band's clip, so that every band
    /// (and every thread count) draws the same sprites.
    static let maxCoveredPixels = Double(1 << 28)

    static func draw(_ e: EmitterContent, of n: RenderNode, through m: ProjectiveTransform, alpha: Float,
                     caches: CoverageCaches, into t: Target) {
        // Textures of the cells that have an image, in image order.
        var slot = [Int](repeating: -1, count: e.images.count)
        var textures: [(texture: Texture, filter: SamplingFilter)] = []
        // The device scale of one point, for the choice of filter.
        let pointArea = abs(m.m11 * m.m22 - m.m12 * m.m21)
        for (i, img) in e.images.enumerated() {
            guard let img else { continue }
            slot[i] = textures.count
            // Minify when a texel of the image at scale 1 covers less than a device pixel.
            let texelsPerPoint = Double(img.sourceRect.width / max(img.size.width, .leastNonzeroMagnitude))
            let minifies = pointArea < texelsPerPoint * texelsPerPoint
            textures.append((img.image.texture, minifies ? img.minification : img.magnification))
        }
        var sprites: [Sprite] = []
        sprites.reserveCapacity(e.particles.count)
        var covered = 0.0
        for p in e.particles {
            guard p.image >= 0, p.image < slot.count, slot[p.image] >= 0, let img = e.images[p.image] else { continue }
            let src = img.sourceRect
            // Texels → points about the image's centre, scaled, turned, moved to the particle.
            let k = p.scale * Double(img.size.width / src.width)
            let c = cos(p.rotation), s = sin(p.rotation)
            let local = ProjectiveTransform(a: k * c, b: k * s, c: -k * s, d: k * c,
                                            tx: p.x - k * (c * Double(src.midX) - s * Double(src.midY)),
                                            ty: p.y - k * (s * Double(src.midX) + c * Double(src.midY)))
            let full = local.concatenating(m)
            // A quad through the eye or of no finite size draws nothing; past the limit nothing more is drawn.
            let area = coveredArea(src, full)
            guard area.isFinite else { continue }
            covered += area
            if !(covered <= maxCoveredPixels) { break }
            sprites.append(Sprite(texture: slot[p.image], transform: full,
                                  sourceRect: Rect(x: Double(src.minX), y: Double(src.minY),
                                                   width: Double(src.width), height: Double(src.height)),
                                  tint: p.color))
        }
        if sprites.isEmpty { return }
        let batch = SpriteBatch(textures: textures, sprites: sprites, blend: e.additive ? .plusLighter : .sourceOver, opacity: alpha)
        t.perform(.drawSprites(batch), .content, of: n, caches: caches)
    }

    /// The device box of `src` mapped by `m`, in pixels (infinite behind the eye).
    @inline(__always)
    private static func coveredArea(_ src: CGRect, _ m: ProjectiveTransform) -> Double {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for k in 0..<4 {
            let q = m.apply(Double(k & 1 == 0 ? src.minX : src.maxX), Double(k & 2 == 0 ? src.minY : src.maxY))
            guard q.w > 1e-9 else { return .infinity }
            x0 = min(x0, q.x / q.w); x1 = max(x1, q.x / q.w); y0 = min(y0, q.y / q.w); y1 = max(y1, q.y / q.w)
        }
        return (x1 - x0) * (y1 - y0)
    }
}
