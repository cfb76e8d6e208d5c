import Foundation

/// `oqc animate`'s progress: one line on standard error, rewritten as frames are done, only
/// when standard error is a terminal (a log or a pipe gets nothing).
final class Progress {
    private let total: Int
    private var done = 0
    private let shown = isatty(STDERR_FILENO) != 0

    init(total: Int) { self.total = total }

    func advance() {
        done += 1
        guard shown else { return }
        let width = 30
        let filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\roqc animate: [\(bar)] frame \(done) of \(total)".utf8))
    }

    /// Ends the line, if one was shown.
    func end() {
        if shown && done > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
