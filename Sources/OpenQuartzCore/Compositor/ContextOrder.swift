import Foundation
import Raster

/// Orders the members of a 3D rendering context back to front with the depth sort (a BSP
/// tree with plane splitting where layers overlap), culling the back faces of single-sided
/// layers (research §7).
enum ContextOrder {
    /// How far from the context's origin geometry is kept before sorting: beyond any canvas,
    /// but bounded so that the sort's tolerances stay fine.
    static let extent = CGRect(x: -65536, y: -65536, width: 131072, height: 131072)

    static func order(_ members: [RenderingContext.Member]) -> [RenderingContext.DrawItem] {
        var polygons: [DepthPolygon] = []
        polygons.reserveCapacity(members.count)
        var arealess: [Int] = []
        for (i, m) in members.enumerated() {
            let quad = HomogeneousPoint.quad(m.node.bounds, transform: m.toContext)
            if !m.node.isDoubleSided && isBackFacing(quad) { continue }
            let points = clipConvexPolygon(clipToPositiveW(quad), to: extent)
            if let p = DepthPolygon(id: i, order: m.order, points: points) {
                polygons.append(p)
            } else if m.node.bounds.isEmpty || !m.node.sublayers.isEmpty {
                // A layer with no area of its own can still carry sublayers: keep it in array order.
                arealess.append(i)
            }
        }
        let sorted = DepthSort(polygons)
        var pieces = [Int](repeating: 0, count: members.count)
        for f in sorted.fragments { pieces[f.id] += 1 }
        var items: [RenderingContext.DrawItem] = []
        items.reserveCapacity(sorted.fragments.count)
        // Area-less members first: they have no depth of their own to sort by.
        for i in arealess { items.append(.init(member: i, fragment: nil)) }
        for f in sorted.fragments {
            if pieces[f.id] == 1 {
                items.append(.init(member: f.id, fragment: nil))
            } else {
                var path = Raster.Path()
                for (k, q) in f.points.enumerated() {
                    if k == 0 { path.move(to: q.x, q.y) } else { path.line(to: q.x, q.y) }
                }
                path.close()
                items.append(.init(member: f.id, fragment: path))
            }
        }
        return items
    }
}
