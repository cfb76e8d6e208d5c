/// A JSON document as written, with the distinctions a scene file needs and
/// `JSONSerialization` loses: `true` is not `1`, `1` is not `1.0`, and an
/// object keeps its members in file order (duplicates are refused at parse time).
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits an `Int`.
    case int(Int)
    /// Any other number; finite unless the parser was asked to read overflow as ±infinity
    /// (scene files: the reader then refuses it, naming the key).
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value as a number, whichever way it was written.
    var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}

/// A JSON object's members in file order. Lookup is linear: scene objects
/// have a handful of keys, where a scan beats hashing.
package struct JSONObject: Equatable, Sendable {
    package struct Member: Equatable, Sendable {
        var key: String
        var value: JSONValue
    }
    var members: [Member]

    package init(_ members: [Member] = []) { self.members = members }

    package subscript(key: String) -> JSONValue? {
        for m in members where m.key == key { return m.value }
        return nil
    }

    package var keys: [String] { members.map(\.key) }
    var count: Int { members.count }
}
