import Foundation
import Testing
import TestSupport

/// Runs the built `oqc` executable as a separate process, as a user or script would.
enum OQCProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output as bytes (a PNG written to `-o -`).
        var stdoutData = Data()
        /// Whether the process was killed by a signal (`status` is then the signal's number).
        var signaled = false
    }

    /// The `oqc` next to this test bundle (same build folder, same configuration), or the
    /// one `OQC_EXECUTABLE` names. SwiftPM builds executables along with the tests.
    static let executable: String? = {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["OQC_EXECUTABLE"], fm.isExecutableFile(atPath: env) { return env }
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").standardizedFileURL
        candidates.append(runner.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        // The test bundle may be a folder (.xctest on macOS): walk up from the runner too.
        var up = runner
        for _ in 0..<4 {
            up = up.deletingLastPathComponent()
            candidates.append(up)
        }
        // Last resort: the package's own build folder, from this source file's location.
        let package = Repository.root
        candidates.append(package.appendingPathComponent(".build/debug"))
        candidates.append(package.appendingPathComponent(".build/release"))
        for dir in candidates {
            let path = dir.appendingPathComponent("oqc").path
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue, fm.isExecutableFile(atPath: path) {
                return path
            }
        }
        return nil
    }()

    /// `environment`, when given, replaces the child's environment.
    static func run(_ arguments: [String], in directory: String? = nil, input: Data? = nil,
                    environment: [String: String]? = nil) throws -> Result {
        guard let executable else {
            throw OQCTestFailure("oqc executable not found next to the tests; build it with `swift build` (or set OQC_EXECUTABLE)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inPipe = Pipe()
        if input != nil { process.standardInput = inPipe }
        try process.run()
        if let input {
            let handle = inPipe.fileHandleForWriting
            DispatchQueue.global().async {
                handle.write(input)
                try? handle.close()
            }
        }
        // Read both pipes to the end before waiting, so a chatty child cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData,
                      signaled: process.terminationReason == .uncaughtSignal)
    }

    /// A fresh folder for one test's files.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "oqc-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The names in a folder, sorted: to check that nothing (no temporary file) was left behind.
    static func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

struct OQCTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
