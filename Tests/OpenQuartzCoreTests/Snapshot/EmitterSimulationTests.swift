import Foundation
import Testing
import OpenQuartzCore

/// The particle simulation against closed forms: birth counts against the integral of the
/// birth rate, motion against constant-acceleration kinematics, ranges against the moments of
/// the uniform distributions CAEmitterLayer.h documents, orders, and bounds on hostile values.
@Suite struct EmitterSimulationTests {
    typealias E = EmitterTestSupport

    @Test func bornCountIsTheFloorOfTheIntegralOfAConstantRate() {
        // Layer birthRate 2 × cell 10 = 20 a second: floor(20 · 3.37) = 67 born, none dead yet.
        let c = E.cell(birthRate: 10)
        let e = E.emitter([c])
        e.birthRate = 2
        e.renderMode = .oldestFirst
        let ps = E.particles(e, at: [3.37])
        #expect(ps.count == 67)
        // The n-th particle is born when the integral reaches n + 1: at (n + 1) / 20 s.
        for (n, p) in ps.enumerated() { #expect(abs(p.birth - Double(n + 1) / 20) < 1e-9) }
    }

    @Test func particlesLiveTheirLifetime() {
        // Born at k / 10 s; at t = 3 those with 3 − k/10 < 0.54 live: k = 25…30.
        let e = E.emitter([E.cell(birthRate: 10, lifetime: 0.54)])
        #expect(E.particles(e, at: [3]).count == 6)
        // The layer's lifetime multiplies the cell's: 0.54 × 2 = 1.08 s, so k = 20…30.
        e.lifetime = 2
        #expect(E.particles(e, at: [3]).count == 11)
    }

    @Test func animatedCellBirthRateIsIntegrated() {
        // emitterCells.c.birthRate goes 0 → 100 over 2 s, linearly: ∫₀¹ 50τ dτ = 25 born by 1 s,
        // 100 by 2 s; then the model's 100 a second: 200 by 3 s (within one, for rounding).
        let e = E.emitter([E.cell(birthRate: 100)])
        let a = CABasicAnimation(keyPath: "emitterCells.c.birthRate")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 2
        e.add(a, forKey: "ramp")
        for (t, expected) in [(1.0, 25), (2.0, 100), (3.0, 200)] {
            let n = E.particles(e, at: [t]).count
            #expect(abs(n - expected) <= 1, "t = \(t): \(n) born, expected \(expected)")
        }
    }

    @Test func animatedLayerBirthRateIsIntegrated() {
        // The layer's birthRate goes 0 → 3 over 1 s with a cell of 10: ∫₀¹ 30τ dτ = 15; a keyframe
        // hold at 3 for the next second adds 30.
        let e = E.emitter([E.cell(birthRate: 10)])
        let a = CAKeyframeAnimation(keyPath: "birthRate")
        a.values = [0, 3, 3]
        a.keyTimes = [0, 0.5, 1]
        a.duration = 2
        e.add(a, forKey: "ramp")
        #expect(abs(E.particles(e, at: [1]).count - 15) <= 1)
        #expect(abs(E.particles(e, at: [2]).count - 45) <= 1)
    }

    @Test func motionFollowsConstantAccelerationKinematics() {
        let c = E.cell(birthRate: 1, lifetime: 10)
        c.velocity = 100
        c.emissionLongitude = .pi / 2
        c.xAcceleration = 5
        c.yAcceleration = 20
        c.spin = 2
        c.scale = 0.5
        c.scaleSpeed = 0.1
        c.color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        c.redSpeed = 0.1
        c.alphaSpeed = -0.3
        let e = E.emitter([c])
        e.velocity = 2
        e.scale = 2
        e.renderMode = .oldestFirst
        let ps = E.particles(e, at: [2.5])
        #expect(ps.count == 2)
        for (p, birth) in zip(ps, [1.0, 2.0]) {
            let a = 2.5 - birth
            let speed = 100.0 * 2
            let x = 50 + speed * cos(Double.pi / 2) * a + 0.5 * 5 * a * a
            let y = 60 + speed * sin(Double.pi / 2) * a + 0.5 * 20 * a * a
            #expect(abs(p.birth - birth) < 1e-9)
            #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9, "(\(p.x), \(p.y)) against (\(x), \(y))")
            #expect(abs(p.rotation - 2 * a) < 1e-9)
            #expect(abs(p.scale - (0.5 + 0.1 * a) * 2) < 1e-9)
            #expect(abs(Double(p.color[0]) - (0.2 + 0.1 * a)) < 1e-6)
            #expect(abs(Double(p.color[3]) - (1 - 0.3 * a)) < 1e-6)
        }
    }

    @Test func rangesAreUniformAboutTheMean() {
        // 2000 particles; a mean M with range R is uniform on [M − R/2, M + R/2]
        // (CAEmitterLayer.h): mean M, variance R²/12. Tolerances are about six standard errors.
        let c = E.cell(birthRate: 1000, lifetime: 100)
        c.velocity = 100
        c.velocityRange = 40
        c.color = CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)
        c.redRange = 0.4
        c.scaleRange = 0.5
        let e = E.emitter([c])
        let ps = E.particles(e, at: [2]).filter { 2 - $0.birth > 0.01 }
        #expect(ps.count > 1900)
        let speed = E.moments(ps.map { ($0.x - 50) / (2 - $0.birth) })
        #expect(abs(speed.mean - 100) < 1.6, "mean speed \(speed.mean)")
        #expect(abs(speed.variance - 1600.0 / 12) < 20, "speed variance \(speed.variance)")
        let red = E.moments(ps.map { Double($0.color[0]) })
        #expect(abs(red.mean - 0.5) < 0.016)
        #expect(abs(red.variance - 0.16 / 12) < 0.002)
        let scale = E.moments(ps.map(\.scale))
        #expect(abs(scale.mean - 1) < 0.02)
        #expect(abs(scale.variance - 0.25 / 12) < 0.003)
        // Every value within its interval.
        #expect(ps.allSatisfy { $0.color[0] >= 0.3 - 1e-6 && $0.color[0] <= 0.7 + 1e-6 })
        #expect(ps.allSatisfy { $0.scale >= 0.75 - 1e-9 && $0.scale <= 1.25 + 1e-9 })
    }

