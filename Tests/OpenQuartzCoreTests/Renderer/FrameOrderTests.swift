import Foundation
import OpenQuartzCore
import Testing
import TestSupport

/// Frames depend only on their time (docs/time.md, "Frames and the frames before them"): the
/// animated examples (Examples/animated) rendered at random subsets of the frames of a range,
/// sparse or dense, in time order (as `oqc animate --frames` slices and any player do) or in
/// any order (backwards, shuffled, one frame again after later ones), by a renderer on a
/// freshly loaded tree, give the bytes of a run over every frame.
@Suite("Frames depend only on their time")
struct FrameOrderTests {
    static let folder = Repository.path("Examples/animated")

    static var examples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Frame i at i / 6 s, from before the first begin to after the last end (2.5 s).
    static let times = (0..<16).map { Double($0) / 6 }
    static let rate = FrameRate(framesPerSecond: 6)!

    func frames(_ name: String, order: [Int]) throws -> [Int: [UInt8]] {
        let scene = try Scene.load(path: Self.folder + "/" + name)
        // At most one pixel per point: the rule does not depend on the scale, and the 3D cube at
        // its scale 2 was most of the suite's time.
        let renderer = CAImageRenderer(size: scene.size, scale: min(scene.scale, 1), background: scene.background)
        var out: [Int: [UInt8]] = [:]
        // Through the frame API, one frame at a time: frame i of 6 fps from 0 is at i / 6.
        for i in order {
            for f in renderer.frames(for: scene.root, from: 0, rate: Self.rate, range: i..<(i + 1)) {
                out[f.index] = f.image.premultipliedRGBA
            }
        }
        return out
    }

    @Test func thereAreAnimatedExamples() {
        #expect(Self.examples.count >= 3)
    }

    @Test(arguments: examples)
    func anySubsetGivesTheSequentialBytes(_ name: String) throws {
        let all = Array(Self.times.indices)
        let sequential = try frames(name, order: all)
        // Seeded (SplitMix64), so a failing subset is the same on every run.
        var rng = SplitMix64(state: UInt64(name.utf8.count))
        func subset(_ n: Int) -> [Int] {
            var a = all
            for k in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
            return Array(a.prefix(n))
        }
        let orders = [subset(5).sorted(), subset(8).sorted(), subset(2), stride(from: 1, to: all.count, by: 3).map { $0 },
                      [all.count - 1], [0, 7], subset(6), all.reversed(), [all.count - 1, 3, 9, 2]]
        for order in orders {
            let got = try frames(name, order: order)
            for i in order {
                #expect(got[i] == sequential[i], "\(name): frame \(i) (t = \(Self.times[i])) rendered in the order \(order)")
            }
        }
    }
}
