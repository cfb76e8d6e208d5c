import Foundation

/// One face's table directory inside an sfnt file or a TrueType collection (`.ttc`).
package struct SFNTFace: Sendable {
    let tables: [String: FontTable]

    /// A collection holds at most this many faces; more is treated as corruption.
    static let maxFacesInCollection = 1024
    /// The OpenType spec has about 50 table tags; far more means a corrupt directory.
    static let maxTables = 256

    func table(_ tag: String) -> FontTable? { tables[tag] }

    func require(_ tag: String) throws(OQCFontError) -> FontTable {
        guard let t = tables[tag] else { throw .missingTable(tag) }
        return t
    }

    /// How many faces a file holds: 1 for a plain sfnt, `numFonts` for a collection.
    package static func faceCount(in bytes: [UInt8]) throws(OQCFontError) -> Int {
        let file = FontTable(file: bytes)
        guard file.has(0, 4) else { throw .notAFont(reason: "file is \(bytes.count) bytes long") }
        if try file.tagString(0) == "ttcf" { return try collectionOffsets(file).count }
        return 1
    }

    /// Reads the table directory of face `index` (0 for a plain font file).
    init(bytes: [UInt8], index: Int = 0) throws(OQCFontError) {
        let file = FontTable(file: bytes)
        guard file.has(0, 12) else { throw .notAFont(reason: "file is \(bytes.count) bytes long") }
        var offset = 0
        if try file.tagString(0) == "ttcf" {
            let offsets = try SFNTFace.collectionOffsets(file)
            guard index >= 0, index < offsets.count else {
                throw .faceIndexOutOfRange(index: index, count: offsets.count)
            }
            offset = offsets[index]
        } else if index != 0 {
            throw .faceIndexOutOfRange(index: index, count: 1)
        }
        let version = try file.u32(offset)
        switch version {
        case 0x0001_0000, 0x7472_7565: break // 1.0 and 'true' (old Apple TrueType)
        case 0x4F54_544F: break // 'OTTO': CFF outlines; refused below, after the directory is read
        default: throw .notAFont(reason: String(format: "unknown sfnt version 0x%08X", version))
        }
        let count = Int(try file.u16(offset + 4))
        guard count <= SFNTFace.maxTables else {
            throw .invalidValue(table: "file", detail: "\(count) tables in the directory")
        }
        var tables: [String: FontTable] = [:]
        for i in 0..<count {
            let rec = offset + 12 + 16 * i
            let tag = try file.tagString(rec)
            let start = Int(try file.u32(rec + 8)), length = Int(try file.u32(rec + 12))
            guard start <= bytes.count, length <= bytes.count - start else {
                throw .outOfBounds(table: tag, offset: start, length: length)
            }
            tables[tag] = try FontTable(bytes: bytes, base: start, length: length, tag: tag)
        }
        if tables["glyf"] == nil, tables["CFF "] != nil || tables["CFF2"] != nil { throw .cffOutlinesUnsupported }
        self.tables = tables
    }

    private static func collectionOffsets(_ file: FontTable) throws(OQCFontError) -> [Int] {
        let n = Int(try file.u32(8))
        guard n > 0, n <= maxFacesInCollection else {
            throw .invalidValue(table: "ttcf", detail: "collection claims \(n) faces")
        }
        try file.check(12, 4 * n)
        var offsets: [Int] = []
        offsets.reserveCapacity(n)
        for i in 0..<n { offsets.append(Int(try file.u32(12 + 4 * i))) }
        return offsets
    }
}
