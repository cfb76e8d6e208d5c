import Foundation
import Raster

/// Occlusion culling among the layers of one flat (2D) rendering context: where a layer drawn
/// later covers pixels with opaque colour, nothing drawn before it can show there, so earlier
/// layers skip those pixels (their shadows included). The opaque part of a layer is the
/// interior of its `OpaqueArea` (the rounded rectangle less the corners), placed axis-aligned
/// in a target without a clip.
struct Occlusion {
    /// Opaque device rectangles and the draw-order index of the layer that covers each.
    private var rects: [(item: Int, rect: PixelRect)] = []
    /// A grid over the target: cell c's rectangles are `cellRects[cellStart[c]..<cellStart[c + 1]]`.
    private var cellStart: [Int32] = []
    private var cellRects: [Int32] = []
    private var gridX0 = 0, gridY0 = 0, columns = 0, rows = 0
    private static let cellShift = 5

    /// The opaque rectangles of a context's items, or nil when the context cannot occlude (3D
    /// pieces, a clipped or translucent target, fewer than two items, no opaque item).
    static func opaqueRects(_ context: RenderingContext.Ordered, world: CATransform3D, alpha: Float,
                            into t: Target) -> Occlusion? {
        guard context.items.count > 1, alpha == 1, t.clip == nil, !t.visible.isEmpty else { return nil }
        var o = Occlusion()
        for (k, item) in context.items.enumerated() {
            if item.fragment != nil { return nil }
            let member = context.members[item.member]
            guard member.alpha == 1 else { continue }
            for r in opaque(member.node, world: CATransform3DConcat(flattened(member.toContext), world)) {
                let c = r.intersection(t.visible)
                if !c.isEmpty { o.rects.append((k, c)) }
            }
        }
        if o.rects.isEmpty { return nil }
        o.buildGrid(over: t.visible)
        return o
    }

    /// The pixels `n` covers with opaque colour when drawn through `world` at full inherited
    /// opacity: two rectangles (the rounded bounds less the corners' rows, and less their columns).
    static func opaque(_ n: RenderNode, world: CATransform3D) -> [PixelRect] {
        guard let area = OpaqueArea(n, inheritedAlpha: 1),
              let box = RoundedRect.deviceBox(area.bounds, area.corners, through: ProjectiveTransform(plane: world)),
              box.isFinite
        else { return [] }
        let top = max(box.radiusY[0], box.radiusY[1]), bottom = max(box.radiusY[2], box.radiusY[3])
        let left = max(box.radiusX[0], box.radiusX[3]), right = max(box.radiusX[1], box.radiusX[2])
        @inline(__always) func inner(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PixelRect? {
            let r = PixelRect(x0: Int(saturating: x0, .up), y0: Int(saturating: y0, .up),
                              x1: Int(saturating: x1, .down), y1: Int(saturating: y1, .down))
            return r.isEmpty ? nil : r
        }
        var out: [PixelRect] = []
        if let r = inner(box.minX, box.minY + top, box.maxX, box.maxY - bottom) { out.append(r) }
        if left > 0 || right > 0 || top > 0 || bottom > 0,
           let r = inner(box.minX + left, box.minY, box.maxX - right, box.maxY) { out.append(r) }
        return out
    }

    private mutating func buildGrid(over v: PixelRect) {
        gridX0 = v.x0; gridY0 = v.y0
        columns = ((v.x1 - v.x0) >> Occlusion.cellShift) + 1
        rows = ((v.y1 - v.y0) >> Occlusion.cellShift) + 1
        // Counting sort of (cell, rectangle) pairs: counts, offsets, then the entries.
        var start = [Int32](repeating: 0, count: columns * rows + 1)
        for e in rects { forEachCell(e.rect) { start[$0 + 1] += 1 } }
        for c in 0..<(columns * rows) { start[c + 1] += start[c] }
        var fill = start
        var entries = [Int32](repeating: 0, count: Int(start[columns * rows]))
        for (i, e) in rects.enumerated() {
            forEachCell(e.rect) { c in entries[Int(fill[c])] = Int32(i); fill[c] += 1 }
        }
        cellStart = start
        cellRects = entries
    }

    @inline(__always)
    private func forEachCell(_ r: PixelRect, _ body: (Int) -> Void) {
        let c0 = max((r.x0 - gridX0) >> Occlusion.cellShift, 0), c1 = min((r.x1 - 1 - gridX0) >> Occlusion.cellShift, columns - 1)
        let r0 = max((r.y0 - gridY0) >> Occlusion.cellShift, 0), r1 = min((r.y1 - 1 - gridY0) >> Occlusion.cellShift, rows - 1)
        guard c0 <= c1, r0 <= r1 else { return }
        for row in r0...r1 { for col in c0...c1 { body(row * columns + col) } }
    }

    /// The opaque rectangles of items drawn after `item` that overlap `area`, cut to it.
    func covering(_ area: PixelRect, after item: Int) -> [PixelRect] {
        var out: [PixelRect] = []
        let shift = Occlusion.cellShift
        cellRects.withUnsafeBufferPointer { entries in
            rects.withUnsafeBufferPointer { rects in
                forEachCell(area) { cell in
                    for k in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                        let e = rects[Int(entries[k])]
                        guard e.item > item else { continue }
                        let c = e.rect.intersection(area)
                        if c.isEmpty { continue }
                        // A rectangle over several cells is listed in each: report it from the
                        // cell holding the top-left corner of its overlap only.
                        let home = ((c.y0 - gridY0) >> shift) * columns + ((c.x0 - gridX0) >> shift)
                        if home == cell { out.append(c) }
                    }
                }
            }
        }
        return out
    }
}

