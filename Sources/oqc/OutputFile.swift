import Foundation
import OpenQuartzCore

/// Where `oqc render -o` puts its PNG, decided before rendering:
/// - `-`: standard output;
/// - a FIFO or a character device (`/dev/null`, `/dev/stdout`): written through, in place —
///   never replaced by a regular file;
/// - a regular file or a new name: replaced atomically (a temporary file beside it, renamed
///   over it once complete), so readers see the old file or the new one, never a part;
/// - a symbolic link to a FIFO or character device (`/dev/stdout`): written through too;
/// - any other symbolic link, a folder, a block device or a socket: refused (a rename would
///   replace the link itself, not what it points to).
/// An output that is one of the command's inputs (the scene, an image, a font) is refused.
struct OutputFile {
    package enum Kind {
        case standardOutput
        case writeThrough
        case replace
    }

    let path: String
    let kind: Kind
    let command: String

    /// Checks `path` for `oqc COMMAND`; fails early, before a long render.
    init(_ path: String, command: String) throws(CommandLineError) {
        self.path = path
        self.command = command
        if path == "-" { kind = .standardOutput; return }
        guard !path.utf8.contains(0) else { throw .invalid("oqc \(command): the output path contains a NUL character") }
        var st = stat()
        if lstat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG: kind = .replace
            case S_IFIFO, S_IFCHR: kind = .writeThrough; return
            case S_IFDIR: throw .failure("oqc \(command): cannot write \(path): it is a folder")
            case S_IFLNK:
                // A link to a FIFO or device (/dev/stdout) is written through like the device;
                // a link to a file would be replaced by the rename, not the file it names.
                var target = stat()
                if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFIFO || target.st_mode & S_IFMT == S_IFCHR {
                    kind = .writeThrough
                    return
                }
                throw .failure("oqc \(command): cannot write \(path): it is a symbolic link (name the file it points to)")
            default:
                throw .failure("oqc \(command): cannot write \(path): it is not a regular file, a FIFO or a character device")
            }
        } else {
            kind = .replace
        }
        let dir = SceneFilePath.folder(of: path)
        var ds = stat()
        guard stat(dir, &ds) == 0, ds.st_mode & S_IFMT == S_IFDIR else {
            throw .failure("oqc \(command): cannot write \(path): folder \(dir) does not exist")
        }
    }

    /// Refuses an output that is the same file as one of `inputs` (same device and inode).
    func checkNotAnInput(_ inputs: [String]) throws(CommandLineError) {
        guard kind == .replace else { return }
        var out = stat()
        guard stat(path, &out) == 0 else { return }
        for input in inputs where input != "-" {
            var st = stat()
            if stat(input, &st) == 0, st.st_dev == out.st_dev, st.st_ino == out.st_ino {
                throw .invalid("oqc \(command): the output \(path) is an input of the command (\(input)); it would be overwritten")
            }
        }
    }

    /// Writes `bytes` as decided at `init`.
    func write(_ bytes: [UInt8]) throws(CommandLineError) {
        switch kind {
        case .standardOutput:
            if let failure = Self.writeAll(bytes, to: STDOUT_FILENO) {
                throw .failure("oqc \(command): cannot write to standard output: \(failure)")
            }
        case .writeThrough:
            let fd = open(path, O_WRONLY | O_NOCTTY)
            guard fd >= 0 else { throw .failure("oqc \(command): cannot write \(path): \(Self.lastError())") }
            var failure = Self.writeAll(bytes, to: fd)
            if close(fd) != 0, failure == nil { failure = Self.lastError() }
            if let failure { throw .failure("oqc \(command): cannot write \(path): \(failure)") }
        case .replace:
            try replace(with: bytes)
        }
    }

    /// A temporary file beside the destination, renamed over it. Its name is short (a file
    /// name may be 255 bytes; the temporary one must fit beside any such name).
    private func replace(with bytes: [UInt8]) throws(CommandLineError) {
        try replace { fd, _ in Self.writeAll(bytes, to: fd) }
    }

    /// Replaces the output (a `.replace` kind) with a file another program writes:
    /// `produce` gets the path of a new empty temporary file beside the output, which is
    /// renamed over the output once `produce` returns, and removed if it throws.
    func replace(producing produce: (String) throws(CommandLineError) -> Void) throws(CommandLineError) {
        try replace { (_, temp) throws(CommandLineError) -> String? in
            try produce(temp)
            return nil
        }
    }

    /// `fill(fd, temp)` writes the temporary file (nil, or the error text); then it is
    /// synced, closed and renamed over the output, or removed on any failure.
    private func replace(_ fill: (Int32, String) throws(CommandLineError) -> String?) throws(CommandLineError) {
        let dir = SceneFilePath.folder(of: path)
        let prefix = !path.contains("/") ? "" : dir == "/" ? "/" : dir + "/"
        let temp = prefix + ".oqc-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .failure("oqc \(command): cannot write \(path): \(Self.lastError())") }
        var failure: String?
        var thrown: CommandLineError?
        do { failure = try fill(fd, temp) } catch { thrown = error }
        if thrown == nil, failure == nil, fsync(fd) != 0 { failure = Self.lastError() }
        if close(fd) != 0, failure == nil { failure = Self.lastError() }
        if thrown == nil, failure == nil, rename(temp, path) != 0 { failure = Self.lastError() }
        if let thrown {
            unlink(temp)
            throw thrown
        }
        if let failure {
            unlink(temp)
            throw .failure("oqc \(command): cannot write \(path): \(failure)")
        }
    }

    /// Writes everything, retrying on interruption; the error text on failure.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = lastError()
                    return
                }
                written += n
            }
        }
        return failure
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// `text` with control characters written as escapes (\n, \t, \u{1B}): every message
/// `oqc` prints on standard error stays one line, whatever the file names hold.
func escapedForOneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
    var out = ""
    for u in text.unicodeScalars {
        switch u {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 || u.value == 0x7F { out += "\\u{\(String(u.value, radix: 16, uppercase: true))}" } else { out.unicodeScalars.append(u) }
        }
    }
    return out
}
