#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A dash pattern, normalised: an even number of on and off lengths and a phase within one period.
struct Dasher {
    let intervals: [Double]
    let total: Double
    let phase: Double

    /// Nil when the pattern draws a solid line (empty, negative or zero-length intervals).
    init?(_ dashes: [Double], phase: Double) {
        guard !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let list = dashes.count % 2 == 1 ? dashes + dashes : dashes
        let sum = list.reduce(0, +)
        guard sum > 0, sum.isFinite, phase.isFinite else { return nil }
        intervals = list
        total = sum
        var p = phase.truncatingRemainder(dividingBy: sum)
        if p < 0 { p += sum }
        self.phase = p
    }

    /// Where each subpath starts in the pattern: the interval, what is left of it, and whether it is on.
    func start() -> (k: Int, left: Double, on: Bool) {
        var k = 0
        var left = intervals[0]
        var p = phase
        // An interval is skipped once the phase reaches its end, except a zero-length dash at
        // the very start, which is a dot.
        while p > left || (p == left && left > 0) { p -= left; k = (k + 1) % intervals.count; left = intervals[k] }
        return (k, left - p, k % 2 == 0)
    }
}
