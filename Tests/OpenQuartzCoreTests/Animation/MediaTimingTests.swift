import Foundation
import Testing
import OpenQuartzCore

/// CAMediaTiming: the active interval, fill modes, repeats, autoreverse, speed and time offset,
/// and the layer time hierarchy. Expected values from the model Apple documents: local time
/// t = (parent − beginTime) · speed + timeOffset, the simple time repeating every cycle.
@Suite struct MediaTimingTests {
    func time(_ timing: MediaTiming, _ t: Double, d: Double = 2) -> Double? {
        if case .active(let u, _, _) = timing.phase(parent: t, simple: d) { return u }
        return nil
    }

    @Test func fillModes() {
        var m = MediaTiming(beginTime: 10, duration: 2)
        #expect(time(m, 9) == nil)            // removed: nothing before
        #expect(time(m, 11) == 1)
        #expect(time(m, 13) == nil)           // nothing after
        m.fillMode = .backwards
        #expect(time(m, 9) == 0)
        #expect(time(m, 13) == nil)
        m.fillMode = .forwards
        #expect(time(m, 9) == nil)
        #expect(time(m, 13) == 2)             // the last frame, held
        m.fillMode = .both
        #expect(time(m, 9) == 0 && time(m, 13) == 2)
    }

    /// The cycle index is the floor of local time over the cycle, also for negative local
    /// times (a negative `timeOffset`) and at exact multiples, where the new cycle starts.
    @Test func cycleIndexIsTheFloorOfLocalTimeOverTheCycle() {
        let m = MediaTiming(beginTime: 0, timeOffset: -5, repeatCount: .infinity, fillMode: .both)
        // Local time t − 5, cycle 2 s: t = 4.5 → −0.5, index −1, 1.5 s in; t = 1 → −4, index −2, 0 s in.
        for (t, index, u) in [(4.5, -1, 1.5), (1.0, -2, 0.0), (5.0, 0, 0.0), (6.25, 0, 1.25), (11.0, 3, 0.0),
                              (0.0, -3, 1.0)] {
            guard case .active(let time, let iteration, _) = m.phase(parent: t, simple: 2) else {
                Issue.record("t = \(t): not active"); continue
            }
            #expect(iteration == index, "t = \(t)")
            #expect(time == u, "t = \(t)")
        }
        // Past 2^52 every Double is whole: the index is the (saturated) quotient itself.
        let far = MediaTiming(beginTime: 0, repeatCount: .infinity)
        guard case .active(_, let iteration, _) = far.phase(parent: 0x1p60, simple: 1) else { Issue.record("far: not active"); return }
        #expect(iteration == 1 << 40)
    }

    @Test func repeatsAutoreverseSpeedOffset() {
        var m = MediaTiming(beginTime: 0, repeatCount: 2.5, fillMode: .forwards)
        #expect(time(m, 0.5) == 0.5)
        #expect(time(m, 2.5) == 0.5)          // second cycle
        #expect(time(m, 4.5) == 0.5)
        #expect(time(m, 6) == 1)              // 2.5 cycles: ends half-way through the third
        m.autoreverses = true                 // cycle 4 s: forward then back
        #expect(time(m, 3) == 1)
        #expect(time(m, 5) == 1)              // second cycle, forward
        #expect(time(m, 10) == 2)             // 2.5 × 4 s: ends at the turn, 2 s in
        #expect(time(m, 11) == 2)             // and holds it
        m = MediaTiming(speed: 2)
        #expect(time(m, 0.5) == 1)            // twice as fast
        #expect(time(m, 1.5) == nil)          // over after 1 s
        m = MediaTiming(timeOffset: 1)
        #expect(time(m, 0) == 1)              // starts 1 s in, wraps, ends at 1
        #expect(time(m, 1.5) == 0.5)
        m.fillMode = .forwards
        #expect(time(m, 5) == 1)
        m = MediaTiming(repeatCount: .infinity)
        #expect(time(m, 1_000_001) == 1)
        m = MediaTiming(repeatDuration: 3)
        #expect(time(m, 2.5) == 0.5)
        #expect(time(m, 3.5) == nil)
        m = MediaTiming(speed: 0, timeOffset: 1.25)
        #expect(time(m, 100) == 1.25)         // paused at its offset
    }

