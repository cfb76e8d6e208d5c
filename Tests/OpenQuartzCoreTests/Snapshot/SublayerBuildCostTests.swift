import Foundation
import Testing
import OpenQuartzCore

/// Building a tree is linear in its size: `addSublayer(_:)` and friends change the sublayer
/// list in place instead of copying it, which made a tree of n sublayers cost n²/2 retains
/// (20 000 layers: 2·10⁸).
@Suite struct SublayerBuildCostTests {
    /// The address of the storage of `layer`'s sublayer list (the getter returns the stored
    /// array itself, not a copy).
    static func storage(_ layer: CALayer) -> UInt? {
        layer.sublayers?.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
    }

    /// A list copied on every insertion gets new storage 20 000 times; one grown in place only
    /// when its capacity doubles (about log₂ 20 000 ≈ 15 times).
    @Test func appendingKeepsTheListsStorage() {
        let root = CALayer()
        var moves = 0
        var last: UInt?
        for i in 0..<20_000 {
            let l = CALayer()
            if i % 2 == 0 { root.addSublayer(l) } else { root.insertSublayer(l, at: UInt32(i)) }
            let now = Self.storage(root)
            if now != last { moves += 1 }
            last = now
        }
        #expect(root.sublayers?.count == 20_000)
        #expect(moves <= 64, "the sublayer list got new storage \(moves) times in 20 000 insertions")
    }

    /// Removing, replacing and setting the whole list do not copy either.
    @Test func removingAndReplacingKeepTheListsStorage() {
        let root = CALayer()
        let layers = (0..<4_000).map { _ in CALayer() }
        root.sublayers = layers
        #expect(layers.allSatisfy { $0.superlayer === root })
        var moves = 0
        var last = Self.storage(root)
        for i in stride(from: 3_999, to: 2_000, by: -2) {
            root.replaceSublayer(layers[i], with: CALayer())
            layers[i - 1].removeFromSuperlayer()
            let now = Self.storage(root)
            if now != last { moves += 1 }
            last = now
        }
        #expect(moves <= 4, "the sublayer list got new storage \(moves) times in 4 000 changes")
        #expect(root.sublayers?.count == 3_000)
        #expect(layers[3_999].superlayer == nil && layers[3_998].superlayer == nil)
    }

    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The cost of building a flat tree of `n` layers and of setting a list of `n` at once.
    static func buildCost(_ n: Int) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let layers = (0..<n).map { _ in CALayer() }, others = (0..<n).map { _ in CALayer() }
            let t0 = cpuSeconds()
            let a = CALayer(), b = CALayer()
            for l in layers { a.addSublayer(l) }
            b.sublayers = others
            best = min(best, cpuSeconds() - t0)
        }
        return best
    }

    /// Ten times the layers costs about ten times the CPU time (a quadratic build costs a
    /// hundred times); the bound, 35×, is generous for a noisy shared machine. Thread CPU
    /// time, best of three.
    @Test func buildingIsLinear() {
        let small = Self.buildCost(2_000), large = Self.buildCost(20_000)
        #expect(large < 35 * max(small, 1e-4), "2 000 layers: \(small) s, 20 000 layers: \(large) s")
    }
}
