import Codecs
import Foundation
import Testing
import TestSupport

/// `oqc render --time T --scene-out FRAME.json`: the presentation tree at T as a static scene.
/// Rendering FRAME.json without a time must give exactly the pixels of the timed render, which
/// is what lets peer renderers draw the frames `oqc bench --fps` times.
@Suite("oqc render --scene-out")
struct OQCSceneOutTests {
    typealias P = OQCProcess
    static let animated = Repository.root.appendingPathComponent("Examples/animated")

    func pixels(_ path: String) throws -> [UInt8] {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try PNG.decodeImage([UInt8](data)).rgba8
    }

    /// Colour, path, gradient and transform animations in one small scene: a keyframe path
    /// morph, a colour fade, a rotation and moving gradient stops, all mid-flight at 0.3 s.
    static let mixed = #"""
    {"canvas": {"width": 120, "height": 80, "background": "white"},
     "layers": [
      {"type": "shape", "frame": [0, 0, 120, 80], "path": "M 10 10 L 50 10 L 30 50 Z", "fillColor": "#FF000080",
       "strokeColor": "blue", "lineWidth": 2,
       "animations": [{"keyPath": "path", "fromValue": "M 10 10 L 50 10 L 30 50 Z", "toValue": "M 20 5 L 70 30 L 10 70 Z",
                       "duration": 1},
                      {"keyPath": "fillColor", "fromValue": "#FF000080", "toValue": "#00C0FF", "duration": 0.7}]},
      {"bounds": [0, 0, 30, 20], "position": [90, 40], "backgroundColor": "#336699", "cornerRadius": 5,
       "shadowOpacity": 0.5, "shadowRadius": 3,
       "animations": [{"keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 3, "duration": 1},
                      {"keyPath": "opacity", "fromValue": 1, "toValue": 0.2, "duration": 1}]},
      {"type": "gradient", "frame": [60, 60, 60, 20], "colors": ["red", "yellow", "green"], "locations": [0, 0.2, 0.4],
       "animations": [{"keyPath": "locations", "fromValue": [0, 0.2, 0.4], "toValue": [0.5, 0.7, 1], "duration": 1}]}]}
    """#

    /// Renders `scene` at `time` together with its static scene, then the static scene alone;
    /// the two pictures must be the same bytes.
    func expectStaticFrameMatches(_ scene: String, time: String, in dir: String) throws {
        let timed = dir + "/timed.png", frame = dir + "/frame.json", still = dir + "/still.png"
        let r = try P.run(["render", scene, "--time", time, "--scale", "0.5", "-o", timed, "--scene-out", frame])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try String(contentsOfFile: frame, encoding: .utf8)
        #expect(!json.contains("\"animations\""), "\(scene) at \(time): the static scene still has animations")
        let s = try P.run(["render", frame, "-o", still])
        #expect(s.status == 0, "\(s.stderr)")
        let a = try pixels(timed), b = try pixels(still)
        #expect(a.count == b.count && a == b, "\(scene) at \(time): the static scene draws other pixels")
    }

    @Test func staticSceneDrawsTheTimedFrame() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let mixed = dir + "/mixed.json"
        try Data(Self.mixed.utf8).write(to: URL(fileURLWithPath: mixed))
        let cube = Self.animated.appendingPathComponent("cube.json").path
        let progress = Self.animated.appendingPathComponent("progress.json").path
        for (scene, times) in [(mixed, ["0.3", "2"]), (cube, ["0.45", "1.7"]), (progress, ["0.6", "1.3"])] {
            for time in times { try expectStaticFrameMatches(scene, time: time, in: dir) }
        }
        // Not vacuous: mid-animation, the frame differs from the model's picture.
        let model = try P.run(["render", mixed, "--scale", "0.5", "-o", dir + "/model.png"])
        let moved = try P.run(["render", mixed, "--scale", "0.5", "--time", "0.3", "-o", dir + "/moved.png"])
        #expect(model.status == 0 && moved.status == 0)
        #expect(try pixels(dir + "/model.png") != pixels(dir + "/moved.png"))
    }

    /// Without -o only the scene is written; `-` writes it to standard output.
    @Test func sceneOutAloneAndToStandardOutput() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/scene.json"
        try Data(Self.mixed.utf8).write(to: URL(fileURLWithPath: scene))
        let alone = try P.run(["render", scene, "--time", "0.3", "--scene-out", dir + "/f.json"])
        #expect(alone.status == 0 && alone.stderr.isEmpty, "\(alone.stderr)")
        #expect(P.listing(dir) == ["f.json", "scene.json"])
        let piped = try P.run(["render", scene, "--time", "0.3", "--scene-out", "-"])
        #expect(piped.status == 0)
        #expect(piped.stdout == (try String(contentsOfFile: dir + "/f.json", encoding: .utf8)))
    }

    /// What a static scene cannot say, and outputs that clash, get exit 2, one line, and
    /// nothing written (neither the image nor the scene).
    @Test func refusalsWriteNothing() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spinner = Self.animated.appendingPathComponent("spinner.json").path
        let transitions = Self.animated.appendingPathComponent("transitions.json").path
        let cases: [([String], String)] = [
            (["render", spinner, "--time", "0.5", "-o", dir + "/a.png", "--scene-out", dir + "/f.json"],
             "layers[0]: a replicator with instanceDelay over animated sublayers cannot be written as a static scene"),
            (["render", transitions, "--time", "0.5", "-o", dir + "/a.png", "--scene-out", dir + "/f.json"],
             "layers[0]: a transition cannot be written as a static scene"),
            (["render", spinner, "--time", "0.5", "-o", dir + "/f.json", "--scene-out", dir + "/f.json"],
             "oqc render: -o and --scene-out name the same file"),
            (["render", spinner, "-o", "-", "--scene-out", "-"], "oqc render: -o and --scene-out both write to standard output"),
            (["render", spinner, "--scene-out", spinner], "is an input of the command"),
            (["render", spinner, "--scene-out", ""], "oqc render: --scene-out: expected a file name"),
        ]
        let before = try Data(contentsOf: URL(fileURLWithPath: spinner))
        for (args, message) in cases {
            let r = try P.run(args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1 && r.stdout.isEmpty)
            #expect(P.listing(dir).isEmpty, "\(args) left \(P.listing(dir))")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: spinner)) == before)
        // Untimed, the model tree is written (its animations left out): nothing to refuse.
        let untimed = try P.run(["render", spinner, "--scene-out", dir + "/model.json"])
        #expect(untimed.status == 0, "\(untimed.stderr)")
    }
}
