import Testing
import Raster

/// A rectangle less holes, against a per-pixel brute force: every run it reports is inside the
/// rectangle and outside every hole, and every such pixel is in some run.
@Suite struct PixelRegionTests {
    @Test(arguments: 0..<40)
    func runsAreTheRectangleLessTheHoles(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ n: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(n))
        }
        let (x0, y0, x1, y1) = (next(10), next(10), 30 + next(20), 30 + next(20))
        var holes: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        for _ in 0..<next(12) {
            let hx = next(60) - 5, hy = next(60) - 5
            holes.append((hx, hy, hx + 1 + next(25), hy + 1 + next(25)))
        }
        let region = PixelRegion(x0: x0, y0: y0, x1: x1, y1: y1, minus: holes)
        var inside = [[Bool]](repeating: [Bool](repeating: false, count: 64), count: 64)
        for y in 0..<64 {
            region.forEachRun(y: y, from: -10, to: 70) { a, b in
                #expect(a < b)
                for x in a..<b { inside[y][x] = true }
            }
        }
        var wrong = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let expected = x >= x0 && x < x1 && y >= y0 && y < y1
                    && !holes.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }
                if inside[y][x] != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0, "seed \(seed): \(wrong) pixels wrong")
        #expect(region.isEmpty == !inside.joined().contains(true))
    }

    @Test func runsAreCutToTheAskedSpan() {
        let region = PixelRegion(x0: 0, y0: 0, x1: 20, y1: 4, minus: [(5, 0, 8, 4), (12, 1, 15, 3)])
        var runs: [(Int, Int)] = []
        region.forEachRun(y: 2, from: 3, to: 18) { runs.append(($0, $1)) }
        #expect(runs.map { $0.0 } == [3, 8, 15] && runs.map { $0.1 } == [5, 12, 18])
        #expect(region.intersects(x0: 5, y0: 0, x1: 8, y1: 4) == false)
        #expect(region.intersects(x0: 12, y0: 0, x1: 15, y1: 4) == true)
    }
}
