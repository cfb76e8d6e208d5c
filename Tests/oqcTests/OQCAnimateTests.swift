import Foundation
import OpenQuartzCore
import TestSupport
import Testing

/// `oqc animate`: the frames it writes (read by Pillow, an independent decoder) are the
/// pictures `oqc render --time` gives at the frame times; the range, loop and delays follow
/// the options; bad input is refused with one line and nothing written.
@Suite("oqc animate")
struct OQCAnimateTests {
    typealias P = OQCProcess

    /// A red square moving right over 1 s, a blue one fading in from 0.2 s to 0.6 s.
    static let scene = #"""
    {"canvas": {"width": 40, "height": 20, "background": "white"},
     "layers": [{"bounds": [0, 0, 10, 10], "position": [5, 10], "backgroundColor": "red",
                 "animations": [{"keyPath": "position.x", "fromValue": 5, "toValue": 35, "duration": 1,
                                 "timingFunction": "easeInEaseOut"}]},
                {"bounds": [0, 0, 6, 6], "position": [20, 4], "backgroundColor": "#0000FF80",
                 "animations": [{"keyPath": "opacity", "fromValue": 0, "toValue": 1, "beginTime": 0.2,
                                 "duration": 0.4}]}]}
    """#

    static let forever = #"""
    {"canvas": {"width": 20, "height": 20},
     "layers": [{"bounds": [0, 0, 10, 10], "position": [10, 10], "backgroundColor": "green",
                 "animations": [{"keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 3.14159,
                                 "duration": 1, "repeatCount": "infinity"}]}]}
    """#

    /// Pillow's reading of an animation file, its frames decoded.
    struct Decoded {
        var pillow: PillowFrames
        var frames: [CGImage]
        var count: Int { pillow.count }
        var loop: Int? { pillow.loop }
        var delays: [[Int]] { pillow.delays }

        init(path: String) throws {
            pillow = try PillowFrames(path: path)
            frames = try pillow.pngs.map { try CGImage(pngData: $0) }
        }
    }

    func folder(_ text: String = scene) throws -> String {
        let dir = try P.temporaryFolder()
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        return dir
    }

    /// `oqc render --time t` of the scene in `dir`, decoded.
    func rendered(_ dir: String, time t: Double, extra: [String] = []) throws -> CGImage {
        let r = try P.run(["render", "scene.json", "-o", "-", "--time", "\(t)"] + extra, in: dir)
        guard r.status == 0 else { throw OQCTestFailure("render --time \(t): \(r.stderr)") }
        return try CGImage(pngData: [UInt8](r.stdoutData))
    }

    @Test func animatedPNGFramesAreTheRenderedTimes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["animate", "scene.json", "-o", "out.png", "--fps", "10"], in: dir)
        #expect(r.status == 0 && r.stderr == "" && r.stdout == "", "\(r.stderr)")
        let a = try Decoded(path: dir + "/out.png")
        // Until settled: the last animation ends at 1 s, so frames at 0, 0.1, …, 1.0.
        #expect(a.count == 11)
        #expect(a.loop == 1)
        #expect(a.delays == Array(repeating: [1, 10], count: 11))
        for i in [0, 1, 3, 4, 7, 10] where i < a.frames.count {
            let t = Double(i) * 1 / 10
            let same = a.frames[i].premultipliedRGBA == (try rendered(dir, time: t)).premultipliedRGBA
            #expect(same, "frame \(i) at \(t)")
        }
        // The picture moves (the animations are removed at 1 s: the last frame is the first).
        let moved = a.count == 11 && a.frames[0].premultipliedRGBA != a.frames[4].premultipliedRGBA
        let back = a.count == 11 && a.frames[0].premultipliedRGBA == a.frames[10].premultipliedRGBA
        #expect(moved && back)
    }

    @Test func timingIsOneLineOnStandardError() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["animate", "scene.json", "-o", "out.png", "--fps", "10", "--timing"], in: dir)
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("oqc animate: 11 frames of 40x20: rendering ") && r.stderr.contains(" s of CPU (wall clock: ") && r.stderr.hasSuffix(" s)\n"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func fractionalRateAndSliceOfARange() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 29.97 fps is 2997/100: a frame lasts 100/2997 s, exactly. 0.5 s from 0.25 is 15 frames
        // (14.985 rounded up); frames 5 to 8 of them.
        let r = try P.run(["animate", "scene.json", "-o", "out.apng", "--fps", "29.97", "--from", "0.25",
                           "--duration", "0.5", "--frames", "5:9", "--scale", "2"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let a = try Decoded(path: dir + "/out.apng")
        #expect(a.count == 4)
        #expect(a.delays == Array(repeating: [100, 2997], count: 4))
        for k in 0..<min(a.count, 4) {
            let t = 0.25 + Double(5 + k) * 100 / 2997
            let same = a.frames[k].premultipliedRGBA == (try rendered(dir, time: t, extra: ["--scale", "2"])).premultipliedRGBA
            #expect(same, "frame \(5 + k) at \(t)")
        }
        // The whole range has 15 frames: 15:16 is past its end.
        let past = try P.run(["animate", "scene.json", "-o", "x.png", "--fps", "29.97", "--from", "0.25",
                              "--duration", "0.5", "--frames", "14:16"], in: dir)
        #expect(past.status == 2 && past.stderr.hasPrefix("oqc animate: --frames: "))
    }

    @Test func pngSequencesNameFramesByNumber() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/seq", withIntermediateDirectories: false)
        let r = try P.run(["animate", "scene.json", "-o", "seq/", "--fps", "20", "--to", "1", "--frames", "3:6"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(P.listing(dir + "/seq") == ["0003.png", "0004.png", "0005.png"])
        for i in 3..<6 {
            let png = try #require(FileManager.default.contents(atPath: dir + String(format: "/seq/%04d.png", i)))
            let same = try CGImage(pngData: [UInt8](png)).premultipliedRGBA == (try rendered(dir, time: Double(i) * 1 / 20)).premultipliedRGBA
            #expect(same, "frame \(i)")
        }
        let pattern = try P.run(["animate", "scene.json", "-o", "shot-%02d.png", "--fps", "4", "--to", "0.5"], in: dir)
        #expect(pattern.status == 0, "\(pattern.stderr)")
        #expect(P.listing(dir).filter { $0.hasPrefix("shot-") } == ["shot-00.png", "shot-01.png"])
    }

    @Test func endlessRepeatLoopsForeverAndNeedsADuration() throws {
        let dir = try folder(Self.forever)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try P.run(["animate", "scene.json", "-o", "out.png"], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr == "oqc animate: layers[0].animations[0] repeats for ever; give --duration or --to\n")
        #expect(P.listing(dir) == ["scene.json"])
        let r = try P.run(["animate", "scene.json", "-o", "out.png", "--duration", "1", "--fps", "8"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let a = try Decoded(path: dir + "/out.png")
        #expect(a.count == 8 && a.loop == 0)
    }

    /// Each bad input: exit 2, one line naming the flag, nothing written.
    @Test(arguments: [
        (["--fps", "0"], "--fps"), (["--fps", "-30"], "--fps"), (["--fps", "nan"], "--fps"),
        (["--fps", "1000000"], "--fps"), (["--fps", "30/0"], "--fps"),
        (["--duration", "-1"], "--duration"), (["--duration", "0"], "--duration"),
        (["--from", "2", "--to", "1"], "--to"), (["--to", "1", "--duration", "1"], "--duration"),
        (["--fps", "1000", "--duration", "100", "--max-frames", "5000"], "--max-frames"),
        (["--max-total-pixels", "1000"], "--max-total-pixels"),
        (["--frames", "3"], "--frames"), (["--frames", "5:2"], "--frames"),
        (["--threads", "0"], "--threads"),
    ])
    func badOptionsAreRefused(_ extra: [String], flag: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["animate", "scene.json", "-o", "out.png"] + extra, in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("oqc animate: ") && r.stderr.contains(flag), "\(r.stderr)")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1 && r.stderr.hasSuffix("\n"))
        #expect(P.listing(dir) == ["scene.json"])
    }

    @Test(arguments: ["out.xyz", "out", "frames-%x.png", "a-%d-%d.png", "out.%04d"])
    func unknownOutputsAreRefused(_ output: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["animate", "scene.json", "-o", output], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("oqc animate: -o: ") && r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
        #expect(P.listing(dir) == ["scene.json"])
    }

    @Test func withoutFFmpegVideoFailsSayingWhatToInstall() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["animate", "scene.json", "-o", "out.mp4"], in: dir, environment: ["PATH": dir])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("oqc animate: ffmpeg not found on PATH; install it") && r.stderr.filter { $0 == "\n" }.count == 1)
        #expect(P.listing(dir) == ["scene.json"])
    }

    @Test func aFailingFFmpegLeavesNothingAndSaysWhy() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: false)
        let fake = dir + "/bin/ffmpeg"
        try Data("#!/bin/sh\ncat > /dev/null\necho 'first line' >&2\necho 'Unknown encoder' >&2\nexit 3\n".utf8)
            .write(to: URL(fileURLWithPath: fake))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        try Data("OLD".utf8).write(to: URL(fileURLWithPath: dir + "/out.webm"))
        let r = try P.run(["animate", "scene.json", "-o", "out.webm"], in: dir, environment: ["PATH": dir + "/bin:/usr/bin:/bin"])
        #expect(r.status == 1)
        #expect(r.stderr == "oqc animate: ffmpeg failed (status 3): Unknown encoder\n")
        #expect(FileManager.default.contents(atPath: dir + "/out.webm") == Data("OLD".utf8))
        #expect(P.listing(dir) == ["bin", "out.webm", "scene.json"])
    }

    /// ffmpeg is on PATH in .ci/run (it installs it): its outputs must appear, with every frame.
    @Test func ffmpegWritesGIFAndVideos() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["out.gif", "out.mp4", "out.webm", "out.webp"] {
            let r = try P.run(["animate", "scene.json", "-o", name, "--fps", "10"], in: dir)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.size] as? Int) ?? 0
            #expect(size > 0, "\(name)")
        }
        // Pillow counts the GIF's frames (GIF keeps each one: they all differ).
        let gif = try Decoded(path: dir + "/out.gif")
        #expect(gif.count == 11)
        // Nothing but the outputs is left (no temporary file).
        #expect(P.listing(dir) == ["out.gif", "out.mp4", "out.webm", "out.webp", "scene.json"])
    }
}
