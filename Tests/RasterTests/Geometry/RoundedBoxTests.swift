import Foundation
import Testing
import Raster

/// The closed-form rounded-box coverage against exact areas: a disc (Simpson-integrated
/// overlap), and rounded rectangles as polygons fine enough (1024 segments per corner) that
/// their area differs from the true shape's by far less than 1/255 per pixel.
@Suite struct RoundedBoxTests {
    static let tol = 1.01

    /// The outline of a box with elliptical corners as a fine polygon, clockwise on screen.
    static func polygon(_ b: RoundedBox) -> [Reference.P] {
        var out: [Reference.P] = []
        let n = 1024
        // Corner centres and the angle each quarter starts at (y down).
        let corners: [(cx: Double, cy: Double, start: Double, k: Int)] = [
            (b.minX + b.radiusX[0], b.minY + b.radiusY[0], Double.pi, 0),
            (b.maxX - b.radiusX[1], b.minY + b.radiusY[1], 1.5 * Double.pi, 1),
            (b.maxX - b.radiusX[2], b.maxY - b.radiusY[2], 0, 2),
            (b.minX + b.radiusX[3], b.maxY - b.radiusY[3], 0.5 * Double.pi, 3),
        ]
        for c in corners {
            let rx = b.radiusX[c.k], ry = b.radiusY[c.k]
            if rx == 0 {
                let x = c.k == 0 || c.k == 3 ? b.minX : b.maxX, y = c.k < 2 ? b.minY : b.maxY
                out.append((x, y))
                continue
            }
            for i in 0...n {
                let a = c.start + Double(i) / Double(n) * Double.pi / 2
                out.append((c.cx + rx * cos(a), c.cy + ry * sin(a)))
            }
        }
        return out
    }

