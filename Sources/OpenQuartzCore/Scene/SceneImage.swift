import Codecs
import Foundation
import Raster

/// `contents` images: a PNG file relative to the scene's folder, or a
/// `data:image/png;base64,…` URL. Sizes are checked against the limits from the PNG
/// header, before any pixel memory is allocated.
extension SceneReader {
    static let dataURLPrefix = "data:image/png;base64,"

    func image(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGImage {
        let source = try string(v, p)
        if source.count >= 5, source.prefix(5).lowercased() == "data:" {
            guard source.count > Self.dataURLPrefix.count,
                  source.prefix(Self.dataURLPrefix.count).lowercased() == Self.dataURLPrefix else {
                throw fail(p, "unsupported data URL (only \"\(Self.dataURLPrefix)…\" is accepted)")
            }
            let payload = source.dropFirst(Self.dataURLPrefix.count)
            guard let data = Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters) else {
                throw fail(p, "invalid base64 in the data URL")
            }
            let image = try decode([UInt8](data), named: "in the data URL", p)
            imageSources[ObjectIdentifier(image)] = source
            return image
        }
        let resolved = try resolveFilePath(source, kind: "image", p)
        let key = Self.fileIdentity(resolved) ?? resolved
        if let cached = imageCache[key] { return cached }
        inputFiles.append(resolved)
        let bytes = try readImageFile(resolved, shownAs: source, p)
        let image = try decode(bytes, named: Self.quoteFull(source), p)
        imageCache[key] = image
        imageSources[ObjectIdentifier(image)] = source
        return image
    }

    /// The file a `contents` (or font) path names, refusing absolute paths and paths that
    /// leave the scene's folder (also through symbolic links) unless `allowAnyPath`.
    func resolveFilePath(_ source: String, kind: String, _ p: JSONPath) throws(SceneError) -> String {
        guard !source.isEmpty else { throw fail(p, "expected an image path or data URL, got \"\"") }
        // The file system would read a path only up to its first NUL: another file than named.
        guard !source.utf8.contains(0) else { throw fail(p, "\(kind) path \(Self.quoteFull(source)) contains a NUL character") }
        let isAbsolute = source.hasPrefix("/")
        if isAbsolute {
            guard options.allowAnyPath else {
                throw fail(p, "\(kind) path \(Self.quoteFull(source)) is absolute; only paths inside the scene's folder are allowed (--allow-any-path lifts this)")
            }
            return source
        }
        guard let base = baseDirectory else {
            throw fail(p, "\(kind) path \(Self.quoteFull(source)) cannot be resolved: the scene has no folder (use a data URL)")
        }
        if !options.allowAnyPath {
            // Lexically: ".." may not climb above the folder.
            var level = 0
            for part in source.split(separator: "/", omittingEmptySubsequences: true) {
                if part == ".." { level -= 1 } else if part != "." { level += 1 }
                if level < 0 {
                    throw fail(p, "\(kind) path \(Self.quoteFull(source)) leaves the scene's folder (--allow-any-path lifts this)")
                }
            }
        }
        let joined = (base.isEmpty ? "." : base) + "/" + source
        if !options.allowAnyPath {
            // Physically: a symbolic link inside the folder may still point outside it.
            let realBase = URL(fileURLWithPath: base.isEmpty ? "." : base).resolvingSymlinksInPath().standardizedFileURL.path
            let realFile = URL(fileURLWithPath: joined).resolvingSymlinksInPath().standardizedFileURL.path
            if realFile != realBase && !realFile.hasPrefix(realBase.hasSuffix("/") ? realBase : realBase + "/") {
                throw fail(p, "\(kind) path \(Self.quoteFull(source)) leaves the scene's folder through a symbolic link (--allow-any-path lifts this)")
            }
        }
        return joined
    }

