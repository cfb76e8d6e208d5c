#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
import Testing

// The README's API example, compiled exactly as printed there: this file imports what the
// example imports and nothing that brings Foundation (OpenQuartzCore re-exports it, as QuartzCore
// does), and `readmeExample()` is the example's code; the test checks that README.md still
// prints exactly these lines, so the example cannot go stale. (ReadmeExampleTests runs the same
// calls and checks the picture.)

private func readmeExample() throws {
let card = CALayer()
card.frame = CGRect(x: 50, y: 50, width: 200, height: 120)
card.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
card.cornerRadius = 16
card.shadowOpacity = 0.5
card.shadowOffset = CGSize(width: 0, height: 5)
var t = CATransform3DIdentity
t.m34 = -1.0 / 500
card.transform = CATransform3DRotate(t, .pi / 6, 0, 1, 0)

let root = CALayer()
root.frame = CGRect(x: 0, y: 0, width: 300, height: 220)
root.addSublayer(card)
let image = CAImageRenderer(size: root.bounds.size, scale: 2).image(for: root)
try image.writePNG(toFile: "card.png")
}

@Suite struct ReadmeSnippetTests {
    /// The first ```swift block of README.md is this file's imports followed by the body of
    /// `readmeExample()`, line for line.
    @Test func readmeExampleIsThisFilesCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let repo = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repo.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let block = try #require(Self.firstSwiftBlock(readme))
        let lines = source.components(separatedBy: "\n")
        let imports = Array(lines.prefix(5))
        let start = try #require(lines.firstIndex(of: "private func readmeExample() throws {"))
        let end = try #require(lines[start...].firstIndex(of: "}"))
        let expected = imports + [""] + lines[(start + 1)..<end]
        #expect(block == Array(expected))
    }

    static func firstSwiftBlock(_ text: String) -> [String]? {
        let lines = text.components(separatedBy: "\n")
        guard let open = lines.firstIndex(of: "```swift") else { return nil }
        guard let close = lines[(open + 1)...].firstIndex(of: "```") else { return nil }
        return Array(lines[(open + 1)..<close])
    }
}
