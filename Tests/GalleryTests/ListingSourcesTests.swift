import Foundation
import Testing
import Gallery

/// ListingSources.generated.swift is up to date with the figure sources and the scene files
/// (if not: run Scripts/embed_listings.py). The extraction is redone here independently.
@Suite struct ListingSourcesTests {
    static let figuresDirectory = repositoryRoot + "/Sources/Gallery/Figures"

    /// The marked regions of every figure source, with the script's rules: the lines strictly
    /// between `// listing-begin: KEY` and `// listing-end: KEY`, common indentation removed,
    /// blank lines at both ends dropped.
    static func regions() throws -> [String: String] {
        var found: [String: String] = [:]
        let files = try FileManager.default.contentsOfDirectory(atPath: figuresDirectory).filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOfFile: figuresDirectory + "/" + file, encoding: .utf8)
            var key: String?
            var lines: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// listing-begin: ") {
                    key = String(trimmed.dropFirst("// listing-begin: ".count))
                    lines = []
                } else if trimmed.hasPrefix("// listing-end: "), let k = key {
                    found[k] = dedent(lines)
                    key = nil
                } else if key != nil {
                    lines.append(line)
                }
            }
        }
        return found
    }

    static func dedent(_ lines: [Substring]) -> String {
        let indents = lines.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }
        let cut = indents.min() ?? 0
        var out = lines.map { $0.allSatisfy { $0 == " " } ? "" : String($0.dropFirst(cut)) }
        while out.first == "" { out.removeFirst() }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n")
    }

    @Test func swiftListingsAreUpToDate() throws {
        let regions = try Self.regions()
        #expect(!regions.isEmpty)
        #expect(regions.keys.sorted() == ListingSources.swift.keys.sorted())
        for (key, text) in regions {
            #expect(ListingSources.swift[key] == text, "listing \(key) is out of date: run Scripts/embed_listings.py")
        }
    }

    @Test func sceneFilesAreUpToDate() throws {
        for figure in Gallery.figures {
            var text = try String(contentsOfFile: examplesDirectory + "/" + figure.sceneFile, encoding: .utf8)
            while text.hasSuffix("\n") { text.removeLast() }
            #expect(figure.sceneSource == text, "\(figure.sceneFile) is out of date: run Scripts/embed_listings.py")
        }
    }

    /// Every key a figure names exists, and every figure's code includes a `viewDidLoad()`
    /// (the part that follows the book's listing) unless it only shows a nib.
    @Test func figuresNameExistingListings() {
        for figure in Gallery.figures {
            #expect(!figure.listingKeys.isEmpty)
            for key in figure.listingKeys {
                #expect(ListingSources.swift[key] != nil, "figure \(figure.id): no listing region \(key)")
            }
            if figure.id != "4.1" { #expect(figure.swiftSource.contains("override func viewDidLoad()")) }
        }
    }
}
