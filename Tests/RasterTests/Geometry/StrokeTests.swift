import Foundation
import Testing
import Raster

/// Stroke outlines are filled (non-zero) into a mask and their area (Σ coverage / 255)
/// compared with areas worked out by hand. Tolerance: 0.3% of the area plus 0.5 px² (8-bit
/// rounding of edge pixels), unless stated.
@Suite struct StrokeTests {
    static func area(_ p: Path, rule: FillRule = .nonZero) -> Double {
        let m = Mask(width: 200, height: 160)
        m.fill(p, rule: rule)
        var s = 0
        for i in 0..<(200 * 160) { s += Int(m.coverage[i]) }
        return Double(s) / 255
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.003 * b + 0.5 }

    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        var p = Path()
        p.move(to: x0, y0)
        p.line(to: x1, y1)
        return p
    }

    @Test func straightLineCaps() {
        let l = Self.line(20, 30.3, 120, 30.3)
        let a = Self.area(l.stroked(StrokeStyle(width: 6)))
        #expect(Self.close(a, 600))                      // w·L
        let sq = Self.area(l.stroked(StrokeStyle(width: 6, cap: .square)))
        #expect(Self.close(sq, 636))                     // w·(L + w)
        let rd = Self.area(l.stroked(StrokeStyle(width: 6, cap: .round), tolerance: 0.01))
        #expect(Self.close(rd, 600 + Double.pi * 9))     // w·L + π(w/2)²
    }

    @Test func diagonalLineHasTheSameArea() {
        let l = Self.line(20, 20, 20 + 80 * cos(0.6), 20 + 80 * sin(0.6))
        #expect(Self.close(Self.area(l.stroked(StrokeStyle(width: 5, cap: .square))), 5 * 85))
    }

    @Test func rectangleJoins() {
        let r = Path.rect(x: 30, y: 30, width: 20, height: 10)
        // Miter: outer 24×14 minus inner 16×6.
        #expect(Self.close(Self.area(r.stroked(StrokeStyle(width: 4))), 240))
        // Bevel cuts a right triangle with legs w/2 from each outer corner.
        #expect(Self.close(Self.area(r.stroked(StrokeStyle(width: 4, join: .bevel))), 240 - 4 * 2))
        // Round: each corner is a quarter disc instead of a square of side w/2.
        let round = Self.area(r.stroked(StrokeStyle(width: 4, join: .round), tolerance: 0.01))
        #expect(Self.close(round, 240 - 4 * 4 * (1 - Double.pi / 4)))
    }

    @Test func miterLimitTurnsSharpCornersIntoBevels() {
        // A 30° corner: miter length / width = 1/sin(15°) ≈ 3.86.
        var p = Path()
        p.move(to: 20, 100)
        p.line(to: 120, 100)
        p.line(to: 120 - 100 * cos(Double.pi / 6), 100 - 100 * sin(Double.pi / 6))
        let w = 4.0
        let miter = Self.area(p.stroked(StrokeStyle(width: w, miterLimit: 4)))
        let bevel = Self.area(p.stroked(StrokeStyle(width: w, miterLimit: 3.8)))
        // The miter adds a kite beyond the bevel: (w/2)²·(1/tan(φ/2) − ... ) worked out as
        // area(miter) − area(bevel) = (w/2)² · cos(φ/2)/sin(φ/2) − (w/2)²·sin(θ)/2... use the
        // direct construction: the tip triangle has base = chord between offset points and apex at the miter point.
        let theta = Double.pi - Double.pi / 6           // turning angle
        let h = w / 2
        let chord = 2 * h * sin(theta / 2)
        let apex = h / cos(theta / 2) - h * cos(theta / 2)
        #expect(abs((miter - bevel) - chord * apex / 2) < 0.6)
        #expect(miter > bevel + 10)
    }

    @Test func dashesCoverTheExpectedFraction() {
        let l = Self.line(10, 50, 110, 50)
        // [10, 5] over 100: six dashes of 10 plus the last 10 → 70 on.
        #expect(Self.close(Self.area(l.stroked(StrokeStyle(width: 4, dashes: [10, 5]))), 280))
        // Phase 5: on [0,5), then on [10+15k, 20+15k) for k = 0...5 → 5 + 60 = 65.
        #expect(Self.close(Self.area(l.stroked(StrokeStyle(width: 4, dashes: [10, 5], dashPhase: 5))), 260))
        // Odd count repeats: [10] = [10, 10] → five dashes of 10.
        #expect(Self.close(Self.area(l.stroked(StrokeStyle(width: 4, dashes: [10]))), 200))
        // Zero-length dashes with round caps are dots: [0, 20] → dots at 0, 20, ..., 80 (a dash
        // that would start exactly at the end of the subpath is not drawn).
        let dots = Self.area(l.stroked(StrokeStyle(width: 4, cap: .round, dashes: [0, 20]), tolerance: 0.01))
        #expect(Self.close(dots, 5 * Double.pi * 4))
    }

    @Test func closedDashRunningThroughTheStartIsJoined() {
        let r = Path.rect(x: 30, y: 30, width: 20, height: 10)
        let solid = Self.area(r.stroked(StrokeStyle(width: 4)))
        let dashed = Self.area(r.stroked(StrokeStyle(width: 4, dashes: [1000, 1])))
        #expect(abs(solid - dashed) < 0.5)
        // A dash that starts before the start corner and ends after it: miter join, no caps.
        let wrap = Self.area(r.stroked(StrokeStyle(width: 4, dashes: [10, 50], dashPhase: 5)))
        // Phase 5: on for [0, 5), off, on again for [55, 60) (the 60-long perimeter's end).
        // Joined at the start corner: two 5 × 4 arms overlapping in a 2 × 2 square, plus the 2 × 2
        // miter corner: 20 + 20 − 4 + 4 = 40. Two separately capped dashes would give 36.
        #expect(Self.close(wrap, 40))
    }

    @Test func zeroLengthSubpathDots() {
        var p = Path()
        p.move(to: 50, 50)
        p.line(to: 50, 50)
        #expect(Self.close(Self.area(p.stroked(StrokeStyle(width: 6, cap: .round), tolerance: 0.01)), Double.pi * 9))
        #expect(Self.close(Self.area(p.stroked(StrokeStyle(width: 6, cap: .square))), 36))
        #expect(Self.area(p.stroked(StrokeStyle(width: 6))) == 0)
    }

    @Test func closedTwoPointSubpathIsALineWithJoinsForEnds() {
        // move, line, close: the segment is stroked there and back; 180° joins end it.
        var p = Path()
        p.move(to: 10, 10)
        p.line(to: 50, 10)
        p.close()
        #expect(Self.close(Self.area(p.stroked(StrokeStyle(width: 4, join: .miter))), 160)) // miter → bevel at 180°
        #expect(Self.close(Self.area(p.stroked(StrokeStyle(width: 4, join: .round), tolerance: 0.01)), 160 + Double.pi * 4))
    }

    @Test func circleStrokeIsAnnulus() {
        let c = Path.ellipse(x: 40, y: 30, width: 80, height: 80)
        let a = Self.area(c.stroked(StrokeStyle(width: 6), tolerance: 0.01))
        #expect(Self.close(a, Double.pi * (43 * 43 - 37 * 37)))
        // Even-odd gives the same: the outline has no overlapping loops on a smooth curve's outer side.
        #expect(abs(Self.area(c.stroked(StrokeStyle(width: 6), tolerance: 0.01), rule: .nonZero) - a) < 1e-9)
    }

    @Test func smoothCurveStrokeFillsInOnePass() {
        // Inner joins along a curve whose radius exceeds half the width meet at the offset
        // lines' crossing, and miter tips replace their two offset points, so the outline is
        // simple: no cells shared by unrelated edges, hence no rows to redo.
        var p = Path()
        p.move(to: 20, 120)
        p.cubic(to: 180, 110, control1: 60, 20, control2: 140, 30)
        let style = StrokeStyle(width: 7, cap: .butt, join: .miter)
        var raster = CoverageRasterizer(originX: 0, originY: 0, width: 200, height: 160, antialias: true)
        p.stroked(style).flatten(transform: .identity, tolerance: fillTolerance, into: &raster)
        // Conflicts are found while the bands are accumulated, so sweep first.
        struct Covered: CoverageSink {
            var cells = 0
            mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) { cells += count }
            mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
                for i in 0..<count where coverage[i] != 0 { cells += 1 }
            }
        }
        var covered = Covered()
        raster.sweep(rule: .nonZero, into: &covered)
        #expect(!raster.hasConflicts)
        #expect(covered.cells > 1000)
        // Its area is the curve's length times the width, to within the flattening.
        var length = 0.0
        var collector = PolylineCollector()
        p.flatten(transform: .identity, tolerance: 0.01, into: &collector)
        let l = collector.lines[0]
        for i in 1..<l.count { length += hypot2(l.xs[i] - l.xs[i - 1], l.ys[i] - l.ys[i - 1]) }
        #expect(Self.close(Self.area(p.stroked(style)), 7 * length))
    }

    @Test(arguments: [0.6, 1.0, 3.3])
    func thinStrokeCornersAreExact(width: Double) {
        // A mitred rectangle stroke is exactly the outer rectangle minus the inner one. Its outline
        // overlaps itself at the inner corners; those pixels must still be exact (1/255).
        let (x, y, w, h) = (3.3, 2.6, 17.45, 11.8)
        let s = Surface(width: 28, height: 20)
        s.fill(Path.rect(x: x, y: y, width: w, height: h).stroked(StrokeStyle(width: width)), color: .white)
        let hw = width / 2
        let outer: [Reference.P] = [(x - hw, y - hw), (x + w + hw, y - hw), (x + w + hw, y + h + hw), (x - hw, y + h + hw)]
        let inner: [Reference.P] = [(x + hw, y + hw), (x + w - hw, y + hw), (x + w - hw, y + h - hw), (x + hw, y + h - hw)]
        let err = Reference.maxError(s) { px, py in
            let (x0, y0) = (Double(px), Double(py))
            return Reference.area(outer, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
                - Reference.area(inner, x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1)
        }
        #expect(err <= 1.01)
    }

    @Test func trimmedKeepsTheRequestedLength() {
        let l = Self.line(0, 0, 100, 0)
        #expect(l.trimmed(from: 0.25, to: 0.75).elements == [.move(x: 25, y: 0), .line(x: 75, y: 0)])
        #expect(l.trimmed(from: 0.5, to: 0.5).isEmpty)
        // Perimeter 60 of a 20×10 rectangle; half of it ends at the opposite corner.
        let r = Path.rect(x: 0, y: 0, width: 20, height: 10)
        #expect(r.trimmed(from: 0, to: 0.5).elements == [.move(x: 0, y: 0), .line(x: 20, y: 0), .line(x: 20, y: 10)])
        #expect(abs(r.trimmed(from: 0.1, to: 0.9).length - 48) < 1e-9)
        // A circle of radius 30: curves stay curves and the length is a fraction of 2πr.
        let c = Path.ellipse(x: 0, y: 0, width: 60, height: 60)
        let full = c.length
        #expect(abs(full - 2 * Double.pi * 30) < 0.05) // the 4-cubic circle is up to 2.7e-4·r too wide
        let part = c.trimmed(from: 0.2, to: 0.65)
        #expect(abs(part.length - 0.45 * full) < 1e-3)
        #expect(part.elements.contains { if case .cubic = $0 { return true } else { return false } })
    }
}
