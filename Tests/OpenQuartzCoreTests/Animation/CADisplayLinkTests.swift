import Foundation
import OpenQuartzCore
import Testing

/// `CADisplayLink` and `CAFrameRateRange`: Apple's declarations and defaults, the run loop timer
/// of a live program (bounded in time), and the offline display a frame sequence is
/// (docs/animate.md, "Display links"). Every link is invalidated before its test ends: tests
/// share threads, and a frame sequence calls the links on its thread's run loop.
@Suite("Display links")
struct CADisplayLinkTests {
    /// One call of a display link, as the handler saw it.
    struct Call {
        let timestamp: CFTimeInterval
        let targetTimestamp: CFTimeInterval
        let duration: CFTimeInterval
        let now: CFTimeInterval

        init(_ link: CADisplayLink) {
            timestamp = link.timestamp
            targetTimestamp = link.targetTimestamp
            duration = link.duration
            now = CACurrentMediaTime()
        }
    }

    /// A 40 × 20 canvas holding a red 10 × 10 square at the left.
    static func canvas() -> (root: CALayer, dot: CALayer, renderer: CAImageRenderer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
        dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(dot)
        return (root, dot, CAImageRenderer(size: CGSize(width: 40, height: 20)))
    }

    @Test func frameRateRangeIsApples() {
        let d = CAFrameRateRange.default
        #expect(d.minimum == 0 && d.maximum == 0 && d.preferred == nil)
        #expect(CAFrameRateRange().isEqual(to: .default))
        let r = CAFrameRateRange(minimum: 30, maximum: 120)
        #expect(r.preferred == nil)
        // The C struct stores "no preference" as 0.
        #expect(r.isEqual(to: CAFrameRateRange(minimum: 30, maximum: 120, preferred: 0)))
        #expect(!r.isEqual(to: CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)))
        #expect(!r.isEqual(to: CAFrameRateRange(minimum: 30, maximum: 90)))
    }

    @Test func defaultsAreApples() {
        let link = CADisplayLink(handler: { _ in })
        #expect(link.timestamp == 0 && link.targetTimestamp == 0 && link.duration == 0)
        #expect(!link.isPaused)
        #expect(link.preferredFramesPerSecond == 0)
        #expect(link.preferredFrameRateRange.isEqual(to: .default))
        #expect(CADisplayLink.displayFramesPerSecond == 60)
        link.invalidate()
    }

    /// Frame i of a 30 fps sequence from 2 s shows 2 + i/30; the call before it has that time as
    /// targetTimestamp and as CACurrentMediaTime(), the previous frame's as timestamp, and 1/30 s
    /// as duration.
    @Test func frameSequenceIsTheDisplay() throws {
        let (root, _, renderer) = Self.canvas()
        var calls: [Call] = []
        let link = CADisplayLink(handler: { calls.append(Call($0)) })
        link.add(to: .current, forMode: .default)
        defer { link.invalidate() }
        let rate = try #require(FrameRate(framesPerSecond: 30))
        let times = renderer.frames(for: root, from: 2, rate: rate, range: 0..<5).map(\.time)
        try #require(calls.count == 5)
        for (i, c) in calls.enumerated() {
            let t = 2 + Double(i) / 30
            #expect(times[i] == t)
            #expect(c.targetTimestamp == t)
            #expect(c.now == t)
            #expect(c.timestamp == 2 + Double(i - 1) / 30)
            #expect(c.duration == 1.0 / 30)
        }
    }

    /// The display's rate divided by the whole number whose quotient is closest to what is
    /// preferred. At 60 fps: 26 → every 2nd frame (30 Hz is nearer 26 than 20 Hz), 20 → every
    /// 3rd, 0 and 100 → every frame; the range [10, 25] preferring 24 → 20 Hz, every 3rd; [10, 30]
    /// with no preference → its maximum, 30 Hz; [45, 50], which no quotient reaches → the rate
    /// nearest its maximum, 60 Hz. The duration stays one refresh, 1/60 s.
    @Test func preferredRatesChooseDivisorsOfTheDisplayRate() throws {
        let rate = try #require(FrameRate(framesPerSecond: 60))
        func calledFrames(_ configure: (CADisplayLink) -> Void) -> [Int] {
            let (root, _, renderer) = Self.canvas()
            var frames: [Int] = []
            var durations: Set<CFTimeInterval> = []
            let link = CADisplayLink(handler: {
                frames.append(Int(($0.targetTimestamp * 60).rounded()))
                durations.insert($0.duration)
            })
            configure(link)
            link.add(to: .current, forMode: .default)
            defer { link.invalidate() }
            for _ in renderer.frames(for: root, from: 0, rate: rate, range: 0..<12) {}
            #expect(durations == [1.0 / 60])
            return frames
        }
        let everyFrame = Array(0..<12), everySecond = [0, 2, 4, 6, 8, 10], everyThird = [0, 3, 6, 9]
        let byRate: [(Int, [Int])] = [(26, everySecond), (20, everyThird), (0, everyFrame), (100, everyFrame)]
        for (fps, expected) in byRate {
            let called = calledFrames { $0.preferredFramesPerSecond = fps }
            #expect(called == expected, "preferredFramesPerSecond \(fps)")
        }
        let byRange: [(CAFrameRateRange, [Int])] = [
            (CAFrameRateRange(minimum: 10, maximum: 25, preferred: 24), everyThird),
            (CAFrameRateRange(minimum: 10, maximum: 30), everySecond),
            (CAFrameRateRange(minimum: 45, maximum: 50), everyFrame),
        ]
        for (range, expected) in byRange {
            let called = calledFrames { $0.preferredFrameRateRange = range }
            #expect(called == expected, "\(range)")
        }
    }

