import Testing
import Foundation
import OpenQuartzCore

// MARK: - Helpers shared by the Geometry3D suites (worked out independently of the code under test)

/// Absolute area of a polygon's screen projection (shoelace).
func shoelaceArea(_ p: [Point3D]) -> Double {
    var s = 0.0
    for i in p.indices {
        let a = p[i], b = p[(i + 1) % p.count]
        s += a.x * b.y - b.x * a.y
    }
    return abs(s) / 2
}

/// z of a planar polygon at screen point (x, y), by barycentric interpolation in the fan triangle
/// that contains the point (strictly, by `margin`), or nil outside. Uses no plane equation.
func fanDepth(_ p: [Point3D], x: Double, y: Double, margin: Double = 1e-7) -> Double? {
    for i in 1..<(p.count - 1) {
        let a = p[0], b = p[i], c = p[i + 1]
        let det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
        if abs(det) < 1e-12 { continue }
        let u = ((x - a.x) * (c.y - a.y) - (c.x - a.x) * (y - a.y)) / det
        let v = ((b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)) / det
        if u >= -1e-12 && v >= -1e-12 && u + v <= 1 + 1e-12 {
            // Reject points on the polygon's outer boundary (within margin of it, relative).
            if !strictlyInside(p, x: x, y: y, margin: margin) { return nil }
            return a.z + u * (b.z - a.z) + v * (c.z - a.z)
        }
    }
    return nil
}

func strictlyInside(_ p: [Point3D], x: Double, y: Double, margin: Double) -> Bool {
    var sign = 0.0
    for i in p.indices {
        let a = p[i], b = p[(i + 1) % p.count]
        let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        if len == 0 { continue }
        let c = ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / len
        if abs(c) <= margin { return false }
        if sign == 0 { sign = c > 0 ? 1 : -1 } else if (c > 0) != (sign > 0) { return false }
    }
    return true
}

/// A layer of `size` centred on its position, in a container whose anchor is at its position too:
/// per docs/semantics.md §1.2 the layer→target matrix is Tr(−size/2) · T · S · Tr(centre).
func layerQuad(size: CGSize, transform t: CATransform3D, sublayerTransform s: CATransform3D,
               centre: CGPoint = CGPoint(x: 150, y: 150)) -> [HomogeneousPoint] {
    var m = CATransform3DMakeTranslation(-size.width / 2, -size.height / 2, 0)
    m = CATransform3DConcat(m, t)
    m = CATransform3DConcat(m, s)
    m = CATransform3DConcat(m, CATransform3DMakeTranslation(centre.x, centre.y, 0))
    return HomogeneousPoint.quad(CGRect(origin: .zero, size: size), transform: m)
}

/// Lockwood's cube (iOS Core Animation: Advanced Techniques, listing 5.9): six 200×200 faces at
/// ±100, container sublayerTransform = perspective 1/500 rotated −45° about x then −45° about y.
func bookCube() -> [[HomogeneousPoint]] {
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
    perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
    let transforms = [
        CATransform3DMakeTranslation(0, 0, 100),
        CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0),
    ]
    return transforms.map { layerQuad(size: CGSize(width: 200, height: 200), transform: $0, sublayerTransform: perspective) }
}

/// Small deterministic generator (SplitMix64), so failures reproduce.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
}

