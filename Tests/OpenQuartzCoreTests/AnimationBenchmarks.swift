import Foundation
import Testing
@testable import OpenQuartzCore

/// The cost of evaluating animations per frame, run only with ANIMATION_BENCH=1 (release:
/// `swift build -c release --build-tests -Xswiftc -enable-testing`, then
/// `ANIMATION_BENCH=1 swift test -c release --skip-build --filter AnimationBenchmarks`).
/// Prints the median of 15 frames: wall-clock and the thread's CPU time.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["ANIMATION_BENCH"] == "1"))
struct AnimationBenchmarks {
    static func cpuNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    static func median(_ name: String, _ body: (Int) -> Void) {
        var wall: [Double] = [], cpu: [Double] = []
        for i in 0..<17 {
            let c0 = cpuNanoseconds(), t0 = DispatchTime.now().uptimeNanoseconds
            body(i)
            if i >= 2 {   // two warm-up frames
                wall.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                cpu.append(Double(cpuNanoseconds() - c0) / 1e6)
            }
        }
        wall.sort(); cpu.sort()
        print("bench \(name): median \(String(format: "%.3f", wall[wall.count / 2])) ms")
        print("cpu \(name): median \(String(format: "%.3f", cpu[cpu.count / 2])) ms")
    }

    /// 20 000 layers, each with one animation (positions, opacities and colours in turn).
    static func scene() -> (CALayer, [CALayer]) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        var layers: [CALayer] = []
        for i in 0..<20_000 {
            let l = CALayer()
            l.frame = CGRect(x: Double(i % 200) * 5, y: Double(i / 200) * 5, width: 4, height: 4)
            l.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            let a: CABasicAnimation
            switch i % 3 {
            case 0: a = CABasicAnimation(keyPath: "position.x"); a.fromValue = 0; a.toValue = 1000
            case 1: a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1
            default:
                a = CABasicAnimation(keyPath: "backgroundColor")
                a.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1); a.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            }
            a.duration = 2; a.beginTime = 1; a.repeatCount = .infinity
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            l.add(a, forKey: "a")
            root.addSublayer(l)
            layers.append(l)
        }
        return (root, layers)
    }

    @Test func evaluate20000Animations() {
        let (root, layers) = Self.scene()
        let snapshotter = Snapshotter()
        Self.median("evaluate 20000 layers x 1 animation (one core)") { i in
            snapshotter.mediaTime = 1 + Double(i) / 60
            snapshotter.frameNumber &+= 1
            for l in layers { _ = snapshotter.presentationSource(l) }
        }
        Self.median("timed snapshot of the 20000 animated layers (one core)") { i in
            _ = snapshotter.snapshot(root, parent: nil, threads: 1, mediaTime: 1 + Double(i) / 60, events: AnimationEvents())
        }
    }
}
