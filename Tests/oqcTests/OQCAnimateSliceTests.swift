import Foundation
import OpenQuartzCore
import TestSupport
import Testing

/// `oqc animate --frames A:B` slices, rendered by separate processes in any order and joined,
/// give the bytes of one run over the whole range, for every animated example
/// (docs/time.md, "Frames depend only on their time"): what rendering a long animation in
/// pieces on several machines relies on (Examples/dask).
@Suite("oqc animate slices join into one run")
struct OQCAnimateSliceTests {
    typealias P = OQCProcess

    static var examples: [String] {
        let folder = Repository.path("Examples/animated")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// 15 frames at 6 fps (0 to 2.5 s, the end left out), small; the slices are rendered last one first.
    static let options = ["--fps", "6", "--to", "2.5", "--scale", "0.25"]
    static let slices = [(11, 15), (0, 4), (7, 11), (4, 7)]

    @Test(arguments: examples)
    func slicesJoinedAreTheWholeRun(_ name: String) throws {
        let dir = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Repository.path("Examples/animated/" + name)
        try FileManager.default.createDirectory(atPath: dir + "/whole", withIntermediateDirectories: false)
        let whole = try P.run(["animate", scene, "-o", "whole/"] + Self.options, in: dir)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(P.listing(dir + "/whole").count == 15)
        for (a, b) in Self.slices {
            let sub = "slice-\(a)"
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: false)
            let r = try P.run(["animate", scene, "-o", sub + "/", "--frames", "\(a):\(b)"] + Self.options, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            for i in a..<b {
                let file = String(format: "/%04d.png", i)
                let got = FileManager.default.contents(atPath: dir + "/" + sub + file)
                let want = FileManager.default.contents(atPath: dir + "/whole" + file)
                #expect(got != nil && got == want, "\(name): frame \(i) of the slice \(a):\(b)")
            }
        }
    }
}
