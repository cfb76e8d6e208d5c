import Foundation

/// What font discovery matches on: names from the `name` table, weight and slant from
/// `OS/2` (falling back to `head.macStyle`).
package struct FontNames: Sendable, Equatable {
    package var family: String
    package var style: String
    package var fullName: String
    package var postScriptName: String
    /// OS/2 usWeightClass: 400 regular, 700 bold.
    package var weight: Int
    package var isItalic: Bool
    /// OS/2 usWidthClass: 5 normal, lower condensed, higher expanded.
    var widthClass: Int

    init(_ face: SFNTFace) throws(OQCFontError) {
        let name = try face.require("name")
        var found: [Int: (rank: Int, value: String)] = [:]
        let count = Int(try name.u16(2))
        let storage = Int(try name.u16(4))
        try name.check(6, 12 * count)
        for i in 0..<count {
            let r = 6 + 12 * i
            let platform = try name.u16(r), encoding = try name.u16(r + 2), language = try name.u16(r + 4)
            let id = Int(try name.u16(r + 6))
            guard [1, 2, 4, 6, 16, 17].contains(id) else { continue }
            let length = Int(try name.u16(r + 8)), offset = Int(try name.u16(r + 10))
            // A damaged string is skipped rather than failing the whole font.
            guard let s = try? name.slice(storage + offset, length) else { continue }
            let value: String, rank: Int
            switch platform {
            case 3 where encoding == 1 || encoding == 10, 0:
                value = FontNames.utf16BE(s); rank = platform == 3 && language == 0x409 ? 3 : 2
            case 1 where encoding == 0:
                value = String(decoding: s.bytes[s.base..<s.base + s.length], as: Unicode.ASCII.self); rank = 1
            default: continue
            }
            if value.isEmpty { continue }
            if let old = found[id], old.rank >= rank { continue }
            found[id] = (rank, value)
        }
        guard let family = found[16]?.value ?? found[1]?.value else {
            throw name.invalid("no family name (name id 1 or 16)")
        }
        self.family = family
        style = found[17]?.value ?? found[2]?.value ?? "Regular"
        fullName = found[4]?.value ?? family + " " + style
        postScriptName = found[6]?.value ?? fullName.replacingOccurrences(of: " ", with: "")
        var weight = 400, italic = false, widthClass = 5
        if let os2 = face.table("OS/2"), let w = try? os2.u16(4), let wc = try? os2.u16(6), let sel = try? os2.u16(62) {
            weight = Int(w); widthClass = Int(wc); italic = sel & 0x0201 != 0 // ITALIC or OBLIQUE
        } else if let head = face.table("head"), let mac = try? head.u16(44) {
            weight = mac & 1 != 0 ? 700 : 400; italic = mac & 2 != 0
        }
        self.weight = weight
        isItalic = italic
        self.widthClass = widthClass
    }

    private static func utf16BE(_ t: FontTable) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(t.length / 2)
        var i = 0
        while i + 1 < t.length {
            units.append(UInt16(t.bytes[t.base + i]) << 8 | UInt16(t.bytes[t.base + i + 1]))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
