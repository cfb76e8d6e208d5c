import Foundation
import Raster

/// The layers that share one 3D space: a flattening layer's sublayers, plus the descendants
/// reached only through `CATransformLayer`s (docs/semantics.md §7). Only within it is depth sorting done.
enum RenderingContext {
    struct Member {
        let node: RenderNode
        /// The matrix to the context when the member is reached through transform layers;
        /// nil for a direct sublayer, whose matrix is its own `toParent` (most members: kept
        /// out of line so that a context of many layers does not copy each matrix).
        private let through: Transform?
        /// Opacity of the transform layers passed through, applied to each member on its own.
        let alpha: Float
        /// Painter's order among equals: array order, depth-first.
        let order: Int

        final class Transform: @unchecked Sendable {
            let matrix: CATransform3D
            init(_ m: CATransform3D) { matrix = m }
        }

        init(node: RenderNode, toContext: CATransform3D?, alpha: Float, order: Int) {
            self.node = node
            through = toContext.map(Transform.init)
            self.alpha = alpha
            self.order = order
        }

        /// The member's bounds space → the context's space (unflattened; may be projective).
        var toContext: CATransform3D { through?.matrix ?? node.toParent }
    }

    struct Ordered {
        let members: [Member]
        let items: [DrawItem]
    }

    struct DrawItem {
        let member: Int
        /// A piece of the member's plane, in the context's flattened plane, when the depth sort
        /// cut it; nil to draw the whole member.
        let fragment: Raster.Path?
    }

    static func members(of n: RenderNode) -> [Member] {
        var out: [Member] = []
        out.reserveCapacity(n.sublayers.count)
        func gather(_ nodes: [RenderNode], through m: CATransform3D?, alpha: Float) {
            for s in nodes {
                let t = m.map { CATransform3DConcat(s.toParent, $0) }
                if s.isTransformLayer {
                    gather(s.sublayers, through: t ?? s.toParent, alpha: alpha * s.opacity)
                } else {
                    out.append(Member(node: s, toContext: t, alpha: alpha, order: out.count))
                }
            }
        }
        gather(n.sublayers, through: nil, alpha: 1)
        return out
    }

    /// Back to front. Layers in a plain 2D arrangement keep array order with `zPosition`
    /// moving them forward (CALayer.h); anything in 3D is sorted by its geometry.
    static func drawOrder(_ members: [Member]) -> [DrawItem] {
        if members.allSatisfy({ isPlanar($0.toContext) }) {
            let sorted = members.indices.sorted { i, j in
                let zi = members[i].toContext.m43, zj = members[j].toContext.m43
                return zi != zj ? zi < zj : i < j
            }
            return sorted.map { DrawItem(member: $0, fragment: nil) }
        }
        return ContextOrder.order(members)
    }

    /// The matrix keeps the layer in a plane parallel to the context's, with no perspective.
    private static func isPlanar(_ m: CATransform3D) -> Bool {
        m.m13 == 0 && m.m23 == 0 && m.m14 == 0 && m.m24 == 0 && m.m34 == 0 && m.m44 == 1
            && m.m31 == 0 && m.m32 == 0
    }
}
