/// How a scene file is read.
public struct SceneOptions: Equatable, Sendable {
    /// Let `contents` name absolute paths and paths outside the scene's folder.
    /// Off by default: a scene from a stranger must not read arbitrary files.
    public var allowAnyPath: Bool
    public var limits: SceneLimits

    public init(allowAnyPath: Bool = false, limits: SceneLimits = .default) {
        self.allowAnyPath = allowAnyPath
        self.limits = limits
    }

    public static let `default` = SceneOptions()
}
