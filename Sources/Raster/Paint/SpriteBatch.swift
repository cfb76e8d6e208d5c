/// Many small textured quads drawn in one operation, each tinted by a colour: a particle
/// system's frame. A GPU draws particles as one instanced batch of quads; here the batch is one
/// draw operation, so that ten thousand particles cost one operation, not ten thousand.
package final class SpriteBatch: @unchecked Sendable {
    /// The images the sprites draw, each with the filter it is sampled with.
    package let textures: [(texture: Texture, filter: SamplingFilter)]
    /// The quads, drawn in this order.
    package let sprites: [Sprite]
    /// `.sourceOver`, or `.plusLighter` for additive particles; other modes draw as source-over.
    package let blend: BlendMode
    /// Multiplies every sprite's alpha (the layer's inherited opacity).
    package let opacity: Float

    /// A batch of `sprites` over `textures`, blended with `blend`.
    package init(textures: [(texture: Texture, filter: SamplingFilter)], sprites: [Sprite], blend: BlendMode, opacity: Float) {
        self.textures = textures; self.sprites = sprites; self.blend = blend; self.opacity = opacity
    }
}

/// One quad of a batch: the source rectangle of texture `texture`, mapped into device space by
/// `transform` (texel space → device), its texels multiplied by `tint` (straight RGBA, 0…1).
package struct Sprite: Sendable {
    /// The index of the texture in the batch.
    package var texture: Int
    /// Texel space → device space.
    package var transform: ProjectiveTransform
    /// The part of the texture drawn, in texels.
    package var sourceRect: Rect
    /// The colour the texels are multiplied by: red, green, blue, alpha in 0…1 (straight).
    package var tint: SIMD4<Float>

    /// A sprite from its fields.
    package init(texture: Int, transform: ProjectiveTransform, sourceRect: Rect, tint: SIMD4<Float>) {
        self.texture = texture; self.transform = transform; self.sourceRect = sourceRect; self.tint = tint
    }
}
