import Testing
import Foundation
import OpenQuartzCore

/// Sanity runs at the scale of a busy flat UI (times printed in thread CPU time, not asserted). Each
/// checks the result too, so a fast wrong answer fails.
@Suite struct Geometry3DPerformanceTests {
    static let count = 20_000

    /// Times `body` in this thread's CPU time (best of several runs in release) and prints it;
    /// the times are for the log, not asserted. CPU time, not wall-clock: on the shared
    /// machine the wall clock mostly measures the other processes.
    func timed<T>(_ label: String, _ body: () -> T) -> T {
        #if DEBUG
        let runs = 1
        #else
        let runs = 10
        #endif
        var result: T? = nil
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DrawingBenchmarks.threadMilliseconds()
            result = body()
            best = min(best, DrawingBenchmarks.threadMilliseconds() - start)
        }
        print("Geometry3D \(label): \(best) ms of CPU")
        return result!
    }

    func square(_ id: Int, order: Int, x: Double, y: Double, z: Double, size: Double) -> DepthPolygon {
        DepthPolygon(id: id, order: order, points: [Point3D(x: x, y: y, z: z), Point3D(x: x + size, y: y, z: z),
                                                    Point3D(x: x + size, y: y + size, z: z), Point3D(x: x, y: y + size, z: z)],
                     plane: Plane3D(normal: Point3D(x: 0, y: 0, z: 1), d: -z))
    }

    /// 20 000 small flat layers in a grid (z = 0, 8 pt with 2 pt gaps): nothing overlaps, so
    /// nothing is cut and no BSP is needed.
    @Test func flatGridOfSmallLayers() {
        let cols = 142
        let polys = (0..<Self.count).map { i in
            square(i, order: i, x: Double(i % cols) * 10, y: Double(i / cols) * 10, z: 0, size: 8)
        }
        let sort = timed("20k flat grid") { DepthSort(polys) }
        #expect(sort.fragments.count == Self.count)
        #expect(Set(sort.fragments.map(\.id)).count == Self.count)
        #expect(sort.frontmost(at: CGPoint(x: 10 * 5 + 4, y: 10 * 7 + 4))?.id == 7 * cols + 5)
        #expect(sort.frontmost(at: CGPoint(x: 10 * 5 + 9, y: 10 * 7 + 4)) == nil)
    }

    /// The same grid with tiles touching edge to edge (shared edges are not overlaps).
    @Test func flatTouchingTiles() {
        let cols = 142
        let polys = (0..<Self.count).map { i in
            square(i, order: i, x: Double(i % cols) * 10, y: Double(i / cols) * 10, z: 0, size: 10)
        }
        let sort = timed("20k touching tiles") { DepthSort(polys) }
        #expect(sort.fragments.count == Self.count)
    }

    /// 20 000 flat layers overlapping their neighbours (15 pt at 10 pt steps): one coplanar group,
    /// ordered by `order`.
    @Test func flatOverlappingLayers() {
        let cols = 142
        let polys = (0..<Self.count).map { i in
            square(i, order: i, x: Double(i % cols) * 10, y: Double(i / cols) * 10, z: 0, size: 15)
        }
        let sort = timed("20k overlapping coplanar") { DepthSort(polys) }
        let inOrder = sort.fragments.map(\.id) == Array(0..<Self.count)
        #expect(inOrder)
    }

    /// 20 000 small layers tilted at random, scattered over a large area: mostly disjoint, a few
    /// overlapping clusters go through the BSP.
    @Test func scatteredTiltedLayers() throws {
        var rng = SplitMix64(state: 42)
        var s = CATransform3DIdentity
        s.m34 = -1.0 / 2000
        var polys: [DepthPolygon] = []
        polys.reserveCapacity(Self.count)
        for i in 0..<Self.count {
            var t = CATransform3DMakeRotation(rng.range(0, 2 * .pi), rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1))
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(rng.range(-1000, 1000), rng.range(-1000, 1000), rng.range(-100, 100)))
            let q = layerQuad(size: CGSize(width: 12, height: 12), transform: t, sublayerTransform: s)
            if let p = DepthPolygon(id: i, order: i, points: clipToPositiveW(q)) { polys.append(p) }
        }
        let sort = timed("20k scattered tilted") { DepthSort(polys) }
        print("Geometry3D scattered: \(polys.count) polygons -> \(sort.fragments.count) fragments")
        #expect(sort.fragments.count >= polys.count)
        // The painter's check on a window (only what reaches into it, to keep the debug run short).
        let window = polys.filter { p in p.points.map(\.x).max()! > 100 && p.points.map(\.x).min()! < 200
                                        && p.points.map(\.y).max()! > 100 && p.points.map(\.y).min()! < 200 }
        let ids = Set(window.map(\.id))
        #expect(window.count > 50)
        #expect(expectPainterCorrect(window, sort.fragments.filter { ids.contains($0.id) }, samples: grid(100...200, steps: 40)) > 300)
    }
}
