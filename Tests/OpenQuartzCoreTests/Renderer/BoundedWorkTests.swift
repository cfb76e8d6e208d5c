import Foundation
import Testing
import OpenQuartzCore

/// Work that user values drive must stay bounded whatever the values: repeat counts of a
/// cumulative transform animation, a spring's parameters. Times are this thread's CPU time
/// (DrawingBenchmarks.threadMilliseconds), which other processes on the machine do not inflate.
@Suite("Bounded work")
struct BoundedWorkTests {
    // MARK: Cumulative transforms

    /// A cumulative transform animation adds its cycle's transform once per repeat: at repeat
    /// n it shows delta^n · interpolated. Independent value: a translation of 1 per cycle at
    /// repeat 3 000 000, half way, is a translation of 3 000 000.5 (exact in binary). Before,
    /// repeats from 1e6 on were refused (the power was built one product at a time, so it was
    /// capped) and the layer showed 0.5.
    @Test func cumulativeTranslationAfterMillionsOfRepeats() {
        let m41 = Self.cumulativeTranslation(repeatCount: 1e7, at: 1 + 3_000_000.5)
        #expect(close(m41, 3_000_000.5, 1e-6), "\(m41)")
    }

    /// A repeat count of 1e10 is ten billion cycles, not none (Apple's `repeatCount` is a
    /// Float; HUGE_VALF is for ever). Independent value as above: at repeat 3 000 000 000, half
    /// way, a translation of 1 per cycle shows 3 000 000 000.5 (exact in binary). Before, a
    /// repeat index from 1e9 on was read as 0 (a conversion guard) and the layer showed 0.5.
    @Test func cumulativeTranslationAfterBillionsOfRepeats() {
        let m41 = Self.cumulativeTranslation(repeatCount: 1e10, at: 1 + 3_000_000_000.5)
        #expect(close(m41, 3_000_000_000.5, 1e-6), "\(m41)")
    }

    /// After 3e9 cycles (a Float that is exactly 3 000 000 000), filling forwards shows the end
    /// of the last cycle: 2 999 999 999 whole cycles plus the last one's end, a translation of
    /// 3 000 000 000. Before, the index was read as 0 and the layer showed 1.
    @Test func fillAfterBillionsOfRepeatsShowsTheLastCycle() {
        let m41 = Self.cumulativeTranslation(repeatCount: 3e9, fills: true, at: 1 + 4e9)
        #expect(close(m41, 3_000_000_000, 1e-6), "\(m41)")
    }

