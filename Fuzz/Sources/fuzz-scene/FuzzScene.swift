// The scene reader on any bytes (the JSON parser under it): a scene or a one-line scene error.
import OpenQuartzCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let scene = try Scene.parse(data: bytes, baseDirectory: nil)
        _ = scene.pixelWidth
    } catch {
        if error.description.contains("\n") { fatalError("a scene error of more than one line") }
    }
    return 0
}
