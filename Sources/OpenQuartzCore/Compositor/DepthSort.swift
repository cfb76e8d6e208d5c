import Foundation
import Raster

/// Orders the members of a 3D rendering context back to front, culling back faces of
/// single-sided layers (research §7).
enum DepthSort {
    static func order(_ members: [RenderingContext.Member]) -> [RenderingContext.DrawItem] {
        var keyed: [(index: Int, depth: Double)] = []
        for (i, m) in members.enumerated() {
            let quad = corners(m)
            if quad.count < 3 { continue }
            if !m.node.isDoubleSided && signedArea(quad) < 0 { continue }
            let depth = quad.reduce(0) { $0 + $1.z } / Double(quad.count)
            keyed.append((i, depth))
        }
        keyed.sort { $0.depth != $1.depth ? $0.depth < $1.depth : members[$0.index].order < members[$1.index].order }
        return keyed.map { RenderingContext.DrawItem(member: $0.index, fragment: nil) }
    }

    /// The member's bounds corners in the context after the perspective divide, those in
    /// front of the eye only.
    static func corners(_ m: RenderingContext.Member) -> [(x: Double, y: Double, z: Double)] {
        let b = m.node.bounds
        var out: [(x: Double, y: Double, z: Double)] = []
        for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
            let p = m.toContext.apply(x: x, y: y, z: 0)
            if p.w > 1e-9 { out.append((Double(p.x / p.w), Double(p.y / p.w), Double(p.z / p.w))) }
        }
        return out
    }

    /// Positive for a layer seen from the front (its bounds corners keep their y-down winding).
    static func signedArea(_ q: [(x: Double, y: Double, z: Double)]) -> Double {
        var a = 0.0
        for i in q.indices {
            let p = q[i], n = q[(i + 1) % q.count]
            a += p.x * n.y - n.x * p.y
        }
        return a / 2
    }
}
