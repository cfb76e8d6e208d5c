// The PNG decoder on any bytes, under its default limits: an image or an error.
import OpenQuartzCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? CGImage(pngData: bytes) {
        _ = image.width * image.height
    }
    return 0
}
