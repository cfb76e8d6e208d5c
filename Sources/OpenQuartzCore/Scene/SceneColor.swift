import Foundation

/// The colour forms of SCENE.md: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, UIKit colour names,
/// `{"white", "alpha"}` and `{"red", "green", "blue", "alpha"}`.
enum SceneColor {
    /// UIKit's class colours with their exact values. The grays are made in the gray
    /// space, as `UIColor.darkGray` etc. are (`colorWithWhite:alpha:`); the rest in RGB.
    static let named: [(name: String, color: CGColor)] = [
        ("black", CGColor(gray: 0, alpha: 1)),
        ("darkGray", CGColor(gray: 1.0 / 3.0, alpha: 1)),
        ("lightGray", CGColor(gray: 2.0 / 3.0, alpha: 1)),
        ("white", CGColor(gray: 1, alpha: 1)),
        ("gray", CGColor(gray: 0.5, alpha: 1)),
        ("red", CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
        ("green", CGColor(red: 0, green: 1, blue: 0, alpha: 1)),
        ("blue", CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
        ("cyan", CGColor(red: 0, green: 1, blue: 1, alpha: 1)),
        ("yellow", CGColor(red: 1, green: 1, blue: 0, alpha: 1)),
        ("magenta", CGColor(red: 1, green: 0, blue: 1, alpha: 1)),
        ("orange", CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)),
        ("purple", CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)),
        ("brown", CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)),
        ("clear", CGColor(gray: 0, alpha: 0)),
    ]

    static let expected = "a colour (\"#RRGGBB\", a name such as \"red\", {\"white\", \"alpha\"} or {\"red\", \"green\", \"blue\", \"alpha\"})"

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; the error says what is wrong and where.
    static func hex(_ s: String) -> Result<CGColor, HexError> {
        var values: [Int] = []
        for (k, u) in s.unicodeScalars.enumerated().dropFirst() {
            guard u.isASCII, let d = Int(String(u), radix: 16) else {
                return .failure(.notHex(String(u), character: k + 1))
            }
            values.append(d)
        }
        let bytes: [Int]
        switch values.count {
        case 3: bytes = values.map { $0 * 17 } + [255]
        case 6: bytes = stride(from: 0, to: 6, by: 2).map { values[$0] * 16 + values[$0 + 1] } + [255]
        case 8: bytes = stride(from: 0, to: 8, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        default: return .failure(.length(values.count))
        }
        let c = bytes.map { CGFloat(Double($0) / 255.0) }
        return .success(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
    }

    enum HexError: Error {
        case notHex(String, character: Int)
        case length(Int)
    }
}

extension SceneReader {
    func color(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGColor {
        switch v {
        case .string(let s):
            if s.hasPrefix("#") {
                switch SceneColor.hex(s) {
                case .success(let c): return c
                case .failure(.length(let n)):
                    throw fail(p, "invalid colour \(Self.quote(s)): expected 3, 6 or 8 hex digits after '#', got \(n)")
                case .failure(.notHex(let ch, let at)):
                    throw fail(p, "invalid colour \(Self.quote(s)): \(Self.quote(ch)) at character \(at) is not a hex digit")
                }
            }
            for (name, c) in SceneColor.named where name == s { return c }
            var problem = "unknown colour name \(Self.quote(s))"
            if let near = Self.nearest(s, in: SceneColor.named.map(\.name) + ["grey", "darkGrey", "lightGrey"]) {
                let fixed = near.replacingOccurrences(of: "rey", with: "ray")
                problem += " (did you mean \"\(fixed)\"?)"
            }
            throw fail(p, problem)
        case .object(let o):
            if o["white"] != nil {
                try checkKeys(o, p, allowed: ["white", "alpha"])
                let w = try unit(o["white"]!, p.key("white"))
                let a = try o["alpha"].map { (x) throws(SceneError) in try unit(x, p.key("alpha")) } ?? 1
                return CGColor(gray: w, alpha: a)
            }
            if o["red"] != nil || o["green"] != nil || o["blue"] != nil {
                try checkKeys(o, p, allowed: ["red", "green", "blue", "alpha"])
                var c: [CGFloat] = []
                for k in ["red", "green", "blue"] {
                    guard let x = o[k] else { throw fail(p, "colour is missing \"\(k)\"") }
                    c.append(try unit(x, p.key(k)))
                }
                let a = try o["alpha"].map { (x) throws(SceneError) in try unit(x, p.key("alpha")) } ?? 1
                return CGColor(red: c[0], green: c[1], blue: c[2], alpha: a)
            }
            try checkKeys(o, p, allowed: ["white", "red", "green", "blue", "alpha"])
            throw typeError(v, p, expected: SceneColor.expected)
        default:
            throw typeError(v, p, expected: SceneColor.expected)
        }
    }

    /// A colour, or `null` for none.
    func optionalColor(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGColor? {
        if case .null = v { return nil }
        return try color(v, p)
    }
}
