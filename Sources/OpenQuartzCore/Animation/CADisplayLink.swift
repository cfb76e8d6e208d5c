import Foundation

/// A timer that calls your code at the refresh rate of the display (CADisplayLink.h), on
/// Foundation's run loop.
///
/// **Live.** `add(to:forMode:)` schedules a Foundation `Timer` on the run loop; it fires at the
/// display's rate (`CADisplayLink.displayFramesPerSecond`, 60 Hz, the rate of a traditional
/// iPhone display) or the divisor of it the preferred rate chooses, whenever that run loop runs
/// in one of the link's modes. `timestamp` is the last refresh of that 60 Hz display (a whole
/// multiple of 1/60 s on `CACurrentMediaTime()`'s clock), `targetTimestamp` the next one.
///
/// **Offline.** A frame sequence (`CAImageRenderer.frames(for:from:rate:range:)`) is the
/// display of the thread that iterates it: before it renders each frame, it calls every unpaused
/// link scheduled on that thread's run loop (`RunLoop.current`; `RunLoop.main` for a program
/// rendering on its main thread) whose rate falls on that frame, with `targetTimestamp` the
/// frame's time, `timestamp` the previous frame's, `duration` the frame interval, and
/// `CACurrentMediaTime()` reading the frame's time during the call. A link an offline render has
/// called no longer fires from its run loop timer, so wall time never mixes into the frames
/// (docs/animate.md, "Display links").
///
/// There is no Objective-C runtime on Linux: Foundation has no `Selector` there and `#selector`
/// does not compile, so Apple's `init(target:selector:)` is not declared. `init(handler:)`, an
/// OpenQuartzCore extension, takes the method to call as a closure:
/// `CADisplayLink(handler: { [unowned self] link in step(link) })` for
/// `CADisplayLink(target: self, selector: #selector(step(_:)))`. As the target is there, the
/// closure is kept until `invalidate()`; a scheduled link is kept by its run loop.
open class CADisplayLink: NSObject {
    /// OpenQuartzCore extension: the refresh rate of the display live links follow, in frames
    /// per second (a traditional iPhone display's; ProMotion's 120 Hz is not modelled).
    public static let displayFramesPerSecond = 60

    /// The rate the code asked for, by the member it set last.
    private enum RateRequest {
        case interval(Int)
        case framesPerSecond(Int)
        case range(CAFrameRateRange)
    }

    /// One run loop the link is scheduled on, with its modes and the timer that drives it there.
    private struct Schedule {
        let runLoop: RunLoop
        var modes: [RunLoop.Mode]
        var timer: Timer
    }

    /// The code called at each refresh; nil once invalidated (which releases what it captured).
    private var handler: ((CADisplayLink) -> Void)?
    private var schedules: [Schedule] = []
    private var rateRequest = RateRequest.interval(1)
    private var lastTimestamp: CFTimeInterval = 0
    private var nextTimestamp: CFTimeInterval = 0
    private var refreshDuration: CFTimeInterval = 0
    /// Set by the first offline refresh: the run loop timers no longer call the link.
    private var followsOfflineClock = false

