import Foundation

/// Naming layers as the scene format's hit-testing section does: the names from the root's
/// sublayers down, joined by "/", an unnamed layer written `#i` (its index among its
/// siblings). A mask is not among its host's sublayers and is written by name or `#mask`.
extension Scene {
    /// The path of `layer` in this scene's tree, such as `container/face3/button`; nil for
    /// the root itself and for layers outside the tree.
    public func path(of layer: CALayer) -> String? {
        var parts: [String] = []
        var l = layer
        while l !== root {
            guard let parent = l.superlayer else { return nil }
            if let name = l.name {
                parts.append(name)
            } else if parent.mask === l {
                parts.append("#mask")
            } else if let i = parent.sublayers?.firstIndex(where: { $0 === l }) {
                parts.append("#\(i)")
            } else {
                return nil
            }
            l = parent
        }
        return parts.isEmpty ? nil : parts.reversed().joined(separator: "/")
    }

    /// OpenQuartzCore extension: where `layer` is written in the scene file, as scene errors
    /// name places: `layers[0].sublayers[2].mask`. Nil when the layer is not in the tree.
    public func jsonPath(of layer: CALayer) -> String? {
        var parts: [String] = []
        var l = layer
        while l !== root {
            guard let parent = l.superlayer else { return nil }
            if parent.mask === l {
                parts.append(".mask")
            } else if let i = parent.sublayers?.firstIndex(where: { $0 === l }) {
                parts.append(parent === root ? "layers[\(i)]" : ".sublayers[\(i)]")
            } else {
                return nil
            }
            l = parent
        }
        return parts.isEmpty ? nil : parts.reversed().joined()
    }

    /// `CALayer.hitTest(_:)` on the root for a point in canvas points (the root's superlayer
    /// space), as `oqc hit` answers it: the front-most layer of the file's layers under the
    /// point, or nil when there is none (a hit on the bare root counts as none).
    public func hitTest(_ point: CGPoint) -> CALayer? {
        guard let hit = root.hitTest(point), hit !== root else { return nil }
        return hit
    }
}
