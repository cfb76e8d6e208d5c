/// Where a value sits in a JSON document, written the way SCENE.md's errors show it:
/// `layers[0].sublayers[2].cornerRadius`.
///
/// A persistent linked list: extending a path is one small allocation and never copies
/// the prefix, and the text is built only when an error needs it.
struct JSONPath: Sendable, CustomStringConvertible {
    private final class Node: Sendable {
        let parent: Node?
        let key: String?
        let index: Int
        init(parent: Node?, key: String?, index: Int) {
            self.parent = parent
            self.key = key
            self.index = index
        }
    }

    private let node: Node?

    static let root = JSONPath(node: nil)

    private init(node: Node?) { self.node = node }

    func key(_ key: String) -> JSONPath { JSONPath(node: Node(parent: node, key: key, index: 0)) }
    func index(_ i: Int) -> JSONPath { JSONPath(node: Node(parent: node, key: nil, index: i)) }

    /// Nesting level: how many keys and indices lead here.
    var count: Int {
        var n = 0
        var c = node
        while let x = c { n += 1; c = x.parent }
        return n
    }

    var description: String {
        var parts: [Node] = []
        var c = node
        while let x = c { parts.append(x); c = x.parent }
        var s = ""
        for p in parts.reversed() {
            if let k = p.key {
                if !s.isEmpty { s += "." }
                s += k
            } else {
                s += "[\(p.index)]"
            }
        }
        return s
    }
}