    /// OpenQuartzCore extension: a display link that calls `handler` with itself at each
    /// refresh once it is added to a run loop. In place of `init(target:selector:)`, which needs
    /// the Objective-C runtime; the closure is kept, as the target is, until `invalidate()`.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
        super.init()
    }

    // MARK: Scheduling

    /// Schedules the link on `runloop` in `mode` (`.default`, `.common`, …); it then fires
    /// while that run loop runs in the mode. The run loop keeps the link until it is removed
    /// from every mode or invalidated. Adding an invalidated link does nothing.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard handler != nil else { return }
        if let i = schedules.firstIndex(where: { $0.runLoop === runloop }) {
            guard !schedules[i].modes.contains(mode) else { return }
            schedules[i].modes.append(mode)
            runloop.add(schedules[i].timer, forMode: mode)
            return
        }
        let timer = makeTimer()
        runloop.add(timer, forMode: mode)
        schedules.append(Schedule(runLoop: runloop, modes: [mode], timer: timer))
        DisplayLinkRegistry.shared.add(self, to: runloop)
    }

    /// Removes the link from `mode` of `runloop`; off its last mode there, the run loop lets it go.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard let i = schedules.firstIndex(where: { $0.runLoop === runloop }),
              let m = schedules[i].modes.firstIndex(of: mode) else { return }
        schedules[i].modes.remove(at: m)
        // Foundation has no call that takes a timer out of one mode: a fresh timer serves the rest.
        schedules[i].timer.invalidate()
        if schedules[i].modes.isEmpty {
            schedules.remove(at: i)
            DisplayLinkRegistry.shared.remove(self, from: runloop)
        } else {
            schedules[i].timer = makeTimer()
            for m in schedules[i].modes { runloop.add(schedules[i].timer, forMode: m) }
        }
    }

    /// Removes the link from every run loop and releases the handler (and what it captured),
    /// as Apple's releases the target. An invalidated link is never called again.
    open func invalidate() {
        for s in schedules {
            s.timer.invalidate()
            DisplayLinkRegistry.shared.remove(self, from: s.runLoop)
        }
        schedules = []
        handler = nil
    }

    // MARK: Timing

    /// The time of the last frame the display showed, on `CACurrentMediaTime()`'s clock (in an
    /// offline render, the previous frame's time). 0 before the first call.
    open var timestamp: CFTimeInterval { lastTimestamp }

    /// The time the next frame will show, the one the handler prepares (in an offline render,
    /// the time of the frame about to be rendered). Apple: "If you need to calculate what to
    /// display next, use targetTimestamp". 0 before the first call.
    open var targetTimestamp: CFTimeInterval { nextTimestamp }

    /// The time between refreshes of the display: 1/60 s live, the frame interval offline; not
    /// changed by a preferred rate, as on Apple's devices (a link called every other refresh
    /// still reads one refresh). 0 until the first call (Apple: undefined until then).
    open var duration: CFTimeInterval { refreshDuration }

    /// Whether calls are suspended; a paused link stays scheduled. Default false.
    open var isPaused = false

    /// The rate the code would like to be called at, in frames per second; 0 (the default) is
    /// the display's rate. The link is called at the display's rate divided by a whole number,
    /// the quotient closest to this rate (Apple: the system "typically provides a consistent
    /// frame rate by choosing one that's a factor of the display's maximum refresh rate"; how it
    /// breaks a tie is undocumented: here the faster rate). Setting it replaces
    /// `preferredFrameRateRange` and `frameInterval`. Apple's documentation marks it deprecated
    /// from iOS 27 for `preferredFrameRateRange`; it is not marked here, so that code written for
    /// the SDKs before compiles without warnings.
    open var preferredFramesPerSecond: Int {
        get { if case .framesPerSecond(let p) = rateRequest { return p } else { return 0 } }
        set { rateRequest = .framesPerSecond(newValue); rescheduleTimers() }
    }

    /// The range of rates the code accepts, with its preferred one. The default, `.default`,
    /// asks for the display's rate. The link is called at the display's rate divided by a whole
    /// number: the quotient within the range closest to `preferred` (to `maximum` when
    /// `preferred` is nil); the one closest to it when no quotient falls within. Setting it
    /// replaces `preferredFramesPerSecond` and `frameInterval`.
    open var preferredFrameRateRange: CAFrameRateRange {
        get { if case .range(let r) = rateRequest { return r } else { return .default } }
        set { rateRequest = .range(newValue); rescheduleTimers() }
    }

    /// The number of refreshes between calls: 1 (the default) calls at every refresh, 2 at every
    /// other one. Values under 1 (Apple: "undefined behavior") count as 1. Setting it replaces
    /// the preferred rate and range. Deprecated by Apple in iOS 10 for `preferredFramesPerSecond`.
    @available(*, deprecated, message: "preferredFramesPerSecond")
    open var frameInterval: Int {
        get { if case .interval(let n) = rateRequest { return n } else { return 1 } }
        set { rateRequest = .interval(max(newValue, 1)); rescheduleTimers() }
    }

    /// Refreshes of a display at `displayRate` frames per second between two calls: the whole
    /// divisor the rate request chooses, at least 1, at most a million (a rate of 1e-30 does not
    /// overflow).
    final func refreshInterval(displayRate: Double) -> Int {
        switch rateRequest {
        case .interval(let n):
            return min(max(n, 1), Self.maximumInterval)
        case .framesPerSecond(let p):
            guard p > 0 else { return 1 }
            return Self.closestDivisor(displayRate, to: Double(p), within: 1...Self.maximumInterval)
        case .range(let r):
            guard !r.isEqual(to: .default) else { return 1 }
            let target = Double(r.preferred ?? (r.maximum > 0 ? r.maximum : r.minimum))
            guard target.isFinite, target > 0 else { return 1 }
            // Divisors whose rate lies in [minimum, maximum] (an unset bound bounds nothing).
            let low = r.maximum > 0 ? Self.wholeInterval((displayRate / Double(r.maximum)).rounded(.up)) : 1
            let high = r.minimum > 0 ? Self.wholeInterval((displayRate / Double(r.minimum)).rounded(.down)) : Self.maximumInterval
            let allowed = low <= high ? low...high : 1...Self.maximumInterval
            return Self.closestDivisor(displayRate, to: target, within: allowed)
        }
    }

    /// The most refreshes between two calls: a bound for absurd rates.
    static let maximumInterval = 1_000_000

    /// A whole interval from a real one, within 1…`maximumInterval` (NaN gives 1).
    private static func wholeInterval(_ x: Double) -> Int {
        if x.isNaN || x <= 1 { return 1 }
        return x >= Double(maximumInterval) ? maximumInterval : Int(x)
    }

    /// The n in `allowed` for which `rate / n` is closest to `target`; the smaller n on a tie.
    private static func closestDivisor(_ rate: Double, to target: Double, within allowed: ClosedRange<Int>) -> Int {
        guard rate.isFinite, rate > 0, target.isFinite, target > 0 else { return allowed.lowerBound }
        let ideal = rate / target
        let candidates = [wholeInterval(ideal.rounded(.down)), wholeInterval(ideal.rounded(.up))]
            .map { min(max($0, allowed.lowerBound), allowed.upperBound) }
        var best = candidates[0]
        for n in candidates.dropFirst() {
            let d = abs(rate / Double(n) - target), b = abs(rate / Double(best) - target)
            if d < b || (d == b && n < best) { best = n }
        }
        return best
    }

    // MARK: Calls

    /// A run loop timer's call: the live display's refresh.
    private func liveRefresh() {
        guard let handler, !isPaused, !followsOfflineClock else { return }
        let d = 1 / Double(Self.displayFramesPerSecond)
        let now = CACurrentMediaTime()
        let last = (now / d).rounded(.down) * d
        refreshDuration = d
        lastTimestamp = last
        nextTimestamp = last + d
        handler(self)
    }

    /// An offline display's refresh: frame `index` of a sequence showing `time`, after the
    /// frame at `previous`, `duration` apart. Called by the frame sequence on the thread of the
    /// run loop the link is scheduled on.
    final func offlineRefresh(frame index: Int, time: CFTimeInterval, previous: CFTimeInterval,
                              duration: CFTimeInterval) {
        guard let handler, !isPaused else { return }
        followsOfflineClock = true
        // The frame number counts refreshes, so that a link called every n-th refresh is called
        // on the same frames whichever slice of a sequence is rendered.
        guard index % refreshInterval(displayRate: 1 / duration) == 0 else { return }
        refreshDuration = duration
        lastTimestamp = previous
        nextTimestamp = time
        MediaClock.$virtualTime.withValue(time) { handler(self) }
    }

    /// The timer that calls the link on a run loop, every `refreshInterval` refreshes of the
    /// live display. It holds the link weakly: the run loop's hold is the registry's.
    private func makeTimer() -> Timer {
        let box = WeakDisplayLink(self)
        let interval = Double(refreshInterval(displayRate: Double(Self.displayFramesPerSecond)))
            / Double(Self.displayFramesPerSecond)
        return Timer(timeInterval: interval, repeats: true) { _ in box.link?.liveRefresh() }
    }

    /// New timers after a rate change, in the same run loops and modes.
    private func rescheduleTimers() {
        for i in schedules.indices {
            schedules[i].timer.invalidate()
            schedules[i].timer = makeTimer()
            for m in schedules[i].modes { schedules[i].runLoop.add(schedules[i].timer, forMode: m) }
        }
    }

    /// Calls, before a frame of an offline render, every link scheduled on `runLoop`: the frame
    /// sequence's side of the display (see the class's discussion).
    package static func refreshLinks(on runLoop: RunLoop, frame index: Int, time: CFTimeInterval,
                                     previous: CFTimeInterval, duration: CFTimeInterval) {
        guard duration.isFinite, duration > 0 else { return }
        for link in DisplayLinkRegistry.shared.links(on: runLoop) {
            link.offlineRefresh(frame: index, time: time, previous: previous, duration: duration)
        }
    }
}

/// A timer's hold on its display link: weak, so that invalidating the link does not depend on
/// when Foundation lets go of the timer. The timer fires on the thread of the run loop the link
/// was added to, the thread that drives it (hence unchecked).
private final class WeakDisplayLink: @unchecked Sendable {
    weak var link: CADisplayLink?
    init(_ link: CADisplayLink) { self.link = link }
}
