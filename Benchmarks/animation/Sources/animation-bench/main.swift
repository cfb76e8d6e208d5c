import Foundation
import OpenQuartzCore

// The cost of evaluating animations per frame (docs/time.md, "Cost"): 20 000 layers, each with
// one animation (position.x, opacity and background colour in turn, ease-in-ease-out, repeating
// forever), evaluated as the renderer's snapshot evaluates them, on one core. Prints the median
// CPU time of the thread over N frames (after two warm-up frames):
// - the evaluation: `Snapshotter.beginFrame`, which evaluates every entry of the snapshotter's
//   animation table (the direct animations of the layers it read last frame) in one loop;
// - the reads: `Snapshotter.presentation(_:)` for every layer after that, what the snapshot
//   asks of each animated layer as it builds its node (the table's values, per layer);
// - the whole timed snapshot of the tree.
// Run with `swift run -c release animation-bench [FRAMES]` (Benchmarks/animation/run.sh).
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
// The evaluation and the reads of one frame, timed apart: frame i's evaluation is timed by the
// first median, its reads by the second (which runs frame i's reads right after).
var frame = 0
@MainActor func evaluate(_ i: Int) {
    frame = i
    snapshotter.beginFrame(mediaTime: 1 + Double(i) / 60, events: AnimationEvents())
}
@MainActor func read(_ i: Int) {
    precondition(frame == i)
    var sum = SIMD4<Double>.zero
    for l in layers {
        let p = snapshotter.presentation(l)
        // A layer read through a presentation copy (the generic path) would have no value here.
        precondition(p.direct.count == 1, "layer not evaluated by the fast path")
        sum += p.direct.value(0) ?? .zero
    }
    checksum += sum[0] + sum[1] + sum[2] + sum[3]
    snapshotter.endFrame()
    // As a render does after each frame: the starts are told (in the first frame only).
    snapshotter.events?.perform()
}
// Warm-up (the first frame enters the layers in the table, the second tells the delegates).
for i in 0..<2 { evaluate(i); read(i) }
var evaluations: [Double] = [], reads: [Double] = []
for i in 2..<(frames + 2) {
    var c0 = cpuNanoseconds()
    evaluate(i)
    evaluations.append(Double(cpuNanoseconds() - c0) / 1e6)
    c0 = cpuNanoseconds()
    read(i)
    reads.append(Double(cpuNanoseconds() - c0) / 1e6)
}
precondition(snapshotter.animationTable.count == layers.count, "not every layer is in the animation table")
for (name, list) in [("evaluate 20000 layers x 1 animation (one core)", evaluations),
                     ("read the 20000 layers' values (one core)", reads),
                     ("evaluate + read (one core)", zip(evaluations, reads).map { $0 + $1 })] {
    print("cpu \(name): median \(String(format: "%.3f", list.sorted()[list.count / 2])) ms")
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
