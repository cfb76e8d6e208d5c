import Foundation
import DrawingRace
import OpenQuartzCore

// Times the drawing race's cases (DrawingRace.cases()) with our CGContext and prints, per case,
// `bench ours <case>: median <ms> ms, min <ms> ms, picture <digest>` (thread CPU time; the
// digest is FNV-1a of the bitmap, the same on every run). Benchmarks/drawing/compare runs it
// beside peers.py. A plain executable, so `valgrind --tool=callgrind` can count its instructions:
//
//     drawing-race [--runs N] [--cases circles,stars] [--scale K] [--save DIR]
//
// --scale K draws every case K times larger on a canvas of 512·K pixels a side (peers.py takes
// the same option). --save DIR writes each case's picture to DIR/ours-<case>.rgba (premultiplied
// RGBA rows, top first, as peers.py --save), for `compare` to check that every engine drew the
// same picture.
var runs = 7
var scale = 1
var only: Set<String>?
var save: String?
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
    switch arg {
    case "--runs":
        guard let n = args.popFirst().flatMap({ Int($0) }), n > 0, n <= 10_000 else {
            FileHandle.standardError.write(Data("drawing-race: --runs takes a count from 1 to 10000\n".utf8))
            exit(2)
        }
        runs = n
    case "--scale":
        guard let k = args.popFirst().flatMap({ Int($0) }), k >= 1, k <= 8 else {
            FileHandle.standardError.write(Data("drawing-race: --scale takes a factor from 1 to 8\n".utf8))
            exit(2)
        }
        scale = k
    case "--save":
        save = args.popFirst()
    case "--cases":
        only = Set((args.popFirst() ?? "").split(separator: ",").map(String.init))
    default:
        FileHandle.standardError.write(Data("usage: drawing-race [--runs N] [--cases a,b] [--scale K] [--save DIR]\n".utf8))
        exit(2)
    }
}
var failed = false
// "nothing" (asked for by name only) draws nothing: what a case costs besides its drawing (the
// canvas, the clock, the digest), which Benchmarks/drawing/instructions subtracts.
let nothing: [(String, (CGContext) -> Void)] = only?.contains("nothing") == true ? [("nothing", { _ in })] : []
for (name, draw) in DrawingRace.cases() + nothing where only?.contains(name) ?? true {
    let t = DrawingRace.time(draw, runs: runs, scale: scale)
    guard let digest = t.digest else {
        FileHandle.standardError.write(Data("drawing-race: \(name) drew different pictures on different runs\n".utf8))
        failed = true
        continue
    }
    if let save {
        // One more draw, on a fresh canvas: the picture every timed run made (its digest).
        let ctx = DrawingRace.canvas(scale: scale)
        draw(ctx)
        let bytes = Data(bytes: ctx.data!, count: ctx.bytesPerRow * ctx.height)
        guard FileManager.default.createFile(atPath: "\(save)/ours-\(name).rgba", contents: bytes) else {
            FileHandle.standardError.write(Data("drawing-race: cannot write \(save)/ours-\(name).rgba\n".utf8))
            exit(1)
        }
    }
    print("bench ours \(name): median \(String(format: "%.3f", t.median)) ms, min \(String(format: "%.3f", t.min)) ms, picture \(String(digest, radix: 16))")
}
exit(failed ? 1 : 0)