    @Test func emissionRangeSpreadsTheDirectionEvenly() {
        // emissionRange π/2 about longitude 0: angles uniform on [−π/4, π/4].
        let c = E.cell(birthRate: 1000, lifetime: 100)
        c.velocity = 100
        c.emissionRange = .pi / 2
        let ps = E.particles(E.emitter([c]), at: [2]).filter { 2 - $0.birth > 0.01 }
        let angles = ps.map { atan2($0.y - 60, $0.x - 50) }
        #expect(angles.allSatisfy { abs($0) <= .pi / 4 + 1e-9 })
        let m = E.moments(angles)
        #expect(abs(m.mean) < 0.05)
        #expect(abs(m.variance - (Double.pi / 2) * (Double.pi / 2) / 12) < 0.03)
    }

    @Test func shapesPlaceBirthsOnThemselves() {
        // A line along x, 80 wide, centred at (50, 60): births at rest stay where they were born.
        let c = E.cell(birthRate: 2000, lifetime: 100)
        let e = E.emitter([c])
        e.emitterShape = .line
        e.emitterSize = CGSize(width: 80, height: 10)
        let line = E.particles(e, at: [1])
        #expect(line.allSatisfy { $0.y == 60 && $0.x >= 10 && $0.x <= 90 })
        #expect(abs(E.moments(line.map(\.x)).variance - 6400.0 / 12) < 80)
        // A circle's outline: every birth at radius 40.
        e.emitterShape = .circle
        e.emitterMode = .outline
        #expect(E.particles(e, at: [1]).allSatisfy { abs(hypot($0.x - 50, $0.y - 60) - 40) < 1e-9 })
        // A rectangle's area, filled evenly: x variance 80²/12, y variance 10²/12.
        e.emitterShape = .rectangle
        e.emitterMode = .surface
        let rect = E.particles(e, at: [1])
        #expect(rect.allSatisfy { abs($0.x - 50) <= 40 && abs($0.y - 60) <= 5 })
        #expect(abs(E.moments(rect.map(\.y)).variance - 100.0 / 12) < 1.5)
    }

