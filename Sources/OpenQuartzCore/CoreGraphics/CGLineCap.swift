/// How a stroke ends at open subpath ends, with Core Graphics' raw values.
public enum CGLineCap: Int32, Sendable {
    /// Square, at the end point.
    case butt = 0
    /// A half circle around the end point.
    case round = 1
    /// A half square beyond the end point.
    case square = 2
}
