import Foundation

/// `oqc animate --timing`: wall-clock seconds spent rendering frames, and everything else
/// since the clock was made (encoding, writing files, feeding ffmpeg), so that what output
/// costs beyond rendering can be read off one run.
final class FrameClock {
    private let start = DispatchTime.now().uptimeNanoseconds
    private var renderNanoseconds: UInt64 = 0

    /// Runs `body`, counting its time as rendering.
    func rendering<T>(_ body: () -> T) -> T {
        let t0 = DispatchTime.now().uptimeNanoseconds
        defer { renderNanoseconds &+= DispatchTime.now().uptimeNanoseconds &- t0 }
        return body()
    }

    /// "rendering 3.214 s, writing 0.412 s (wall clock)".
    func summary() -> String {
        let total = DispatchTime.now().uptimeNanoseconds &- start
        let render = Double(renderNanoseconds) / 1e9, other = Double(total &- renderNanoseconds) / 1e9
        return String(format: "rendering %.3f s, writing %.3f s (wall clock)", render, other)
    }
}
