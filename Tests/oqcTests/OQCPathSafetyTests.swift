import Foundation
import Testing

/// `oqc`'s files as a hostile or careless caller names them: one-character paths, `-` for
/// standard input and output, FIFOs, devices, symbolic links, an output that is an input,
/// names of 255 bytes, a repeated `-o`, control characters in names, missing folders.
@Suite("oqc paths and outputs")
struct OQCPathSafetyTests {
    typealias P = OQCProcess

    static let scene = #"{"canvas": {"width": 20, "height": 10}, "layers": [{"frame": [0, 0, 10, 10], "backgroundColor": "red"}]}"#
    static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    func folder(_ files: [String: String] = ["scene.json": scene]) throws -> String {
        let dir = try P.temporaryFolder()
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        return dir
    }

    func isPNG(_ path: String) -> Bool {
        FileManager.default.contents(atPath: path)?.prefix(8) == Self.pngSignature
    }

    func fileType(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    @Test func oneCharacterPaths() throws {
        let dir = try folder(["s": Self.scene])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["render", "s", "-o", "x"], in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(isPNG(dir + "/x"))
        #expect(P.listing(dir) == ["s", "x"])
        let dot = try P.run(["render", "s", "-o", "."], in: dir)
        #expect(dot.status == 1 && dot.stderr == "oqc render: cannot write .: it is a folder\n")
        let folderScene = try P.run(["render", ".", "-o", "y"], in: dir)
        #expect(folderScene.status == 2 && folderScene.stderr == ".: is a folder, not a scene file\n")
        let missing = try P.run(["render", "q", "-o", "y"], in: dir)
        #expect(missing.status == 2 && missing.stderr == "q: no such file\n")
        let hit = try P.run(["hit", "s", "--at", "5,5"], in: dir)
        #expect(hit.status == 0 && hit.stdout == "#0\n")
        let bench = try P.run(["bench", "s", "--frames", "1", "--warmup", "0", "-o", "b"], in: dir)
        #expect(bench.status == 0 && isPNG(dir + "/b/s.png"))
    }

    @Test func standardInputAndOutput() throws {
        let dir = try folder(["image.png": ""])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["render", "-", "-o", "-"], in: dir, input: Data(Self.scene.utf8))
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdoutData.prefix(8) == Self.pngSignature)
        #expect(P.listing(dir) == ["image.png"])
        // A scene on standard input resolves images against the working folder, with the
        // same folder rule as a file's.
        let outside = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"contents": "../image.png"}]}"#
        let refused = try P.run(["render", "-", "-o", "out.png"], in: dir, input: Data(outside.utf8))
        #expect(refused.status == 2 && refused.stderr.contains("<stdin>: layers[0].contents: image path \"../image.png\" leaves the scene's folder"))
        let inside = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"contents": "image.png"}]}"#
        let empty = try P.run(["render", "-", "-o", "out.png"], in: dir, input: Data(inside.utf8))
        #expect(empty.status == 2 && empty.stderr == "<stdin>: layers[0].contents: image \"image.png\" is not a PNG file\n")
        let bad = try P.run(["render", "-", "-o", "-"], in: dir, input: Data("{".utf8))
        #expect(bad.status == 2 && bad.stdoutData.isEmpty && bad.stderr.hasPrefix("<stdin>: line 1"))
    }

    @Test func fifoAndDeviceAreWrittenThrough() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let null = try P.run(["render", "scene.json", "-o", "/dev/null"], in: dir)
        #expect(null.status == 0 && null.stderr.isEmpty)
        #expect(fileType("/dev/null") == S_IFCHR)
        // /dev/stdout is a link to the pipe the test reads: written through, not refused.
        let stdout = try P.run(["render", "scene.json", "-o", "/dev/stdout"], in: dir)
        #expect(stdout.status == 0 && stdout.stdoutData.prefix(8) == Self.pngSignature)
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        // The semaphore orders the reader's write before the test's read (polling
        // `Thread.isFinished` does not: ThreadSanitizer reported the race).
        nonisolated(unsafe) var received = Data()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
        reader.start()
        let r = try P.run(["render", "scene.json", "-o", "pipe"], in: dir)
        done.wait()
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(received.prefix(8) == Self.pngSignature)
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test func symbolicLinkAndInputsAreRefused() throws {
        let dir = try folder(["scene.json": Self.scene, "target.png": "OLD"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink("target.png", dir + "/link.png") == 0)
        let link = try P.run(["render", "scene.json", "-o", "link.png"], in: dir)
        #expect(link.status == 1 && link.stderr == "oqc render: cannot write link.png: it is a symbolic link (name the file it points to)\n")
        #expect(fileType(dir + "/link.png") == S_IFLNK)
        #expect(FileManager.default.contents(atPath: dir + "/target.png") == Data("OLD".utf8))
        let same = try P.run(["render", "scene.json", "-o", "./scene.json"], in: dir)
        #expect(same.status == 2 && same.stderr.contains("is an input of the command"))
        #expect(FileManager.default.contents(atPath: dir + "/scene.json") == Data(Self.scene.utf8))
        // An image the scene reads is an input too.
        let withImage = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"contents": "pic.png"}]}"#
        try Data(withImage.utf8).write(to: URL(fileURLWithPath: dir + "/image-scene.json"))
        #expect(try P.run(["render", "scene.json", "-o", "pic.png"], in: dir).status == 0)
        let image = try P.run(["render", "image-scene.json", "-o", "pic.png"], in: dir)
        #expect(image.status == 2 && image.stderr.contains("is an input of the command (./pic.png)"))
        #expect(isPNG(dir + "/pic.png"))
    }

    @Test func longNamesAndRepeatedOutput() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for length in [236, 250, 255] {
            let name = String(repeating: "n", count: length - 4) + ".png"
            let r = try P.run(["render", "scene.json", "-o", name], in: dir)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(length) bytes: \(r.stderr)")
            #expect(isPNG(dir + "/" + name))
        }
        #expect(P.listing(dir).count == 4)
        let twice = try P.run(["render", "scene.json", "-o", "a.png", "-o", "b.png"], in: dir)
        #expect(twice.status == 2 && twice.stderr == "oqc render: --output given more than once (see oqc render --help)\n")
        let scale = try P.run(["render", "scene.json", "-o", "a.png", "--scale", "1", "--scale=2"], in: dir)
        #expect(scale.status == 2 && scale.stderr.contains("--scale given more than once"))
        #expect(P.listing(dir).count == 4)
        let nowhere = try P.run(["render", "scene.json", "-o", "no/such/folder/x.png"], in: dir)
        #expect(nowhere.status == 1 && nowhere.stderr == "oqc render: cannot write no/such/folder/x.png: folder no/such/folder does not exist\n")
    }

    @Test func imagePathsThatAreNotFiles() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/a.png"))
        // A NUL would cut the path at "a.png" for the file system: refused, not loaded.
        let nul = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"contents": "a.png\u0000.txt"}]}"#
        try Data(nul.utf8).write(to: URL(fileURLWithPath: dir + "/nul.json"))
        let r = try P.run(["render", "nul.json", "-o", "out.png"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("contains a NUL character"))
        #expect(mkfifo(dir + "/fifo.png", 0o644) == 0)
        let fifo = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"contents": "fifo.png"}]}"#
        try Data(fifo.utf8).write(to: URL(fileURLWithPath: dir + "/fifo.json"))
        let f = try P.run(["render", "fifo.json", "-o", "out.png"], in: dir)
        #expect(f.status == 2 && f.stderr == "fifo.json: layers[0].contents: cannot read image \"fifo.png\": it is a FIFO, not a regular file\n")
        let dev = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"contents": "/dev/zero"}]}"#
        try Data(dev.utf8).write(to: URL(fileURLWithPath: dir + "/dev.json"))
        let d = try P.run(["render", "dev.json", "-o", "out.png", "--allow-any-path"], in: dir)
        #expect(d.status == 2 && d.stderr.contains("it is a character device, not a regular file"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func controlCharactersInNamesStayOnOneLine() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["render", "bad\nname.json", "-o", "out.png"], in: dir)
        #expect(r.status == 2 && r.stderr == "bad\\nname.json: no such file\n")
        let o = try P.run(["render", "scene.json", "-o", "missing\n/x.png"], in: dir)
        #expect(o.status == 1 && o.stderr.split(separator: "\n").count == 1 && o.stderr.contains("missing\\n"))
    }

    @Test func benchCreatesItsFolderAndFailsInOneLine() throws {
        let dir = try folder(["scene.json": Self.scene, "file": "x"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["bench", "scene.json", "--frames", "1", "--warmup", "0", "-o", "out/deeper"], in: dir)
        #expect(r.status == 0 && isPNG(dir + "/out/deeper/scene.png"))
        let bad = try P.run(["bench", "scene.json", "--frames", "1", "-o", "file"], in: dir)
        #expect(bad.status == 1 && bad.stderr == "oqc bench: cannot write into file: it is not a folder\n" && bad.stdout.isEmpty)
        let under = try P.run(["bench", "scene.json", "--frames", "1", "-o", "file/sub"], in: dir)
        #expect(under.status == 1 && under.stderr == "oqc bench: cannot create folder file/sub: Not a directory\n")
    }

    @Test func versionAndHelpParity() throws {
        let v = try P.run(["--version"])
        #expect(v.status == 0 && v.stdout.hasPrefix("oqc ") && v.stderr.isEmpty)
        for command in ["render", "hit", "demo", "bench"] {
            let a = try P.run(["help", command]), b = try P.run([command, "--help"])
            #expect(a.status == 0 && a.stdout == b.stdout && !a.stdout.isEmpty, "\(command)")
        }
        let unknown = try P.run(["help", "paint"])
        #expect(unknown.status == 2 && unknown.stderr == "oqc help: unknown command 'paint' (see oqc --help)\n")
    }

    @Test func fontFallbackWarns() throws {
        let text = #"{"canvas": {"width": 40, "height": 20}, "layers": [{"name": "label", "type": "text", "frame": [0, 0, 40, 20], "string": "Hi", "font": "No Such Font 12345"}]}"#
        let dir = try folder(["scene.json": text])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["render", "scene.json", "-o", "out.png"], in: dir)
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("oqc render: warning: label: font \"No Such Font 12345\" not found; "))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func budgetRefusalNamesTheLayer() throws {
        let deep = (0..<40).reduce(#"{"frame": [0, 0, 8, 8], "backgroundColor": "red"}"#) { l, _ in
            #"{"frame": [0, 0, 8, 8], "opacity": 0.5, "sublayers": [\#(l), {"frame": [0, 0, 2, 2], "backgroundColor": "blue"}]}"#
        }
        let dir = try folder(["scene.json": #"{"canvas": {"width": 8, "height": 8}, "layers": [\#(deep)]}"#])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["render", "scene.json", "-o", "out.png", "--max-offscreen-depth", "4"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "oqc render: layers[0].sublayers[0].sublayers[0].sublayers[0].sublayers[0]: offscreen groups nested deeper than 4 levels (raise it with --max-offscreen-depth)\n")
        #expect(P.listing(dir) == ["scene.json"])
        #expect(try P.run(["render", "scene.json", "-o", "out.png", "--max-offscreen-depth", "64"], in: dir).status == 0)
    }
}
