// The JSON parser on any bytes: it returns a value or a syntax error, never traps.
@testable import OpenQuartzCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let v = try? JSONParser.parse(bytes) {
        // What parses writes back and parses again to the same value.
        let text = JSONWriter.compact(v)
        if let again = try? JSONParser.parse(Array(text.utf8)), again != v, !text.contains("null") {
            fatalError("round trip changed the value: \(text)")
        }
    }
    _ = try? JSONParser.parse(bytes, maxDepth: 8, overflowToInfinity: true)
    return 0
}
