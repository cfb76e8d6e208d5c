/// How a stroke turns a corner, with Core Graphics' raw values.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0
    case round = 1
    case bevel = 2
}
