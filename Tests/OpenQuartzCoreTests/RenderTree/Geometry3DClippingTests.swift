import Testing
import Foundation
import OpenQuartzCore

@Suite struct Geometry3DClippingTests {
    @Test func allInFrontIsJustDivided() {
        let q = [HomogeneousPoint(x: 2, y: 4, z: 6, w: 2), HomogeneousPoint(x: 10, y: 0, z: 0, w: 2),
                 HomogeneousPoint(x: 0, y: 9, z: 3, w: 3)]
        let p = clipToPositiveW(q)
        #expect(p == [Point3D(x: 1, y: 2, z: 3), Point3D(x: 5, y: 0, z: 0), Point3D(x: 0, y: 3, z: 1)])
    }

    /// A quad whose w runs from 1 (top edge) to −1 (bottom edge): w = −y/100. With the relative
    /// threshold ε = 1e-5 · max|w| = 1e-5 the cut is where w = ε on the side edges, at
    /// t = (1 − ε)/2 from the top, i.e. y = −100 + 200t = −100ε, x = ±100, z = 0.
    @Test func quadSwingingThroughWZero() {
        let q = [HomogeneousPoint(x: -100, y: -100, z: 0, w: 1), HomogeneousPoint(x: 100, y: -100, z: 0, w: 1),
                 HomogeneousPoint(x: 100, y: 100, z: 50, w: -1), HomogeneousPoint(x: -100, y: 100, z: 50, w: -1)]
        let p = clipToPositiveW(q)
        #expect(p.count == 4)
        for v in p { #expect(v.isFinite) }
        let eps = 1e-5
        let t = (1 - eps) / 2
        #expect(p[0] == Point3D(x: -100, y: -100, z: 0))
        #expect(p[1] == Point3D(x: 100, y: -100, z: 0))
        // The two new vertices lie at w = ε, divided by ε.
        let cutY = (-100 + 200 * t) / eps
        let cutZ = 50 * t / eps
        #expect(abs(p[2].x - 100 / eps) < 1e-6 * (100 / eps))
        #expect(abs(p[2].y - cutY) < 1e-6 * abs(cutY))
        #expect(abs(p[2].z - cutZ) < 1e-6 * abs(cutZ))
        #expect(abs(p[3].x + 100 / eps) < 1e-6 * (100 / eps))
        #expect(abs(p[3].y - cutY) < 1e-6 * abs(cutY))
        // Bounded: nothing beyond max|x, y, z| / ε.
        for v in p { #expect(v.magnitude <= 100 / eps * (1 + 1e-9)) }
    }

    @Test func explicitThresholdAndVertexOnPlane() {
        // One vertex exactly at w = 0: it is cut away, the neighbouring edges end at w = 0.5.
        let q = [HomogeneousPoint(x: 0, y: 0, z: 0, w: 1), HomogeneousPoint(x: 4, y: 0, z: 0, w: 1),
                 HomogeneousPoint(x: 4, y: 4, z: 0, w: 0)]
        let p = clipToPositiveW(q, minimumW: 0.5)
        // Edge (4,0,1)→(4,4,0): w = 0.5 at t = 0.5 → (4, 2)/0.5 = (8, 4).
        // Edge (4,4,0)→(0,0,1): from the inside vertex (0,0,1), t = 0.5 → (2, 2)/0.5 = (4, 4).
        #expect(p == [Point3D(x: 0, y: 0, z: 0), Point3D(x: 4, y: 0, z: 0),
                      Point3D(x: 8, y: 4, z: 0), Point3D(x: 4, y: 4, z: 0)])
    }

    @Test func behindTheEyeIsDropped() {
        let behind = [HomogeneousPoint(x: 1, y: 1, z: 1, w: -1), HomogeneousPoint(x: 2, y: 1, z: 1, w: -0.5),
                      HomogeneousPoint(x: 2, y: 2, z: 1, w: 0)]
        #expect(clipToPositiveW(behind).isEmpty)
        let allZero = [HomogeneousPoint(x: 1, y: 1, z: 1, w: 0), HomogeneousPoint(x: 2, y: 1, z: 1, w: 0),
                       HomogeneousPoint(x: 2, y: 2, z: 1, w: 0)]
        #expect(clipToPositiveW(allZero).isEmpty)
        let nan = [HomogeneousPoint(x: .nan, y: 1, z: 1, w: 1), HomogeneousPoint(x: 2, y: 1, z: 1, w: 1),
                   HomogeneousPoint(x: 2, y: 2, z: 1, w: 1)]
        #expect(clipToPositiveW(nan).isEmpty)
        let inf = [HomogeneousPoint(x: 1, y: 1, z: 1, w: 1), HomogeneousPoint(x: .infinity, y: 1, z: 1, w: 1),
                   HomogeneousPoint(x: 2, y: 2, z: 1, w: 1)]
        #expect(clipToPositiveW(inf).isEmpty)
        #expect(clipToPositiveW(Array(behind.prefix(2))).isEmpty)
    }

