// The PNG decoder on any bytes, under its default limits: an image or an error.
import CFuzzDriver
import OpenQuartzCore

func fuzzPNG(_ bytes: [UInt8]) {
    if let image = try? CGImage(pngData: bytes) {
        _ = image.width * image.height
    }
}

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzPNG(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("fuzz_png_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc, arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
