import Codecs
import Foundation
import Testing
import TestSupport

/// `oqc bench --fps F`, `--time T` and `--cold`: which media time each frame shows, and
/// that the frames measured are the frames `oqc render --time` draws.
@Suite("oqc bench --fps, --time, --cold")
struct OQCBenchClockTests {
    typealias P = OQCProcess

    /// oqc animate's scene: a red square moving right over 1 s, a blue one fading in.
    static let scene = OQCAnimateTests.scene

    func pixels(_ path: String) throws -> [UInt8] {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try PNG.decodeImage([UInt8](data)).rgba8
    }

    /// The render of the scene at `time`, decoded.
    func rendered(at time: String, in dir: String) throws -> [UInt8] {
        let r = try P.run(["render", dir + "/scene.json", "--time", time, "-o", dir + "/at.png"])
        #expect(r.status == 0, "\(r.stderr)")
        return try pixels(dir + "/at.png")
    }

    func bench(_ extra: [String], in dir: String) throws -> (P.Result, [UInt8]) {
        let out = dir + "/out"
        try? FileManager.default.removeItem(atPath: out)
        let r = try P.run(["bench", dir + "/scene.json", "--frames", "3", "--warmup", "1", "-o", out] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return (r, try pixels(out + "/scene.png"))
    }

    @Test func framesAdvanceByOneOverF() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        // Frames 0 (budget), 1 (warm-up), 2-4 timed: the last shows 4/10 s.
        let at04 = try rendered(at: "0.4", in: dir)
        #expect(at04 != (try rendered(at: "0", in: dir)))
        for cold in [false, true] {
            let (r, last) = try bench(["--fps", "10"] + (cold ? ["--cold"] : []), in: dir)
            #expect(r.stdout.contains(" frames=3 "), "\(r.stdout)")
            #expect(r.stdout.contains(" cold=\(cold ? 1 : 0) fps=10 t_first=0.2 t_last=0.4\n"), "\(r.stdout)")
            #expect(last == at04)
        }
        // --time with --fps starts the clock there: 0.5 + 4/10.
        let (late, lastLate) = try bench(["--fps", "10", "--time", "0.5"], in: dir)
        #expect(late.stdout.contains("t_first=0.7 t_last=0.9"), "\(late.stdout)")
        #expect(lastLate == (try rendered(at: "0.9", in: dir)))
        // --time alone: every frame at that time.
        let (still, lastStill) = try bench(["--time", "0.25"], in: dir)
        #expect(still.stdout.contains(" cold=0 time=0.25\n"), "\(still.stdout)")
        #expect(lastStill == (try rendered(at: "0.25", in: dir)))
    }

    @Test func badRateExitsTwo() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        for rate in ["0", "fast", "1001", "1/0"] {
            let r = try P.run(["bench", dir + "/scene.json", "--fps", rate])
            #expect(r.status == 2 && r.stdout.isEmpty)
            #expect(r.stderr == "oqc bench: --fps: expected frames per second above 0 and at most 1000 (30, 29.97 or 30000/1001), got '\(rate)'\n")
        }
    }
}
