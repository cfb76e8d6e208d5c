/// Bounds on the work a scene may ask for, so a server rendering scenes from strangers
/// cannot be made to allocate without limit. Each is checked before the allocation it guards.
/// The defaults, and the `oqc` flag of each, are declared in `OperatorLimit`.
public struct SceneLimits: Equatable, Sendable {
    /// Largest scene input in bytes (a file or standard input), checked while it is read:
    /// longer input is refused without reading the rest.
    public var maxInputBytes: Int = OperatorLimit.inputBytes.defaultValue
    /// Largest canvas side in pixels (after `scale`).
    public var maxCanvasPixelsPerSide: Int = OperatorLimit.canvasSide.defaultValue
    /// Deepest layer nesting (the root's sublayers are depth 1; a mask counts as a level).
    public var maxDepth: Int = OperatorLimit.depth.defaultValue
    /// Most layers in the tree, masks included.
    public var maxLayers: Int = OperatorLimit.layers.defaultValue
    /// Largest decoded `contents` image, in pixels.
    public var maxImagePixels: Int = OperatorLimit.imagePixels.defaultValue
    /// Most characters in all text layers' strings together.
    public var maxTextCharacters: Int = OperatorLimit.textCharacters.defaultValue
    /// Most pixels of all decoded images together (each file counted once).
    public var maxTotalImagePixels: Int = OperatorLimit.totalImagePixels.defaultValue
    /// Most path elements (points of moves, lines and curves) in all of the scene's paths.
    public var maxPathPoints: Int = OperatorLimit.pathPoints.defaultValue
    /// OpenQuartzCore extension: most animations (groups and their children each count) and
    /// keyframe values, key times and timing functions in all of the scene's layers
    /// (`oqc --max-animation-values`).
    public var maxAnimationValues: Int = OperatorLimit.animationValues.defaultValue

    /// The default limits (see each property).
    public init() {}

    /// Limits with the given values; each defaults to the default limit.
    public init(maxCanvasPixelsPerSide: Int = OperatorLimit.canvasSide.defaultValue,
                maxDepth: Int = OperatorLimit.depth.defaultValue,
                maxLayers: Int = OperatorLimit.layers.defaultValue,
                maxImagePixels: Int = OperatorLimit.imagePixels.defaultValue,
                maxPathPoints: Int = OperatorLimit.pathPoints.defaultValue,
                maxAnimationValues: Int = OperatorLimit.animationValues.defaultValue,
                maxInputBytes: Int = OperatorLimit.inputBytes.defaultValue,
                maxTotalImagePixels: Int = OperatorLimit.totalImagePixels.defaultValue,
                maxTextCharacters: Int = OperatorLimit.textCharacters.defaultValue) {
        self.maxTextCharacters = maxTextCharacters
        self.maxTotalImagePixels = maxTotalImagePixels
        self.maxInputBytes = maxInputBytes
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
