/// Bounds on the work a scene may ask for, so a server rendering scenes from strangers
/// cannot be made to allocate without limit. Each is checked before the allocation it guards.
public struct SceneLimits: Equatable, Sendable {
    /// Largest canvas side in pixels (after `scale`).
    public var maxCanvasPixelsPerSide: Int = 16384
    /// Deepest layer nesting (the root's sublayers are depth 1; a mask counts as a level).
    public var maxDepth: Int = 256
    /// Most layers in the tree, masks included.
    public var maxLayers: Int = 1_000_000
    /// Largest decoded `contents` image, in pixels.
    public var maxImagePixels: Int = 100_000_000
    /// Most path elements (points of moves, lines and curves) in all of the scene's paths.
    public var maxPathPoints: Int = 1_000_000
    /// OpenQuartzCore extension: most animations (groups and their children each count) and
    /// keyframe values, key times and timing functions in all of the scene's layers.
    public var maxAnimationValues: Int = 1_000_000

    /// The default limits (see each property).
    public init() {}

    /// Limits with the given values; each defaults to the default limit.
    public init(maxCanvasPixelsPerSide: Int = 16384, maxDepth: Int = 256,
                maxLayers: Int = 1_000_000, maxImagePixels: Int = 100_000_000, maxPathPoints: Int = 1_000_000,
                maxAnimationValues: Int = 1_000_000) {
        self.maxAnimationValues = maxAnimationValues
        self.maxPathPoints = maxPathPoints
        self.maxCanvasPixelsPerSide = maxCanvasPixelsPerSide
        self.maxDepth = maxDepth
        self.maxLayers = maxLayers
        self.maxImagePixels = maxImagePixels
    }

    /// The default limits: 16384 pixels a side, nesting 256, 1 000 000 layers, 100 Mpx images.
    public static let `default` = SceneLimits()
}
