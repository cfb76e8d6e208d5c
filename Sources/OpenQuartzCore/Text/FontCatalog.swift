import Foundation

/// Font discovery on Linux without fontconfig: scans the standard font folders once, reads
/// each face's names, weight and slant, and resolves a name (or a file path) to a parsed
/// face through a fallback chain that ends at DejaVu Sans. Parsed faces are cached, so every
/// layer naming the same font shares one `TrueTypeFont` and its outline cache.
package final class FontCatalog: @unchecked Sendable {
    package struct Entry: Sendable {
        let path: String
        let faceIndex: Int
        let names: FontNames
    }

    package static let shared = FontCatalog(directories: FontCatalog.standardDirectories)

    /// The folders Debian's fontconfig reads by default, in that order.
    static var standardDirectories: [String] {
        var dirs = ["/usr/share/fonts", "/usr/local/share/fonts"]
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        if !home.isEmpty { dirs += [home + "/.local/share/fonts", home + "/.fonts"] }
        return dirs
    }

    /// Families tried, in order, when a name matches nothing: Apple's defaults map to their
    /// metric-compatible or look-alike free faces; DejaVu Sans (Debian's fonts-dejavu-core) ends every chain.
    static let sansFallbacks = ["Liberation Sans", "Arimo", "Helvetica", "Arial", "DejaVu Sans"]
    static let serifFallbacks = ["Liberation Serif", "Tinos", "DejaVu Serif", "DejaVu Sans"]
    static let monoFallbacks = ["Liberation Mono", "Cousine", "DejaVu Sans Mono", "DejaVu Sans"]
    static let defaultFamily = "DejaVu Sans"

    private let directories: [String]
    private let lock = NSLock()
    private var entries: [Entry]?
    private var loaded: [String: TrueTypeFont] = [:]   // key: path#face
    private var resolved: [String: TrueTypeFont?] = [:] // key: requested name

    package init(directories: [String]) { self.directories = directories }

    /// Every face found in the font folders (scanned on first use).
    package var faces: [Entry] {
        lock.lock(); defer { lock.unlock() }
        return scannedLocked()
    }

    /// The face for a family name, full name, PostScript name or file path, falling back
    /// along the chain; nil only when no usable font is installed at all.
    package func font(named name: String?) -> TrueTypeFont? {
        let key = name ?? ""
        lock.lock(); defer { lock.unlock() }
        if let f = resolved[key] { return f }
        let f = resolveLocked(key)
        resolved[key] = f
        return f
    }

    /// The face used for characters the requested font has no glyph for.
    func fallbackFont() -> TrueTypeFont? { font(named: FontCatalog.defaultFamily) }

    /// A font file loaded (and cached) by path.
    func font(atPath path: String, faceIndex: Int = 0) throws(OQCFontError) -> TrueTypeFont {
        lock.lock(); defer { lock.unlock() }
        return try loadLocked(path, faceIndex)
    }

    private func loadLocked(_ path: String, _ faceIndex: Int) throws(OQCFontError) -> TrueTypeFont {
        let key = "\(path)#\(faceIndex)"
        if let f = loaded[key] { return f }
        let f = try TrueTypeFont(contentsOfFile: path, faceIndex: faceIndex)
        loaded[key] = f
        return f
    }

    private func resolveLocked(_ name: String) -> TrueTypeFont? {
        if name.contains("/") {
            if let f = try? loadLocked(name, 0) { return f }
        }
        let all = scannedLocked()
        func load(_ e: Entry?) -> TrueTypeFont? { e.flatMap { try? loadLocked($0.path, $0.faceIndex) } }
        if let f = namedLocked(name, all) { return f }
        let lower = name.lowercased()
        // A style asked for in the name survives the fallback ("Helvetica-Bold" → a bold face).
        let weight = lower.contains("bold") ? 700 : lower.contains("light") ? 300 : 400
        let italic = lower.contains("italic") || lower.contains("oblique")
        let chain = lower.contains("mono") || lower.contains("courier") || lower.contains("menlo")
            ? FontCatalog.monoFallbacks
            : lower.contains("serif") && !lower.contains("sans") || lower.contains("times") || lower.contains("georgia")
            ? FontCatalog.serifFallbacks : FontCatalog.sansFallbacks
        for family in chain {
            let wanted = FontCatalog.fold(family)
            let candidates = all.filter { FontCatalog.fold($0.names.family) == wanted }
            if let f = load(FontCatalog.regular(candidates, weight: weight, italic: italic)) { return f }
        }
        return load(FontCatalog.regular(all))
    }

    /// The face a name (not a path) names without falling back, if any.
    private func namedLocked(_ name: String, _ all: [Entry]) -> TrueTypeFont? {
        guard !name.isEmpty else { return nil }
        func load(_ e: Entry?) -> TrueTypeFont? { e.flatMap { try? loadLocked($0.path, $0.faceIndex) } }
        let wanted = FontCatalog.fold(name)
        // Exact face first (full or PostScript name), then the family's regular face,
        // then "Family-Style" / "Family Style" split into a family and a style.
        if let f = load(all.first(where: { FontCatalog.fold($0.names.fullName) == wanted
            || FontCatalog.fold($0.names.postScriptName) == wanted })) { return f }
        if let f = load(FontCatalog.regular(all.filter { FontCatalog.fold($0.names.family) == wanted })) { return f }
        for sep in ["-", " "] {
            guard let r = name.range(of: sep, options: .backwards) else { continue }
            let family = FontCatalog.fold(String(name[..<r.lowerBound]))
            let style = FontCatalog.fold(String(name[r.upperBound...]))
            let candidates = all.filter { FontCatalog.fold($0.names.family) == family }
            if let f = load(candidates.first(where: { FontCatalog.fold($0.names.style) == style })) { return f }
        }
        return nil
    }

    /// Whether `name` (a font name or file path) is found as it is, without the fallback chain.
    package func findsWithoutFallback(_ name: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        if name.contains("/"), (try? loadLocked(name, 0)) != nil { return true }
        return namedLocked(name, scannedLocked()) != nil
    }

    /// Case- and space-insensitive comparison key ("DejaVuSans" matches "DejaVu Sans").
    static func fold(_ s: String) -> String {
        String(s.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" })
    }

    /// The face of a family closest to a weight and slant at normal width; by default the
    /// upright face closest to weight 400, as Core Text picks a family's regular face.
    static func regular(_ faces: [Entry], weight: Int = 400, italic: Bool = false) -> Entry? {
        faces.min { a, b in
            // Slant matters most, then width (a family may include condensed faces), then weight.
            let ka = (a.names.isItalic != italic ? 10000 : 0) + 1000 * abs(a.names.widthClass - 5) + abs(a.names.weight - weight)
            let kb = (b.names.isItalic != italic ? 10000 : 0) + 1000 * abs(b.names.widthClass - 5) + abs(b.names.weight - weight)
            return ka != kb ? ka < kb : a.path < b.path
        }
    }

    private func scannedLocked() -> [Entry] {
        if let e = entries { return e }
        var found: [Entry] = []
        let fm = FileManager.default
        var seen = Set<String>()
        for dir in directories {
            guard let walker = fm.enumerator(atPath: dir) else { continue }
            var files: [String] = []
            while let rel = walker.nextObject() as? String {
                let ext = (rel as NSString).pathExtension.lowercased()
                if ext == "ttf" || ext == "ttc" || ext == "otf" { files.append(dir + "/" + rel) }
            }
            for path in files.sorted() {
                let real = (path as NSString).resolvingSymlinksInPath
                let size = (try? fm.attributesOfItem(atPath: real)[.size] as? NSNumber)?.intValue ?? Int.max
                guard size <= TrueTypeFont.maxFileSize, seen.insert(real).inserted,
                      let data = fm.contents(atPath: path), data.count <= TrueTypeFont.maxFileSize else { continue }
                let bytes = [UInt8](data)
                guard let count = try? SFNTFace.faceCount(in: bytes) else { continue }
                for i in 0..<count {
                    // Faces we cannot draw (CFF outlines, damaged tables) are not offered.
                    guard let face = try? SFNTFace(bytes: bytes, index: i), face.table("glyf") != nil,
                          let names = try? FontNames(face) else { continue }
                    found.append(Entry(path: path, faceIndex: i, names: names))
                }
            }
        }
        entries = found
        return found
    }
}
