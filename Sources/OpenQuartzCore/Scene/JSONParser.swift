#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A syntax error in a JSON text, with the 1-based line and column where it was found.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    var line: Int
    package var column: Int
    package var message: String
    /// True when the error is the nesting limit, so callers can name the flag that raises it.
    package var isDepthLimit = false

    /// An error at a line and column (both 1-based).
    package init(line: Int, column: Int, message: String, isDepthLimit: Bool = false) {
        self.line = line
        self.column = column
        self.message = message
        self.isDepthLimit = isDepthLimit
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Written by hand because a scene needs what Foundation's parser hides: exact value
/// kinds, member order, duplicate keys, positions in errors; and it must be quick
/// (20 000 layers in a few milliseconds). Nesting is bounded so hostile input cannot
/// exhaust the stack.
package struct JSONParser {
    package static let defaultMaxDepth = 600

    /// Parses one JSON value that spans the whole text (surrounding whitespace allowed).
    /// `overflowToInfinity`: a number beyond Double's range reads as ±infinity instead of
    /// failing, so that the scene reader can name the key it belongs to.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth,
                      overflowToInfinity: Bool = false) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, Failure> = bytes.withUnsafeBufferPointer { buf in
            var p = JSONParser(buf: buf, maxDepth: maxDepth)
            p.overflowToInfinity = overflowToInfinity
            // A UTF-8 byte order mark, as some editors write, is allowed before the text (RFC 8259 §8.1).
            if buf.count >= 3, buf[0] == 0xEF, buf[1] == 0xBB, buf[2] == 0xBF { p.i = 3 }
            do throws(Failure) {
                p.skipWhitespace()
                let v = try p.value(depth: 0)
                p.skipWhitespace()
                if p.i < buf.count { throw p.fail("unexpected \(p.describeHere()) after the JSON value") }
                return .success(v)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let v): return v
        case .failure(let f): throw Self.located(f, in: bytes)
        }
    }

    /// Internal failure: a byte offset, converted to line and column only once, at the end.
    struct Failure: Error {
        var offset: Int
        var message: String
        var isDepthLimit = false
    }

    private let buf: UnsafeBufferPointer<UInt8>
    private var i = 0
    private let maxDepth: Int
    private var overflowToInfinity = false

    private init(buf: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.buf = buf
        self.maxDepth = maxDepth
    }

    /// A key quoted and escaped, so a message stays on one line.
    static func quoted(_ s: String) -> String {
        var out = ""
        JSONWriter.writeString(s.count > 40 ? String(s.prefix(39)) + "…" : s, into: &out)
        return out
    }

    private static func located(_ f: Failure, in bytes: [UInt8]) -> JSONSyntaxError {
        var line = 1, column = 1
        var k = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = min(f.offset, bytes.count)
        while k < end {
            let b = bytes[k]
            if b == 0x0A { line += 1; column = 1 }
            else if b & 0xC0 != 0x80 { column += 1 }  // count characters, not UTF-8 continuation bytes
            k += 1
        }
        return JSONSyntaxError(line: line, column: column, message: f.message, isDepthLimit: f.isDepthLimit)
    }

    private func fail(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? i, message: message)
    }

    /// The token at the cursor, for messages: "end of file", "'x'", …
    private func describeHere() -> String {
        guard i < buf.count else { return "end of file" }
        let b = buf[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < buf.count {
            let b = buf[i]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 } else { break }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard i < buf.count else { throw fail("unexpected end of file, expected a value") }
        switch buf[i] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if buf[i] == UInt8(ascii: "-"), i + 1 < buf.count, buf[i + 1] == UInt8(ascii: "N") || buf[i + 1] == UInt8(ascii: "I"),
               looksLikeNonFinite() { throw fail("NaN and infinities are not JSON numbers") }
            return try number()
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            if looksLikeNonFinite() { throw fail("NaN and infinities are not JSON numbers") }
            throw fail("unexpected \(describeHere()), expected a value")
        default: throw fail("unexpected \(describeHere()), expected a value")
        }
    }

    /// `NaN`, `Infinity`, `-Infinity`: what JavaScript and Python write for non-finite numbers.
    private func looksLikeNonFinite() -> Bool {
        var k = i
        if k < buf.count, buf[k] == UInt8(ascii: "-") { k += 1 }
        for word in ["NaN", "Infinity"] {
            let w = Array(word.utf8)
            if k + w.count <= buf.count, Array(buf[k..<(k + w.count)]) == w { return true }
        }
        return false
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let start = i
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        var k = 0
        while k < n {
            guard i + k < buf.count, buf[i + k] == w[k] else {
                throw fail("invalid literal, expected '\(word)'", at: start)
            }
            k += 1
        }
        i += n
    }

    private mutating func checkDepth(_ depth: Int) throws(Failure) {
        if depth > maxDepth {
            var f = fail("nesting deeper than \(maxDepth) levels")
            f.isDepthLimit = true
            throw f
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        try checkDepth(depth)
        i += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if i < buf.count && buf[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            guard i < buf.count else { throw fail("unexpected end of file, expected ',' or ']'") }
            let b = buf[i]
            i += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "]") { return .array(items) }
            i -= 1
            throw fail("unexpected \(describeHere()) in an array, expected ',' or ']'")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        try checkDepth(depth)
        i += 1  // {
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if i < buf.count && buf[i] == UInt8(ascii: "}") { i += 1; return .object(JSONObject(members)) }
        var seen: Set<String>? = nil  // only built for large objects; small ones are scanned
        while true {
            skipWhitespace()
            guard i < buf.count, buf[i] == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describeHere()), expected a string key")
            }
            let keyStart = i
            let key = try string()
            if members.count < 16 {
                for m in members where m.key == key { throw fail("duplicate key \(Self.quoted(key))", at: keyStart) }
            } else {
                if seen == nil { seen = Set(members.map(\.key)) }
                if !seen!.insert(key).inserted { throw fail("duplicate key \(Self.quoted(key))", at: keyStart) }
            }
            skipWhitespace()
            guard i < buf.count, buf[i] == UInt8(ascii: ":") else {
                throw fail("unexpected \(describeHere()) after key \(Self.quoted(key)), expected ':'")
            }
            i += 1
            skipWhitespace()
            let v = try value(depth: depth)
            members.append(.init(key: key, value: v))
            skipWhitespace()
            guard i < buf.count else { throw fail("unexpected end of file, expected ',' or '}'") }
            let b = buf[i]
            i += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "}") { return .object(JSONObject(members)) }
            i -= 1
            throw fail("unexpected \(describeHere()) in an object, expected ',' or '}'")
        }
    }

    // MARK: strings

    private mutating func string() throws(Failure) -> String {
        let open = i
        i += 1
        let start = i
        var plain = true  // no escapes: the bytes are the string
        var ascii = true
        while true {
            guard i < buf.count else { throw fail("unterminated string", at: open) }
            let b = buf[i]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") { plain = false; i += 2; continue }
            if b < 0x20 { throw fail("control character in a string (escape it as \\u\(hex4(UInt16(b))))") }
            if b >= 0x80 { ascii = false }
            i += 1
        }
        let end = i
        i += 1  // closing quote
        if plain {
            let slice = UnsafeBufferPointer(rebasing: buf[start..<end])
            if ascii { return String(decoding: slice, as: UTF8.self) }
            guard let s = String(validating: slice, as: UTF8.self) else {
                throw fail("invalid UTF-8 in a string", at: start)
            }
            return s
        }
        return try unescape(start, end)
    }

    private func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - s.count) + s
    }

    private func unescape(_ start: Int, _ end: Int) throws(Failure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var k = start
        while k < end {
            let b = buf[k]
            if b != UInt8(ascii: "\\") { out.append(b); k += 1; continue }
            guard k + 1 < end else { throw fail("unterminated escape", at: k) }
            let e = buf[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad(at: k, end: end)
                k += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard k + 6 <= end, buf[k] == UInt8(ascii: "\\"), buf[k + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate \\u\(hex4(UInt16(scalar)))", at: k - 6)
                    }
                    let low = try hexQuad(at: k + 2, end: end)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw fail("unpaired surrogate \\u\(hex4(UInt16(scalar)))", at: k - 6)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    k += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("unpaired surrogate \\u\(hex4(UInt16(scalar)))", at: k - 6)
                }
                // Cannot fail: surrogates were handled above.
                let us = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(us).utf8))
            default:
                // A control byte after the backslash is named, not printed: a raw newline
                // would split the one-line message (found by Fuzz/fuzz-scene).
                let shown = e >= 0x21 && e < 0x7F ? "'\\\(Character(Unicode.Scalar(e)))'"
                    : "'\\' followed by byte 0x\(String(e, radix: 16, uppercase: true))"
                throw fail("invalid escape \(shown)", at: k - 2)
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            throw fail("invalid UTF-8 in a string", at: start)
        }
        return s
    }

    private func hexQuad(at k: Int, end: Int) throws(Failure) -> UInt32 {
        guard k + 4 <= end else { throw fail("incomplete \\u escape", at: k - 2) }
        var v: UInt32 = 0
        for j in 0..<4 {
            let c = buf[k + j]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("invalid \\u escape", at: k - 2)
            }
            v = v << 4 | d
        }
        return v
    }

    // MARK: numbers

    /// Exact powers of ten as doubles (10^22 is the largest that is exact).
    private static let powersOfTen: [Double] = (0...22).map { e in
        var p = 1.0
        for _ in 0..<e { p *= 10 }
        return p
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = i
        var negative = false
        if buf[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0       // significant digits accumulated into mantissa
        var dropped = false  // more significant digits than UInt64 holds exactly
        var exp10 = 0

        @inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

        guard i < buf.count, isDigit(buf[i]) else { throw fail("invalid number, expected a digit", at: i) }
        if buf[i] == UInt8(ascii: "0") {
            i += 1
            if i < buf.count && isDigit(buf[i]) { throw fail("invalid number: leading zero", at: start) }
        } else {
            while i < buf.count, isDigit(buf[i]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(buf[i] - UInt8(ascii: "0")); digits += 1 }
                else { dropped = true; exp10 += 1 }
                i += 1
            }
        }
        var isInteger = true
        if i < buf.count && buf[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < buf.count, isDigit(buf[i]) else { throw fail("invalid number, expected a digit after '.'") }
            while i < buf.count, isDigit(buf[i]) {
                if digits < 19 {
                    if mantissa != 0 || buf[i] != UInt8(ascii: "0") { digits += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(buf[i] - UInt8(ascii: "0"))
                    exp10 -= 1
                } else if buf[i] != UInt8(ascii: "0") {
                    dropped = true
                }
                i += 1
            }
        }
        if i < buf.count && (buf[i] == UInt8(ascii: "e") || buf[i] == UInt8(ascii: "E")) {
            isInteger = false
            i += 1
            var expNegative = false
            if i < buf.count && (buf[i] == UInt8(ascii: "+") || buf[i] == UInt8(ascii: "-")) {
                expNegative = buf[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < buf.count, isDigit(buf[i]) else { throw fail("invalid number, expected a digit in the exponent") }
            var e = 0
            while i < buf.count, isDigit(buf[i]) {
                if e < 100_000 { e = e * 10 + Int(buf[i] - UInt8(ascii: "0")) }
                i += 1
            }
            exp10 += expNegative ? -e : e
        }

        if isInteger && !dropped && mantissa <= UInt64(Int.max) {
            if negative && mantissa == 0 { return .double(-0.0) }
            return .int(negative ? -Int(mantissa) : Int(mantissa))
        }
        // Clinger's fast path: both operands exact, so one IEEE operation rounds correctly.
        if !dropped && mantissa <= (1 << 53) && exp10 >= -22 && exp10 <= 22 {
            var d = Double(mantissa)
            if exp10 >= 0 { d *= Self.powersOfTen[exp10] } else { d /= Self.powersOfTen[-exp10] }
            return .double(negative ? -d : d)
        }
        let d = slowDouble(start, i)
        guard d.isFinite || overflowToInfinity else { throw fail("number out of range", at: start) }
        return .double(d)
    }

    /// Correctly rounded conversion by the C library, for the rare long or extreme literal.
    private func slowDouble(_ start: Int, _ end: Int) -> Double {
        var text = [CChar](repeating: 0, count: end - start + 1)
        for k in start..<end { text[k - start] = CChar(bitPattern: buf[k]) }
        return text.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
    }
}