    /// A paused link is not called and, unpaused, is called again. A link that invalidates
    /// itself is not called afterwards, and nothing keeps it, or what its handler captured, alive.
    @Test func pausedLinksWaitAndInvalidatedLinksAreReleased() throws {
        final class Target { var calls: [Int] = [] }
        let (root, _, renderer) = Self.canvas()
        let rate = try #require(FrameRate(framesPerSecond: 10))
        weak var weakLink: CADisplayLink?
        weak var weakTarget: Target?
        do {
            let target = Target()
            weakTarget = target
            let link = CADisplayLink(handler: { l in
                let i = Int((l.targetTimestamp * 10).rounded())
                target.calls.append(i)
                if i == 6 { l.invalidate() }
            })
            weakLink = link
            link.add(to: .current, forMode: .default)
            var frames = renderer.frames(for: root, from: 0, rate: rate, range: 0..<10)
            _ = frames.next(); _ = frames.next()  // frames 0 and 1: called
            link.isPaused = true
            _ = frames.next(); _ = frames.next()  // 2 and 3: paused
            link.isPaused = false
            while frames.next() != nil {}         // 4, 5, 6, then invalidated
            #expect(target.calls == [0, 1, 4, 5, 6])
        }
        #expect(weakLink == nil)
        #expect(weakTarget == nil)
    }

    /// Code that moves a layer from its display link (x = 5 + 60 · the frame's time, as a
    /// timer-based animation does) renders at frame i of a 30 fps sequence the picture of the
    /// layer placed at x = 5 + 2i by hand, and two runs give the same bytes.
    @Test func linkDrivenFramesAreDeterministic() throws {
        let rate = try #require(FrameRate(framesPerSecond: 30))
        func run() -> [[UInt8]] {
            let (root, dot, renderer) = Self.canvas()
            let link = CADisplayLink(handler: { l in
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                dot.position.x = CGFloat(5 + 60 * l.targetTimestamp)
                CATransaction.commit()
            })
            link.add(to: .current, forMode: .common)
            defer { link.invalidate() }
            return renderer.frames(for: root, from: 0, rate: rate, range: 0..<8).map(\.image.premultipliedRGBA)
        }
        let first = run(), second = run()
        #expect(first == second)
        for i in [0, 3, 7] {
            let (root, dot, renderer) = Self.canvas()
            dot.position.x = 5 + 2 * CGFloat(i)
            #expect(first[i] == renderer.image(for: root).premultipliedRGBA, "frame \(i)")
        }
    }

    /// Setup code reads the offline clock inside `withMediaTime(_:_:)`; outside, the wall clock.
    @Test func withMediaTimeSetsTheClockForItsBody() {
        let inside = CAImageRenderer.withMediaTime(12.5) { CACurrentMediaTime() }
        #expect(inside == 12.5)
        #expect(CACurrentMediaTime() != 12.5)
    }

    /// Live, in two modes: removed from one, the link still fires while the run loop runs in the
    /// other; removed from that one too, it is not called again. Bounded: at most 5 s of run
    /// loop, then 0.1 s.
    @Test func removingALinkFromAModeKeepsTheOthers() {
        let other = RunLoop.Mode("OpenQuartzCoreTests.other")
        var calls = 0
        let link = CADisplayLink(handler: { _ in calls += 1 })
        link.add(to: .current, forMode: .default)
        link.add(to: .current, forMode: other)
        defer { link.invalidate() }
        link.remove(from: .current, forMode: .default)
        let deadline = Date(timeIntervalSinceNow: 5)
        while calls < 2 && Date() < deadline {
            _ = RunLoop.current.run(mode: other, before: Date(timeIntervalSinceNow: 0.05))
        }
        #expect(calls >= 2)
        link.remove(from: .current, forMode: other)
        let before = calls
        _ = RunLoop.current.run(mode: other, before: Date(timeIntervalSinceNow: 0.1))
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        #expect(calls == before)
    }

    /// Live, on a run loop: the timer calls the link on the 60 Hz display's grid (timestamp a
    /// whole number of sixtieths of a second, targetTimestamp one refresh later, duration 1/60),
    /// not while it is paused, and never after invalidate(). Bounded: at most 5 s of run loop
    /// (about 0.05 s on an idle machine), then 0.2 s.
    @Test func liveLinksFireOnTheRunLoop() {
        var calls: [Call] = []
        let link = CADisplayLink(handler: { calls.append(Call($0)) })
        link.add(to: .current, forMode: .default)
        defer { link.invalidate() }
        let deadline = Date(timeIntervalSinceNow: 5)
        while calls.count < 3 && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
        #expect(calls.count >= 3)
        for c in calls {
            #expect(c.duration == 1.0 / 60)
            let refreshes = c.timestamp * 60
            #expect(abs(refreshes - refreshes.rounded()) < 1e-3)
            #expect(c.targetTimestamp == c.timestamp + 1.0 / 60)
            #expect(c.now >= c.timestamp)
        }
        let increasing = zip(calls, calls.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp }
        #expect(increasing)
        link.isPaused = true
        let whilePaused = calls.count
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1))
        #expect(calls.count == whilePaused)
        link.invalidate()
        link.isPaused = false
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1))
        #expect(calls.count == whilePaused)
    }
}
