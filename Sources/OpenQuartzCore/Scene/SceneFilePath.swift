/// OpenQuartzCore extension: the folder and name parts of a file path, split at the last "/",
/// as the scene reader and `oqc` need them. Written out rather than taken from `NSString`,
/// whose `deletingLastPathComponent` stops the process on one-character paths ("x", "-", ".")
/// in the Foundation of Swift 6.3.1.
public enum SceneFilePath {
    /// The folder holding `path`: "." for a bare name, "/" for a file at the root, and the
    /// part before the last "/" otherwise (trailing slashes of a folder are ignored).
    public static func folder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        let head = p[..<slash]
        if head.isEmpty { return "/" }
        var h = head
        while h.count > 1, h.hasSuffix("/") { h = h.dropLast() }
        return String(h)
    }

    /// The last part of `path` (after the last "/"; the path itself when it has none).
    public static func name(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// The name without its last extension ("a.json" → "a"; ".hidden" stays itself).
    public static func stem(of path: String) -> String {
        let n = name(of: path)
        guard let dot = n.lastIndex(of: "."), dot != n.startIndex else { return n }
        return String(n[..<dot])
    }
}
