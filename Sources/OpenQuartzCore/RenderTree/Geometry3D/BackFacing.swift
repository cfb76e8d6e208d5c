import Foundation

/// Whether a layer's front face is turned away from the viewer (what `doubleSided = false` culls).
///
/// `quad` is the layer's bounds quad in `HomogeneousPoint.quad` order: the images of (minX, minY),
/// (maxX, minY), (maxX, maxY), (minX, maxY) of its bounds (y down), as homogeneous points in the
/// rendering context's target space, as `[x y 0 1] · M` gives them (not rescaled one by one: the
/// sign of each w matters). Under the identity the layer faces the viewer.
///
/// The projection (u, v) ↦ (X/W, Y/W) of the layer's plane has Jacobian det(A)/W³, where A is the
/// 3×3 map (u, v, 1) ↦ (X, Y, W). On the visible part (W > 0) its sign, the winding seen on screen,
/// is therefore the sign of det(A), which needs no divide and stays defined when the quad crosses
/// w = 0. det(A) is read from the corners as det[P0; P1; P2] + det[P0; P2; P3] over (X, Y, W)
/// (both triangles contribute, which keeps slivers stable). The same as Chromium's
/// `IsBackFaceVisible`. A quad seen exactly edge-on (or degenerate) is not back-facing.
package func isBackFacing(_ quad: [HomogeneousPoint]) -> Bool {
    guard quad.count == 4 else { return false }
    @inline(__always) func det(_ a: HomogeneousPoint, _ b: HomogeneousPoint, _ c: HomogeneousPoint) -> Double {
        a.x * (b.y * c.w - b.w * c.y) - a.y * (b.x * c.w - b.w * c.x) + a.w * (b.x * c.y - b.y * c.x)
    }
    let s = det(quad[0], quad[1], quad[2]) + det(quad[0], quad[2], quad[3])
    return s < 0
}
