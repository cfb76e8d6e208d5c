import Foundation
@testable import OpenQuartzCore

// The cost of evaluating animations per frame (docs/time.md, "Cost"): 20 000 layers, each with
// one animation (position.x, opacity and background colour in turn, ease-in-ease-out, repeating
// forever), evaluated as the renderer's snapshot evaluates them, on one core. Prints the median
// CPU time of the thread over N frames (after two warm-up frames): first the evaluation alone
// (what the snapshot asks of each animated layer: `Snapshotter.presentation(_:)`), then the
// whole timed snapshot of the tree. Run through run.sh (release build).
//
// Usage: bench [FRAMES] [evalonly]
func cpuNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}
func median(_ name: String, frames: Int, _ body: (Int) -> Void) {
    var cpu: [Double] = []
    for i in 0..<(frames + 2) {
        let c0 = cpuNanoseconds()
        body(i)
        if i >= 2 { cpu.append(Double(cpuNanoseconds() - c0) / 1e6) }
    }
    cpu.sort()
    print("cpu \(name): median \(String(format: "%.3f", cpu[cpu.count / 2])) ms")
}
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
let frames = Int(CommandLine.arguments.dropFirst().first ?? "15") ?? 15
let snapshotter = Snapshotter()
// The evaluated values are summed and printed, so that the optimiser cannot drop the work;
// the sum is also a check that every frame evaluated every layer (it changes with the frame).
var checksum = 0.0
median("evaluate 20000 layers x 1 animation (one core)", frames: frames) { i in
    snapshotter.mediaTime = 1 + Double(i) / 60
    snapshotter.frameNumber &+= 1
    let events = AnimationEvents()
    snapshotter.events = events
    var sum = SIMD4<Double>.zero
    for l in layers {
        let p = snapshotter.presentation(l)
        // A layer read through a presentation copy (the generic path) would have no value here.
        precondition(p.target != nil, "layer not evaluated by the fast path")
        sum += p.value
    }
    checksum += sum[0] + sum[1] + sum[2] + sum[3]
    // As a render does after each frame: the starts are told (in the first frame only).
    events.perform()
}
print("checksum \(checksum)")
if CommandLine.arguments.count < 3 {
    var nodes = 0
    median("timed snapshot of the 20000 animated layers (one core)", frames: frames) { i in
        let events = AnimationEvents()
        let root = snapshotter.snapshot(root, parent: nil, threads: 1, mediaTime: 1 + Double(i) / 60, events: events)
        nodes += root?.sublayers.count ?? 0
        events.perform()
    }
    print("nodes \(nodes)")
}
