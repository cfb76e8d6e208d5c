import Foundation

/// How a scene file is read.
public struct SceneOptions: Equatable, Sendable {
    /// Let `contents` name absolute paths and paths outside the scene's folder.
    /// Off by default: a scene from a stranger must not read arbitrary files.
    public var allowAnyPath: Bool
    /// The bounds on what the scene may allocate. Default `SceneLimits.default`.
    public var limits: SceneLimits
    /// Replaces the file's `canvas.scale` (`oqc render --scale`); the canvas limit applies
    /// to the result.
    public var scale: CGFloat?

    /// Options with the given values; by default paths stay inside the scene's folder, the
    /// default limits apply and the file's scale is kept.
    public init(allowAnyPath: Bool = false, limits: SceneLimits = .default, scale: CGFloat? = nil) {
        self.allowAnyPath = allowAnyPath
        self.limits = limits
        self.scale = scale
    }

    /// The defaults: no outside paths, the default limits, the file's own scale.
    public static let `default` = SceneOptions()
}
