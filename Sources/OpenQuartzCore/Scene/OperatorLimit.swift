/// OpenQuartzCore extension: one bound a server operator can set on what a scene may ask for,
/// declared once for every place that shows it: the `SceneLimits` or `RenderBudget` field it
/// sets, its `oqc` flag, its default and its line in `oqc render --help`. Both structures take
/// their defaults from here, `oqc` its options and help, and the refusals the flag they name;
/// docs/limits.md describes each (a test checks that it lists every flag with its default).
public struct OperatorLimit: Sendable {
    /// When the limit is checked: while the scene is read (`SceneLimits`), or while a frame is
    /// drawn (`RenderBudget`).
    public enum Stage: Sendable {
        /// Checked by the scene reader, before the allocation it guards.
        case reading
        /// Checked by the compositor, per frame.
        case rendering
    }

    /// The `oqc` option that sets it, such as `--max-canvas`; the refusals name it.
    public let flag: String
    /// What the option's value is called in the help (`PX`, `N`).
    public let valueName: String
    /// The value when no option sets it.
    public let defaultValue: Int
    /// The largest value the option accepts (`Int.max` but for nesting, which must fit the
    /// stack the commands run on).
    public let ceiling: Int
    /// Whether the scene reader or the compositor checks it.
    public let stage: Stage
    /// What it bounds, in a few words (the help's line, without the default).
    public let summary: String

    private enum Field {
        case scene(WritableKeyPath<SceneLimits, Int> & Sendable)
        case budget(WritableKeyPath<RenderBudget, Int> & Sendable)
    }
    private let field: Field

    private init(_ flag: String, value valueName: String = "N", default defaultValue: Int, ceiling: Int = .max,
                 _ field: Field, _ summary: String) {
        self.flag = flag
        self.valueName = valueName
        self.defaultValue = defaultValue
        self.ceiling = ceiling
        self.field = field
        if case .scene = field { stage = .reading } else { stage = .rendering }
        self.summary = summary
    }

    /// This limit's value in `limits` or in `budget`, whichever holds it.
    public func value(in limits: SceneLimits, _ budget: RenderBudget) -> Int {
        switch field {
        case .scene(let k): return limits[keyPath: k]
        case .budget(let k): return budget[keyPath: k]
        }
    }

    /// Sets this limit to `value` in `limits` or in `budget`, whichever holds it.
    public func set(_ value: Int, in limits: inout SceneLimits, _ budget: inout RenderBudget) {
        switch field {
        case .scene(let k): limits[keyPath: k] = value
        case .budget(let k): budget[keyPath: k] = value
        }
    }

    /// The default as the help writes it: with an M suffix for whole millions above one.
    public var defaultText: String {
        defaultValue >= 1_000_000 && defaultValue % 1_000_000 == 0 ? "\(defaultValue / 1_000_000)M" : "\(defaultValue)"
    }

    // MARK: The limits

