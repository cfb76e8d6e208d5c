import Foundation
import Raster

/// A duration or a point in time, in seconds (Core Foundation's `CFTimeInterval`, which Linux
/// Foundation does not export).
public typealias CFTimeInterval = Double

/// `HUGE` as Darwin exports it to Swift (a `Float`, positive infinity), so that iOS code
/// writing `repeatCount = HUGE` compiles; Glibc does not export it. OpenQuartzCore extension
/// on Linux.
public let HUGE: Float = .infinity

/// The current media time: seconds of a monotonic clock (Core Animation's clock is
/// `mach_absolute_time`; here `CLOCK_MONOTONIC`). Offline renders take their time as an
/// argument instead (`CAImageRenderer.image(for:atTime:)`), so that a render does not depend
/// on when it runs; during a display link call made by an offline frame sequence, and inside
/// `CAImageRenderer.withMediaTime(_:_:)`, it reads that render's clock (docs/animate.md,
/// "Display links").
public func CACurrentMediaTime() -> CFTimeInterval {
    if let t = MediaClock.virtualTime { return t }
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1_000_000_000
}

/// The timing model shared by layers and animations: each object has its own local time,
/// derived from its parent's (`t = (parent − beginTime) · speed + timeOffset`), with a simple
/// duration that may repeat and reverse. Declared as Apple declares it in Swift.
///
/// A layer's parent time is its superlayer's local time (the root layer's is media time); an
/// animation's is its layer's local time (or, inside a group, the group's).
public protocol CAMediaTiming {
    /// When the object starts, in its parent's time. Default 0. For an animation added to a
    /// layer, 0 means "when the transaction commits".
    var beginTime: CFTimeInterval { get set }
    /// The simple duration, in local time. Default 0 (an animation then lasts the transaction's
    /// `animationDuration`, 0.25 s).
    var duration: CFTimeInterval { get set }
    /// How fast local time runs against the parent's. Default 1; 0 pauses; a negative speed
    /// plays backwards (an animation then runs its active interval from the end to the start,
    /// docs/time.md "Reverse play").
    var speed: Float { get set }
    /// Added to local time (after `speed`). Default 0; with `speed = 0` it scrubs.
    var timeOffset: CFTimeInterval { get set }
    /// How many times the simple duration (or the forward-and-back cycle) plays; fractions
    /// allowed, `.infinity` forever. Default 0 (once).
    var repeatCount: Float { get set }
    /// How long the object repeats for, in local time, instead of a count. Default 0.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forward then backward. Default false.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active interval. Default `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// The timing of one object, as a value: where an object is in its simple duration for a
/// given parent time. Shared by layers, animations and groups.
package struct MediaTiming: Sendable, Equatable {
    var beginTime: CFTimeInterval
    var duration: CFTimeInterval
    var speed: Float
    var timeOffset: CFTimeInterval
    var repeatCount: Float
    var repeatDuration: CFTimeInterval
    package var autoreverses: Bool
    package var fillMode: CAMediaTimingFillMode

    /// Timing with CAMediaTiming's defaults for whatever is not given (the one place they are
    /// written: `MediaTiming()` is the default timing everywhere).
    package init(beginTime: CFTimeInterval = 0, duration: CFTimeInterval = 0, speed: Float = 1,
                 timeOffset: CFTimeInterval = 0, repeatCount: Float = 0, repeatDuration: CFTimeInterval = 0,
                 autoreverses: Bool = false, fillMode: CAMediaTimingFillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Local time as a layer uses it: linear, unbounded.
    @inline(__always)
    func localTime(parent t: CFTimeInterval) -> CFTimeInterval {
        (t - beginTime) * CFTimeInterval(speed) + timeOffset
    }

    /// The inverse of `localTime(parent:)`; with `speed = 0` every parent time maps to the
    /// same local time, and `beginTime` is returned.
    @inline(__always)
    func parentTime(local t: CFTimeInterval) -> CFTimeInterval {
        speed == 0 ? beginTime : (t - timeOffset) / CFTimeInterval(speed) + beginTime
    }

    /// The length of the active interval, in local time (before `timeOffset`): the repeat
    /// duration when set, otherwise the cycle times the repeat count (at least one cycle).
    func activeDuration(simple d: CFTimeInterval) -> CFTimeInterval {
        let cycle = autoreverses ? 2 * d : d
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount.isInfinite { return .infinity }
            return cycle * CFTimeInterval(repeatCount)
        }
        return cycle
    }

    /// Where an animation is for a parent time, with simple duration `d`.
    @inline(__always)
    package func phase(parent t: CFTimeInterval, simple d: CFTimeInterval, endInclusive: Bool = false) -> TimingPhase {
        ResolvedTiming(self, simple: d).phase(parent: t, endInclusive: endInclusive)
    }
}

/// A `MediaTiming` with its simple duration, read once into plain numbers and flags: what
/// `phase(parent:)` needs per frame (no fill-mode string compared, no active duration
/// recomputed). The snapshot's animation table keeps one per animation
/// (`Snapshot/AnimationTable.swift`); `MediaTiming.phase` is this type's `phase`, so both
/// give the same phase to the bit.
struct ResolvedTiming: BitwiseCopyable {
    let beginTime: CFTimeInterval
    let speed: Double
    let timeOffset: CFTimeInterval
    /// The simple duration, and the active duration (`MediaTiming.activeDuration`).
    let duration: CFTimeInterval
    let active: CFTimeInterval
    let autoreverses: Bool
    let fillsBackwards: Bool
    let fillsForwards: Bool

