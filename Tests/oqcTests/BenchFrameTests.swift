import Codecs
import Foundation
import Testing
import TestSupport

/// `oqc bench` measures the real renderer: the last frame it writes (after frames drawn from
/// the frame caches, with one thread and with two) has the pixels `oqc render` gives for the
/// same scene, for figures with shadows, masks, group opacity, rasterization and 3D.
@Suite("oqc bench frames")
struct BenchFrameTests {
    static let examples = Repository.root.appendingPathComponent("Examples")

    func pixels(_ path: String) throws -> [UInt8] {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try PNG.decodeImage([UInt8](data)).rgba8
    }

    @Test(arguments: ["fig4-10-shadow-view", "fig4-13-mask", "fig4-20-group-opacity-off", "fig4-21-should-rasterize",
                      "fig5-10-perspective", "fig5-22-lit-cube"])
    func benchFramesAreRenderedFrames(figure: String) throws {
        let scene = Self.examples.appendingPathComponent(figure + ".json").path
        let dir = try OQCProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rendered = try OQCProcess.run(["render", scene, "-o", dir + "/render.png", "--allow-any-path"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let expected = try pixels(dir + "/render.png")
        for threads in ["1", "2"] {
            let out = dir + "/t" + threads
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let bench = try OQCProcess.run(["bench", scene, "--frames", "3", "--warmup", "1", "--threads", threads,
                                            "-o", out, "--allow-any-path"])
            #expect(bench.status == 0, "\(bench.stderr)")
            let got = try pixels(out + "/" + figure + ".png")
            #expect(got.count == expected.count)
            let worst = zip(got, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
            // Bands may round a content shadow's blur by 1/255 differently where a band starts.
            #expect(worst <= (threads == "1" ? 0 : 1), "\(figure), \(threads) thread(s): off by up to \(worst)")
        }
    }
}
