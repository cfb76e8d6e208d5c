import Testing
import Raster

/// Curves whose control points all lie beyond one side of the rasterizer's region are sent as
/// their chords (the winding of every point of the region is unchanged), so a curve grown far
/// off the canvas costs one segment instead of up to 65 536 (fuzz-render found an arc of radii
/// 1e-215 / 2e-200 that grew to 1e15 px and took seconds to fill a 81 × 10 canvas).
@Suite("Curves off the raster region")
struct OffRegionCurveTests {
    struct Counter: PolylineSink {
        var segments = 0
        mutating func moveTo(_ x: Double, _ y: Double) {}
        mutating func lineTo(_ x: Double, _ y: Double) { segments += 1 }
        mutating func endSubpath(closed: Bool) {}
    }

    /// A square whose left side bulges 1e12 px left of the region as a cubic.
    static var bulge: Path {
        var p = Path()
        p.move(to: 10, 0)
        p.line(to: 10, 10)
        p.line(to: -1, 10)
        p.cubic(to: -1, 0, control1: -1e12, 10, control2: -1e12, 0)
        p.close()
        return p
    }

    @Test func curveLeftOfTheRegionIsOneSegment() {
        var culled = Counter(), full = Counter()
        let region = Rect(minX: 0, minY: 0, maxX: 10, maxY: 10)
        Self.bulge.flatten(transform: .identity, tolerance: 1.0 / 64, outside: region, into: &culled)
        Self.bulge.flatten(transform: .identity, tolerance: 1.0 / 64, into: &full)
        #expect(culled.segments == 3)
        #expect(full.segments > 1000)
        // A curve with one control point inside the region is flattened as before.
        var inside = Path()
        inside.move(to: -1, 0)
        inside.cubic(to: -1, 10, control1: 5, 0, control2: -1e12, 10)
        var counted = Counter()
        inside.flatten(transform: .identity, tolerance: 1.0 / 64, outside: region, into: &counted)
        #expect(counted.segments > 1000)
    }

    /// The picture is what the geometry gives: the whole 10 × 10 canvas lies between the bulge
    /// and the right side, so every pixel is covered; a curve above the canvas leaves it empty.
    @Test func culledFillIsExact() {
        let s = Surface(width: 10, height: 10)
        s.fill(Self.bulge, color: Color(r: 1, g: 0, b: 0, a: 1))
        #expect((0..<100).allSatisfy { s.pixels[$0] == 0xFF00_00FF })
        var above = Path()
        above.move(to: 0, -1)
        above.cubic(to: 10, -1, control1: 3, -1e12, control2: 6, -1e12)
        above.close()
        let t = Surface(width: 10, height: 10)
        t.fill(above, color: Color(r: 1, g: 0, b: 0, a: 1))
        #expect((0..<100).allSatisfy { t.pixels[$0] == 0 })
    }
}
