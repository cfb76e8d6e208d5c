import Foundation
import Testing

/// The command-line conventions a newcomer expects and the other suites leave out: `help` with
/// no command, the short spellings `-h` and `-V`, `-` as the scene of `hit` and `bench`, and
/// `--allow-any-path` for a scene read from standard input.
@Suite("oqc conventions")
struct OQCConventionsTests {
    typealias P = OQCProcess

    /// A 20 × 10 canvas with one named 10 × 10 layer at the origin.
    static let scene = #"{"canvas": {"width": 20, "height": 10}, "layers": [{"name": "box", "frame": [0, 0, 10, 10], "backgroundColor": "red"}]}"#

    /// The width and height a PNG's IHDR chunk declares (bytes 16–23, big-endian), read here
    /// rather than through our decoder.
    func pngSize(_ data: Data) -> (Int, Int)? {
        let b = [UInt8](data)
        guard b.count >= 24, b[0] == 0x89, b[1] == 0x50, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        let be = { (i: Int) in b[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    @Test func helpAndVersionSpellings() throws {
        let long = try P.run(["--help"])
        #expect(long.status == 0 && long.stdout.hasPrefix("Usage: oqc COMMAND"))
        for spelling in [["help"], ["-h"]] {
            let r = try P.run(spelling)
            #expect(r.status == 0 && r.stdout == long.stdout && r.stderr.isEmpty, "\(spelling)")
        }
        let version = try P.run(["--version"]), short = try P.run(["-V"])
        #expect(version.status == 0 && short.status == 0 && short.stdout == version.stdout)
        // One line: "oqc" and a dotted version number.
        let line = version.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(line.count == 2 && line[1].isEmpty)
        let words = line[0].split(separator: " ")
        let numbers = words.count > 1 ? words[1].split(separator: ".", omittingEmptySubsequences: false) : []
        #expect(words.first == "oqc" && numbers.count >= 2 && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(version.stdout)")
        // `help` and `--help` after a command print the same text for every command.
        for command in ["render", "hit", "demo", "bench"] {
            let a = try P.run(["help", command]), b = try P.run([command, "-h"])
            #expect(a.status == 0 && b.status == 0 && a.stdout == b.stdout, "\(command)")
        }
    }

    @Test func hitReadsTheSceneFromStandardInput() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let inside = try P.run(["hit", "-", "--at", "5,5"], in: dir, input: Data(Self.scene.utf8))
        #expect(inside.status == 0 && inside.stdout == "box\n" && inside.stderr.isEmpty)
        let outside = try P.run(["hit", "-", "--at", "15,5"], in: dir, input: Data(Self.scene.utf8))
        #expect(outside.status == 0 && outside.stdout == "none\n")
        let bad = try P.run(["hit", "-", "--at", "1,1"], in: dir, input: Data("[]".utf8))
        #expect(bad.status == 2 && bad.stdout.isEmpty && bad.stderr.hasPrefix("<stdin>: "))
        #expect(bad.stderr.split(separator: "\n").count == 1)
    }

    @Test func benchReadsTheSceneFromStandardInput() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try P.run(["bench", "-", "--frames", "1", "--warmup", "0", "-o", "out"], in: dir, input: Data(Self.scene.utf8))
        #expect(r.status == 0 && r.stdout.hasPrefix("scene=stdin median_ms="), "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains(" pixels=20*10 "))
        let png = FileManager.default.contents(atPath: dir + "/out/stdin.png") ?? Data()
        #expect(pngSize(png).map { $0 == (20, 10) } == true)
    }

    @Test func allowAnyPathAppliesToStandardInput() throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sub = dir + "/sub"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        // An image outside the working folder, made by oqc itself (20 × 10 pixels).
        let made = try P.run(["render", "-", "-o", "../picture.png"], in: sub, input: Data(Self.scene.utf8))
        #expect(made.status == 0 && made.stderr.isEmpty)
        let outside = #"{"canvas": {"width": 4, "height": 4}, "layers": [{"frame": [0, 0, 4, 4], "contents": "../picture.png"}]}"#
        let refused = try P.run(["render", "-", "-o", "-"], in: sub, input: Data(outside.utf8))
        #expect(refused.status == 2 && refused.stdoutData.isEmpty && refused.stderr.contains("leaves the scene's folder"))
        let allowed = try P.run(["render", "-", "-o", "-", "--allow-any-path"], in: sub, input: Data(outside.utf8))
        #expect(allowed.status == 0 && allowed.stderr.isEmpty)
        #expect(pngSize(allowed.stdoutData).map { $0 == (4, 4) } == true)
        #expect(P.listing(sub).isEmpty)
    }
}
