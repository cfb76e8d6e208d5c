import Foundation
import Testing

/// Input an attacker controls, through the real `oqc`: each case exits 2 (or 1 for an output
/// that cannot be written) with one line on standard error, writes nothing, and ends within
/// seconds. The messages' JSON paths and flags are the ones docs/limits.md promises.
@Suite("oqc hostile input")
struct OQCHostileInputTests {
    typealias P = OQCProcess

    static let card = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"frame": [0, 0, 4, 4], "backgroundColor": "red"}]}"#

    /// `oqc ARGS` under `timeout`, so that a command that blocks fails the test instead of
    /// hanging it; `status` 124 means it was stopped.
    static func runBounded(_ arguments: [String], seconds: Int = 60, in directory: String) throws -> P.Result {
        guard let oqc = P.executable else { throw OQCTestFailure("oqc executable not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", "\(seconds)", oqc] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let err = Pipe(), out = Pipe()
        process.standardError = err
        process.standardOutput = out
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return P.Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                        stderr: String(decoding: errData, as: UTF8.self))
    }

    static func lines(_ s: String) -> Int { s.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }

    // MARK: animated values

    /// An animated replicator colour offset beyond Float's range trapped in the compositor's
    /// tinting; it is refused as the same value set on the layer is.
    @Test func animatedColourOffsetOutOfRange() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for key in ["instanceRedOffset", "instanceAlphaOffset"] {
            let scene = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"type": "replicator", "frame": [0, 0, 4, 4], "instanceCount": 2, "instanceColor": "white", "animations": [{"keyPath": "\#(key)", "fromValue": 0, "toValue": 1e39, "duration": 10}], "sublayers": [{"frame": [0, 0, 1, 1], "backgroundColor": "white"}]}]}"#
            try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/s.json"))
            let r = try P.run(["render", "s.json", "-o", "out.png", "--time", "5"], in: dir)
            #expect(r.status == 2 && Self.lines(r.stderr) == 1, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("s.json: layers[0].animations[0].toValue: number out of range for a Float"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        }
    }

    // MARK: input size

    /// Standard input and scene files were read whole before any check (a gigabyte trapped in
    /// Foundation or aborted); past `--max-input-bytes` they are refused while being read.
    @Test func inputOverTheLimit() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let long = Data(Self.card.utf8) + Data(repeating: 0x20, count: 200)
        try long.write(to: URL(fileURLWithPath: dir + "/s.json"))
        let file = try P.run(["render", "s.json", "-o", "out.png", "--max-input-bytes", "100"], in: dir)
        #expect(file.status == 2 && file.stderr == "s.json: the scene is longer than 100 bytes (raise the limit with --max-input-bytes)\n")
        let stdin = try P.run(["render", "-", "-o", "out.png", "--max-input-bytes", "100"], in: dir, input: long)
        #expect(stdin.status == 2 && stdin.stderr == "<stdin>: the scene is longer than 100 bytes (raise the limit with --max-input-bytes)\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        // A device that never ends is refused at the limit, not read forever.
        let zero = try Self.runBounded(["hit", "/dev/zero", "--at", "1,1", "--max-input-bytes", "1M"], in: dir)
        #expect(zero.status == 2 && zero.stderr == "/dev/zero: the scene is longer than 1000000 bytes (raise the limit with --max-input-bytes)\n")
        // At the limit the scene is read.
        let fits = try P.run(["render", "s.json", "-o", "out.png", "--max-input-bytes", "\(long.count)"], in: dir)
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    // MARK: bench output safety

    /// `--frames` and `--warmup` in the millions ran for hours; they are bounded.
    @Test func benchCountsAreBounded() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.card.utf8).write(to: URL(fileURLWithPath: dir + "/s.json"))
        let frames = try P.run(["bench", "s.json", "--frames", "1000000"], in: dir)
        #expect(frames.status == 2 && frames.stderr == "oqc bench: --frames: at most 10000, got '1000000'\n")
        let warmup = try P.run(["bench", "s.json", "--warmup", "1M"], in: dir)
        #expect(warmup.status == 2 && warmup.stderr == "oqc bench: --warmup: at most 1000, got '1M'\n")
    }

    /// A FIFO where bench writes a frame blocked it for ever; a scene named `x.png` or an image
    /// the scene reads was overwritten; two scenes of one name overwrote each other. Each is
    /// refused before any frame is drawn, and nothing is written.
    @Test func benchOutputsAreSafe() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/b", withIntermediateDirectories: true)
        for p in ["/s.json", "/a/x.json", "/b/x.json", "/out/p.png"] {
            try Data(Self.card.utf8).write(to: URL(fileURLWithPath: dir + p))
        }
        #expect(mkfifo(dir + "/out/s.png", 0o644) == 0)
        let fifo = try Self.runBounded(["bench", "s.json", "--frames", "1", "-o", "out"], seconds: 30, in: dir)
        #expect(fifo.status == 1 && Self.lines(fifo.stderr) == 1, "\(fifo.status) \(fifo.stderr)")
        #expect(fifo.stderr.contains("out/s.png") && fifo.stdout.isEmpty, "\(fifo.stderr)")

        let twice = try P.run(["bench", "a/x.json", "b/x.json", "--frames", "1", "-o", "out"], in: dir)
        #expect(twice.status == 2 && twice.stderr == "oqc bench: scenes a/x.json and b/x.json would both write out/x.png\n")
        #expect(!fm.fileExists(atPath: dir + "/out/x.png"))

        // The scene's own file as its output: bench of out/p.png (a scene file named .png) into out.
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/p.png"))
        let input = try P.run(["bench", "out/p.png", "--frames", "1", "-o", "out"], in: dir)
        #expect(input.status == 2 && Self.lines(input.stderr) == 1 && input.stderr.contains("is an input of the command"), "\(input.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out/p.png")) == before)
        #expect(P.listing(dir + "/out") == ["p.png", "s.png"])
    }

    // MARK: one failure, one line

    /// 1 000 text layers naming missing fonts printed 1 000 warnings, and a budget error after
    /// them made a failing run several lines. Warnings are one per font, at most ten and a
    /// line for the rest, and none at all when the run fails.
    @Test func warningsAreFewAndNoneOnFailure() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layers = (0..<1000).map { i in
            #"{"type": "text", "frame": [0, 0, 1, 1], "string": "", "font": "No Such Font \#(i % 25)"}"#
        }.joined(separator: ",")
        let scene = #"{"canvas": {"width": 4, "height": 4}, "layers": [\#(layers)]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/s.json"))
        let ok = try P.run(["render", "s.json", "-o", "out.png"], in: dir)
        #expect(ok.status == 0)
        let lines = ok.stderr.split(separator: "\n")
        #expect(lines.count == 11, "\(ok.stderr)")
        // Layer #0 asks for font 0, as do 39 more of the 1 000.
        #expect(lines.first?.hasPrefix("oqc render: warning: #0: font \"No Such Font 0\" not found; ") == true, "\(lines.first ?? "")")
        #expect(lines.first?.hasSuffix(" (and 39 more layers)") == true)
        #expect(lines.last == "oqc render: warning: 15 more fonts not found")
        try FileManager.default.removeItem(atPath: dir + "/out.png")
        let failing = try P.run(["render", "s.json", "-o", "out.png", "--max-canvas-pixels", "4"], in: dir)
        #expect(failing.status == 2 && Self.lines(failing.stderr) == 1, "\(failing.stderr)")
        #expect(failing.stderr.contains("--max-canvas-pixels"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    /// Text beyond `--max-text-characters` in all is refused in one line naming the string.
    @Test func textOverTheLimit() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"type": "text", "string": "abcdef"}, {"type": "text", "string": "ghijk", "isWrapped": true, "fontSize": 0.01}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/s.json"))
        let r = try P.run(["render", "s.json", "-o", "out.png", "--max-text-characters", "10"], in: dir)
        #expect(r.status == 2 && r.stderr == "s.json: layers[1].string: the scene's text layers have more than 10 characters (raise the limit with --max-text-characters)\n", "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        let fits = try P.run(["render", "s.json", "-o", "out.png", "--max-text-characters", "11"], in: dir)
        #expect(fits.status == 0, "\(fits.stderr)")
    }
}
