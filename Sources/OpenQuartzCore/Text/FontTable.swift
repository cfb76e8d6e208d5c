/// A bounds-checked big-endian view of one table (or the whole file) of an sfnt font.
/// Every read checks `offset + size <= length`, so a truncated table or an offset that
/// points past the end becomes an `OQCFontError` rather than a crash.
package struct FontTable: Sendable {
    let bytes: [UInt8]
    /// Where the table starts in `bytes`.
    let base: Int
    let length: Int
    let tag: String

    /// The whole file as one table (for the table directory and collection header).
    init(file bytes: [UInt8]) {
        self.bytes = bytes; base = 0; length = bytes.count; tag = "file"
    }

    package init(bytes: [UInt8], base: Int, length: Int, tag: String) throws(OQCFontError) {
        guard base >= 0, length >= 0, base <= bytes.count, length <= bytes.count - base else {
            throw .outOfBounds(table: tag, offset: base, length: length)
        }
        self.bytes = bytes; self.base = base; self.length = length; self.tag = tag
    }

    /// A sub-range of this table (a subtable), itself bounds-checked.
    func slice(_ offset: Int, _ count: Int) throws(OQCFontError) -> FontTable {
        try check(offset, count)
        return try FontTable(bytes: bytes, base: base + offset, length: count, tag: tag)
    }

    /// A sub-range from `offset` to the end of this table.
    func slice(from offset: Int) throws(OQCFontError) -> FontTable {
        try check(offset, 0)
        return try FontTable(bytes: bytes, base: base + offset, length: length - offset, tag: tag)
    }

    @inline(__always)
    func check(_ offset: Int, _ size: Int) throws(OQCFontError) {
        guard offset >= 0, size >= 0, offset <= length, size <= length - offset else {
            throw .outOfBounds(table: tag, offset: offset, length: size)
        }
    }

    func has(_ offset: Int, _ size: Int) -> Bool {
        offset >= 0 && size >= 0 && offset <= length && size <= length - offset
    }

    @inline(__always)
    func u8(_ o: Int) throws(OQCFontError) -> UInt8 {
        try check(o, 1)
        return bytes[base + o]
    }

    @inline(__always)
    func i8(_ o: Int) throws(OQCFontError) -> Int8 { Int8(bitPattern: try u8(o)) }

    @inline(__always)
    func u16(_ o: Int) throws(OQCFontError) -> UInt16 {
        try check(o, 2)
        let p = base + o
        return UInt16(bytes[p]) << 8 | UInt16(bytes[p + 1])
    }

    @inline(__always)
    func i16(_ o: Int) throws(OQCFontError) -> Int16 { Int16(bitPattern: try u16(o)) }

    @inline(__always)
    func u32(_ o: Int) throws(OQCFontError) -> UInt32 {
        try check(o, 4)
        let p = base + o
        return UInt32(bytes[p]) << 24 | UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8 | UInt32(bytes[p + 3])
    }

    /// A 2.14 fixed-point number (composite glyph scales).
    func f2dot14(_ o: Int) throws(OQCFontError) -> Double { Double(try i16(o)) / 16384 }

    func tagString(_ o: Int) throws(OQCFontError) -> String {
        try check(o, 4)
        let p = base + o
        return String(decoding: bytes[p..<p + 4], as: Unicode.ASCII.self)
    }

    func invalid(_ detail: String) -> OQCFontError { .invalidValue(table: tag, detail: detail) }
}
