/// Serialises a `JSONValue` as readable, deterministic text: object members in order,
/// two-space indentation, and arrays of plain values kept on one line (bounds,
/// transforms and colours stay compact, as people write them).
package struct JSONWriter {
    var indent = "  "

    /// A writer that indents by two spaces.
    package init() {}

    package func string(for value: JSONValue) -> String {
        var out = ""
        write(value, level: 0, into: &out)
        out.append("\n")
        return out
    }

    /// The value on one line, for error messages.
    package static func compact(_ value: JSONValue) -> String {
        var out = ""
        writeCompact(value, into: &out)
        return out
    }

    private func write(_ value: JSONValue, level: Int, into out: inout String) {
        switch value {
        case .array(let items) where items.contains(where: Self.isContainer):
            out.append("[\n")
            for (k, item) in items.enumerated() {
                out.append(String(repeating: indent, count: level + 1))
                write(item, level: level + 1, into: &out)
                out.append(k + 1 < items.count ? ",\n" : "\n")
            }
            out.append(String(repeating: indent, count: level))
            out.append("]")
        case .object(let obj) where obj.count > 0 && !Self.isSmallLeafObject(obj):
            out.append("{\n")
            for (k, m) in obj.members.enumerated() {
                out.append(String(repeating: indent, count: level + 1))
                Self.writeString(m.key, into: &out)
                out.append(": ")
                write(m.value, level: level + 1, into: &out)
                out.append(k + 1 < obj.count ? ",\n" : "\n")
            }
            out.append(String(repeating: indent, count: level))
            out.append("}")
        default:
            Self.writeCompact(value, into: &out)
        }
    }

    private static func isContainer(_ v: JSONValue) -> Bool {
        switch v {
        case .array(let a): return !a.isEmpty
        case .object(let o): return o.count > 0
        default: return false
        }
    }

    /// Colours like {"white": 0.5, "alpha": 1} and steps like {"perspective": 500} read best inline.
    private static func isSmallLeafObject(_ o: JSONObject) -> Bool {
        o.count <= 4 && o.members.allSatisfy { m in
            switch m.value {
            case .object(let inner): return isSmallLeafObject(inner)
            case .array(let a): return !a.contains(where: isContainer)
            default: return true
            }
        }
    }

    static func writeCompact(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): out.append(String(i))
        case .double(let d): out.append(numberText(d))
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            out.append("[")
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(", ") }
                writeCompact(item, into: &out)
            }
            out.append("]")
        case .object(let obj):
            out.append("{")
            for (k, m) in obj.members.enumerated() {
                if k > 0 { out.append(", ") }
                writeString(m.key, into: &out)
                out.append(": ")
                writeCompact(m.value, into: &out)
            }
            out.append("}")
        }
    }

    /// Shortest text that reads back as the same double (Swift's description is
    /// round-trip exact); "nan"/"inf" cannot occur because values are validated.
    static func numberText(_ d: Double) -> String {
        d.isFinite ? d.description : "null"
    }

    static func writeString(_ s: String, into out: inout String) {
        out.append("\"")
        for u in s.unicodeScalars {
            switch u {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16, uppercase: true)
                    out.append("\\u" + String(repeating: "0", count: 4 - h.count) + h)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out.append("\"")
    }
}
