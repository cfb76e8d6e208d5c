// The TrueType reader on any bytes: a face whose glyphs can be outlined and measured, or an error.
import CFuzzDriver
@testable import OpenQuartzCore

func fuzzTrueType(_ bytes: [UInt8]) {
    guard let font = try? TrueTypeFont(bytes: bytes) else { return }
    for scalar in "Aa gÅ→".unicodeScalars {
        let glyph = font.glyph(for: scalar)
        _ = font.advance(glyph)
        _ = font.outline(glyph)
        _ = font.outlineBounds(glyph)
    }
}

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTrueType(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("fuzz_truetype_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc, arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