func depthPolygons(_ quads: [[HomogeneousPoint]]) throws -> [DepthPolygon] {
    try quads.enumerated().map { i, q in try #require(DepthPolygon(id: i, order: i, points: clipToPositiveW(q))) }
}

/// The painter's check: at each sample point, the last fragment (in draw order) that covers it
/// must belong to the polygon with the largest z there (ties within `tieTolerance` skipped).
/// Returns how many points were decisive.
@discardableResult
func expectPainterCorrect(_ polygons: [DepthPolygon], _ fragments: [DepthFragment],
                          samples: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    // Screen boxes, only to skip polygons far from a sample quickly.
    func box(_ p: [Point3D]) -> (Double, Double, Double, Double) {
        (p.map(\.x).min()!, p.map(\.x).max()!, p.map(\.y).min()!, p.map(\.y).max()!)
    }
    func inBox(_ b: (Double, Double, Double, Double), _ x: Double, _ y: Double) -> Bool {
        x >= b.0 && x <= b.1 && y >= b.2 && y <= b.3
    }
    let polygonBoxes = polygons.map { box($0.points) }
    let fragmentBoxes = fragments.map { box($0.points) }
    var decisive = 0
    for (x, y) in samples {
        var depths: [(id: Int, z: Double)] = []
        for i in polygons.indices where inBox(polygonBoxes[i], x, y) {
            if let z = fanDepth(polygons[i].points, x: x, y: y, margin: 1e-6) { depths.append((polygons[i].id, z)) }
        }
        guard !depths.isEmpty else { continue }
        depths.sort { $0.z > $1.z }
        if depths.count > 1 && depths[0].z - depths[1].z < 1e-6 { continue }
        var last: Int? = nil
        for i in fragments.indices where inBox(fragmentBoxes[i], x, y) {
            if fanDepth(fragments[i].points, x: x, y: y, margin: 1e-6) != nil { last = fragments[i].id }
        }
        // A point on a cut edge belongs to no fragment strictly: skip it too.
        guard let seen = last else { continue }
        decisive += 1
        #expect(seen == depths[0].id, "at (\(x), \(y)) drawn last: \(seen), nearest: \(depths[0].id)",
                sourceLocation: sourceLocation)
    }
    return decisive
}

/// Fragments of each polygon tile it: areas add up and every fragment lies on its polygon's plane.
func expectFragmentsTile(_ polygons: [DepthPolygon], _ fragments: [DepthFragment],
                         sourceLocation: SourceLocation = #_sourceLocation) {
    for p in polygons {
        let parts = fragments.filter { $0.id == p.id }
        let area = parts.reduce(0) { $0 + shoelaceArea($1.points) }
        let original = shoelaceArea(p.points)
        #expect(abs(area - original) <= 1e-9 * original, "id \(p.id): \(area) vs \(original)",
                sourceLocation: sourceLocation)
        for f in parts {
            for v in f.points {
                // Distance to the plane through the original's first three vertices (cross product).
                let a = p.points[0], b = p.points[1], c = p.points[2]
                let n = (b - a).cross(c - a)
                #expect(abs(n.dot(v - a)) / n.length < 1e-6 * max(1, v.magnitude), sourceLocation: sourceLocation)
            }
        }
    }
}

func grid(_ r: ClosedRange<Double>, steps: Int) -> [(Double, Double)] {
    var out: [(Double, Double)] = []
    for i in 0...steps {
        for j in 0...steps {
            // Offsets keep samples off the exact symmetry lines of the scenes.
            out.append((r.lowerBound + (r.upperBound - r.lowerBound) * (Double(i) + 0.37) / Double(steps + 1),
                        r.lowerBound + (r.upperBound - r.lowerBound) * (Double(j) + 0.61) / Double(steps + 1)))
        }
    }
    return out
}

// MARK: - Depth sort

