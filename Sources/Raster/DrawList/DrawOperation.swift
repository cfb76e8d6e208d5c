/// One operation of a draw list, in the device space of the surface it is performed on: the
/// compositor decides what draws, in which order and under which clip (Core Animation's rules);
/// the surface decides how (coverage, banding, blending). Chromium cc's draw quads are the
/// model: each operation says everything its pixels depend on, apart from the clip and the
/// region of the target that can still change, which come with it (cc's shared quad state).
package enum DrawOperation {
    /// A rounded box, less `hole` when given (a border ring), in one colour, with exact area
    /// coverage.
    case fillRoundedBox(RoundedBox, hole: RoundedBox?, color: Color)
    /// A path mapped by a projective matrix, in one colour. `contoursOverlap: false` promises
    /// that no two contours overlap (glyph outlines).
    case fillPath(Path, transform: ProjectiveTransform, rule: FillRule, color: Color, antialias: Bool,
                  contoursOverlap: Bool)
    /// A path filled with a gradient, whose own space maps to the device by `gradientTransform`.
    case fillGradient(Path, transform: ProjectiveTransform, gradient: Gradient, gradientTransform: ProjectiveTransform,
                      antialias: Bool)
    /// A texture drawn through a projective matrix (contents, rasterized layers, groups in
    /// perspective); `sourceRect` in texels, the whole texture when nil.
    case drawTexture(Texture, transform: ProjectiveTransform, filter: SamplingFilter, opacity: Float, antialias: Bool,
                     sourceRect: Rect?)
    /// A coverage mask (a blurred shape: shadows) in one colour.
    case fillCoverage(Mask, color: Color, blend: BlendMode)
    /// A group rendered offscreen, at its own device position, with an opacity.
    case composite(Surface, opacity: Float, blend: BlendMode)
    /// Textured, tinted quads drawn in order (a particle system's frame).
    case drawSprites(SpriteBatch)
}

/// The caches an operation's coverage may be replayed from; either may be absent.
package struct CoverageCaches: Sendable {
    /// Rounded boxes' coverage.
    package var shapes: RoundedBoxCoverageCache?
    /// Path fills' coverage (texture edges included).
    package var paths: PathCoverageCache?

    /// The caches given; none by default.
    @inlinable
    package init(shapes: RoundedBoxCoverageCache? = nil, paths: PathCoverageCache? = nil) {
        self.shapes = shapes
        self.paths = paths
    }
}

extension Surface {
    /// Performs `operation` through `clip` (device coverage), leaving out pixels outside
    /// `region` where the operation can (fills and composites; texture and gradient draws
    /// cover their whole clip). The pixels are those of the corresponding drawing call.
    ///
    /// Inlinable, so that the compositor's call specializes to the one drawing call it names
    /// (the operation is then never built as a value on the way).
    @inlinable @inline(__always)
    package func perform(_ operation: DrawOperation, clip: Mask?, region: PixelRegion?, caches: CoverageCaches) {
        switch operation {
        case .fillRoundedBox(let box, let hole, let color):
            fill(box, hole: hole, color: color, clip: clip, region: region, cache: caches.shapes)
        case .fillPath(let path, let transform, let rule, let color, let antialias, let contoursOverlap):
            fill(path, transform: transform, rule: rule, color: color, clip: clip, region: region, antialias: antialias,
                 contoursOverlap: contoursOverlap, paths: caches.paths)
        case .fillGradient(let path, let transform, let gradient, let gradientTransform, let antialias):
            fill(path, transform: transform, rule: .nonZero, gradient: gradient, gradientTransform: gradientTransform,
                 clip: clip, antialias: antialias)
        case .drawTexture(let texture, let transform, let filter, let opacity, let antialias, let sourceRect):
            draw(texture, transform: transform, filter: filter, opacity: opacity, clip: clip, antialias: antialias,
                 paths: caches.paths, sourceRect: sourceRect)
        case .fillCoverage(let mask, let color, let blend):
            fill(mask, color: color, clip: clip, region: region, blend: blend)
        case .composite(let source, let opacity, let blend):
            composite(source, opacity: opacity, mask: clip, region: region, blend: blend)
        case .drawSprites(let batch):
            drawSprites(batch, clip: clip, region: region)
        }
    }
}