    /// Largest scene input in bytes, a file or standard input, checked while it is read
    /// (`SceneLimits.maxInputBytes`).
    public static let inputBytes = OperatorLimit("--max-input-bytes", default: 64_000_000, .scene(\.maxInputBytes),
                                                 "largest scene file or standard input in bytes")
    /// Largest canvas side in pixels, after `scale` (`SceneLimits.maxCanvasPixelsPerSide`).
    public static let canvasSide = OperatorLimit("--max-canvas", value: "PX", default: 16384, .scene(\.maxCanvasPixelsPerSide),
                                                 "largest canvas side in pixels")
    /// Deepest layer nesting, a mask counting as a level (`SceneLimits.maxDepth`); at most
    /// 20 000, which the 1 GiB stack `oqc` runs on holds.
    public static let depth = OperatorLimit("--max-depth", default: 256, ceiling: 20_000, .scene(\.maxDepth),
                                            "deepest layer nesting")
    /// Most layers, masks included and replicator instances counted (`SceneLimits.maxLayers`).
    public static let layers = OperatorLimit("--max-layers", default: 1_000_000, .scene(\.maxLayers),
                                             "most layers, replicator instances counted")
    /// Largest decoded contents image in pixels (`SceneLimits.maxImagePixels`).
    public static let imagePixels = OperatorLimit("--max-image-pixels", default: 100_000_000, .scene(\.maxImagePixels),
                                                  "largest contents image in pixels")
    /// Most pixels of all the scene's decoded images together, each file once
    /// (`SceneLimits.maxTotalImagePixels`): 256 M pixels are 1 GiB of RGBA.
    public static let totalImagePixels = OperatorLimit("--max-total-image-pixels", default: 256_000_000, .scene(\.maxTotalImagePixels),
                                                       "pixels of all images together")
    /// Most characters in all the scene's text layers (`SceneLimits.maxTextCharacters`); a
    /// layout reads at most `TextLayout.maxCharacters` (1 M) of one string whatever the limit.
    public static let textCharacters = OperatorLimit("--max-text-characters", default: 1_000_000, .scene(\.maxTextCharacters),
                                                     "characters of all text layers")
    /// Most path elements in all of the scene's paths (`SceneLimits.maxPathPoints`).
    public static let pathPoints = OperatorLimit("--max-path-points", default: 1_000_000, .scene(\.maxPathPoints),
                                                 "most path points in the scene's paths")
    /// Most animations and keyframe values, key times and timing functions in the scene
    /// (`SceneLimits.maxAnimationValues`). 100 000 animations in groups take about 200 MB and
    /// 5 s to read and show in a debug build; a million took 1.56 GB and 13.5 s in release.
    public static let animationValues = OperatorLimit("--max-animation-values", default: 100_000, .scene(\.maxAnimationValues),
                                                      "most animations and keyframe values")
    /// Most pixels of offscreen surfaces and masks in one frame (`RenderBudget.maxOffscreenPixels`).
    public static let offscreenPixels = OperatorLimit("--max-offscreen-pixels", default: 256_000_000, .budget(\.maxOffscreenPixels),
                                                      "pixels of offscreen surfaces per frame")
    /// Most pixels of one offscreen surface (`RenderBudget.maxSurfacePixels`).
    public static let surfacePixels = OperatorLimit("--max-surface-pixels", default: 64_000_000, .budget(\.maxSurfacePixels),
                                                    "pixels of one offscreen surface")
    /// Deepest nesting of offscreen groups (`RenderBudget.maxOffscreenDepth`).
    public static let offscreenDepth = OperatorLimit("--max-offscreen-depth", default: 32, .budget(\.maxOffscreenDepth),
                                                     "offscreen groups nested inside one another")
    /// Most layers drawn in one frame, replicas and band passes counted (`RenderBudget.maxDrawOperations`).
    public static let drawOperations = OperatorLimit("--max-draw-operations", default: 10_000_000, .budget(\.maxDrawOperations),
                                                     "layers drawn per frame, replicas included")
    /// Most pixels blurred in one frame (`RenderBudget.maxBlurPixels`).
    public static let blurPixels = OperatorLimit("--max-blur-pixels", default: 256_000_000, .budget(\.maxBlurPixels),
                                                 "pixels blurred per frame")

    /// Most particles one emitter shows in a frame, the youngest kept (`RenderBudget.maxParticles`;
    /// 2²⁰, the simulation's own default).
    public static let particles = OperatorLimit("--max-particles", default: 1 << 20, .budget(\.maxParticles),
                                                "particles one emitter shows per frame")

    /// Most pixels of the renderer's own canvas (`RenderBudget.maxCanvasPixels`): the default
    /// is the largest canvas `--max-canvas` allows at its default, 16384².
    public static let canvasPixels = OperatorLimit("--max-canvas-pixels", default: 16384 * 16384, .budget(\.maxCanvasPixels),
                                                   "pixels of the canvas rendered into")

    /// Every limit: the reader's, then the frame's, in the order the help lists them.
    public static let all: [OperatorLimit] = [
        inputBytes, canvasSide, depth, layers, imagePixels, totalImagePixels, pathPoints, textCharacters, animationValues,
        offscreenPixels, surfacePixels, offscreenDepth, drawOperations, blurPixels, particles, canvasPixels,
    ]
}
