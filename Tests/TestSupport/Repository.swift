import Foundation

/// The repository's folders, for tests that read its files (docs, examples, bench scenes,
/// fixtures) or run its tools. Found from this file's place in the tree, so a test file may sit
/// at any depth under `Tests/`.
public enum Repository {
    /// The repository root: the folder that holds `Package.swift`.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A path under the root, as a string.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
