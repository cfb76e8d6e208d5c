import Foundation

/// OpenQuartzCore extension: a text layer whose font name is not installed, so that it is
/// drawn with a fallback face (`oqc` warns about each).
public struct SceneFontFallback: Sendable {
    /// The layer's path in the scene, as `Scene.path(of:)` writes it ("#0/label").
    public let layerPath: String
    /// The font the scene asked for.
    public let requested: String
    /// The family of the face it is drawn with; nil when no font is installed at all.
    public let used: String?
}

extension Scene {
    /// OpenQuartzCore extension: the text layers whose `font` names no installed face or no
    /// readable file, each with the face drawn instead, in tree order.
    public func fontFallbacks() -> [SceneFontFallback] {
        var out: [SceneFontFallback] = []
        var stack = [root]
        while let l = stack.popLast() {
            if let t = l as? CATextLayer, let name = t.font as? String, !FontCatalog.shared.findsWithoutFallback(name) {
                out.append(SceneFontFallback(layerPath: path(of: t) ?? "", requested: name,
                                             used: FontCatalog.shared.font(named: name)?.names.family))
            }
            if let m = l.mask { stack.append(m) }
            if let s = l.sublayers { stack.append(contentsOf: s.reversed()) }
        }
        return out
    }
}