    private func readImageFile(_ path: String, shownAs source: String, _ p: JSONPath) throws(SceneError) -> [UInt8] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail(p, "cannot read image \(Self.quoteFull(source)): no such file")
        }
        if isDirectory.boolValue { throw fail(p, "cannot read image \(Self.quoteFull(source)): it is a folder") }
        // A FIFO would block the read forever, a device would stream without end.
        if let kind = Self.specialFileKind(path) {
            throw fail(p, "cannot read image \(Self.quoteFull(source)): it is \(kind), not a regular file")
        }
        // A PNG is at most a little larger than its raw pixels; anything bigger than that
        // bound is refused before it is read into memory.
        let maxBytes = options.limits.maxImagePixels.multipliedReportingOverflow(by: 5).partialValue + (1 << 20)
        if let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue > maxBytes {
            throw fail(p, "image \(Self.quoteFull(source)) is a \(size.intValue)-byte file, more than an image within the limit of \(Self.megapixels(options.limits.maxImagePixels)) can need (raise it with \(OperatorLimit.imagePixels.flag))",
                       kind: .limitExceeded)
        }
        guard let data = fm.contents(atPath: path) else {
            throw fail(p, "cannot read image \(Self.quoteFull(source)): permission denied or unreadable")
        }
        return [UInt8](data)
    }

    /// The file `path` names, as its device and inode (following links), or nil when it
    /// cannot be stat'ed: two spellings of one file give the same identity.
    static func fileIdentity(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return "\(st.st_dev):\(st.st_ino)"
    }

    /// What a path that is not a regular file or folder is ("a FIFO", "a character device", …),
    /// following symbolic links; nil for regular files, folders and paths that cannot be stat'ed.
    static func specialFileKind(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// Counts an image of `pixels` against `SceneLimits.maxTotalImagePixels`, before it is
    /// decoded: each file once, whatever the number of layers or spellings naming it.
    private func countImagePixels(_ pixels: Int, _ p: JSONPath) throws(SceneError) {
        let (total, overflow) = imagePixels.addingReportingOverflow(max(pixels, 0))
        let limit = options.limits.maxTotalImagePixels
        guard !overflow, total <= limit else {
            throw fail(p, "the scene's images come to more than \(Self.megapixels(limit)) (raise the limit with \(OperatorLimit.totalImagePixels.flag))",
                       kind: .limitExceeded)
        }
        imagePixels = total
    }

    static func megapixels(_ n: Int) -> String {
        n % 1_000_000 == 0 ? "\(n / 1_000_000) Mpx" : "\(n) px"
    }

    private func decode(_ bytes: [UInt8], named name: String, _ p: JSONPath) throws(SceneError) -> CGImage {
        // The header gives the size: check it against the limit before decoding allocates.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw fail(p, "image \(name) is not a PNG file")
        }
        if bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) {
            func be32(_ o: Int) -> Int { bytes[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let w = be32(16), h = be32(20)
            let limit = options.limits.maxImagePixels
            if w > 0, h > 0, w.multipliedReportingOverflow(by: h).overflow || w * h > limit {
                throw fail(p, "image \(name) is \(w) x \(h) pixels, over the limit of \(Self.megapixels(limit)) (raise it with \(OperatorLimit.imagePixels.flag))",
                           kind: .limitExceeded)
            }
            try countImagePixels(w * h, p)
        }
        let surface: Surface
        do {
            surface = try PNG.decode(bytes, limits: PNGLimits(maxPixels: options.limits.maxImagePixels))
        } catch {
            throw fail(p, "image \(name) is not a valid PNG: \(error.message)")
        }
        if !(bytes.count >= 24 && bytes[12..<16].elementsEqual("IHDR".utf8)) {
            try countImagePixels(surface.width * surface.height, p)
        }
        guard let image = CGImage(surface: surface) else {
            throw fail(p, "image \(name) is \(surface.width) x \(surface.height) pixels, larger than a CGImage can hold",
                       kind: .limitExceeded)
        }
        return image
    }
}
