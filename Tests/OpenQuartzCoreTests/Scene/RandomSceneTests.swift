import Foundation
import Raster
import Testing
import OpenQuartzCore
import TestSupport

/// Seeded random scenes with extreme values in every numeric field (RandomSceneGenerator):
/// each is read and rendered at the default limits and budget, or refused with a scene error
/// or a budget refusal, within 10 s of CPU time; a signal (a trap, a wild write) fails the whole
/// run. The seeds are fixed, so a failure names the seed that reproduces it. The renderer draws
/// on the calling thread (one band), so that thread's CPU time is all the work a scene cost;
/// wall-clock time also counted the other processes (at load 14 one scene took 11.2 s of wall
/// time), and BoundedWorkTests.limitsCountCPUTimeNotWaiting shows the difference.
@Suite("Random scenes")
struct RandomSceneTests {
    /// How many scenes one run tries: 1 000 in a plain `swift test` (seconds), 10 000 in CI
    /// (`OQC_RANDOM_SCENES=10000`, .ci/run), more for a long run.
    static let count = ProcessInfo.processInfo.environment["OQC_RANDOM_SCENES"].flatMap { Int($0) } ?? 1_000

    /// A server's budget for canvases of this size (docs/limits.md, "What a server operator
    /// should set"): the defaults allow planes of 64 M pixels, seconds of work each in a debug
    /// build, for a scene that rasterizes a layer 1e16 points wide.
    static let serverBudget: RenderBudget = {
        var b = RenderBudget.default
        b.maxSurfacePixels = 4_000_000
        b.maxOffscreenPixels = 16_000_000
        b.maxBlurPixels = 16_000_000
        return b
    }()

    @Test func randomScenesRenderOrAreRefused() throws {
        var rendered = 0, refusedByLimits = 0, refusedByBudget = 0
        var slowest = 0.0
        for seed in 0..<UInt64(Self.count) {
            var g = RandomSceneGenerator(seed: seed)
            let json = g.scene()
            let start = DrawingBenchmarks.threadMilliseconds()
            do {
                let scene = try Scene.parse(data: Array(json.utf8), baseDirectory: nil)
                let r = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background, threads: 1)
                r.cachesFrames = false
                r.budget = Self.serverBudget
                let surface = Surface(width: r.pixelWidth, height: r.pixelHeight)
                r.render(scene.root, into: surface)
                if r.budgetExceeded != nil { refusedByBudget += 1 } else { rendered += 1 }
            } catch {
                refusedByLimits += 1
                #expect(!error.description.contains("\n"), "seed \(seed): \(error)")
            }
            let t = (DrawingBenchmarks.threadMilliseconds() - start) / 1000
            slowest = max(slowest, t)
            #expect(t < 10, "seed \(seed) took \(t) s of CPU")
        }
        // The generator must exercise both sides: most scenes render, some are refused.
        #expect(rendered > Self.count / 10)
        #expect(refusedByLimits > Self.count / 50)
        print("random scenes: \(rendered) rendered, \(refusedByLimits) refused by the reader, \(refusedByBudget) by the budget; slowest \(String(format: "%.2f", slowest)) s of CPU")
    }

    /// OQC_RANDOM_SCENE_SEED=N prints scene N, to reproduce a failure with `oqc render -`.
    @Test func printsTheSceneOfASeed() throws {
        guard let seed = ProcessInfo.processInfo.environment["OQC_RANDOM_SCENE_SEED"].flatMap({ UInt64($0) }) else { return }
        var g = RandomSceneGenerator(seed: seed)
        print(g.scene())
    }

    /// The generator is deterministic: a seed names one scene everywhere.
    @Test func generatorIsSeeded() {
        var a = RandomSceneGenerator(seed: 42), b = RandomSceneGenerator(seed: 42), c = RandomSceneGenerator(seed: 43)
        let sa = a.scene()
        #expect(sa == b.scene())
        #expect(sa != c.scene())
    }
}
