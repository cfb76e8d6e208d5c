// A whole render: scene bytes in, pixels out, at the default limits and budget, on at most
// a 256 × 256 canvas so that each input stays quick. A frame is drawn or refused; any trap,
// wild write (AddressSanitizer) or leak of a signal is a finding.
//
// Here rather than in the harness, as AnimationProgram.swift, so that the main package's tests
// replay fuzz-render's findings (Fuzz/Crashers) as the fuzzer rendered them.
import OpenQuartzCore

public func runRenderProgram(_ bytes: [UInt8]) {
    var options = SceneOptions()
    options.limits.maxCanvasPixelsPerSide = 256
    options.limits.maxLayers = 10_000
    guard let scene = try? Scene.parse(data: bytes, baseDirectory: nil, options: options) else { return }
    let renderer = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background,
                                   threads: Int(bytes.first ?? 0) % 3 + 1)
    renderer.cachesFrames = false
    var budget = RenderBudget.default
    budget.maxOffscreenPixels = 16_000_000
    budget.maxBlurPixels = 16_000_000
    budget.maxDrawOperations = 200_000
    renderer.budget = budget
    _ = try? renderer.checkedImage(for: scene.root)
}
