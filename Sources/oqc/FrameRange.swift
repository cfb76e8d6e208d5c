import OpenQuartzCore

/// The frames `oqc animate` renders: the range its options give (`--from`, then `--to`,
/// `--duration` or `--until-settled`), checked before the scene is read, then planned against
/// the scene's animations and the `--frames` slice.
struct FrameRange {
    let start: CFTimeInterval
    let rate: FrameRate
    /// The end of a half-open range (`--to`, `--from + --duration`); nil: until settled.
    let end: CFTimeInterval?

    init(_ a: Arguments, rate: FrameRate) throws(CommandLineError) {
        self.rate = rate
        start = try a.number("--from") ?? 0
        let to = try a.number("--to"), duration = try a.number("--duration")
        let settled = a.flag("--until-settled")
        if [to != nil, duration != nil, settled].filter({ $0 }).count > 1 {
            throw .invalid("oqc animate: give one of --to, --duration and --until-settled")
        }
        if let duration {
            guard duration > 0 else {
                throw .invalid("oqc animate: --duration: expected a number of seconds > 0, got '\(a.value("--duration") ?? "")'")
            }
            end = start + duration
        } else if let to {
            guard to > start else {
                throw .invalid("oqc animate: --from \(a.value("--from") ?? "0") is not before --to \(a.value("--to") ?? "")")
            }
            end = to
        } else {
            end = nil
        }
    }

    /// What to render: frame numbers, the time of frame 0, and whether the file loops.
    struct Plan {
        var start: CFTimeInterval
        var frames: Range<Int>
        /// An animation repeats for ever (so the range given is one of its loops).
        var loopsForever: Bool
    }

    func plan(for span: AnimationSpan, maxFrames: Int, slice: String?) throws(CommandLineError) -> Plan {
        let frames: Double
        if let end {
            guard end.isFinite else { throw .invalid("oqc animate: --duration: the range does not end") }
            // Frames at start + i / fps before the end; an end on a frame's time leaves it out.
            frames = ((end - start) * Double(rate.numerator) / Double(rate.denominator) * (1 - 1e-12)).rounded(.up)
        } else {
            if let endless = span.endless {
                throw .invalid("oqc animate: \(endless) repeats for ever; give --duration or --to")
            }
            // Through the frame at or after the last end (frame 0 alone for a still scene).
            let last = max((span.end ?? start) - start, 0) * Double(rate.numerator) / Double(rate.denominator)
            frames = (last * (1 - 1e-12)).rounded(.up) + 1
        }
        guard frames <= Double(maxFrames) else {
            let shown = frames < 1e15 ? String(Int(frames)) : "more than 10^15"
            throw .invalid("oqc animate: the range has \(shown) frames, over --max-frames \(maxFrames) (raise it with --max-frames)")
        }
        // Bounded by maxFrames above, so the conversion cannot trap.
        let count = max(Int(frames), 1)
        var range = 0..<count
        if let slice {
            let parts = slice.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a < b, b <= count else {
                throw .invalid("oqc animate: --frames: expected A:B with 0 ≤ A < B ≤ \(count) (the range has \(count) frames), got '\(slice)'")
            }
            range = a..<b
        }
        return Plan(start: start, frames: range, loopsForever: span.endless != nil)
    }
}
