import Foundation
import OpenQuartzCore

/// The media time of each frame of `oqc bench`: none (the layers as the scene sets them), a
/// fixed time (`--time T`: the animations stand still at T), or a playing animation
/// (`--fps F`: frame k at T + k/F, so that animated layers move in every frame and nothing
/// keyed on a layer's placement carries over from the frame before).
struct BenchClock {
    let start: CFTimeInterval?
    let rate: FrameRate?

    /// Frame k's media time (frame 0 is the untimed budget frame, then warm-up, then timed).
    func time(ofFrame k: Int) -> CFTimeInterval? {
        if let rate { return rate.time(ofFrame: k, from: start ?? 0) }
        return start
    }

    /// The fields bench's line adds: ` fps=F t_first=… t_last=…` or ` time=T` (nothing untimed).
    func fields(firstTimed: Int, lastTimed: Int) -> String {
        if let rate {
            let fps = rate.denominator == 1 ? "\(rate.numerator)" : "\(rate.numerator)/\(rate.denominator)"
            return " fps=\(fps)" + String(format: " t_first=%.6g t_last=%.6g", rate.time(ofFrame: firstTimed, from: start ?? 0),
                                           rate.time(ofFrame: lastTimed, from: start ?? 0))
        }
        return start.map { String(format: " time=%.6g", $0) } ?? ""
    }
}
