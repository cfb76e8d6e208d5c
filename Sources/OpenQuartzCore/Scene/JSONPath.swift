/// Where a value sits in a JSON document, written the way the scene format's errors show it:
/// `layers[0].sublayers[2].cornerRadius`.
///
/// A persistent linked list whose last component is held inline: naming a member or an
/// element costs no allocation, only descending below it does (one small node), so
/// walking a 20 000-layer document stays cheap. The text is built only when an error
/// needs it.
package struct JSONPath: Sendable, CustomStringConvertible {
    private final class Node: Sendable {
        let parent: Node?
        let leaf: Leaf
        init(parent: Node?, leaf: Leaf) {
            self.parent = parent
            self.leaf = leaf
        }
    }

    private enum Leaf: Sendable {
        case none
        case key(String)
        case index(Int)
    }

    private let parent: Node?
    private let leaf: Leaf

    package static let root = JSONPath(parent: nil, leaf: .none)

    private init(parent: Node?, leaf: Leaf) {
        self.parent = parent
        self.leaf = leaf
    }

    /// This path with its last component moved into the list, so that several children
    /// named from it share one node.
    func settled() -> JSONPath {
        if case .none = leaf { return self }
        return JSONPath(parent: Node(parent: parent, leaf: leaf), leaf: .none)
    }

    package func key(_ key: String) -> JSONPath { JSONPath(parent: settled().parent, leaf: .key(key)) }
    func index(_ i: Int) -> JSONPath { JSONPath(parent: settled().parent, leaf: .index(i)) }

    /// Keys longer than this (in bytes) are shown cut in messages.
    static let longestKeyShown = 80

    static func isPlainName(_ k: String) -> Bool {
        !k.isEmpty && k.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
        }
    }

    package var description: String {
        var leaves: [Leaf] = [leaf]
        var c = parent
        while let x = c { leaves.append(x.leaf); c = x.parent }
        var s = ""
        for l in leaves.reversed() {
            switch l {
            case .none: break
            case .key(let k) where k.utf8.count <= JSONPath.longestKeyShown && JSONPath.isPlainName(k):
                if !s.isEmpty { s += "." }
                s += k
            case .key(let k):
                // Keys that are not plain names are quoted, so a message stays one line; a
                // long one (a 10 MB key) is cut, so the message stays short.
                s += "["
                if k.utf8.count <= JSONPath.longestKeyShown {
                    JSONWriter.writeString(k, into: &s)
                } else {
                    JSONWriter.writeString(String(k.prefix(JSONPath.longestKeyShown / 2)), into: &s)
                    s.removeLast()
                    s += "…\" (\(k.utf8.count) bytes)"
                }
                s += "]"
            case .index(let i):
                s += "[\(i)]"
            }
        }
        return s
    }
}