/// Device rectangles that opaque layers drawn later cover, and the region of a layer's extent
/// they leave: shared by every target drawn under them.
final class OccludedArea: @unchecked Sendable {
    let rectangles: [PixelRect]
    let region: PixelRegion

    init(rectangles: [PixelRect], region: PixelRegion) {
        self.rectangles = rectangles
        self.region = region
    }
}

/// What occlusion does to each item of a context for one placement of it (world, target,
/// what is occluded from outside): a function of the immutable subtree and that placement,
/// so a node keeps it for the next frame (`RenderNode.occlusionPlan`).
struct OcclusionPlan {
    enum Step {
        /// Drawn as it would be without occlusion.
        case draw
        /// Outside the target.
        case outside
        /// Entirely under opaque items drawn after it.
        case hidden
        /// Drawn only within its visible extent, where the occluded area leaves it.
        case narrowed(PixelRect, OccludedArea)
    }

    let steps: [Step]

    /// Layers of fewer pixels than this are never narrowed, only hidden or drawn.
    static let smallNarrowing = 4096

    struct Key: Equatable {
        let world: CATransform3D
        let visible: PixelRect
        let occluded: [PixelRect]
    }

    /// The plan for drawing `context` through `world` into `t`, or nil when no item is opaque.
    static func make(_ context: RenderingContext.Ordered, world: CATransform3D, into t: Target) -> OcclusionPlan? {
        guard let o = Occlusion.opaqueRects(context, world: world, alpha: 1, into: t) else { return nil }
        var steps: [Step] = []
        steps.reserveCapacity(context.items.count)
        for (k, item) in context.items.enumerated() {
            let member = context.members[item.member]
            let w = CATransform3DConcat(flattened(member.toContext), world)
            steps.append(Self.step(member.node, world: w, by: o, after: k, in: t))
        }
        // Even with nothing culled the plan says which items reach the target at all.
        return OcclusionPlan(steps: steps)
    }

    private static func step(_ n: RenderNode, world: CATransform3D, by o: Occlusion, after k: Int, in t: Target) -> Step {
        let extent = t.visible.intersection(PixelRect(covering: Extent.of(n, world: world)))
        if extent.isEmpty { return .outside }
        let holes = o.covering(extent, after: k)
        if holes.isEmpty { return .draw }
        for h in holes where h.x0 <= extent.x0 && h.y0 <= extent.y0 && h.x1 >= extent.x1 && h.y1 >= extent.y1 {
            return .hidden
        }
        // A small layer partly covered is drawn whole: its shape replays in a call or two,
        // which cutting it to the region would turn into runs per row (over-drawn pixels are
        // replaced by the opaque layers drawn later, so the picture is the same).
        if extent.width * extent.height < OcclusionPlan.smallNarrowing { return .draw }
        let occluded = t.occluded.compactMap { let c = $0.intersection(extent); return c.isEmpty ? nil : c } + holes
        let r = PixelRegion(x0: extent.x0, y0: extent.y0, x1: extent.x1, y1: extent.y1,
                            minus: occluded.map { (x0: $0.x0, y0: $0.y0, x1: $0.x1, y1: $0.y1) })
        return r.isEmpty ? .hidden : .narrowed(extent, OccludedArea(rectangles: occluded, region: r))
    }
}
