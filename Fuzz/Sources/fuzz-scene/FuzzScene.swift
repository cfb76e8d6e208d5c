// The scene reader on any bytes (the JSON parser under it): a scene or a one-line scene error.
import CFuzzDriver
import OpenQuartzCore

func fuzzScene(_ bytes: [UInt8]) {
    do {
        let scene = try Scene.parse(data: bytes, baseDirectory: nil)
        _ = scene.pixelWidth
    } catch {
        if error.description.contains("\n") { fatalError("a scene error of more than one line") }
    }
}

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzScene(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("fuzz_scene_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc, arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
