import Foundation
import Testing
import TestSupport

/// How much of Apple's QuartzCore API (as an iOS program sees it from Swift) the module
/// declares: the list in `Tests/APICoverage/QuartzCoreAPI.txt`, checked against the public
/// symbols of the built OpenQuartzCore module, read with the toolchain's
/// `swift-symbolgraph-extract` (the tool `Scripts/build_docs.sh` uses through SwiftPM). Prints
/// the coverage and the missing entries; fails when the coverage falls below `threshold`, when
/// a missing entry is not named under `[known gaps]` with its reason, or when the symbols cannot
/// be read.
@Suite struct APICoverageTests {
    /// The share of in-scope entries that must be declared (docs/api-coverage.md).
    static let threshold = 0.99

    /// One line of the list: a symbol path, and its out-of-scope reason when it has one.
    struct Entry {
        let path: String
        let outOfScope: String?
    }

    /// The list's entries and its known gaps (path to reason).
    static func readList() throws -> (entries: [Entry], gaps: [String: String]) {
        let text = try String(contentsOfFile: Repository.path("Tests/APICoverage/QuartzCoreAPI.txt"), encoding: .utf8)
        var entries: [Entry] = [], gaps: [String: String] = [:]
        var inGaps = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line == "[known gaps]" { inGaps = true; continue }
            let parts = line.components(separatedBy: " -- ")
            let path = parts[0].trimmingCharacters(in: .whitespaces)
            let note = parts.count > 1 ? parts[1...].joined(separator: " -- ").trimmingCharacters(in: .whitespaces) : nil
            if inGaps {
                gaps[path] = note ?? ""
            } else if let note, note.hasPrefix("out:") {
                entries.append(Entry(path: path, outOfScope: String(note.dropFirst(4)).trimmingCharacters(in: .whitespaces)))
            } else {
                entries.append(Entry(path: path, outOfScope: nil))
            }
        }
        return (entries, gaps)
    }

    /// The folder the test binary was built into (it holds the modules), found from the running
    /// executable, or the package's `.build/debug`.
    static func buildFolder() -> URL? {
        let executable = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent()]
        // On Linux the runner may be inside an .xctest bundle folder.
        candidates.append(executable.deletingLastPathComponent().deletingLastPathComponent())
        candidates.append(URL(fileURLWithPath: Repository.path(".build/debug")).resolvingSymlinksInPath())
        return candidates.first { hasModule(in: $0) }
    }

    static func hasModule(in folder: URL) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: folder.appendingPathComponent("Modules/OpenQuartzCore.swiftmodule").path)
            || fm.fileExists(atPath: folder.appendingPathComponent("OpenQuartzCore.swiftmodule").path)
    }

    /// The toolchain's symbol graph extractor: beside `swift` on the PATH, or the toolchain at /opt/swift.
    static func extractor() -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/opt/swift/usr/bin", "/usr/bin"]
        return folders.map { $0 + "/swift-symbolgraph-extract" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The public symbols of OpenQuartzCore, as dotted paths (`CALayer.contentsFormat`,
    /// `CATransform3DMakeScale(_:_:_:)`, `NSValue.init(caTransform3D:)`).
    static func publicSymbols() throws -> Set<String> {
        guard let folder = buildFolder() else {
            throw Failure("no OpenQuartzCore.swiftmodule beside the test binary or under .build/debug")
        }
        guard let tool = extractor() else { throw Failure("swift-symbolgraph-extract not found on PATH or in /opt/swift/usr/bin") }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("oqc-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        // The triple is the name of the folder above debug/ or release/ (x86_64-unknown-linux-gnu).
        let parent = folder.deletingLastPathComponent().lastPathComponent
        #if arch(arm64)
        let fallback = "aarch64-unknown-linux-gnu"
        #else
        let fallback = "x86_64-unknown-linux-gnu"
        #endif
        let triple = parent.split(separator: "-").count >= 3 ? parent : fallback
        var arguments = ["-module-name", "OpenQuartzCore", "-target", triple, "-minimum-access-level", "public",
                         "-output-dir", out.path, "-I", folder.appendingPathComponent("Modules").path, "-I", folder.path]
        // The C modules the Swift modules import (Raster's kernels and lock, Codecs' zlib).
        let fm = FileManager.default
        var maps: [String] = []
        for name in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".build") {
            let map = folder.appendingPathComponent(name).appendingPathComponent("module.modulemap").path
            if fm.fileExists(atPath: map) { maps.append(map) }
        }
        for name in (try? fm.contentsOfDirectory(atPath: Repository.path("Sources"))) ?? [] {
            let map = Repository.path("Sources/\(name)/module.modulemap")
            if fm.fileExists(atPath: map) { maps.append(map) }
            let include = Repository.path("Sources/\(name)/include")
            if fm.fileExists(atPath: include) { arguments += ["-Xcc", "-I", "-Xcc", include] }
        }
        for map in maps { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("swift-symbolgraph-extract failed: " + String(decoding: message, as: UTF8.self))
        }
        var paths = Set<String>()
        let files = try fm.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("OpenQuartzCore") && $0.hasSuffix(".symbols.json") }
        guard !files.isEmpty else { throw Failure("swift-symbolgraph-extract wrote no symbol graph") }
        for file in files {
            let data = try Data(contentsOf: out.appendingPathComponent(file))
            guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let symbols = graph["symbols"] as? [[String: Any]] else { throw Failure("\(file) is not a symbol graph") }
            for symbol in symbols {
                if let components = symbol["pathComponents"] as? [String] { paths.insert(components.joined(separator: ".")) }
            }
        }
        return paths
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func quartzCoreCoverage() throws {
        let (entries, gaps) = try Self.readList()
        let symbols = try Self.publicSymbols()
        // The reading found the module's well-known members (a broken reading must not pass as
        // a low coverage).
        #expect(symbols.contains("CALayer.addSublayer(_:)") && symbols.contains("CATransform3DMakeScale(_:_:_:)"))
        let inScope = entries.filter { $0.outOfScope == nil }
        #expect(Set(inScope.map(\.path)).count == inScope.count, "an entry is listed twice")
        for e in entries where e.outOfScope?.isEmpty == true { Issue.record("\(e.path): out of scope without a reason") }
        let missing = inScope.filter { !symbols.contains($0.path) }.map(\.path)
        let declared = inScope.count - missing.count
        let coverage = Double(declared) / Double(max(inScope.count, 1))
        print("QuartzCore API coverage: \(declared) of \(inScope.count) in-scope entries, "
              + String(format: "%.1f%%", coverage * 100) + " (\(entries.count - inScope.count) out of scope)")
        for path in missing { print("  missing: \(path)" + (gaps[path].map { " -- \($0)" } ?? " -- NOT A KNOWN GAP")) }
        for (path, reason) in gaps.sorted(by: { $0.key < $1.key }) {
            if reason.isEmpty { Issue.record("known gap \(path) has no reason") }
            if symbols.contains(path) { print("  declared now, drop from [known gaps]: \(path)") }
            if !inScope.contains(where: { $0.path == path }) { Issue.record("known gap \(path) is not an in-scope entry of the list") }
        }
        let unexplained = missing.filter { gaps[$0] == nil }
        #expect(unexplained.isEmpty, "missing and not under [known gaps]: \(unexplained)")
        #expect(coverage >= Self.threshold, "coverage \(coverage) fell below \(Self.threshold)")
    }
}