    @Test func cumulativeIteration() {
        let m = MediaTiming(repeatCount: 3)
        if case .active(_, let i, _) = m.phase(parent: 4.5, simple: 2) { #expect(i == 2) } else { Issue.record("inactive") }
    }

    @Test func layerTimeHierarchyPausesAndResumes() {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        parent.beginTime = 5
        parent.speed = 2
        child.timeOffset = 1
        // child local = ((t − 5) · 2 − 0) · 1 + 1
        #expect(child.convertTime(10, from: nil) == 11)
        #expect(child.convertTime(11, to: nil) == 10)
        #expect(parent.convertTime(11, from: child) == 10)

        // The pause and resume recipe of Apple's Technical Q&A QA1673.
        let layer = CALayer()
        let now = 100.0
        let paused = layer.convertTime(now, from: nil)
        layer.speed = 0
        layer.timeOffset = paused
        #expect(layer.convertTime(130, from: nil) == 100)        // time stands still
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let since = layer.convertTime(130, from: nil) - paused
        layer.beginTime = since
        #expect(layer.convertTime(130, from: nil) == 100)        // resumes where it paused
        #expect(layer.convertTime(131, from: nil) == 101)
    }

    @Test func pausedLayerScrubsAnAnimation() {
        let l = CALayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 4
        a.beginTime = 0.001       // not 0: a fixed start in the layer's time
        l.add(a, forKey: "fade")
        l.speed = 0
        for offset in [0.5, 1.5, 3.0] {
            l.timeOffset = offset
            let p = stage.shown(l, at: 1000)
            #expect(abs(Double(p.opacity) - (offset - 0.001) / 4) < 1e-6)
        }
    }
}

/// CAMediaTimingFunction against an independent solver: bisection on x(s) = t.
@Suite struct TimingFunctionTests {
    static func reference(_ c: (Double, Double, Double, Double), _ t: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 { let m = (lo + hi) / 2; if b(m, c.0, c.2) < t { lo = m } else { hi = m } }
        return b((lo + hi) / 2, c.1, c.3)
    }

    @Test func namedFunctionsHaveApplesControlPoints() {
        let expected: [(CAMediaTimingFunctionName, [Float])] = [
            (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (name, pts) in expected {
            let f = CAMediaTimingFunction(name: name)
            var v: [Float] = [0, 0]
            f.getControlPoint(at: 1, values: &v)
            #expect(v == [pts[0], pts[1]])
            f.getControlPoint(at: 2, values: &v)
            #expect(v == [pts[2], pts[3]])
            f.getControlPoint(at: 3, values: &v)
            #expect(v == [1, 1])
        }
    }

    @Test func evaluationMatchesBisectionWithin1e6() {
        let curves: [(Double, Double, Double, Double)] = [(0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1),
                                                          (0.25, 0.1, 0.25, 1), (0.68, -0.55, 0.265, 1.55), (0.9, 0.1, 0.1, 0.9)]
        for c in curves {
            let f = CAMediaTimingFunction(controlPoints: Float(c.0), Float(c.1), Float(c.2), Float(c.3))
            // The function's control points are Floats: the reference uses the same values.
            let cf = (Double(Float(c.0)), Double(Float(c.1)), Double(Float(c.2)), Double(Float(c.3)))
            for i in 0...200 {
                let t = Double(i) / 200
                #expect(abs(f.evaluate(t) - Self.reference(cf, t)) < 1e-6, "\(c) at \(t)")
            }
        }
    }

    /// Random curves (control x in 0…1, y in −1…2, seeded) against the bisection reference:
    /// the solver's fixed Newton steps and its fall-backs meet the same 1e-6 everywhere.
    @Test func randomCurvesMatchBisectionWithin1e6() {
        var g = SplitMix64(state: 0x5EED)   // Geometry3DDepthSortTests.swift
        for _ in 0..<200 {
            let c = (Double(Float(g.unit())), Double(Float(g.range(-1, 2))), Double(Float(g.unit())), Double(Float(g.range(-1, 2))))
            let f = CAMediaTimingFunction(controlPoints: Float(c.0), Float(c.1), Float(c.2), Float(c.3))
            for i in 0...50 {
                let t = Double(i) / 50
                #expect(abs(f.evaluate(t) - Self.reference(c, t)) < 1e-6, "\(c) at \(t)")
            }
        }
    }

    /// Where x(s) has a triple root (control points (1, 0) and (0, 1) at t = 0.5) no solver
    /// pins s better than about 1e-5; the error in time is what stays within 1e-6.
    @Test func parameterIsWithin1e6InTimeEvenWhereTheCurveIsVertical() {
        for t in stride(from: 0.0, through: 1.0, by: 0.01) {
            let s = CAMediaTimingFunction.solve(t, 1, 0)
            #expect(abs(CAMediaTimingFunction.bezier(s, 1, 0) - t) < 1e-6)
        }
    }
}
