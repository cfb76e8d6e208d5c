import Foundation
import Testing
import TestSupport

/// The module boundaries docs/architecture.md promises ("Public surface"), checked on the
/// sources themselves so that a later change cannot quietly undo them: tests reach internals
/// only through `package` declarations (no `@testable import`, which would let a test depend
/// on anything internal), and `oqc` is a client of the public API (it imports OpenQuartzCore
/// and Gallery, never Raster or Codecs).
@Suite struct ModuleBoundaryTests {
    static let root = Repository.root

    /// Every `.swift` file under a folder of the repository, with its text.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else {
            Issue.record("cannot list \(folder)")
            return []
        }
        var files: [(String, String)] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
            files.append((folder + "/" + relative, text))
        }
        return files
    }

    /// Lines that are an import statement of the given form (comments and strings aside: an
    /// import is a whole line).
    static func importLines(_ text: String, matching prefix: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix(prefix) }
    }

    @Test func noTestUsesTestableImport() throws {
        let files = try Self.swiftFiles(under: "Tests")
        #expect(files.count > 50)  // the walk found the test files
        let offenders = files.filter { !Self.importLines($0.text, matching: "@testable").isEmpty }.map(\.path)
        #expect(offenders.isEmpty, "use package access instead: \(offenders)")
    }

    @Test func oqcImportsOnlyThePublicModules() throws {
        let files = try Self.swiftFiles(under: "Sources/oqc")
        #expect(files.count > 5)
        for file in files {
            for line in Self.importLines(file.text, matching: "import ") {
                let module = line.dropFirst("import ".count).split(separator: " ").first.map(String.init) ?? ""
                #expect(["Foundation", "OpenQuartzCore", "Gallery"].contains(module), "\(file.path): \(line)")
            }
            #expect(Self.importLines(file.text, matching: "@testable").isEmpty, "\(file.path)")
        }
    }
}
