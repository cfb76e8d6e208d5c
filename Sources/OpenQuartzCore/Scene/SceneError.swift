/// Why a scene file was refused, in the scene format's one-line form `file: json.path: problem`,
/// for example `card.json: layers[0].sublayers[2].cornerRadius: expected a number, got "big"`.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it is, so a caller can tell a bad scene from one over a limit.
    public enum Kind: Sendable, Equatable {
        /// The file is not a valid scene (syntax, types, ranges, unknown keys, bad images…).
        case invalidScene
        /// The scene is valid but larger than `SceneLimits` allow.
        case limitExceeded
        /// The scene file itself could not be read.
        case unreadable
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// The scene file as the caller named it.
    public var file: String
    /// Where in the document: a JSON path such as `layers[0].bounds[2]`, `line 3, column 7`
    /// for a syntax error, or empty when the problem is the whole file.
    public var location: String
    /// What is wrong, in words ("expected a number, got \"big\"").
    public var problem: String

    /// An error from its parts.
    public init(kind: Kind = .invalidScene, file: String, location: String, problem: String) {
        self.kind = kind
        self.file = file
        self.location = location
        self.problem = problem
    }

    /// The one-line message: `file: location: problem` (or `file: problem`).
    public var description: String {
        location.isEmpty ? "\(file): \(problem)" : "\(file): \(location): \(problem)"
    }
}
