import Foundation
import FuzzSupport
import Testing
import TestSupport

/// Every input fuzz-cgcontext found to crash or to be slow (Fuzz/Crashers/fuzz-cgcontext-…),
/// replayed as the fuzzer ran it: the same bytes through the same program
/// (FuzzSupport's `runCGContextProgram`), so a finding is tested the day its file is committed.
/// The slow ones stroke curves 1e19–1e308 wide, often after scales that multiply to 10⁵, and
/// took 2–9 s of CPU each in a debug build before strokes were bounded by what can be seen and
/// by `StrokeBudget` (docs/limits.md). Each must now take under a second of this thread's CPU
/// time in a debug build; the slowest (7e0f…, 91f0…, 35444…) stroke ellipses about 1e11 px tall
/// crossing the canvas, which what can be seen does not cut, so the stroke is flattened to the
/// budget's 2¹⁸ segments: bounded work, profiled in Fuzz/README.md.
@Suite("CGContext fuzz replays")
struct CGContextFuzzReplayTests {
    static let crashers = Repository.root.appendingPathComponent("Fuzz/Crashers")

    /// The committed inputs of a harness, sorted by name.
    static func inputs(of harness: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: crashers, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix(harness + "-") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Runs `program` on every committed input of `harness`, each within `limit` s of this
    /// thread's CPU time.
    static func replay(_ harness: String, within limit: Double, _ program: ([UInt8]) -> Void) throws {
        for input in try inputs(of: harness) {
            let bytes = [UInt8](try Data(contentsOf: input))
            let start = CGContextStrokeBudgetTests.cpuSeconds()
            program(bytes)
            let seconds = CGContextStrokeBudgetTests.cpuSeconds() - start
            print("\(harness) replay \(input.lastPathComponent): \(seconds) s of CPU")
            #expect(seconds < limit, "\(input.lastPathComponent): \(seconds) s")
        }
    }

    @Test func everyFindingIsReplayed() throws {
        // At least 1 crash, 4 slow units and 16 timeouts are committed; a listing that finds
        // fewer means the folder moved and this suite would replay nothing.
        #expect(try Self.inputs(of: "fuzz-cgcontext").count >= 21)
    }

    /// The CPU seconds a replay of the whole-frame programs (animation, render) may take: a debug
    /// build runs their blurs and flattening over fifty times slower than a release one. The
    /// slowest input, animation `8bc51…`, takes 6.2 s in debug (0.07 s in release) on
    /// an idle core, and a core whose sibling is busy stretches CPU time by up to 2×: hence 20 s.
    static let wholeFrameLimit: Double = {
        #if DEBUG
        return 20
        #else
        return 0.5
        #endif
    }()

    @Test func replaysAreQuick() throws {
        try Self.replay("fuzz-cgcontext", within: 1, runCGContextProgram)
    }

    /// fuzz-animation's findings, replayed through FuzzSupport's `runAnimationProgram` as the
    /// fuzzer ran them (a leak, a timeout that was the machine's load, slow units). The slowest,
    /// `slow-unit-65d7…` (25 s of CPU in the fuzzer's AddressSanitizer build), blurs
    /// content shadows of a rasterization plane in six frames, within the default budget: 0.036 s
    /// of CPU in a release build and 4.3 s in a debug one, whose generic, uninlined Gaussian
    /// kernels are over a hundred times slower. Hence the two limits.
    @Test func animationReplaysAreQuick() throws {
        #expect(try Self.inputs(of: "fuzz-animation").count >= 2)
        try Self.replay("fuzz-animation", within: Self.wholeFrameLimit, runAnimationProgram)
    }

    /// fuzz-render's findings, replayed through FuzzSupport's `runRenderProgram` as the fuzzer
    /// rendered them (a crash and a timeout, both fixed). The slowest,
    /// `slow-unit-d1ee…` (21 s of CPU in the fuzzer's AddressSanitizer build), is a
    /// 4.7 KB path of smooth quadratics (`T`) whose reflected control points carry values of
    /// 1e-200 to 200 on a 5 × 10 canvas: it renders in 0.1 s of CPU from a release `oqc render`
    /// (perf: flattening and adding edges, 85 %) and 3.6–3.8 s from a debug build. Hence the two limits.
    @Test func renderReplaysAreQuick() throws {
        #expect(try Self.inputs(of: "fuzz-render").count >= 3)
        try Self.replay("fuzz-render", within: Self.wholeFrameLimit, runRenderProgram)
    }

    /// fuzz-archive's findings, replayed through FuzzSupport's `runArchiveProgram`: hostile keyed
    /// archives decoded with secure coding and rendered small.
    @Test func archiveReplaysAreQuick() throws {
        try Self.replay("fuzz-archive", within: Self.wholeFrameLimit, runArchiveProgram)
    }

    /// fuzz-layer-api's findings, replayed through FuzzSupport's `runLayerAPIProgram`: the layer
    /// API called property by property with hostile values, then rendered small.
    @Test func layerAPIReplaysAreQuick() throws {
        try Self.replay("fuzz-layer-api", within: Self.wholeFrameLimit, runLayerAPIProgram)
    }
}
