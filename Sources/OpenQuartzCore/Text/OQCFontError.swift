/// Why a font file was refused. Every message names the table and what was wrong with it, so a
/// hostile or damaged file is reported instead of crashing the reader.
public enum OQCFontError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read from disk.
    case unreadableFile(path: String)
    /// Not an sfnt (TrueType/OpenType) file or TrueType collection.
    case notAFont(reason: String)
    /// The file stores PostScript (CFF/CFF2) outlines, which this reader does not draw.
    case cffOutlinesUnsupported
    /// A table the reader needs is absent.
    case missingTable(String)
    /// A read fell outside a table or the file (truncated table, offset past the end).
    case outOfBounds(table: String, offset: Int, length: Int)
    /// A value that is impossible or beyond the reader's limits (absurd counts, bad formats).
    case invalidValue(table: String, detail: String)
    /// A collection was asked for a face it does not have.
    case faceIndexOutOfRange(index: Int, count: Int)

    /// The problem in one line, naming the table where there is one.
    public var description: String {
        switch self {
        case .unreadableFile(let p): return "cannot read font file \(p)"
        case .notAFont(let r): return "not a TrueType font: \(r)"
        case .cffOutlinesUnsupported: return "font has CFF (PostScript) outlines, which are not supported; use a TrueType (glyf) font"
        case .missingTable(let t): return "font has no '\(t)' table"
        case .outOfBounds(let t, let o, let l): return "'\(t)' table: read of \(l) bytes at offset \(o) is past its end (truncated or corrupt)"
        case .invalidValue(let t, let d): return "'\(t)' table: \(d)"
        case .faceIndexOutOfRange(let i, let n): return "face \(i) requested from a collection of \(n) faces"
        }
    }
}
