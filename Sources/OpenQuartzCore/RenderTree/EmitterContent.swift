import Foundation
import Raster

/// What an emitter layer draws in one frame: its particles, in drawing order, each placed in
/// the layer's bounds space (docs/particles.md).
package struct EmitterContent {
    /// The cells' images, depth first through the cell tree (nil: the cell draws nothing).
    package var images: [EmitterImage?]
    /// The particles, in the order they are drawn (`renderMode`'s).
    package var particles: [Particle]
    /// `renderMode` is `additive`: particles are added (plus-lighter), not drawn over.
    package var additive: Bool
    /// What the particles cover, in the layer's bounds space (for extents and culling).
    package var bounds: CGRect

    /// The most particles one emitter shows in a frame by default (docs/limits.md; a renderer
    /// takes `RenderBudget.maxParticles`, `oqc --max-particles`): past it the youngest are kept.
    /// Work before drawing is bounded by four times as many candidates.
    package static let maxParticles = 1 << 20
}

/// One particle as drawn: where its image's centre is, how large and turned, its colour.
package struct Particle: Sendable {
    /// Position in the layer's bounds space (z orders `backToFront`; it does not move the image).
    package var x, y, z: Double
    /// The image's scale (1: its size in points).
    package var scale: Double
    /// Rotation in radians, clockwise on screen as a layer's z rotation.
    package var rotation: Double
    /// Straight RGBA in 0…1, multiplying the image.
    package var color: SIMD4<Float>
    /// The cell's index in `EmitterContent.images`.
    package var image: Int
    /// When the particle was born, in the emitter's local time.
    package var birth: Double

    /// A particle from its fields.
    package init(x: Double, y: Double, z: Double, scale: Double, rotation: Double, color: SIMD4<Float>, image: Int, birth: Double) {
        self.x = x; self.y = y; self.z = z; self.scale = scale; self.rotation = rotation
        self.color = color; self.image = image; self.birth = birth
    }
}

/// A cell's image as particles draw it: the source rectangle in texels, its size in points
/// and the filters.
package struct EmitterImage {
    package let image: CGImage
    /// `contentsRect` in texels.
    package let sourceRect: CGRect
    /// The source rectangle's size in points: texels over `contentsScale`.
    package let size: CGSize
    package let minification: SamplingFilter
    package let magnification: SamplingFilter

    init?(_ image: CGImage, cell c: CAEmitterCell) {
        let w = CGFloat(image.width), h = CGFloat(image.height), r = c.contentsRect
        let src = CGRect(x: r.minX * w, y: r.minY * h, width: r.width * w, height: r.height * h).standardized
        let k = c.contentsScale.isFinite && c.contentsScale > 0 ? c.contentsScale : 1
        guard src.width.isFinite, src.height.isFinite, src.minX.isFinite, src.minY.isFinite,
              src.width > 0, src.height > 0 else { return nil }
        self.image = image
        sourceRect = src
        size = CGSize(width: src.width / k, height: src.height / k)
        minification = SamplingFilter(CALayerContentsFilter(rawValue: c.minificationFilter))
        magnification = SamplingFilter(CALayerContentsFilter(rawValue: c.magnificationFilter))
    }
}
