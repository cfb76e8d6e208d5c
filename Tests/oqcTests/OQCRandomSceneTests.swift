import Foundation
import Testing
import TestSupport

/// A sample of the seeded random scenes (RandomSceneGenerator) through the real `oqc`
/// process: each exits 0 with a PNG or 2 with one line and no file, never with a signal.
@Suite("oqc random scenes")
struct OQCRandomSceneTests {
    @Test func randomScenesGiveCleanExitStatuses() throws {
        let dir = try OQCProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var statuses: [Int32: Int] = [:]
        for seed in UInt64(100_000)..<100_060 {
            var g = RandomSceneGenerator(seed: seed)
            let r = try OQCProcess.run(["render", "-", "-o", "out.png"], in: dir, input: Data(g.scene().utf8))
            #expect(!r.signaled, "seed \(seed): signal \(r.status)")
            #expect(r.status == 0 || r.status == 2, "seed \(seed): status \(r.status): \(r.stderr)")
            let wrote = FileManager.default.fileExists(atPath: dir + "/out.png")
            #expect(wrote == (r.status == 0), "seed \(seed)")
            if r.status == 2 { #expect(r.stderr.split(separator: "\n").count == 1, "seed \(seed): \(r.stderr)") }
            try? FileManager.default.removeItem(atPath: dir + "/out.png")
            statuses[r.status, default: 0] += 1
        }
        #expect((statuses[0] ?? 0) > 10 && (statuses[2] ?? 0) > 0)
    }
}