    /// A layer rotated about x under perspective 1/500 (eye at z = 500) and pushed towards the eye
    /// so that its far half passes behind it: every output point is finite and comes from w > 0.
    @Test func rotatingLayerThroughTheEye() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        for degrees in stride(from: 0.0, through: 180.0, by: 7.5) {
            var t = CATransform3DMakeRotation(degrees * .pi / 180, 1, 0, 0)
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(0, 0, 300))
            t = CATransform3DConcat(t, perspective)
            let quad = HomogeneousPoint.quad(CGRect(x: -600, y: -600, width: 1200, height: 1200), transform: t)
            let p = clipToPositiveW(quad)
            for v in p { #expect(v.isFinite) }
            let maxW = quad.map { abs($0.w) }.max()!
            let maxXYZ = quad.map { max(abs($0.x), abs($0.y), abs($0.z)) }.max()!
            for v in p { #expect(v.magnitude <= maxXYZ / (1e-5 * maxW) * (1 + 1e-9)) }
            // Some corners are behind the eye at these angles (w = 1 − z/500 with z up to 300 + 600).
            if quad.allSatisfy({ $0.w > 0 }) { #expect(p.count == 4) } else { #expect(!p.isEmpty) }
            let clipped = clipConvexPolygon(p, to: CGRect(x: -1000, y: -1000, width: 2000, height: 2000))
            for v in clipped { #expect(abs(v.x) <= 1000 && abs(v.y) <= 1000 && v.isFinite) }
        }
    }

    /// The one-step constructor: a layer half behind the eye becomes a polygon inside the
    /// viewport, on the plane of the visible half.
    @Test func depthPolygonFromHomogeneousQuad() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        // Tilted 60° about x and pushed to z = 300: the far edge (local y = 600) is at
        // z = 300 + 600·sin 60° ≈ 820 > 500, behind the eye.
        let t = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(.pi / 3, 1, 0, 0),
                                                        CATransform3DMakeTranslation(0, 0, 300)), perspective)
        let quad = HomogeneousPoint.quad(CGRect(x: -600, y: -600, width: 1200, height: 1200), transform: t)
        let viewport = CGRect(x: -1000, y: -1000, width: 2000, height: 2000)
        let p = try #require(DepthPolygon(id: 7, order: 3, homogeneous: quad, viewport: viewport))
        #expect(p.id == 7 && p.order == 3)
        for v in p.points { #expect(v.isFinite && abs(v.x) <= 1000 && abs(v.y) <= 1000) }
        // The plane matches the unclipped, in-front corner (local (−600, −600) → z = 300 − 600·sin 60°).
        let corner = quad[0]
        #expect(corner.w > 0)
        let c = Point3D(x: corner.x / corner.w, y: corner.y / corner.w, z: corner.z / corner.w)
        #expect(abs(p.plane.signedDistance(c)) < 1e-6 * max(1, c.magnitude))
        let behind = quad.map { HomogeneousPoint(x: $0.x, y: $0.y, z: $0.z, w: -abs($0.w)) }
        #expect(DepthPolygon(id: 0, order: 0, homogeneous: behind) == nil)
    }

    /// The triangle (0,0), (10,0), (0,10) clipped to x, y ∈ [0, 5]: the whole square [0,5]² lies
    /// inside the triangle (x + y ≤ 10), so the result is that square, area 25; z = x + 2y is
    /// interpolated on the cut edges.
    @Test func clipToRectangle() {
        let tri = [Point3D(x: 0, y: 0, z: 0), Point3D(x: 10, y: 0, z: 10), Point3D(x: 0, y: 10, z: 20)]
        let p = clipConvexPolygon(tri, to: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(abs(shoelaceArea(p) - 25) < 1e-12)
        for v in p { #expect(abs(v.z - (v.x + 2 * v.y)) < 1e-12) }
        // Triangle straddling a corner: [2,12]² ∩ {x + y ≤ 10} is the triangle (2,2),(8,2),(2,8), area 18.
        let q = clipConvexPolygon(tri, to: CGRect(x: 2, y: 2, width: 10, height: 10))
        #expect(abs(shoelaceArea(q) - 18) < 1e-12)
        #expect(clipConvexPolygon(tri, to: CGRect(x: 20, y: 20, width: 5, height: 5)).isEmpty)
        let inside = clipConvexPolygon(tri, to: CGRect(x: -1, y: -1, width: 100, height: 100))
        #expect(inside == tri)
        let flat = clipConvexPolygon([CGPoint(x: -5, y: -5), CGPoint(x: 5, y: -5), CGPoint(x: 5, y: 5), CGPoint(x: -5, y: 5)],
                                     to: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(Set(flat.map { "\($0.x),\($0.y)" }) == ["0.0,0.0", "5.0,0.0", "5.0,5.0", "0.0,5.0"])
    }
}
