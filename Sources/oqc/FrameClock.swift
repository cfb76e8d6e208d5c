import Foundation

/// `oqc animate --timing`: seconds spent rendering frames, and everything else since the
/// clock was made (encoding, writing files, feeding ffmpeg), so that what output costs beyond
/// rendering can be read off one run. CPU seconds of this process (its threads together; not
/// ffmpeg's), which do not depend on what else the machine runs, and wall-clock seconds.
final class FrameClock {
    private let start = FrameClock.now()
    private var render = (cpu: 0.0, wall: 0.0)

    /// (process CPU seconds, monotonic wall seconds).
    private static func now() -> (cpu: Double, wall: Double) {
        var cpu = timespec(), wall = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        clock_gettime(CLOCK_MONOTONIC, &wall)
        return (Double(cpu.tv_sec) + Double(cpu.tv_nsec) / 1e9, Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9)
    }

    /// Runs `body`, counting its time as rendering.
    func rendering<T>(_ body: () -> T) -> T {
        let t0 = FrameClock.now()
        defer {
            let t1 = FrameClock.now()
            render.cpu += t1.cpu - t0.cpu
            render.wall += t1.wall - t0.wall
        }
        return body()
    }

    /// "rendering 3.214 s, writing 0.412 s of CPU (wall clock: 3.301 s, 0.520 s)".
    func summary() -> String {
        let end = FrameClock.now()
        let cpu = end.cpu - start.cpu, wall = end.wall - start.wall
        return String(format: "rendering %.3f s, writing %.3f s of CPU (wall clock: %.3f s, %.3f s)",
                      render.cpu, cpu - render.cpu, render.wall, wall - render.wall)
    }
}
