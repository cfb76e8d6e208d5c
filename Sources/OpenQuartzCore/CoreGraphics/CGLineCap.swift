/// How a stroke ends at open subpath ends, with Core Graphics' raw values.
public enum CGLineCap: Int32, Sendable {
    case butt = 0
    case round = 1
    case square = 2
}