    @inline(__always)
    init(_ m: MediaTiming, simple d: CFTimeInterval) {
        beginTime = m.beginTime
        speed = CFTimeInterval(m.speed)
        timeOffset = m.timeOffset
        duration = d
        active = m.activeDuration(simple: d)
        autoreverses = m.autoreverses
        fillsBackwards = m.fillMode == .backwards || m.fillMode == .both
        fillsForwards = m.fillMode == .forwards || m.fillMode == .both
    }

    /// Where the object is for parent time `t`.
    @inline(__always)
    func phase(parent t: CFTimeInterval, endInclusive: Bool = false) -> TimingPhase {
        let p = place(parent: t, endInclusive: endInclusive)
        switch p.kind {
        case .before: return .before
        case .after: return .after
        case .active: return .active(time: p.time, iteration: Int(saturating: p.cycles), ended: p.ended)
        }
    }

    /// Whether the object has begun by parent time `t` (its delegate is told it started),
    /// whichever the direction of its play.
    @inline(__always)
    static func hasBegun(parent t: CFTimeInterval, beginTime: CFTimeInterval, speed: Double) -> Bool {
        (t - beginTime) * abs(speed) >= 0
    }

    /// `phase(parent:)` as plain numbers, its repeat index as the whole number of cycles
    /// (a Double): the snapshot's animation table, which needs no index, reads this, so
    /// that its loop computes none.
    ///
    /// A negative speed plays the active interval backwards: it still starts at `beginTime`
    /// and lasts `active / |speed|` of parent time, but its local time runs from the end of
    /// the active interval down to its start (Apple: local time is `(parent − beginTime) ·
    /// speed + timeOffset`; reverse play with `speed = -1` needs no other change, and an
    /// animation at speed −s shows, mirrored in time, what it shows at speed s). The fill
    /// modes keep their local meaning (Apple: `.forwards` keeps "its final state", the end of
    /// local time; `.backwards` clamps local times before zero): before a reversed
    /// animation begins, `.forwards` shows its end; after it ends, `.backwards` holds its start.
    ///
    /// With `endInclusive`, a parent time exactly at the end of the active interval shows the
    /// last frame even without a fill: the children of a group frozen at its end are sampled
    /// there (Lottie's Core Animation engine plays a whole animation as a child exactly as long
    /// as its group, which fills both ways "to pause on the final frame").
    @inline(__always)
    func place(parent t: CFTimeInterval, endInclusive: Bool = false) -> TimingPlace {
        let d = duration
        let reversed = speed < 0
        // How far into its active interval the object is, in the parent's direction.
        var a = (t - beginTime) * abs(speed)
        if a.isNaN { return TimingPlace(kind: .before) }
        var ended = false
        if a < 0 {
            guard reversed ? fillsForwards : fillsBackwards else { return TimingPlace(kind: .before) }
            a = 0
        }
        if a >= active {
            guard (reversed ? fillsBackwards : fillsForwards) || (endInclusive && a == active) else { return TimingPlace(kind: .after) }
            ended = true
            a = active
        }
        // (An endless reversed object counts down from its offset.)
        if reversed { a = active.isFinite ? active - a : -a }
        if d <= 0 { return TimingPlace(kind: .active, time: 0, cycles: 0, ended: ended) }
        let local = a + timeOffset
        let cycle = autoreverses ? 2 * d : d
        var n = Self.floor(local / cycle)
        var u = local - n * cycle
        // The end of the active interval shows the last cycle's last frame, not the next
        // cycle's first; so does every cycle's end in reversed play, which reaches it from
        // above.
        if ended != reversed && u <= 1e-9 * cycle && local > 0 { u = cycle; n -= 1 }
        if autoreverses && u > d { u = 2 * d - u }
        // A huge repeat count is a long run, not none (Apple: `repeatCount` is a Float,
        // HUGE_VALF for ever), so the index is not dropped past some count: `phase` saturates
        // it (at 2^40 repeats) instead of trapping; cumulative values are powers by squaring,
        // so any index costs the same.
        return TimingPlace(kind: .active, time: min(max(u, 0), d), cycles: n, ended: ended)
    }

    /// `q.rounded(.down)`, without the call to `floor` that the baseline x86-64 target makes
    /// of it (no SSE4.1 rounding instruction): truncation, one down for negative fractions;
    /// only |q| ≥ 2^52 (already whole) or NaN takes the library's path. (−0 comes out as +0:
    /// at most the sign of a zero time differs.)
    @inline(__always)
    private static func floor(_ q: Double) -> Double {
        guard abs(q) < 0x1p52 else { return q.rounded(.down) }
        let w = Double(Int64(q))
        return w > q ? w - 1 : w
    }
}

/// `TimingPhase` as plain fields (`ResolvedTiming.place(parent:)`); `time`, `cycles` and
/// `ended` are meaningful for `.active` only.
struct TimingPlace {
    enum Kind { case before, after, active }
    var kind: Kind
    var time: CFTimeInterval = 0
    var cycles: Double = 0
    var ended = false
}

/// Where a timed object is at a moment of its parent's time.
package enum TimingPhase: Equatable {
    /// Before its active interval, not filling backwards: no effect.
    case before
    /// After its active interval, not filling forwards: no effect.
    case after
    /// Showing the simple time `time` (0…duration) of repeat `iteration`; `ended` when the
    /// active interval is over and the object fills forwards.
    case active(time: CFTimeInterval, iteration: Int, ended: Bool)
}
