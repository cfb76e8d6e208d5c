// The JSON parser on any bytes: it returns a value or a syntax error, never traps.
import CFuzzDriver
@testable import OpenQuartzCore

func fuzzJSON(_ bytes: [UInt8]) {
    if let v = try? JSONParser.parse(bytes) {
        // What parses writes back and parses again to the same value.
        let text = JSONWriter.compact(v)
        if let again = try? JSONParser.parse(Array(text.utf8)), again != v, !text.contains("null") {
            fatalError("round trip changed the value: \(text)")
        }
    }
    _ = try? JSONParser.parse(bytes, maxDepth: 8, overflowToInfinity: true)
}

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzJSON(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("fuzz_json_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc, arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
