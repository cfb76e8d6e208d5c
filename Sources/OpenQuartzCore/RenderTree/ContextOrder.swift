import Foundation
import Raster

/// Orders the members of a 3D rendering context back to front with the depth sort (a BSP
/// tree with plane splitting where layers overlap), culling the back faces of single-sided
/// layers (docs/semantics.md §7).
enum ContextOrder {
    /// How far from the context's origin geometry is kept before sorting: beyond any canvas,
    /// but bounded so that the sort's tolerances stay fine.
    static let extent = CGRect(x: -65536, y: -65536, width: 131072, height: 131072)

    static func order(_ members: [RenderingContext.Member]) -> [RenderingContext.DrawItem] {
        var polygons: [DepthPolygon] = []
        polygons.reserveCapacity(members.count)
        var arealess: [Int] = []
        var outlines = [[Point3D]](repeating: [], count: members.count)
        for (i, m) in members.enumerated() {
            let quad = HomogeneousPoint.quad(m.node.bounds, transform: m.toContext)
            if !m.node.isDoubleSided && isBackFacing(quad) { continue }
            // Sorted (and cut) by what the layer draws in its plane — shadow, overflowing
            // sublayers — not only its bounds, so that those parts take their true depth.
            let drawn = Extent.of(m.node, world: CATransform3DIdentity)
            let sortRect = drawn.isEmpty || !drawn.minX.isFinite || !drawn.maxX.isFinite || !drawn.minY.isFinite || !drawn.maxY.isFinite
                ? m.node.bounds
                : m.node.bounds.union(CGRect(x: drawn.minX, y: drawn.minY, width: drawn.maxX - drawn.minX, height: drawn.maxY - drawn.minY))
            let sortQuad = sortRect == m.node.bounds ? quad : HomogeneousPoint.quad(sortRect, transform: m.toContext)
            let points = clipConvexPolygon(clipToPositiveW(sortQuad), to: extent)
            if let p = DepthPolygon(id: i, order: m.order, points: points) {
                polygons.append(p)
                outlines[i] = points
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
                items.append(.init(member: f.id, fragment: region(of: f.points, cutFrom: outlines[f.id])))
            }
        }
        return items
    }

    /// The part of the layer's plane a fragment stands for: the half-planes of the fragment's
    /// cut edges, not the fragment itself, so that what a layer draws outside its bounds
    /// (shadow, overflowing sublayers, contents) is drawn with the piece on its side of the cut
    /// instead of being lost (Core Animation cuts the layer's image, docs/semantics.md §7).
    static func region(of fragment: [Point3D], cutFrom outline: [Point3D]) -> Raster.Path {
        let n = fragment.count
        var cx = 0.0, cy = 0.0
        for p in fragment { cx += p.x; cy += p.y }
        cx /= Double(n); cy /= Double(n)
        func onOutline(_ a: Point3D, _ b: Point3D) -> Bool {
            for k in outline.indices {
                let p = outline[k], q = outline[(k + 1) % outline.count]
                let ex = q.x - p.x, ey = q.y - p.y
                let len = (ex * ex + ey * ey).squareRoot()
                guard len > 0 else { continue }
                let tol = 1e-6 * max(len, 1)
                if abs((a.x - p.x) * ey - (a.y - p.y) * ex) / len < tol && abs((b.x - p.x) * ey - (b.y - p.y) * ex) / len < tol {
                    return true
                }
            }
            return false
        }
        let big = ContextOrder.extent
        var poly: [(x: Double, y: Double)] = [(Double(big.minX), Double(big.minY)), (Double(big.maxX), Double(big.minY)),
                                              (Double(big.maxX), Double(big.maxY)), (Double(big.minX), Double(big.maxY))]
        for k in 0..<n {
            let a = fragment[k], b = fragment[(k + 1) % n]
            if onOutline(a, b) { continue }
            // Keep the side of the cut line a→b that holds the fragment.
            let nx = -(b.y - a.y), ny = b.x - a.x
            let sign = (cx - a.x) * nx + (cy - a.y) * ny >= 0 ? 1.0 : -1.0
            func side(_ p: (x: Double, y: Double)) -> Double { ((p.x - a.x) * nx + (p.y - a.y) * ny) * sign }
            var next: [(x: Double, y: Double)] = []
            for j in poly.indices {
                let p = poly[j], q = poly[(j + 1) % poly.count]
                let sp = side(p), sq = side(q)
                if sp >= 0 { next.append(p) }
                if (sp >= 0) != (sq >= 0) {
                    let t = sp / (sp - sq)
                    next.append((p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)))
                }
            }
            poly = next
            if poly.count < 3 { break }
        }
        var path = Raster.Path()
        for (k, q) in poly.enumerated() {
            if k == 0 { path.move(to: q.x, q.y) } else { path.line(to: q.x, q.y) }
        }
        path.close()
        return path
    }
}
