import Foundation
import Testing
import TestSupport

/// DocSnippets.generated.swift holds every Swift block of README.md, docs/*.md and the DocC
/// articles, so building the tests compiles the documentation. This suite checks that the file
/// is in sync with the Markdown (if not: run Scripts/extract_doc_snippets.py). The extraction is
/// redone here, independently of the script, with the rules its header states.
@Suite struct DocSnippetTests {
    static let root = Repository.root.path
    static let generatedFile = root + "/Tests/OpenQuartzCoreTests/Package/DocSnippets.generated.swift"

    struct Snippet: Equatable, CustomStringConvertible {
        var document: String
        var number: Int
        var topLevel: Bool
        var lines: [String]
        var description: String { "\(document) #\(number)" }
    }

    static func documents() throws -> [String] {
        var found = ["README.md"]
        for folder in ["docs", "Sources/OpenQuartzCore/OpenQuartzCore.docc"] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + folder, isDirectory: &isDirectory),
                  isDirectory.boolValue else { continue }
            let names = try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)
            // Python's sorted(): by code point, which is what Swift's String < does for ASCII names.
            found += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        return found
    }

    /// The Swift blocks of one Markdown file, numbered in order, the import preamble removed.
    static func snippets(in document: String) throws -> [Snippet] {
        let text = try String(contentsOfFile: root + "/" + document, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [Snippet] = []
        var i = 0
        while i < lines.count {
            let trimmed = lines[i].drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("```") else { i += 1; continue }
            let indent = String(lines[i].prefix(lines[i].count - trimmed.count))
            let words = trimmed.dropFirst(3).split(separator: " ")
            var body: [String] = []
            i += 1
            while i < lines.count, lines[i].trimmingCharacters(in: .whitespaces) != "```" {
                let line = lines[i]
                body.append(line.hasPrefix(indent) ? String(line.dropFirst(indent.count))
                                                   : String(line.drop { $0 == " " || $0 == "\t" }))
                i += 1
            }
            i += 1
            guard words.first == "swift", !words.dropFirst().contains("nocompile") else { continue }
            let topLevel = words.dropFirst().contains("toplevel")
            if !topLevel {
                let preamble: Set<String> = ["import OpenQuartzCore", "import QuartzCore", "import Foundation",
                                             "#if canImport(QuartzCore)", "#else", "#endif", ""]
                while let first = body.first, preamble.contains(first.trimmingCharacters(in: .whitespaces)) {
                    body.removeFirst()
                }
            }
            out.append(Snippet(document: document, number: out.count + 1, topLevel: topLevel, lines: body))
        }
        return out
    }

    /// The snippets as the generated file holds them, between its marker comments.
    static func generatedSnippets() throws -> [Snippet] {
        let text = try String(contentsOfFile: generatedFile, encoding: .utf8)
        var out: [Snippet] = []
        var current: Snippet?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("// snippet: ") {
                let name = line.dropFirst("// snippet: ".count)
                let parts = name.split(separator: " #")
                current = Snippet(document: String(parts[0]), number: Int(parts.last ?? "") ?? 0, topLevel: true, lines: [])
            } else if line.hasPrefix("// end of snippet: "), var s = current {
                if let first = s.lines.first, first.hasPrefix("func docSnippet_"), s.lines.last == "}" {
                    s.topLevel = false
                    s.lines = s.lines.dropFirst().dropLast().map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
                }
                out.append(s)
                current = nil
            } else if current != nil {
                current!.lines.append(line)
            }
        }
        return out
    }

    @Test func generatedFileMatchesTheMarkdown() throws {
        var expected: [Snippet] = []
        for document in try Self.documents() { expected += try Self.snippets(in: document) }
        #expect(expected.contains { $0.document == "README.md" }, "the README's API example is a Swift block")
        let generated = try Self.generatedSnippets()
        #expect(generated.map(\.description) == expected.map(\.description),
                "the Swift blocks changed: run python3 Scripts/extract_doc_snippets.py")
        for (g, e) in zip(generated, expected) where g != e {
            // Blank lines are written without indentation in the generated file.
            let same = g.topLevel == e.topLevel
                && g.lines == e.lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : $0 }
            #expect(same, "\(e) is out of date: run python3 Scripts/extract_doc_snippets.py")
        }
    }

    /// The extraction itself: a nocompile block is left out, a toplevel block kept whole, the
    /// import preamble dropped from a body. Checked on a document written here.
    @Test func extractionRules() throws {
        let folder = NSTemporaryDirectory() + "oqc-snippets-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let markdown = """
            Text.

            ```swift
            #if canImport(QuartzCore)
            import QuartzCore
            #else
            import OpenQuartzCore
            #endif

            let a = 1
            ```

            ```swift nocompile
            func signature(_ x: Int) -> Int
            ```

            - In a list:

              ```swift toplevel
              extension Int { var twice: Int { self * 2 } }
              ```
            """
        try markdown.write(toFile: folder + "/t.md", atomically: true, encoding: .utf8)
        let relative = String(repeating: "../", count: Self.root.split(separator: "/").count) + String(folder.dropFirst())
        let found = try Self.snippets(in: relative + "/t.md")
        #expect(found.count == 2)
        #expect(found.first?.lines == ["let a = 1"])
        #expect(found.first?.topLevel == false)
        #expect(found.last?.lines == ["extension Int { var twice: Int { self * 2 } }"])
        #expect(found.last?.topLevel == true)
    }
}