    @Test func discEqualsIntegratedArea() {
        let s = Surface(width: 48, height: 48)
        let (cx, cy, r) = (24.3, 23.8, 19.6)
        s.fill(RoundedBox(minX: cx - r, minY: cy - r, maxX: cx + r, maxY: cy + r,
                          radiusX: SIMD4(repeating: r), radiusY: SIMD4(repeating: r)), color: .white)
        let err = Reference.maxError(s) { x, y in
            Reference.discArea(cx: cx, cy: cy, r: r, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
        }
        // Exact, unlike the path of four cubics (within 5/255 of the disc, CoverageTests).
        #expect(err <= Self.tol)
    }

    @Test(arguments: [
        RoundedBox(minX: 1.3, minY: 2.7, maxX: 9.3, maxY: 10.7, radiusX: SIMD4(repeating: 2), radiusY: SIMD4(repeating: 2)),
        RoundedBox(minX: 3.25, minY: 1.6, maxX: 41.9, maxY: 27.05, radiusX: SIMD4(9.4, 0, 3.3, 12.1), radiusY: SIMD4(9.4, 0, 3.3, 12.1)),
        RoundedBox(minX: 2.5, minY: 3.5, maxX: 40.5, maxY: 20.5, radiusX: SIMD4(19, 19, 19, 19), radiusY: SIMD4(8.5, 8.5, 8.5, 8.5)),
        RoundedBox(minX: 0.9, minY: 0.1, maxX: 30.2, maxY: 29.9, radiusX: SIMD4(0.3, 14.6, 0.7, 14.6), radiusY: SIMD4(0.3, 6, 0.7, 2.2)),
    ])
    func roundedBoxesMatchFinePolygons(box: RoundedBox) {
        let s = Surface(width: 48, height: 32)
        s.fill(box, color: .white)
        let poly = Self.polygon(box)
        let err = Reference.maxError(s) { x, y in
            Reference.area(poly, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
        }
        #expect(err <= Self.tol)
    }

    @Test func ringIsOuterMinusInner() {
        let outer = RoundedBox(minX: 2.4, minY: 3.25, maxX: 40.7, maxY: 27.6, radiusX: SIMD4(repeating: 9.5), radiusY: SIMD4(repeating: 9.5))
        let inner = RoundedBox(minX: 4.4, minY: 5.25, maxX: 38.7, maxY: 25.6, radiusX: SIMD4(repeating: 7.5), radiusY: SIMD4(repeating: 7.5))
        let s = Surface(width: 44, height: 30)
        s.fill(outer, hole: inner, color: .white)
        let po = Self.polygon(outer), pi = Self.polygon(inner)
        let err = Reference.maxError(s) { x, y in
            let (x0, y0) = (Double(x), Double(y))
            return Reference.area(po, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1) - Reference.area(pi, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
        }
        #expect(err <= Self.tol)
        #expect(Reference.alpha(s, 20, 15) == 0) // inside the hole
        #expect(Reference.alpha(s, 20, 3) == 191) // top edge row: 0.75 of the pixel
    }

    @Test func clippedToTheSurfaceAndToAClip() {
        // Partly off the surface, through a clip mask: each pixel is the box's area times the clip.
        let box = RoundedBox(minX: -5.5, minY: -3.2, maxX: 20.3, maxY: 14.8, radiusX: SIMD4(repeating: 6), radiusY: SIMD4(repeating: 6))
        let clip = Mask(width: 16, height: 12, originX: 2, originY: 1)
        for i in 0..<(16 * 12) { clip.coverage[i] = UInt8(i % 256) }
        let s = Surface(width: 24, height: 16)
        s.fill(box, color: .white, clip: clip)
        let poly = Self.polygon(box)
        let err = Reference.maxError(s) { x, y in
            let c = Double(clip.value(atDeviceX: x, y: y)) / 255
            return c * Reference.area(poly, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
        }
        #expect(err <= 1.6) // two roundings: the box's coverage, then times the clip
    }

    @Test func maskFillMatchesTheOutlinePath() {
        let box = RoundedBox(minX: 1.7, minY: 2.2, maxX: 30.1, maxY: 21.9, radiusX: SIMD4(repeating: 8), radiusY: SIMD4(repeating: 8))
        let a = Mask(width: 32, height: 24), b = Mask(width: 32, height: 24)
        a.fill(box)
        b.fill(Reference.path(Self.polygon(box)))
        var worst = 0
        for i in 0..<(32 * 24) { worst = max(worst, abs(Int(a.coverage[i]) - Int(b.coverage[i]))) }
        #expect(worst <= 1)
    }

    /// The cache scans a shape on its second sighting and replays it after: the first, second
    /// and later draws of a box (and of a ring), at several places within a pixel and clipped
    /// to several regions, give exactly the bytes of a direct scan.
    @Test func cachedCoverageEqualsTheScan() {
        struct Grid: CoverageSink {
            var values = [UInt8](repeating: 0, count: 64 * 48)
            mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
                for i in 0..<count { values[y * 64 + x + i] = coverage }
            }
            mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
                for i in 0..<count { values[y * 64 + x + i] = coverage[i] }
            }
        }
        let cache = RoundedBoxCoverageCache()
        let regions: [(x: Int, y: Int, width: Int, height: Int)] = [(0, 0, 64, 48), (10, 7, 23, 30), (0, 20, 64, 3)]
        for (i, offset) in [(0.0, 0.0), (0.25, 0.5), (3.7, 1.1), (0.25, 0.5)].enumerated() {
            let box = RoundedBox(minX: 4.3 + offset.0, minY: 3.6 + offset.1, maxX: 51.9 + offset.0, maxY: 40.2 + offset.1,
                                 radiusX: SIMD4(9.5, 3, 0, 14.2), radiusY: SIMD4(9.5, 3, 0, 11))
            let hole = RoundedBox(minX: box.minX + 2, minY: box.minY + 2, maxX: box.maxX - 2, maxY: box.maxY - 2,
                                  radiusX: SIMD4(7.5, 1, 0, 12.2), radiusY: SIMD4(7.5, 1, 0, 9))
            for h in [nil, hole] {
                for r in regions {
                    var direct = Grid(), cached = Grid()
                    box.rasterize(hole: h, region: r, into: &direct)
                    for _ in 0..<3 { cached = Grid(); cache.draw(box, hole: h, region: r, within: nil, into: &cached) }
                    #expect(direct.values == cached.values, "offset \(i), hole \(h != nil), region \(r)")
                }
            }
        }
    }

    /// Whether the point lies inside the box by its definition: within the edges and, inside a
    /// corner's box, within the corner's ellipse (less `margin`).
    static func contains(_ b: RoundedBox, _ x: Double, _ y: Double, margin: Double) -> Bool {
        guard x >= b.minX, x <= b.maxX, y >= b.minY, y <= b.maxY else { return false }
        for k in 0..<4 where b.radiusX[k] > 0 {
            let rx = b.radiusX[k], ry = b.radiusY[k]
            let cx = k == 0 || k == 3 ? b.minX + rx : b.maxX - rx, cy = k < 2 ? b.minY + ry : b.maxY - ry
            let inCornerBox = (k == 0 || k == 3 ? x < cx : x > cx) && (k < 2 ? y < cy : y > cy)
            if inCornerBox {
                let dx = (x - cx) / rx, dy = (y - cy) / ry
                if dx * dx + dy * dy > 1 - margin { return false }
            }
        }
        return true
    }

    /// Random boxes at random places within a pixel, with round, elliptical, tiny and square
    /// corners: every pixel is within rounding of the exact area; a pixel whose part inside the
    /// box's edges lies inside every corner's ellipse has exactly that part's area (the scan
    /// hands such columns on as a constant span); a pixel the shape misses has none.
    @Test func randomBoxesHaveExactCoverage() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let (w, h) = (56, 40)
        for trial in 0..<24 {
            let minX = 1 + 6 * next(), minY = 1 + 6 * next()
            let bw = 12 + 40 * next(), bh = 10 + 28 * next()
            let box: RoundedBox
            func radius(_ side: Double) -> Double {
                switch trial % 4 {
                case 0: return side / 2                      // a pill or a circle
                case 1: return side / 2 * next()
                case 2: return next() < 0.3 ? 0 : side / 2 * next()
                default: return 0.2 + next()                // tiny corners
                }
            }
            let rx = SIMD4(radius(bw), radius(bw), radius(bw), radius(bw))
            let ry = trial % 3 == 0 ? rx : SIMD4(radius(bh), radius(bh), radius(bh), radius(bh))
            // Radii along a side at most that side, as the box requires.
            let fx = min(1, bw / max(rx[0] + rx[1], rx[3] + rx[2], 1e-9)), fy = min(1, bh / max(ry[0] + ry[3], ry[1] + ry[2], 1e-9))
            box = RoundedBox(minX: minX, minY: minY, maxX: minX + bw, maxY: minY + bh, radiusX: rx * fx, radiusY: ry * fy)
            let s = Surface(width: w, height: h)
            s.fill(box, color: .white)
            let poly = Self.polygon(box)
            for y in 0..<h {
                for x in 0..<w {
                    let x0 = max(Double(x), box.minX), x1 = min(Double(x + 1), box.maxX)
                    let y0 = max(Double(y), box.minY), y1 = min(Double(y + 1), box.maxY)
                    let got = Reference.alpha(s, x, y)
                    guard x1 > x0, y1 > y0 else { #expect(got == 0, "trial \(trial) (\(x), \(y))"); continue }
                    let inside = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].allSatisfy { Self.contains(box, $0.0, $0.1, margin: 1e-9) }
                    if inside {
                        #expect(got == Int(((x1 - x0) * (y1 - y0)) * 255 + 0.5), "trial \(trial) (\(x), \(y))")
                        continue
                    }
                    let area = Reference.area(poly, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
                    if area == 0 {
                        #expect(got == 0, "trial \(trial) (\(x), \(y))")
                    } else {
                        #expect(abs(Double(got) - 255 * area) <= Self.tol, "trial \(trial) (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// Coverage depends on a box's place within a pixel, not on which pixel: moved by whole
    /// pixels, a box (and a ring) gives the same bytes, moved with it; so a layer moving by
    /// whole pixels may reuse what it drew.
    @Test func wholePixelMovesGiveTheSameBytes() {
        let box = RoundedBox(minX: 3.37, minY: 2.81, maxX: 29.6, maxY: 21.15, radiusX: SIMD4(7.3, 2.2, 0, 9.9), radiusY: SIMD4(5.1, 2.2, 0, 9.9))
        let hole = RoundedBox(minX: 5.37, minY: 4.81, maxX: 27.6, maxY: 19.15, radiusX: SIMD4(5.3, 0.2, 0, 7.9), radiusY: SIMD4(3.1, 0.2, 0, 7.9))
        for h in [nil, hole] {
            let a = Surface(width: 32, height: 24)
            a.fill(box, hole: h, color: .white)
            for (dx, dy) in [(17, 5), (-3, 40), (250, 131)] {
                func moved(_ b: RoundedBox) -> RoundedBox {
                    RoundedBox(minX: b.minX + Double(dx), minY: b.minY + Double(dy), maxX: b.maxX + Double(dx), maxY: b.maxY + Double(dy),
                               radiusX: b.radiusX, radiusY: b.radiusY)
                }
                let b = Surface(width: 32 + 260, height: 24 + 140)
                b.fill(moved(box), hole: h.map(moved), color: .white)
                var same = true
                for y in 0..<24 { for x in 0..<32 where Reference.alpha(a, x, y) != Reference.alpha(b, x + dx, y + dy) { same = false } }
                #expect(same, "moved by (\(dx), \(dy)), hole \(h != nil)")
            }
        }
    }

    /// A box's straight rows go to a plain fill as one rectangle (`rk_source_over_rect`);
    /// through a clip of full coverage (which multiplies each coverage byte by 255/255, the
    /// same bytes) they go row by row: the pictures are identical, for opaque and translucent
    /// colours, boxes at whole and fractional edges, narrow and wide, with and without the cache.
    @Test func straightRowsAsOneRectangleMatchRowByRow() {
        let full = Mask(width: 64, height: 48)
        for i in 0..<(64 * 48) { full.coverage[i] = 255 }
        let boxes = [
            RoundedBox(minX: 3.3, minY: 2.6, maxX: 57.8, maxY: 44.1, radiusX: SIMD4(repeating: 6.5), radiusY: SIMD4(repeating: 4)),
            RoundedBox(minX: 4, minY: 3, maxX: 50, maxY: 40, radiusX: SIMD4(7, 0, 3, 2), radiusY: SIMD4(7, 0, 3, 2)),
            RoundedBox(minX: 10.5, minY: 1.25, maxX: 16.75, maxY: 46.5, radiusX: SIMD4(repeating: 1.5), radiusY: SIMD4(repeating: 1.5)),
            RoundedBox(minX: 0.2, minY: 0.9, maxX: 63.4, maxY: 47.7),
        ]
        for (k, box) in boxes.enumerated() {
            for color in [Color(r: 0.2, g: 0.6, b: 0.9, a: 1), Color(r: 0.8, g: 0.3, b: 0.1, a: 0.55)] {
                for cached in [false, true] {
                    let a = Surface(width: 64, height: 48), b = Surface(width: 64, height: 48)
                    for s in [a, b] { s.fillRect(x: 0, y: 0, width: 64, height: 48, color: Color(r: 0.1, g: 0.5, b: 0.3, a: 0.7)) }
                    let cache = cached ? RoundedBoxCoverageCache() : nil
                    for _ in 0..<(cached ? 3 : 1) {
                        a.fill(box, color: color, cache: cache)
                        b.fill(box, color: color, clip: full, cache: cache)
                    }
                    var same = true
                    for y in 0..<48 { for x in 0..<64 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { same = false } }
                    #expect(same, "box \(k), alpha \(color.a), cached \(cached)")
                }
            }
        }
    }
}
