import Foundation

/// Path values (docs/scene-format.md "Path"): SVG path data, or `{"rect"}`, `{"ellipse"}`,
/// `{"roundedRect", "cornerRadius"}`.
extension SceneReader {
    package static let pathExpected = "a path (SVG path data, {\"rect\": [x, y, w, h]}, {\"ellipse\": [x, y, w, h]} or {\"roundedRect\": [x, y, w, h], \"cornerRadius\": r})"

    package func path(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGPath {
        switch v {
        case .string(let data):
            do {
                return try SVGPathParser.parse(data)
            } catch {
                throw fail(p, "invalid path data at character \(error.character) \(Self.excerpt(data, at: error.character)): \(error.message)")
            }
        case .object(let o):
            try checkKeys(o, p, allowed: ["rect", "ellipse", "roundedRect", "cornerRadius"])
            if let r = o["rect"], o.count == 1 {
                return CGPath(rect: try rect(r, p.key("rect")))
            }
            if let r = o["ellipse"], o.count == 1 {
                return CGPath(ellipseIn: try rect(r, p.key("ellipse")))
            }
            if let r = o["roundedRect"], o["rect"] == nil, o["ellipse"] == nil {
                let box = try rect(r, p.key("roundedRect"))
                let radius = try o["cornerRadius"].map { (x) throws(SceneError) in try nonNegative(x, p.key("cornerRadius")) } ?? 0
                return CGPath(roundedRect: box, cornerWidth: radius, cornerHeight: radius)
            }
            if o["cornerRadius"] != nil && o["roundedRect"] == nil {
                throw fail(p.key("cornerRadius"), "\"cornerRadius\" goes only with \"roundedRect\"")
            }
            throw typeError(v, p, expected: "exactly one of \"rect\", \"ellipse\", \"roundedRect\"")
        default:
            throw typeError(v, p, expected: Self.pathExpected)
        }
    }

    func optionalPath(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGPath? {
        if case .null = v { return nil }
        let made = try path(v, p)
        // Every element is drawn (stroked, dashed, blurred) each frame: bound their total.
        pathElements = pathElements.addingReportingOverflow(made.storage.count).partialValue
        if pathElements > options.limits.maxPathPoints {
            throw fail(p, "the scene's paths have more than \(options.limits.maxPathPoints) points (raise the limit with \(OperatorLimit.pathPoints.flag))",
                       kind: .limitExceeded)
        }
        return made
    }

    /// A short piece of `data` around a 1-based character position, quoted: `near "L x 5"`.
    static func excerpt(_ data: String, at character: Int) -> String {
        let chars = Array(data)
        let at = min(character - 1, chars.count)
        let start = max(0, at - 10)
        let end = min(chars.count, at + 6)
        var s = String(chars[start..<end])
        if start > 0 { s = "…" + s }
        if end < chars.count { s += "…" }
        return "(near \(quote(s)))"
    }
}
