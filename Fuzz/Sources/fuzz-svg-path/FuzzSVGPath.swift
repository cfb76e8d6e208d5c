// The SVG path-data parser on any text: a path of finite points, or a path error.
@testable import OpenQuartzCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let path = try? SVGPathParser.parse(text) {
        for e in path.storage {
            for p in e.points where !p.x.isFinite || !p.y.isFinite { fatalError("a non-finite point from \(text)") }
        }
        _ = path.boundingBox
    }
    return 0
}
