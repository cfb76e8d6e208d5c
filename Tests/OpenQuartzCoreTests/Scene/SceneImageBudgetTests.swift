import Codecs
import Foundation
import Testing
import OpenQuartzCore

/// One PNG named through several spellings of its path was decoded once per spelling, and no
/// total bounded the decoded pixels (six 100-Mpx images aborted the process). One file is
/// decoded once, and every decoded image counts against `maxTotalImagePixels`.
@Suite("Scene image budget")
struct SceneImageBudgetTests {
    typealias S = SceneTestSupport

    /// A folder holding `names` as 10 × 10 PNGs (distinct files with the same pixels).
    static func folder(_ names: [String]) throws -> String {
        let dir = NSTemporaryDirectory() + "oqc-images-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        let png = PNG.encode(rgba: [UInt8](repeating: 255, count: 400), width: 10, height: 10)
        for n in names { try Data(png).write(to: URL(fileURLWithPath: dir + "/" + n)) }
        return dir
    }

    static func scene(_ paths: [String]) -> String {
        S.scene(layers: paths.map { #"{"frame": [0, 0, 10, 10], "contents": "\#($0)"}"# }.joined(separator: ","))
    }

    @Test func oneFileIsDecodedOnceWhateverItsSpelling() throws {
        let dir = try Self.folder(["img.png"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "img.png")
        var limits = SceneLimits()
        limits.maxTotalImagePixels = 100   // one 10 × 10 image, not two
        let scene = try S.parse(Self.scene(["img.png", "./img.png", ".//img.png", "sub/../img.png", "link.png"]),
                                baseDirectory: dir, options: SceneOptions(limits: limits))
        let images = (scene.root.sublayers ?? []).map { $0.contents as? CGImage }
        #expect(images.count == 5 && images.allSatisfy { $0 != nil })
        #expect(images.allSatisfy { $0 === images[0] })
    }

    @Test func decodedPixelsAreBoundedInAll() throws {
        let dir = try Self.folder(["a.png", "b.png", "c.png"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var limits = SceneLimits()
        limits.maxTotalImagePixels = 250
        let options = SceneOptions(limits: limits)
        #expect(S.errorKind(Self.scene(["a.png", "b.png"]), baseDirectory: dir, options: options) == nil)
        let error = S.error(Self.scene(["a.png", "b.png", "c.png"]), baseDirectory: dir, options: options)
        #expect(error?.contains("layers[2].contents: the scene's images come to more than 250 px (raise the limit with --max-total-image-pixels)") == true,
                "\(error ?? "")")
        #expect(S.errorKind(Self.scene(["a.png", "b.png", "c.png"]), baseDirectory: dir, options: options) == .limitExceeded)
        #expect(S.errorKind(Self.scene(["a.png", "b.png", "c.png"]), baseDirectory: dir) == nil)
    }
}
