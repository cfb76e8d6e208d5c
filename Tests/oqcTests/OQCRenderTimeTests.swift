import Foundation
import Testing

/// `oqc render --time T`: the scene's animations shown at media time T.
@Suite("oqc render --time")
struct OQCRenderTimeTests {
    typealias P = OQCProcess

    /// A dot whose position.x animates between media times 1 and 2 (docs/scene-format.md).
    static let scene = #"""
    {"canvas": {"width": 40, "height": 10},
     "layers": [{"bounds": [0, 0, 10, 10], "position": [5, 5], "backgroundColor": "red",
                 "animations": [{"keyPath": "position.x", "fromValue": 5, "toValue": 35,
                                 "beginTime": 1, "duration": 1}]}]}
    """#

    func render(_ extra: [String], in dir: String) throws -> (P.Result, Data?) {
        let r = try P.run(["render", "scene.json", "-o", "out.png"] + extra, in: dir)
        let data = try? Data(contentsOf: URL(fileURLWithPath: dir + "/out.png"))
        try? FileManager.default.removeItem(atPath: dir + "/out.png")
        return (r, data)
    }

    @Test func timeShowsTheAnimation() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        let (plain, model) = try render([], in: dir)
        let (before, early) = try render(["--time", "0.5"], in: dir)
        let (during, moved) = try render(["--time", "1.5"], in: dir)
        #expect(plain.status == 0 && before.status == 0 && during.status == 0)
        // Before the begin time the model is shown: the same picture as without --time.
        #expect(model != nil && early == model)
        #expect(moved != nil && moved != model)
        let (bad, none) = try render(["--time", "soon"], in: dir)
        #expect(bad.status == 2 && none == nil)
        #expect(bad.stderr == "oqc render: --time: expected a number, got 'soon'\n")
    }

    /// Key times Core Animation would not follow as written are refused: exit 2, one line
    /// naming the JSON path, no image.
    @Test func invalidKeyTimesExitTwo() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = #"""
        {"canvas": {"width": 10, "height": 10},
         "layers": [{"bounds": [0, 0, 10, 10], "backgroundColor": "red",
                     "animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.5],
                                     "keyTimes": [0, 0.9, 0.5], "duration": 1}]}]}
        """#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        let (r, image) = try render(["--time", "0.5"], in: dir)
        #expect(r.status == 2 && image == nil)
        #expect(r.stderr.contains("layers[0].animations[0].keyTimes[2]: key times may not decrease"), "\(r.stderr)")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }
}