    /// The x translation shown at `time` by a cumulative animation from the identity to a
    /// translation of 1, one second a cycle from time 1, repeated `repeatCount` times (filling
    /// forwards after, if `fills`); the rest of the transform must be the identity's.
    static func cumulativeTranslation(repeatCount: Float, fills: Bool = false, at time: CFTimeInterval) -> CGFloat {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        a.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(1, 0, 0))
        a.duration = 1; a.beginTime = 1; a.repeatCount = repeatCount; a.isCumulative = true
        if fills { a.fillMode = .forwards; a.isRemovedOnCompletion = false }
        l.add(a, forKey: "t")
        var shown = stage.shown(l, at: time).transform
        let m41 = shown.m41
        shown.m41 = 0
        return close(shown, CATransform3DIdentity, 1e-9) ? m41 : .nan
    }

    /// A rotation of 2π/7 per cycle at repeat 700 003 (a multiple of 7 plus 3), half way, is a
    /// rotation of 3.5 · 2π/7 = π; and its evaluation takes a few products, not 700 003: five
    /// frames in well under 50 ms of CPU (before: 3.5 million products, over a second in a
    /// debug build).
    @Test func cumulativeRotationIsQuickAndRight() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "transform")
        let step = 2 * CGFloat.pi / 7
        a.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        a.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(step, 0, 0, 1))
        a.duration = 1; a.beginTime = 1; a.repeatCount = .infinity; a.isCumulative = true
        l.add(a, forKey: "r")
        let start = DrawingBenchmarks.threadMilliseconds()
        var shown = CATransform3DIdentity
        for _ in 0..<5 { shown = stage.shown(l, at: 1 + 700_003.5).transform }
        let ms = DrawingBenchmarks.threadMilliseconds() - start
        #expect(close(shown, CATransform3DMakeRotation(3.5 * step, 0, 0, 1), 1e-6))
        #expect(ms < 50, "\(ms) ms of CPU for five frames")
    }

    // MARK: Spring settling

    /// The definition `settlingDuration` keeps: on a grid of 1/240 s, the last sample whose
    /// displacement exceeds 0.001, plus one step; scanned sample by sample through `horizon`
    /// with the closed form of SpringAndGroupTests (written from the differential equation).
    static func gridSettling(m: Double, k: Double, c: Double, v0: Double, horizon: Double) -> Double {
        let step = 1.0 / 240
        var last = 0.0
        for i in 0...Int(horizon / step) {
            let t = Double(i) * step
            if abs(SpringAndGroupTests.displacement(m: m, k: k, c: c, v0: v0, t)) > 0.001 { last = t }
        }
        return last + step
    }

    static func spring(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, over: Bool = false) -> CASpringAnimation {
        let s = CASpringAnimation()
        s.mass = CGFloat(m); s.stiffness = CGFloat(k); s.damping = CGFloat(c); s.initialVelocity = CGFloat(v0)
        s.allowsOverdamping = over
        return s
    }

    /// Underdamped (light to heavy, moving towards and away from the end), critically damped
    /// and overdamped springs: the same value as the sample-by-sample scan, to rounding.
    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0, false), (1, 100, 20, 0, false), (1, 100, 20, 15, false), (1, 100, 20, -15, false),
        (2, 50, 40, 3, true), (1, 100, 50, 0, true), (1, 100, 100, -20, true), (1, 200, 5, -2, false),
        (1, 300, 2, 10, false), (0.5, 1000, 1, -50, false), (3, 10, 0.5, 0, false), (1, 100, 19.9, 0, false),
        (1, 4, 0.3, 40, false), (0.01, 1, 0.05, 0, false),
    ])
    func settlingDurationMatchesTheScan(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, _ over: Bool) {
        let t = Self.spring(m, k, c, v0, over: over).settlingDuration
        let scan = Self.gridSettling(m: m, k: k, c: c, v0: v0, horizon: 200)
        #expect(abs(t - scan) < 1e-9, "m \(m) k \(k) c \(c) v0 \(v0): \(t) against the scan's \(scan)")
    }

    /// Lightly damped springs settle after minutes (damping 0.01: 1 382 s) or never within the
    /// 3 600 s cap: each was stepped up to 864 000 times in 1/240 s. Now twenty values take
    /// well under 50 ms of CPU (before: seconds), and each keeps the definition: within 0.001
    /// after it, above 0.001 just before it.
    @Test func lightlyDampedSettlingIsQuickAndRight() {
        let springs = [(1.0, 100.0, 0.01, 0.0), (1, 100, 0.003, 5), (1, 1e6, 1, 0), (2, 7, 0.002, -3)]
        let start = DrawingBenchmarks.threadMilliseconds()
        var values: [Double] = []
        for _ in 0..<5 { values = springs.map { Self.spring($0.0, $0.1, $0.2, $0.3).settlingDuration } }
        let ms = DrawingBenchmarks.threadMilliseconds() - start
        #expect(ms < 50, "\(ms) ms of CPU")
        for ((m, k, c, v0), t) in zip(springs, values) where t < 3600 {
            let x = { (t: Double) in abs(SpringAndGroupTests.displacement(m: m, k: k, c: c, v0: v0, t)) }
            #expect(stride(from: t, to: t + 5, by: 1e-3).allSatisfy { x($0) <= 0.001 + 1e-12 }, "c \(c): \(t)")
            #expect(stride(from: t - 1, to: t - 1.0 / 240, by: 1e-4).contains { x($0) > 0.001 }, "c \(c): \(t)")
        }
        // Damping 0.01: the peaks decay as e^(−t/200), so the last one above 0.001 is near
        // 200 · ln(1000 · ω_d/ω₀ · R) ≈ 1 381.55 s.
        #expect(abs(values[0] - 200 * log(1000.0)) < 0.5, "\(values[0])")
        // Damping 0.002 on mass 2 decays as e^(−t/2000): past the cap.
        #expect(abs(values[3] - (3600 + 1.0 / 240)) < 1e-9, "\(values[3])")
    }

    /// No damping never settles; parameters that overflow (ω₀ infinite) settle at once; NaN
    /// parameters are the defaults; a damping of 1e300 gives a number, at once.
    @Test func degenerateSprings() {
        #expect(Self.spring(1, 100, 0, 0).settlingDuration == .infinity)
        #expect(Self.spring(1e-300, 1e300, 1, 0).settlingDuration.isFinite)
        #expect(Self.spring(.nan, .nan, .nan, .nan).settlingDuration == Self.spring(1, 100, 10, 0).settlingDuration)
        #expect(!Self.spring(1, 100, 1e300, 1e300, over: true).settlingDuration.isNaN)
    }

    // MARK: Measuring

    /// The tests' time limits count CPU time, not wall-clock time: sleeping (as a test does when
    /// the machine is busy with other work) counts for nothing.
    @Test func limitsCountCPUTimeNotWaiting() {
        let start = DrawingBenchmarks.threadMilliseconds()
        usleep(200_000)
        #expect(DrawingBenchmarks.threadMilliseconds() - start < 50)
    }
}
