// libFuzzer's entry points for keyed archives: the program is FuzzSupport's `runArchiveProgram`
// (ArchiveProgram.swift), which the main package's tests also replay on the inputs kept in
// Fuzz/Crashers.
import CFuzzDriver
import FuzzSupport

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runArchiveProgram(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("fuzz_archive_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc, arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
