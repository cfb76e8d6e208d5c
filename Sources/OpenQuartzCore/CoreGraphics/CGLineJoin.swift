/// How a stroke turns a corner, with Core Graphics' raw values.
public enum CGLineJoin: Int32, Sendable {
    /// Edges extended to a point (beveled past the miter limit).
    case miter = 0
    /// A circular arc around the joint.
    case round = 1
    /// The corner cut straight across.
    case bevel = 2
}
