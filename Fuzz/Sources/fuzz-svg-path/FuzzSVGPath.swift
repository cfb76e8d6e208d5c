// The SVG path-data parser on any text: a path of finite points, or a path error.
import CFuzzDriver
@testable import OpenQuartzCore

func fuzzSVGPath(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let path = try? SVGPathParser.parse(text) {
        for e in path.storage {
            for p in e.points where !p.x.isFinite || !p.y.isFinite { fatalError("a non-finite point from \(text)") }
        }
        _ = path.boundingBox
    }
}

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzSVGPath(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("fuzz_svg_path_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc, arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
