import Codecs
import Foundation
import OpenQuartzCore
import Testing

/// The `oqc` command as a process: exit statuses, the one-line messages on standard error,
/// and that a failed run leaves no output file (and an existing one untouched).
@Suite("oqc command line")
struct OQCCommandLineTests {
    typealias P = OQCProcess

    static let card = #"""
    {"canvas": {"width": 400, "height": 300, "scale": 2, "background": "white"},
     "layers": [{"name": "card", "bounds": [0, 0, 200, 100], "position": [200, 150], "backgroundColor": "white",
                 "cornerRadius": 20, "shadowOpacity": 0.5, "shadowOffset": [0, 5], "shadowRadius": 5,
                 "sublayers": [{"bounds": [0, 0, 50, 50], "position": [25, 25]},
                               {"name": "b", "frame": [100, 50, 20, 20]}]}]}
    """#

    /// A folder with `scene.json` holding `text`; returns the folder.
    func folder(with text: String, name: String = "scene.json") throws -> String {
        let dir = try P.temporaryFolder()
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        return dir
    }

    func layers(_ body: String, canvas: String = #""width": 100, "height": 100"#) -> String {
        #"{"canvas": {\#(canvas)}, "layers": [\#(body)]}"#
    }

    /// Runs `oqc render scene.json -o out.png` in a folder whose out.png already holds
    /// "OLD", and checks the failure: status, exact message, out.png untouched, nothing new.
    func expectRenderRefused(_ scene: String, extra: [String] = [], status: Int32 = 2, message: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = try folder(with: scene)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("OLD".utf8).write(to: URL(fileURLWithPath: dir + "/out.png"))
        let before = P.listing(dir)
        let r = try P.run(["render", "scene.json", "-o", "out.png"] + extra, in: dir)
        #expect(r.status == status, sourceLocation: sourceLocation)
        #expect(r.stderr == message + "\n", sourceLocation: sourceLocation)
        #expect(r.stdout == "", sourceLocation: sourceLocation)
        #expect(FileManager.default.contents(atPath: dir + "/out.png") == Data("OLD".utf8), sourceLocation: sourceLocation)
        #expect(P.listing(dir) == before, sourceLocation: sourceLocation)
        // And with no previous file, none appears.
        try FileManager.default.removeItem(atPath: dir + "/out.png")
        let again = try P.run(["render", "scene.json", "-o", "out.png"] + extra, in: dir)
        #expect(again.status == status, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"), sourceLocation: sourceLocation)
    }

    func hit(_ scene: String, _ args: [String]) throws -> OQCProcess.Result {
        let dir = try folder(with: scene)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return try P.run(["hit", "scene.json"] + args, in: dir)
    }

    // MARK: help and dispatch

    @Test func help() throws {
        let top = try P.run(["--help"])
        #expect(top.status == 0 && top.stdout.hasPrefix("Usage: oqc COMMAND") && top.stderr.isEmpty)
        for command in ["render", "hit", "demo", "bench"] {
            #expect(top.stdout.contains("\n  \(command) "))
            let r = try P.run([command, "--help"])
            #expect(r.status == 0 && r.stdout.hasPrefix("Usage: oqc \(command)"), "\(command)")
        }
        let none = try P.run([])
        #expect(none.status == 2 && none.stderr == "oqc: missing command (see oqc --help)\n" && none.stdout.isEmpty)
        let unknown = try P.run(["paint"])
        #expect(unknown.status == 2 && unknown.stderr == "oqc: unknown command 'paint' (see oqc --help)\n")
    }

    @Test func demoWritesTheGallery() throws {
        let dir = try P.temporaryFolder() + "/gallery"
        let demo = try P.run(["demo", "-o", dir])
        #expect(demo.status == 0 && demo.stderr.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.contains("index.html"))
        #expect(files.filter { $0.hasSuffix(".png") }.count >= 20)
        let extra = try P.run(["demo", "x"])
        #expect(extra.status == 2 && extra.stderr == "oqc demo: unexpected argument 'x' (see oqc demo --help)\n")
    }

    // MARK: render: usage

    @Test func renderUsageErrors() throws {
        try expectRenderRefused(Self.card, extra: ["--bogus"], message: "oqc render: unknown option '--bogus' (see oqc render --help)")
        try expectRenderRefused(Self.card, extra: ["--scale", "0"], message: "oqc render: --scale: expected a number > 0, got '0'")
        try expectRenderRefused(Self.card, extra: ["--scale", "big"], message: "oqc render: --scale: expected a number, got 'big'")
        try expectRenderRefused(Self.card, extra: ["--background", "#12"], message: "oqc render: --background: invalid colour \"#12\": expected 3, 6 or 8 hex digits after '#', got 2")
        try expectRenderRefused(Self.card, extra: ["--max-layers", "-3"], message: "oqc render: --max-layers: expected a whole number ≥ 1, got '-3'")
        let dir = try folder(with: Self.card)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let noOut = try P.run(["render", "scene.json"], in: dir)
        #expect(noOut.status == 2 && noOut.stderr == "oqc render: missing -o OUT.png (see oqc render --help)\n")
        let noScene = try P.run(["render", "-o", "out.png"], in: dir)
        #expect(noScene.status == 2 && noScene.stderr == "oqc render: missing scene file (see oqc render --help)\n")
        let missing = try P.run(["render", "nope.json", "-o", "out.png"], in: dir)
        #expect(missing.status == 2 && missing.stderr == "nope.json: no such file\n")
        let noFolder = try P.run(["render", "scene.json", "-o", "no/such/dir/out.png"], in: dir)
        #expect(noFolder.status == 1 && noFolder.stderr == "oqc render: cannot write no/such/dir/out.png: folder no/such/dir does not exist\n")
        #expect(P.listing(dir) == ["scene.json"])
    }

    // MARK: render: invalid scenes, one test per error class

    @Test func renderRefusesInvalidScenes() throws {
        try expectRenderRefused("{\"canvas\": {\"width\": 1,}}", message: "scene.json: line 1, column 24: unexpected '}', expected a string key")
        try expectRenderRefused(layers(#"{"sublayers": [{}, {}, {"cornerRadius": "big"}]}"#),
                                message: "scene.json: layers[0].sublayers[2].cornerRadius: expected a number, got \"big\"")
        try expectRenderRefused(layers(#"{"cornerRadus": 3}"#), message: "scene.json: layers[0].cornerRadus: unknown key (did you mean \"cornerRadius\"?)")
        try expectRenderRefused(layers(#"{"opacity": 1.5}"#), message: "scene.json: layers[0].opacity: expected a number in 0…1, got 1.5")
        try expectRenderRefused(layers(#"{"bounds": [0, 0, -1, 1]}"#), message: "scene.json: layers[0].bounds[2]: expected a width ≥ 0, got -1")
        try expectRenderRefused(layers(#"{"zPosition": NaN}"#), message: "scene.json: line 1, column 68: NaN and infinities are not JSON numbers")
        try expectRenderRefused(layers(##"{"backgroundColor": "#GG0000"}"##), message: "scene.json: layers[0].backgroundColor: invalid colour \"#GG0000\": \"G\" at character 2 is not a hex digit")
        try expectRenderRefused(layers(#"{"type": "shape", "path": "M 0 0 L 5 Q"}"#), message: "scene.json: layers[0].path: invalid path data at character 11 (near \"M 0 0 L 5 Q\"): expected a number (end y) for 'L', found \"Q\"")
    }

    @Test func renderRefusesBadImages() throws {
        try expectRenderRefused(layers(#"{"contents": "missing.png"}"#), message: "scene.json: layers[0].contents: cannot read image \"missing.png\": no such file")
        try expectRenderRefused(layers(#"{"contents": "scene.json"}"#), message: "scene.json: layers[0].contents: image \"scene.json\" is not a PNG file")
        try expectRenderRefused(layers(#"{"contents": "/etc/hostname"}"#), message: "scene.json: layers[0].contents: image path \"/etc/hostname\" is absolute; only paths inside the scene's folder are allowed (--allow-any-path lifts this)")
        try expectRenderRefused(layers(#"{"contents": "../x.png"}"#), message: "scene.json: layers[0].contents: image path \"../x.png\" leaves the scene's folder (--allow-any-path lifts this)")
    }

    @Test func allowAnyPathLetsImagesOutside() throws {
        let outer = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let png = PNG.encode(rgba: [UInt8](repeating: 255, count: 16), width: 2, height: 2)
        try Data(png).write(to: URL(fileURLWithPath: outer + "/pic.png"))
        try FileManager.default.createDirectory(atPath: outer + "/s", withIntermediateDirectories: true)
        try Data(layers(#"{"name": "p", "bounds": [0, 0, 10, 10], "position": [5, 5], "contents": "../pic.png"}"#).utf8)
            .write(to: URL(fileURLWithPath: outer + "/s/scene.json"))
        let refused = try P.run(["hit", "s/scene.json", "--at", "1,1"], in: outer)
        #expect(refused.status == 2 && refused.stderr == "s/scene.json: layers[0].contents: image path \"../pic.png\" leaves the scene's folder (--allow-any-path lifts this)\n")
        let allowed = try P.run(["hit", "s/scene.json", "--at", "1,1", "--allow-any-path"], in: outer)
        #expect(allowed.status == 0 && allowed.stdout == "p\n" && allowed.stderr.isEmpty)
    }

    // MARK: limits, each refused with its flag named, and raised by the flag

    @Test func canvasLimit() throws {
        let big = layers("", canvas: #""width": 20000, "height": 10"#)
        try expectRenderRefused(big, message: "scene.json: canvas: canvas of 20000 x 10 points at scale 1 is 20000 x 10 pixels, over the limit of 16384 pixels a side (raise it with --max-canvas)")
        try expectRenderRefused(layers(""), extra: ["--scale", "200"], message: "scene.json: canvas: canvas of 100 x 100 points at scale 200 is 20000 x 20000 pixels, over the limit of 16384 pixels a side (raise it with --max-canvas)")
        let raised = try hit(big, ["--at", "1,1", "--max-canvas", "20000"])
        #expect(raised.status == 0 && raised.stdout == "none\n")
    }

    @Test func depthLimit() throws {
        let deep = layers(String(repeating: #"{"sublayers": ["#, count: 256) + "{}" + String(repeating: "]}", count: 256))
        let path = "layers[0]" + String(repeating: ".sublayers[0]", count: 256)
        try expectRenderRefused(deep, message: "scene.json: \(path): layers nested deeper than 256 levels (raise the limit with --max-depth)")
        let raised = try hit(deep, ["--at", "1,1", "--max-depth", "300"])
        #expect(raised.status == 0 && raised.stdout == "none\n")
        let tooHigh = try hit(deep, ["--at", "1,1", "--max-depth", "100000"])
        #expect(tooHigh.status == 2 && tooHigh.stderr == "oqc hit: --max-depth: at most 20000, got '100000'\n")
    }

    @Test func layerLimit() throws {
        let many = layers(Array(repeating: "{}", count: 6).joined(separator: ", "))
        try expectRenderRefused(many, extra: ["--max-layers", "5"], message: "scene.json: layers[5]: more than 5 layers (raise the limit with --max-layers)")
        #expect(try hit(many, ["--at", "1,1", "--max-layers", "6"]).status == 0)
    }

    @Test func imageLimit() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = PNG.encode(rgba: [UInt8](repeating: 255, count: 4 * 4 * 4), width: 4, height: 4)
        try Data(png).write(to: URL(fileURLWithPath: dir + "/pic.png"))
        try Data(layers(#"{"contents": "pic.png"}"#).utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        let refused = try P.run(["render", "scene.json", "-o", "out.png", "--max-image-pixels", "15"], in: dir)
        #expect(refused.status == 2 && refused.stderr == "scene.json: layers[0].contents: image \"pic.png\" is 4 x 4 pixels, over the limit of 15 px (raise it with --max-image-pixels)\n")
        #expect(P.listing(dir) == ["pic.png", "scene.json"])
        #expect(try P.run(["hit", "scene.json", "--at", "1,1", "--max-image-pixels", "16"], in: dir).status == 0)
    }

    /// The animation limit has a flag like every other (it had none, so a scene over it could
    /// not be let through), and the help lists every limit with its default (OperatorLimit).
    @Test func animationLimitHasItsFlag() throws {
        let fade = #"{"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}"#
        let animated = layers(#"{"animations": [\#(fade), \#(fade), \#(fade)]}"#)
        try expectRenderRefused(animated, extra: ["--max-animation-values", "2"],
                                message: "scene.json: layers[0].animations[2]: the scene has more than 2 animations and keyframe values (raise the limit with --max-animation-values)")
        #expect(try hit(animated, ["--at", "1,1", "--max-animation-values", "3"]).status == 0)
        let help = try P.run(["render", "--help"]).stdout
        for limit in OperatorLimit.all {
            #expect(help.contains("  \(limit.flag) \(limit.valueName) "), "\(limit.flag)")
            #expect(help.contains("(default \(limit.defaultText))\n"), "\(limit.flag)")
        }
        let hitHelp = try P.run(["hit", "--help"]).stdout
        #expect(OperatorLimit.all.allSatisfy { hitHelp.contains($0.flag) == ($0.stage == .reading) })
    }

    // MARK: render: success

    @Test func renderWritesThePNGAtomically() throws {
        let dir = try folder(with: Self.card)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("OLD".utf8).write(to: URL(fileURLWithPath: dir + "/out.png"))
        let r = try P.run(["render", "scene.json", "-o", "out.png"], in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty)
        let data = try #require(FileManager.default.contents(atPath: dir + "/out.png"))
        // 400 x 300 points at scale 2: an 800 x 600 PNG (width and height are IHDR's first fields).
        let image = try PNG.decodeImage([UInt8](data))
        #expect(image.width == 800 && image.height == 600)
        // canvas.background "white" fills the corner, far from the card.
        #expect(Array(image.rgba8[0..<4]) == [255, 255, 255, 255])
        #expect(P.listing(dir) == ["out.png", "scene.json"])
        // --scale and --background replace the canvas's.
        let half = try P.run(["render", "scene.json", "-o", "out.png", "--scale", "0.5", "--background", "none"], in: dir)
        #expect(half.status == 0 && half.stderr.isEmpty)
        let small = try PNG.decodeImage([UInt8](try #require(FileManager.default.contents(atPath: dir + "/out.png"))))
        #expect(small.width == 200 && small.height == 150)
        // The canvas corner is outside the card and its shadow: transparent now, not white.
        #expect(small.rgba8[3] == 0)
        #expect(P.listing(dir) == ["out.png", "scene.json"])
    }

    // MARK: hit

    @Test func hitAnswers() throws {
        // card spans x 100…300, y 100…200; #0 spans 100…150 both ways; b spans x 200…220, y 150…170.
        for (point, answer) in [("200,150", "card/b"), ("101,101", "card/#0"), ("250,110", "card"), ("1,1", "none"), ("300,200", "none")] {
            let r = try hit(Self.card, ["--at", point])
            #expect(r.status == 0 && r.stdout == answer + "\n" && r.stderr.isEmpty, "\(point)")
        }
        #expect(try hit(Self.card, ["--at", "101.5, 101.5", "--mode", "layer"]).stdout == "card/#0\n")
        // What is seen: b and #0 draw nothing, and (101, 101) is outside the card's rounded corner.
        for (point, answer) in [("200,150", "card"), ("101,101", "none"), ("250,110", "card"), ("1,1", "none")] {
            let r = try hit(Self.card, ["--at", point, "--mode", "visible"])
            #expect(r.status == 0 && r.stdout == answer + "\n" && r.stderr.isEmpty, "\(point)")
        }
    }

    @Test func hitErrors() throws {
        let bad = try hit(Self.card, ["--at", "1"])
        #expect(bad.status == 2 && bad.stderr == "oqc hit: --at: expected two numbers X,Y, got '1'\n")
        let missing = try hit(Self.card, [])
        #expect(missing.status == 2 && missing.stderr == "oqc hit: missing --at X,Y (see oqc hit --help)\n")
        let mode = try hit(Self.card, ["--at", "1,1", "--mode", "top"])
        #expect(mode.status == 2 && mode.stderr == "oqc hit: --mode: expected layer or visible, got 'top'\n")
        let invalid = try hit(layers(#"{"hidden": 1}"#), ["--at", "1,1"])
        #expect(invalid.status == 2 && invalid.stderr == "scene.json: layers[0].hidden: expected true or false, got 1\n" && invalid.stdout.isEmpty)
    }
}
