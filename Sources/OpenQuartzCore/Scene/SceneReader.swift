import Foundation

/// Turns a parsed scene document into values and layers, refusing anything docs/scene-format.md does
/// not allow with an error that names the file, the JSON path and the problem.
///
/// The value readers live in extensions, one file per kind of value (colours, transforms,
/// paths, images, layers); this file holds the scalar readers they share.
package final class SceneReader {
    /// The scene file as the caller named it, for messages.
    let file: String
    /// Folder that relative `contents` paths resolve against; nil when parsing data that
    /// has no folder (images given by path are then refused).
    let baseDirectory: String?
    let options: SceneOptions
    /// Canvas defaults for layers that do not set their own (docs/scene-format.md "canvas").
    var defaultAllowsEdgeAntialiasing = false
    var defaultAllowsGroupOpacity = true
    /// Images already decoded, by the file's identity (device and inode), so a picture used by
    /// many layers is read once however its path is spelt (`img.png`, `./img.png`, `a/../img.png`,
    /// a link to it).
    var imageCache: [String: CGImage] = [:]
    /// Pixels of every image decoded so far, against `SceneLimits.maxTotalImagePixels`.
    var imagePixels = 0
    /// Characters of every text layer's string so far, against `SceneLimits.maxTextCharacters`.
    var textCharacters = 0

    /// Counts a text layer's `n` characters against `SceneLimits.maxTextCharacters`.
    func countTextCharacters(_ n: Int, _ p: JSONPath) throws(SceneError) {
        let (total, overflow) = textCharacters.addingReportingOverflow(n)
        let limit = options.limits.maxTextCharacters
        guard !overflow, total <= limit else {
            throw fail(p, "the scene's text layers have more than \(limit) characters (raise the limit with \(OperatorLimit.textCharacters.flag))",
                       kind: .limitExceeded)
        }
        textCharacters = total
    }
    /// Where each decoded image came from, so the writer can refer to it again.
    var imageSources: [ObjectIdentifier: String] = [:]
    /// Font file paths as the scene wrote them, by text layer, for writing the scene back.
    var fontSources: [ObjectIdentifier: String] = [:]
    /// Path elements read so far, against `SceneLimits.maxPathPoints`.
    var pathElements = 0
    /// Animations and keyframe values read so far, against `SceneLimits.maxAnimationValues`.
    var animationValues = 0
    /// Every image and font file read, as resolved (for `Scene.inputFiles`).
    var inputFiles: [String] = []

    package init(file: String, baseDirectory: String?, options: SceneOptions) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.options = options
    }

    func fail(_ path: JSONPath, _ problem: String, kind: SceneError.Kind = .invalidScene) -> SceneError {
        SceneError(kind: kind, file: file, location: path.description, problem: problem)
    }

    /// A value as it appeared, shortened for a one-line message.
    static func quote(_ v: JSONValue) -> String {
        if case .double(let d) = v, !d.isFinite { return "a number out of range" }
        let s = JSONWriter.compact(v)
        return s.count <= 40 ? s : String(s.prefix(39)) + "…"
    }

    static func quote(_ s: String) -> String { quote(.string(s)) }

    /// A string quoted whole, for file names that must be shown in full.
    static func quoteFull(_ s: String) -> String {
        var out = ""
        JSONWriter.writeString(s, into: &out)
        return out
    }

    func typeError(_ v: JSONValue, _ p: JSONPath, expected: String) -> SceneError {
        fail(p, "expected \(expected), got \(Self.quote(v))")
    }

    // MARK: scalars

    package func number(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGFloat {
        switch v {
        case .int(let i): return CGFloat(i)
        case .double(let d):
            guard d.isFinite else { throw outOfRange(d, p) }
            return CGFloat(d)
        default: throw typeError(v, p, expected: "a number")
        }
    }

    /// A number beyond Double's range (the parser reads it as ±infinity).
    func outOfRange(_ d: Double, _ p: JSONPath) -> SceneError {
        fail(p, "number out of range (beyond ±1.8e308)")
    }

    /// A number in a closed range; `what` names the range in the message.
    func number(_ v: JSONValue, _ p: JSONPath, in range: ClosedRange<CGFloat>) throws(SceneError) -> CGFloat {
        let x = try number(v, p)
        guard range.contains(x) else {
            throw fail(p, "expected a number in \(Self.text(range.lowerBound))…\(Self.text(range.upperBound)), got \(Self.quote(v))")
        }
        return x
    }

    package func nonNegative(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGFloat {
        let x = try number(v, p)
        guard x >= 0 else { throw fail(p, "expected a number ≥ 0, got \(Self.quote(v))") }
        return x
    }

    func positive(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGFloat {
        let x = try number(v, p)
        guard x > 0 else { throw fail(p, "expected a number > 0, got \(Self.quote(v))") }
        return x
    }

    package func unit(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGFloat {
        try number(v, p, in: 0...1)
    }

    func integer(_ v: JSONValue, _ p: JSONPath, min: Int) throws(SceneError) -> Int {
        let i: Int
        switch v {
        case .int(let x): i = x
        case .double(let d) where !d.isFinite: throw outOfRange(d, p)
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: i = Int(d)
        default: throw typeError(v, p, expected: "a whole number")
        }
        guard i >= min else { throw fail(p, "expected a whole number ≥ \(min), got \(Self.quote(v))") }
        return i
    }

    package func bool(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> Bool {
        guard case .bool(let b) = v else { throw typeError(v, p, expected: "true or false") }
        return b
    }

    func string(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> String {
        guard case .string(let s) = v else { throw typeError(v, p, expected: "a string") }
        return s
    }

    func object(_ v: JSONValue, _ p: JSONPath, expected: String) throws(SceneError) -> JSONObject {
        guard case .object(let o) = v else { throw typeError(v, p, expected: expected) }
        return o
    }

    func array(_ v: JSONValue, _ p: JSONPath, expected: String) throws(SceneError) -> [JSONValue] {
        guard case .array(let a) = v else { throw typeError(v, p, expected: expected) }
        return a
    }

    /// One of a fixed set of names, mapped to its value.
    package func choice<T>(_ v: JSONValue, _ p: JSONPath, _ table: KeyValuePairs<String, T>) throws(SceneError) -> T {
        if case .string(let s) = v {
            for (name, value) in table where name == s { return value }
        }
        let names = table.map { "\"\($0.key)\"" }.joined(separator: ", ")
        throw fail(p, "expected one of \(names), got \(Self.quote(v))")
    }

    // MARK: number arrays

    /// Exactly `names.count` numbers; `names` describe them in the message ("x, y, width, height").
    func numbers(_ v: JSONValue, _ p: JSONPath, _ names: [String]) throws(SceneError) -> [CGFloat] {
        guard case .array(let a) = v, a.count == names.count else {
            throw typeError(v, p, expected: "an array of \(names.count) numbers [\(names.joined(separator: ", "))]")
        }
        var out: [CGFloat] = []
        out.reserveCapacity(a.count)
        for (i, x) in a.enumerated() {
            switch x {
            case .int(let n): out.append(CGFloat(n))
            case .double(let d):
                guard d.isFinite else { throw outOfRange(d, p.index(i)) }
                out.append(CGFloat(d))
            default: throw typeError(x, p.index(i), expected: "a number")
            }
        }
        return out
    }

    package func point(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGPoint {
        let n = try numbers(v, p, ["x", "y"])
        return CGPoint(x: n[0], y: n[1])
    }

    /// A size, e.g. `shadowOffset`: either component may be negative.
    func offset(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGSize {
        let n = try numbers(v, p, ["width", "height"])
        return CGSize(width: n[0], height: n[1])
    }

    /// `[x, y, width, height]` with width and height ≥ 0.
    package func rect(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGRect {
        let n = try numbers(v, p, ["x", "y", "width", "height"])
        if n[2] < 0 { throw fail(p.index(2), "expected a width ≥ 0, got \(Self.text(n[2]))") }
        if n[3] < 0 { throw fail(p.index(3), "expected a height ≥ 0, got \(Self.text(n[3]))") }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// An array of numbers of any length.
    func numberList(_ v: JSONValue, _ p: JSONPath, nonNegative: Bool = false) throws(SceneError) -> [CGFloat] {
        let a = try array(v, p, expected: "an array of numbers")
        var out: [CGFloat] = []
        out.reserveCapacity(a.count)
        for (i, x) in a.enumerated() {
            out.append(nonNegative ? try self.nonNegative(x, p.index(i)) : try number(x, p.index(i)))
        }
        return out
    }

    // MARK: keys

    /// Refuses members not in `allowed`; `context` completes "unknown key" when useful.
    func checkKeys(_ o: JSONObject, _ p: JSONPath, allowed: Set<String>,
                   elsewhere: (String) -> String? = { _ in nil }) throws(SceneError) {
        for m in o.members where !allowed.contains(m.key) {
            var problem = "unknown key"
            if let hint = elsewhere(m.key) {
                problem += " (\(hint))"
            } else if let near = Self.nearest(m.key, in: allowed) {
                problem += " (did you mean \"\(near)\"?)"
            }
            throw fail(p.key(m.key), problem)
        }
    }

    /// The closest candidate (case-insensitive), for "did you mean" hints: within edit
    /// distance 2, or 1 for short words, where 2 edits make almost anything match.
    package static func nearest(_ word: String, in candidates: some Sequence<String>) -> String? {
        // The distance is at least the difference in length: a word much longer than every
        // candidate (a 10 MB key) is no near miss, and is not compared at all.
        guard word.utf8.count <= 64 else { return nil }
        let w = Array(word.lowercased().unicodeScalars)
        let limit = w.count <= 4 ? 1 : 2
        var best: (String, Int)? = nil
        for c in candidates {
            let cw = Array(c.lowercased().unicodeScalars)
            if abs(cw.count - w.count) > limit { continue }
            let d = editDistance(w, cw)
            if d <= limit, d < (best?.1 ?? Int.max) || (d == best?.1 && c < best!.0) { best = (c, d) }
        }
        return best?.0
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }

    /// A number as a person would write it: 1, not 1.0.
    static func text(_ x: CGFloat) -> String {
        let d = Double(x)
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return d.description
    }
}