@Suite struct Geometry3DDepthSortTests {
    /// Two 200×200 layers rotated +45° and −45° about y (book listing 5.4), in a container with
    /// perspective 1/500 tilted 20° about x: an X seen from above. For CA's y rotation a point
    /// (x, 0, 0) goes to (x cos θ, 0, −x sin θ), so right of the centre the −45° layer (id 1) is
    /// nearer and left of it the +45° layer (id 0).
    @Test func intersectingPlanesX() throws {
        var s = CATransform3DIdentity
        s.m34 = -1.0 / 500
        s = CATransform3DRotate(s, 20 * .pi / 180, 1, 0, 0)
        let size = CGSize(width: 200, height: 200)
        let polys = try depthPolygons([
            layerQuad(size: size, transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0), sublayerTransform: s),
            layerQuad(size: size, transform: CATransform3DMakeRotation(-.pi / 4, 0, 1, 0), sublayerTransform: s),
        ])
        let sort = DepthSort(polys)
        let ids = sort.fragments.map(\.id)
        #expect(ids.count == 3)
        // One layer is cut by the other's plane; its halves are drawn before and after the other.
        #expect(ids.count == 3 && ids[0] == ids[2] && ids[0] != ids[1])
        expectFragmentsTile(polys, sort.fragments)
        let decisive = expectPainterCorrect(polys, sort.fragments, samples: grid(50...250, steps: 40))
        #expect(decisive > 400)
        // Explicit: right of the centre id 1 is in front, left of it id 0.
        #expect(sort.frontmost(at: CGPoint(x: 190, y: 150))?.id == 1)
        #expect(sort.frontmost(at: CGPoint(x: 110, y: 150))?.id == 0)
        let lastRight = sort.fragments.last { fanDepth($0.points, x: 190, y: 150) != nil }
        let lastLeft = sort.fragments.last { fanDepth($0.points, x: 110, y: 150) != nil }
        #expect(lastRight?.id == 1 && lastLeft?.id == 0)
    }

    /// Three bars around a triangle, each rising along its length so that bar i lies above bar
    /// i+1 where they cross: 0 over 1 over 2 over 0. No order of whole polygons is right, so at
    /// least one must be cut.
    @Test func cyclicOverlapOfThree() throws {
        let r = 100.0
        let corners = (0..<3).map { k -> (Double, Double) in
            let a = Double(k) * 2 * .pi / 3 - .pi / 2
            return (150 + r * cos(a), 150 + r * sin(a))
        }
        // Bar i runs from corner i (z = −10, under the previous bar) to corner i+1 (z = +10, over the next).
        var polys: [DepthPolygon] = []
        for i in 0..<3 {
            let (ax, ay) = corners[i], (bx, by) = corners[(i + 1) % 3]
            let len = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
            let dx = (bx - ax) / len, dy = (by - ay) / len
            let nx = -dy * 10, ny = dx * 10
            let ext = 30.0, slope = 20 / len
            let za = -10 - slope * ext, zb = 10 + slope * ext
            let p0 = Point3D(x: ax - dx * ext + nx, y: ay - dy * ext + ny, z: za)
            let p1 = Point3D(x: bx + dx * ext + nx, y: by + dy * ext + ny, z: zb)
            let p2 = Point3D(x: bx + dx * ext - nx, y: by + dy * ext - ny, z: zb)
            let p3 = Point3D(x: ax - dx * ext - nx, y: ay - dy * ext - ny, z: za)
            polys.append(try #require(DepthPolygon(id: i, order: 0, points: [p0, p1, p2, p3])))
        }
        let sort = DepthSort(polys)
        #expect(sort.fragments.count > 3)
        expectFragmentsTile(polys, sort.fragments)
        #expect(expectPainterCorrect(polys, sort.fragments, samples: grid(0...300, steps: 80)) > 300)
        // At each crossing corner the bar that rises towards it wins: corner i+1 is where bar i
        // (at z = +10) crosses bar i+1 (at z = −10).
        for i in 0..<3 {
            let (cx, cy) = corners[(i + 1) % 3]
            #expect(sort.frontmost(at: CGPoint(x: cx, y: cy))?.id == i)
            let last = sort.fragments.last { fanDepth($0.points, x: cx + 0.01, y: cy + 0.02) != nil }
            #expect(last?.id == i)
        }
    }

    /// Three 200×200 layers through one centre, tilted about three different axes, so that every
    /// pair intersects: each must be cut, and each is the nearest somewhere.
    @Test func threeMutuallyIntersectingPlanes() throws {
        var s = CATransform3DIdentity
        s.m34 = -1.0 / 500
        let size = CGSize(width: 200, height: 200)
        let polys = try depthPolygons([
            layerQuad(size: size, transform: CATransform3DMakeRotation(0.7, 1, 0, 0), sublayerTransform: s),
            layerQuad(size: size, transform: CATransform3DMakeRotation(0.7, 0, 1, 0), sublayerTransform: s),
            layerQuad(size: size, transform: CATransform3DMakeRotation(-0.8, 1, 1, 0), sublayerTransform: s),
        ])
        let sort = DepthSort(polys)
        #expect(sort.fragments.count >= 6)
        expectFragmentsTile(polys, sort.fragments)
        #expect(expectPainterCorrect(polys, sort.fragments, samples: grid(40...260, steps: 50)) > 1500)
        var seen = Set<Int>()
        for (x, y) in grid(40...260, steps: 20) { if let h = sort.frontmost(at: CGPoint(x: x, y: y)) { seen.insert(h.id) } }
        #expect(seen == [0, 1, 2])
    }

    /// The book's cube: no face cuts another; every back face (4, 5, 6) is drawn before every
    /// front face (1, 2, 3), and the visible faces win everywhere.
    @Test func bookCubeOrder() throws {
        let polys = try depthPolygons(bookCube())
        let sort = DepthSort(polys)
        let ids = sort.fragments.map(\.id)
        #expect(ids.sorted() == [0, 1, 2, 3, 4, 5])
        let lastBack = ids.lastIndex { $0 >= 3 } ?? -1
        let firstFront = ids.firstIndex { $0 < 3 } ?? 99
        #expect(lastBack < firstFront, "\(ids)")
        expectPainterCorrect(polys, sort.fragments, samples: grid(0...300, steps: 60))
        // Culling the back faces leaves a scene whose order must still be right.
        let front = polys.filter { $0.id < 3 }
        let sortFront = DepthSort(front)
        #expect(sortFront.fragments.count == 3)
        expectPainterCorrect(front, sortFront.fragments, samples: grid(0...300, steps: 40))
        // The screen centre shows the corner shared by faces 1, 2, 3: some front face is hit there.
        let hit = try #require(sort.frontmost(at: CGPoint(x: 160, y: 140)))
        #expect(hit.id < 3)
    }

    /// Coplanar polygons are drawn by `order`, whatever their array position, also when their
    /// vertices went through different matrices (rounding differs) in a tilted perspective plane.
    @Test func coplanarTieBreakByOrder() throws {
        var s = CATransform3DIdentity
        s.m34 = -1.0 / 500
        s = CATransform3DRotate(s, 0.5, 1, 1, 0)
        let size = CGSize(width: 100, height: 100)
        let offsets: [(Double, Double)] = [(0, 0), (30, 20), (-25, 35)]
        let orders = [2, 0, 1]
        var polys: [DepthPolygon] = []
        for (i, o) in offsets.enumerated() {
            let t = CATransform3DRotate(CATransform3DMakeTranslation(o.0, o.1, 0), Double(i) * 0.3, 0, 0, 1)
            let q = layerQuad(size: size, transform: t, sublayerTransform: s)
            polys.append(try #require(DepthPolygon(id: i, order: orders[i], points: clipToPositiveW(q))))
        }
        let sort = DepthSort(polys)
        #expect(sort.fragments.map(\.id) == [1, 2, 0])
        // Hit testing agrees: where all three overlap, the highest order (id 0) wins.
        let c = polys[0].points.reduce(Point3D(x: 0, y: 0, z: 0), +) * 0.25
        #expect(sort.frontmost(at: CGPoint(x: c.x + 10, y: c.y + 10))?.id == 0)
        #expect(DepthSort.frontmost(in: polys, at: CGPoint(x: c.x + 10, y: c.y + 10))?.id == 0)
        // Flat (z = 0) overlapping layers: pure painter's order by `order`.
        let flat = [(0, 5), (1, 3), (2, 4)].map { id, order in
            DepthPolygon(id: id, order: order, points: [Point3D(x: Double(id) * 10, y: 0, z: 0), Point3D(x: Double(id) * 10 + 50, y: 0, z: 0),
                                                         Point3D(x: Double(id) * 10 + 50, y: 50, z: 0), Point3D(x: Double(id) * 10, y: 50, z: 0)])!
        }
        #expect(DepthSort(flat).fragments.map(\.id) == [1, 2, 0])
    }

    /// A cut shares its two new vertices bit for bit between the halves, and the halves' areas
    /// add up to the whole: no crack, no overlap.
    @Test func splitSharesVertices() throws {
        let square = [Point3D(x: 0, y: 0, z: 0), Point3D(x: 10, y: 0, z: 5), Point3D(x: 10, y: 10, z: 5),
                      Point3D(x: 0, y: 10, z: 0)]
        let plane = Plane3D(normal: Point3D(x: 0.6, y: 0.8, z: 0), d: -7.3)
        let (f, b) = try #require(plane.split(square, epsilon: 1e-9))
        let shared = f.filter { b.contains($0) }
        #expect(shared.count == 2)
        for v in shared { #expect(abs(plane.signedDistance(v)) < 1e-12) }
        #expect(abs(shoelaceArea(f) + shoelaceArea(b) - 100) < 1e-12)
        #expect(f.allSatisfy { plane.signedDistance($0) >= -1e-12 } && b.allSatisfy { plane.signedDistance($0) <= 1e-12 })
        // Through a vertex: that vertex goes to both halves.
        let diagonal = Plane3D(normal: Point3D(x: 1 / 2.0.squareRoot(), y: -1 / 2.0.squareRoot(), z: 0), d: 0)
        let (f2, b2) = try #require(diagonal.split(square, epsilon: 1e-9))
        #expect(f2.count == 3 && b2.count == 3)
        #expect(plane.side(of: [Point3D(x: 0, y: 0, z: 0), Point3D(x: 1, y: 0, z: 0), Point3D(x: 0, y: 1, z: 0)], epsilon: 1e-9) == .back)
        #expect(plane.split([Point3D(x: 0, y: 0, z: 0), Point3D(x: 1, y: 0, z: 0), Point3D(x: 0, y: 1, z: 0)], epsilon: 1e-9) == nil)
    }

    /// Random rotated layers in one perspective context: the painter's check at many points and
    /// the area check for every polygon.
    @Test(arguments: [1, 2, 3, 4]) func randomScenes(seed: UInt64) throws {
        var rng = SplitMix64(state: seed)
        var s = CATransform3DIdentity
        s.m34 = -1.0 / 800
        s = CATransform3DRotate(s, rng.range(-0.6, 0.6), 1, 0, 0)
        var quads: [[HomogeneousPoint]] = []
        for _ in 0..<24 {
            var t = CATransform3DMakeRotation(rng.range(0, 2 * .pi), rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1))
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(rng.range(-80, 80), rng.range(-80, 80), rng.range(-80, 80)))
            quads.append(layerQuad(size: CGSize(width: rng.range(40, 160), height: rng.range(40, 160)), transform: t, sublayerTransform: s))
        }
        let polys = try depthPolygons(quads)
        let sort = DepthSort(polys)
        expectFragmentsTile(polys, sort.fragments)
        #expect(expectPainterCorrect(polys, sort.fragments, samples: grid(-50...350, steps: 70)) > 1000)
        // Hit testing the fragments and the original polygons agree (the same depth at the point).
        for (x, y) in grid(-50...350, steps: 30) {
            let a = sort.frontmost(at: CGPoint(x: x, y: y)), b = DepthSort.frontmost(in: polys, at: CGPoint(x: x, y: y))
            #expect((a == nil) == (b == nil))
            if let a, let b { #expect(abs(a.z - b.z) < 1e-9 * max(1, abs(a.z))) }
        }
    }

    /// Dense tangles of a few hundred layers: large groups with no gap, which the partition cuts
    /// along polygon planes and screen lines before the BSP trees take over.
    @Test(arguments: [11, 12]) func denseTangles(seed: UInt64) throws {
        var rng = SplitMix64(state: seed)
        var s = CATransform3DIdentity
        s.m34 = -1.0 / 1000
        var quads: [[HomogeneousPoint]] = []
        for _ in 0..<300 {
            var t = CATransform3DMakeRotation(rng.range(0, 2 * .pi), rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1))
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(rng.range(-150, 150), rng.range(-150, 150), rng.range(-60, 60)))
            quads.append(layerQuad(size: CGSize(width: rng.range(20, 50), height: rng.range(20, 50)), transform: t, sublayerTransform: s))
        }
        let polys = try depthPolygons(quads)
        let sort = DepthSort(polys)
        expectFragmentsTile(polys, sort.fragments)
        #expect(expectPainterCorrect(polys, sort.fragments, samples: grid(0...300, steps: 60)) > 1000)
    }

    /// A flat UI (a full-size background and many overlapping coplanar layers) with one card
    /// tilted through it: only the card is cut (by the UI's plane), the flat layers keep their
    /// `order` and stay whole.
    @Test func flatUIWithOneTiltedCard() throws {
        var polys: [DepthPolygon] = []
        func flat(_ id: Int, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> DepthPolygon? {
            DepthPolygon(id: id, order: id, points: [Point3D(x: x, y: y, z: 0), Point3D(x: x + w, y: y, z: 0),
                                                     Point3D(x: x + w, y: y + h, z: 0), Point3D(x: x, y: y + h, z: 0)])
        }
        polys.append(try #require(flat(0, 0, 0, 400, 400)))
        for i in 1..<60 { polys.append(try #require(flat(i, Double(i % 8) * 45, Double(i / 8) * 45, 60, 60))) }
        var t = CATransform3DMakeRotation(0.6, 0, 1, 0)
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(200, 200, 0))
        let card = HomogeneousPoint.quad(CGRect(x: -80, y: -50, width: 160, height: 100), transform: t)
        polys.append(try #require(DepthPolygon(id: 60, order: 60, points: clipToPositiveW(card))))
        let sort = DepthSort(polys)
        let ids = sort.fragments.map(\.id)
        #expect(ids.count == 62)
        #expect(ids.filter { $0 == 60 }.count == 2)
        let flatOrder = ids.filter { $0 != 60 }
        #expect(flatOrder == Array(0..<60))
        expectFragmentsTile(polys, sort.fragments)
        expectPainterCorrect(polys, sort.fragments, samples: grid(100...300, steps: 50))
    }

    /// The depth `frontmost` reports is the plane's z at the point: checked against barycentric
    /// interpolation on the polygon's own vertices.
    @Test func frontmostDepth() throws {
        let polys = try depthPolygons(bookCube())
        let sort = DepthSort(polys)
        for (x, y) in grid(60...240, steps: 12) {
            let hit = sort.frontmost(at: CGPoint(x: x, y: y))
            let depths = polys.compactMap { p in fanDepth(p.points, x: x, y: y).map { (p.id, $0) } }
            guard let best = depths.max(by: { $0.1 < $1.1 }) else {
                // Outside every face (or on an outline): nothing, or a face touched at its edge.
                continue
            }
            #expect(hit?.id == best.0)
            #expect(abs((hit?.z ?? .nan) - best.1) < 1e-9 * max(1, abs(best.1)))
        }
        #expect(sort.frontmost(at: CGPoint(x: -500, y: -500)) == nil)
    }

    /// A stack of parallel layers (zPosition 0…n−1) is ordered by depth regardless of array
    /// order, with no cuts.
    @Test func parallelStack() throws {
        var rng = SplitMix64(state: 9)
        var polys: [DepthPolygon] = []
        var zs: [Double] = []
        for i in 0..<200 {
            let z = Double((i * 73) % 200)
            zs.append(z)
            let x = rng.range(0, 50), y = rng.range(0, 50)
            polys.append(try #require(DepthPolygon(id: i, order: i, points: [
                Point3D(x: x, y: y, z: z), Point3D(x: x + 100, y: y, z: z),
                Point3D(x: x + 100, y: y + 100, z: z), Point3D(x: x, y: y + 100, z: z)])))
        }
        let sort = DepthSort(polys)
        #expect(sort.fragments.count == 200)
        let drawnZ = sort.fragments.map { zs[$0.id] }
        #expect(drawnZ == drawnZ.sorted())
    }

    @Test func degenerateInput() {
        #expect(DepthPolygon(id: 0, order: 0, points: [Point3D(x: 0, y: 0, z: 0), Point3D(x: 1, y: 1, z: 1),
                                                      Point3D(x: 2, y: 2, z: 2)]) == nil)
        #expect(DepthPolygon(id: 0, order: 0, points: [Point3D(x: 0, y: 0, z: 0), Point3D(x: 1, y: 1, z: 1)]) == nil)
        #expect(DepthPolygon(id: 0, order: 0, points: [Point3D(x: .nan, y: 0, z: 0), Point3D(x: 1, y: 0, z: 0),
                                                      Point3D(x: 0, y: 1, z: 0)]) == nil)
        #expect(DepthSort([]).fragments.isEmpty)
        #expect(DepthSort([]).frontmost(at: .zero) == nil)
    }
}
