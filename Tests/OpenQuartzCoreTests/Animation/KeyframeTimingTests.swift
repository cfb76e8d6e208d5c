import Foundation
import Testing
import OpenQuartzCore

/// Key times as Apple's `keyTimes` documentation gives them: one per value or per control
/// point of a path, n + 1 for discrete values, and times that need not end at 1. Expected
/// values are the piecewise-linear closed forms of the keyframes.
@Suite struct KeyframeTimingTests {
    /// The presentation of a layer under a keyframe animation of `keyPath` (set up by
    /// `configure`) lasting 1 s from time 1, at the fractions `fs` of the duration.
    static func frames(_ keyPath: String, at fs: [Double], _ configure: (CAKeyframeAnimation) -> Void) -> [CALayer] {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CAKeyframeAnimation(keyPath: keyPath)
        configure(a)
        a.duration = 1
        a.beginTime = 1
        l.add(a, forKey: "k")
        return fs.map { stage.shown(l, at: 1 + $0) }
    }

    /// The position of a layer animated along `path` with `keyTimes`.
    static func positions(_ path: CGPath, keyTimes: [NSNumber]?, at fs: [Double]) -> [CGPoint] {
        frames("position", at: fs) { $0.path = path; $0.keyTimes = keyTimes }.map(\.position)
    }

    static func polyline(_ points: [CGPoint], closed: Bool) -> CGPath {
        let p = CGMutablePath()
        p.move(to: points[0])
        for q in points.dropFirst() { p.addLine(to: q) }
        if closed { p.closeSubpath() }
        return p
    }

