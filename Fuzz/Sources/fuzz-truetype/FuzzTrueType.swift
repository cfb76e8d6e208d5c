// The TrueType reader on any bytes: a face whose glyphs can be outlined and measured, or an error.
@testable import OpenQuartzCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrueType(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let font = try? TrueTypeFont(bytes: bytes) else { return 0 }
    for scalar in "Aa gÅ→".unicodeScalars {
        let glyph = font.glyph(for: scalar)
        _ = font.advance(glyph)
        _ = font.outline(glyph)
        _ = font.outlineBounds(glyph)
    }
    return 0
}
