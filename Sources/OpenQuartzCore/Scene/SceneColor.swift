import Foundation

/// The colour forms of docs/scene-format.md: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, UIKit colour names,
/// `{"white", "alpha"}` and `{"red", "green", "blue", "alpha"}`.
package enum SceneColor {
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

    package static let expected = "a colour (\"#RRGGBB\", a name such as \"red\", {\"white\", \"alpha\"} or {\"red\", \"green\", \"blue\", \"alpha\"})"

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; the error says what is wrong and where.
    static func hex(_ s: String) -> Result<CGColor, HexError> {
        // Digits packed into one integer: no arrays for the common, valid case.
        var packed: UInt64 = 0
        var count = 0
        for (k, u) in s.unicodeScalars.enumerated().dropFirst() {
            let d: UInt64
            switch u.value {
            case 0x30...0x39: d = UInt64(u.value - 0x30)
            case 0x41...0x46: d = UInt64(u.value - 0x41 + 10)
            case 0x61...0x66: d = UInt64(u.value - 0x61 + 10)
            default: return .failure(.notHex(String(u), character: k + 1))
            }
            if count < 9 { packed = packed << 4 | d }
            count += 1
        }
        func byte(_ i: Int, of n: Int) -> CGFloat {
            CGFloat(Double((packed >> UInt64(4 * (n - 2 - 2 * i))) & 0xFF) / 255.0)
        }
        switch count {
        case 3:
            func nib(_ i: Int) -> CGFloat { CGFloat(Double(((packed >> UInt64(4 * (2 - i))) & 0xF) * 17) / 255.0) }
            return .success(CGColor(red: nib(0), green: nib(1), blue: nib(2), alpha: 1))
        case 6:
            return .success(CGColor(red: byte(0, of: 6), green: byte(1, of: 6), blue: byte(2, of: 6), alpha: 1))
        case 8:
            return .success(CGColor(red: byte(0, of: 8), green: byte(1, of: 8), blue: byte(2, of: 8), alpha: byte(3, of: 8)))
        default:
            return .failure(.length(count))
        }
    }

    enum HexError: Error {
        case notHex(String, character: Int)
        case length(Int)
    }
}

extension SceneReader {
    package func color(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGColor {
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