    /// A closed path of three points with three key times travels the two drawn lines at the
    /// key times and never the closing line (Lottie passes n key times for the n points of a
    /// path it closes).
    @Test func closedPathWithAKeyTimePerPoint() {
        let path = Self.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)], closed: true)
        let shown = Self.positions(path, keyTimes: [0, 0.8, 1], at: [0.4, 0.8, 0.9, 0.99])
        let expected = [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 25), CGPoint(x: 100, y: 47.5)]
        for (s, e) in zip(shown, expected) { #expect(close(s, e, 1e-6), "\(s) expected \(e)") }
    }

    /// The same path open gives the same positions.
    @Test func openPathWithAKeyTimePerPoint() {
        let path = Self.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)], closed: false)
        let shown = Self.positions(path, keyTimes: [0, 0.8, 1], at: [0.4, 0.8, 0.9])
        let expected = [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 25)]
        for (s, e) in zip(shown, expected) { #expect(close(s, e, 1e-6), "\(s) expected \(e)") }
    }

    /// Two points closed, with key times [0, 1]: one line out, no ping-pong back.
    @Test func closedTwoPointPathDoesNotPingPong() {
        let path = Self.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)], closed: true)
        let shown = Self.positions(path, keyTimes: [0, 1], at: [0.25, 0.5, 0.75, 0.99])
        for (s, f) in zip(shown, [0.25, 0.5, 0.75, 0.99]) { #expect(close(s, CGPoint(x: 100 * f, y: 0), 1e-6), "\(s) at \(f)") }
    }

    /// Key times for every piece, the closing line included, time them all.
    @Test func closedPathWithAKeyTimePerPiece() {
        let path = Self.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)], closed: true)
        let shown = Self.positions(path, keyTimes: [0, 0.5, 0.6, 1], at: [0.25, 0.55, 0.8])
        // The closing line runs from (100, 50) back to (0, 0) in 0.6 → 1.
        let expected = [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 25), CGPoint(x: 50, y: 25)]
        for (s, e) in zip(shown, expected) { #expect(close(s, e, 1e-6), "\(s) expected \(e)") }
    }

    /// Without key times a closed rectangle is travelled all the way round, a side a quarter.
    @Test func closedPathWithoutKeyTimesGoesRound() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        let shown = Self.positions(path, keyTimes: nil, at: [0.125, 0.375, 0.625, 0.875])
        let expected = [CGPoint(x: 20, y: 0), CGPoint(x: 40, y: 20), CGPoint(x: 20, y: 40), CGPoint(x: 0, y: 20)]
        for (s, e) in zip(shown, expected) { #expect(close(s, e, 1e-6), "\(s) expected \(e)") }
    }

    /// "A keyframe path with N key times": a zig-zag of five points and five uneven key times,
    /// sampled at many times against the piecewise-linear closed form.
    @Test func pathWithNKeyTimes() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 0), CGPoint(x: 60, y: 40), CGPoint(x: 100, y: 0)]
        let times = [0.0, 0.1, 0.5, 0.55, 1.0]
        let fs = stride(from: 0.0, through: 0.98, by: 0.07).map { $0 }
        let shown = Self.positions(Self.polyline(points, closed: false), keyTimes: times.map { NSNumber(value: $0) }, at: fs)
        for (s, f) in zip(shown, fs) {
            var i = 0
            while i < times.count - 2 && f > times[i + 1] { i += 1 }
            let u = (f - times[i]) / (times[i + 1] - times[i])
            let e = CGPoint(x: points[i].x + (points[i + 1].x - points[i].x) * u, y: points[i].y + (points[i + 1].y - points[i].y) * u)
            #expect(close(s, e, 1e-6), "at \(f): \(s), expected \(e)")
        }
    }

    /// The opacity of a layer animated through `values` with `keyTimes` in `mode`.
    static func opacities(_ values: [Any], keyTimes: [NSNumber]?, mode: CAAnimationCalculationMode = .linear,
                          at fs: [Double]) -> [Float] {
        frames("opacity", at: fs) { $0.values = values; $0.keyTimes = keyTimes; $0.calculationMode = mode }.map(\.opacity)
    }

    /// Discrete mode with values.count + 1 key times: value i shows from key time i to i + 1.
    @Test func discreteWithOneMoreKeyTime() {
        let shown = Self.opacities([0.2, 0.6, 1.0], keyTimes: [0, 0.1, 0.7, 1], mode: .discrete,
                                   at: [0, 0.05, 0.1, 0.5, 0.69, 0.7, 0.9])
        let expected: [Float] = [0.2, 0.2, 0.6, 0.6, 0.6, 1.0, 1.0]
        #expect(shown == expected)
    }

    /// Discrete mode without key times: each of n values shows for 1/n of the duration.
    @Test func discreteEvenlySpaced() {
        let shown = Self.opacities([0.2, 0.6, 1.0, 0.4], keyTimes: nil, mode: .discrete, at: [0.1, 0.26, 0.6, 0.8])
        #expect(shown == [0.2, 0.6, 1.0, 0.4])
    }

    /// Key times that start after 0 and end before 1: the first value holds before the first
    /// key time and the last after the last.
    @Test func keyTimesNotEndingAtOne() {
        let shown = Self.opacities([0.2, 1.0, 0.6], keyTimes: [0.2, 0.4, 0.6], at: [0.1, 0.3, 0.5, 0.8, 0.99])
        let expected: [Float] = [0.2, 0.6, 0.8, 0.6, 0.6]
        for (s, e) in zip(shown, expected) { #expect(abs(s - e) < 1e-6, "\(s) expected \(e)") }
    }

    /// Discrete mode on a path jumps between its control points (Lottie's hold keyframes of a
    /// position: a closed path through the keyframes, a key time per keyframe); with no key
    /// times, each point shows for an equal share, the closing line's end (the start) last.
    @Test func discretePathJumpsBetweenPoints() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)]
        let path = Self.polyline(points, closed: true)
        let held = Self.frames("position", at: [0.3, 0.49, 0.5, 0.79, 0.8, 0.99]) {
            $0.path = path; $0.calculationMode = .discrete; $0.keyTimes = [0, 0.5, 0.8]
        }.map(\.position)
        #expect(held == [points[0], points[0], points[1], points[1], points[2], points[2]])
        let even = Self.frames("position", at: [0.1, 0.3, 0.6, 0.9]) {
            $0.path = path; $0.calculationMode = .discrete
        }.map(\.position)
        #expect(even == [points[0], points[1], points[2], points[0]])
    }

    /// The same on a path: [0, 0.5] for two points reaches the end half-way and stays.
    @Test func pathKeyTimesNotEndingAtOne() {
        let path = Self.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)], closed: false)
        let shown = Self.positions(path, keyTimes: [0, 0.5], at: [0.25, 0.5, 0.75])
        let expected = [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 0)]
        for (s, e) in zip(shown, expected) { #expect(close(s, e, 1e-6), "\(s) expected \(e)") }
    }
}