    @Test func renderModesOrderTheParticles() {
        let a = E.cell("a", birthRate: 30, lifetime: 100), b = E.cell("b", birthRate: 20, lifetime: 100)
        let e = E.emitter([a, b])
        e.emitterShape = .sphere
        e.emitterSize = CGSize(width: 60, height: 60)
        func pairs(_ ps: [Particle], _ ok: (Particle, Particle) -> Bool) -> Bool { zip(ps, ps.dropFirst()).allSatisfy(ok) }
        e.renderMode = .oldestFirst
        #expect(pairs(E.particles(e, at: [1.3])) { $0.birth <= $1.birth })
        e.renderMode = .oldestLast
        #expect(pairs(E.particles(e, at: [1.3])) { $0.birth >= $1.birth })
        e.renderMode = .backToFront
        let z = E.particles(e, at: [1.3])
        #expect(pairs(z) { $0.z <= $1.z })
        #expect(Set(z.map(\.z)).count > 10)
        // Unordered (our definition): cell by cell, each oldest first.
        e.renderMode = .unordered
        let u = E.particles(e, at: [1.3])
        #expect(u.count == 39 + 26)
        #expect(pairs(u) { $0.image < $1.image || ($0.image == $1.image && $0.birth <= $1.birth) })
    }

    @Test func subCellsAreEmittedByEachParticle() {
        // Each of the 2 parents (born at 1 and 2 s) emits 4 a second while it lives: by 2.5 s the
        // first has emitted floor(4 · 1.5) = 6, the second floor(4 · 0.5) = 2.
        let parent = E.cell("p", birthRate: 1, lifetime: 10)
        parent.velocity = 10
        let child = E.cell("k", birthRate: 4, lifetime: 100)
        parent.emitterCells = [child]
        let ps = E.particles(E.emitter([parent]), at: [2.5])
        #expect(ps.count == 2 + 6 + 2)
        // A child at rest stays where its parent was when it was born: on the parent's path.
        #expect(ps.allSatisfy { $0.y == 60 && $0.x >= 50 && $0.x <= 65 })
    }

    @Test func subParticlesInheritScaleAndColour() {
        // Apple's emitterCells documentation: "the scale and color of fireworkCell are inherited
        // by trailCell". A red parent of scale 0.5 with a white child of scale 2: the child draws
        // at 0.5 × 2 = 1, red; a half-transparent child alpha multiplies the parent's.
        let parent = E.cell("p", birthRate: 1, lifetime: 10)
        parent.scale = 0.5
        parent.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let child = E.cell("k", birthRate: 2, lifetime: 100)
        child.scale = 2
        child.color = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        parent.emitterCells = [child]
        let e = E.emitter([parent])
        e.renderMode = .unordered
        let ps = E.particles(e, at: [2.6])
        let children = ps.filter { $0.image == 1 }
        #expect(ps.filter { $0.image == 0 }.count == 2 && children.count == 3 + 1)
        #expect(children.allSatisfy { abs($0.scale - 1) < 1e-9 && $0.color == SIMD4<Float>(1, 0, 0, 0.5) })
    }

    @Test func hostileValuesAreBounded() {
        let c = E.cell(birthRate: .greatestFiniteMagnitude, lifetime: .infinity)
        c.lifetimeRange = .nan
        c.velocity = .infinity
        c.scale = .infinity
        c.scaleSpeed = .nan
        c.spin = -.infinity
        c.emissionRange = .infinity
        let nested = E.cell(birthRate: .infinity, lifetime: .infinity)
        nested.emitterCells = [nested]  // a cycle: only maxDepth levels are read
        c.emitterCells = [nested]
        let e = E.emitter([c])
        e.birthRate = .infinity
        e.lifetime = .greatestFiniteMagnitude
        e.emitterSize = CGSize(width: CGFloat.infinity, height: .nan)
        let start = Date()
        for t in [100, 1e12, .greatestFiniteMagnitude] {
            #expect(E.particles(e, at: [t], maxParticles: 5000).count <= 5000)
        }
        #expect(Date().timeIntervalSince(start) < 20)
        // Copies (presentation) of a cell that contains itself stop at maxDepth.
        let copy = CAEmitterLayer(layer: e)
        #expect(copy.emitterCells?.count == 1)
    }
}
