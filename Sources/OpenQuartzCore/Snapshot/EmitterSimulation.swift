import Foundation

/// The particles an emitter shows at local time t, worked out from t alone (docs/particles.md):
///
/// - a cell's particles are numbered in birth order; the n-th (from 0) is born when the
///   integral of the cell's effective birth rate from the layer's time origin reaches n + 1,
///   so floor(∫ rate) particles are born by t;
/// - its random values come from `ParticleRandom` (seed, place of the cell, n);
/// - it lives while its age is under its lifetime, and its place, scale, rotation and colour
///   at that age are closed forms of its initial values (constant acceleration).
///
/// The rate and the other values are read from `steps`: one step over the whole time when
/// nothing is animated, or fixed short steps (each with the values at its middle) when
/// something is — the midpoint rule integrates the birth rate, exactly for rates that change
/// linearly within a step, and a particle takes the values of the step it is born in.
struct EmitterSimulation {
    /// A span of local time over which the emitter's values are taken as constant.
    struct Step {
        var start, end: Double
        var state: EmitterState
    }

    /// The local time shown.
    let time: Double
    let steps: [Step]
    let images: [EmitterImage?]
    /// The most particles kept (`EmitterContent.maxParticles` unless a test asks for fewer).
    let limit: Int
    private(set) var particles: [Particle] = []
    /// Per particle: its cell's depth-first order and a tie-breaker, for the render modes' sorts.
    private var keys: [(order: Int, tie: UInt64)] = []
    /// Candidates looked at (born early enough to matter), bounded by four times `limit`.
    private var visited = 0
    private var full: Bool { particles.count >= limit || visited >= maxVisits }
    /// Four times `limit`, without overflow.
    private var maxVisits: Int { limit > Int.max / 4 ? Int.max : 4 * limit }

    /// The emitter's content at local time `time`; nil when no particle shows.
    static func content(steps: [Step], images: [EmitterImage?], renderMode: CAEmitterLayerRenderMode, time: Double,
                        limit: Int = EmitterContent.maxParticles) -> EmitterContent? {
        var sim = EmitterSimulation(time: time, steps: steps, images: images, limit: max(limit, 0))
        sim.run()
        if sim.particles.isEmpty { return nil }
        sim.sort(renderMode)
        var bounds = CGRect.null
        for p in sim.particles {
            guard p.image >= 0, p.image < images.count, let img = images[p.image] else { continue }
            let r = CGFloat(abs(p.scale)) * hypot(img.size.width, img.size.height) / 2
            bounds = bounds.union(CGRect(x: CGFloat(p.x) - r, y: CGFloat(p.y) - r, width: 2 * r, height: 2 * r))
        }
        return EmitterContent(images: images, particles: sim.particles, additive: renderMode == .additive,
                              bounds: bounds.isNull ? .zero : bounds)
    }

    private mutating func run() {
        guard let first = steps.first else { return }
        for (i, _) in first.state.cells.enumerated() {
            if full { return }
            emitTopLevel(cell: i)
        }
    }

    /// The particles of the layer's cell `i`, newest first, back to where none can show.
    private mutating func emitTopLevel(cell i: Int) {
        // Each step's emission: where it starts, its rate, and the count before it.
        var spans: [(start: Double, end: Double, rate: Double, before: Double)] = []
        spans.reserveCapacity(steps.count)
        var total = 0.0, reach = 0.0
        for s in steps {
            guard i < s.state.cells.count else { spans.append((s.start, s.start, 0, total)); continue }
            let c = s.state.cells[i]
            reach = max(reach, s.state.reach(c))
            let window = emissionWindow(c, from: 0)
            let a = max(s.start, window.start), b = min(s.end, window.end, time)
            let r = s.state.rate(c)
            spans.append((a, max(a, b), r, total))
            if b > a && r > 0 { total += r * (b - a) }
        }
        let key = ParticleRandom.cellKey(parent: steps[0].state.seed, index: i)
        for k in spans.indices.reversed() {
            let sp = spans[k]
            if sp.end <= time - reach { return }
            guard sp.rate > 0, sp.end > sp.start else { continue }
            // Ordinals n with before < n + 1 ≤ before + rate·(end − start).
            let lo = EmitterSimulation.wholeBelow(sp.before)
            let hi = min(EmitterSimulation.wholeBelow(sp.before + sp.rate * (sp.end - sp.start)), 0x1p53)
            var n = hi - 1
            while n >= lo {
                if full { return }
                let birth = min(sp.start + (n + 1 - sp.before) / sp.rate, sp.end)
                if time - birth >= reach { return }
                if birth <= time {
                    let st = steps[k].state
                    emit(st.cells[i], st, key: key, ordinal: n, birth: birth, origin: nil, inherited: .none)
                }
                n -= 1
            }
        }
    }

    /// floor(x), where an x within a billionth (relative) below a whole number counts as that
    /// number: a sum of many short steps of a constant rate lands a rounding error away from
    /// the closed form's count, and must give the same count.
    static func wholeBelow(_ x: Double) -> Double {
        (x + 1e-9 * max(1, abs(x))).rounded(.down)
    }

    /// Where a particle of `c` comes from when it is not the emitter shape: its parent's
    /// position and direction of motion at the birth.
    private struct Origin {
        var position: SIMD3<Double>
        var longitude, latitude: Double
    }

    /// What a sub-particle takes from its parent at its birth: the parent's scale and colour
    /// multiply its own (Apple's `emitterCells` documentation: "the scale and color of
    /// fireworkCell are inherited by trailCell").
    private struct Inherited {
        var scale: Double
        var color: SIMD4<Double>
        static let none = Inherited(scale: 1, color: SIMD4(1, 1, 1, 1))
    }

    /// The window of local time in which `c` emits: its `beginTime` and `duration` after `start`.
    private func emissionWindow(_ c: EmitterState.Cell, from start: Double) -> (start: Double, end: Double) {
        let begin = start + c.beginTime
        return (begin, c.duration > 0 ? begin + c.duration : .infinity)
    }

    /// One particle (and what it emits): `ordinal` of the cell with key `key`, born at `birth`.
    private mutating func emit(_ c: EmitterState.Cell, _ s: EmitterState, key: UInt64, ordinal: Double, birth: Double,
                               origin: Origin?, inherited: Inherited) {
        visited += 1
        let rnd = ParticleRandom(cell: key, ordinal: UInt64(max(ordinal, 0)))
        let life = min(max((c.lifetime + c.lifetimeRange * rnd.centred(.lifetime)) * s.lifetime, 0), EmitterState.maxLifetime)
        let age = time - birth
        let p0 = origin?.position ?? EmitterSimulation.birthPosition(s, rnd)
        let lon = (origin?.longitude ?? 0) + c.longitude + c.range * rnd.centred(.direction)
        let lat = (origin?.latitude ?? 0) + c.latitude
        let speed = (c.velocity + c.velocityRange * rnd.centred(.velocity)) * s.velocity
        let v = speed * SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
        let acc = c.acceleration
        // The cell's own scale and colour at an age, times what the parent passed on.
        let scale0 = c.scale + c.scaleRange * rnd.centred(.scale)
        let color0 = c.color + c.colorRange * SIMD4(rnd.centred(.red), rnd.centred(.green), rnd.centred(.blue), rnd.centred(.alpha))
        func ownScale(_ a: Double) -> Double { (scale0 + c.scaleSpeed * a) * inherited.scale }
        func ownColor(_ a: Double) -> SIMD4<Double> {
            let x = color0 + c.colorSpeed * a
            return SIMD4((0..<4).map { k in x[k].isNaN ? 0 : min(max(x[k], 0), 1) }) * inherited.color
        }
        if age < life && c.enabled {
            let p = p0 + v * age + 0.5 * acc * (age * age)
            let scale = ownScale(age) * s.scale
            let spin = (c.spin + c.spinRange * rnd.centred(.spin)) * s.spin
            let color = SIMD4<Float>(ownColor(age))
            if c.order < images.count, images[c.order] != nil, color[3] > 0, scale != 0,
               p.x.isFinite, p.y.isFinite, p.z.isFinite, scale.isFinite {
                particles.append(Particle(x: p.x, y: p.y, z: p.z, scale: scale, rotation: EmitterState.safe(spin * age),
                                          color: color, image: c.order, birth: birth))
                keys.append((c.order, rnd.key))
            }
        }
        // Sub-cells: each particle emits them while it lives, from where it is, relative to the
        // direction it moves (CAEmitterCell.h, `emitterCells`).
        for (j, sub) in c.children.enumerated() {
            if full { return }
            let r = s.rate(sub)
            guard r > 0 else { continue }
            let reach = s.reach(sub)
            let window = emissionWindow(sub, from: birth)
            let a = max(birth, window.start), b = min(birth + life, window.end, time)
            guard b > a else { continue }
            let subKey = ParticleRandom.cellKey(parent: rnd.key, index: j)
            var n = min(EmitterSimulation.wholeBelow(r * (b - a)), 0x1p53) - 1
            while n >= 0 {
                if full { return }
                let t = min(a + (n + 1) / r, b)
                if time - t >= reach { break }
                let dt = t - birth
                let position = p0 + v * dt + 0.5 * acc * (dt * dt)
                let dir = v + acc * dt
                let o = Origin(position: position, longitude: dir.x == 0 && dir.y == 0 ? 0 : atan2(dir.y, dir.x),
                               latitude: atan2(dir.z, (dir.x * dir.x + dir.y * dir.y).squareRoot()))
                emit(sub, s, key: subKey, ordinal: n, birth: t, origin: o,
                     inherited: Inherited(scale: ownScale(dt), color: ownColor(dt)))
                n -= 1
            }
        }
    }

    /// Where on the emitter shape a particle is born (docs/particles.md, "Shapes and modes").
    static func birthPosition(_ s: EmitterState, _ r: ParticleRandom) -> SIMD3<Double> {
        let u = r.unit(.shapeU), v = r.unit(.shapeV), w = r.unit(.shapeW)
        let W = abs(s.size.x), H = abs(s.size.y), D = abs(s.size.z)
        var o = SIMD3<Double>(0, 0, 0)
        switch s.shape {
        case .line:
            o.x = s.mode == .points ? (u < 0.5 ? -W / 2 : W / 2) : W * (u - 0.5)
        case .rectangle:
            switch s.mode {
            case .points:
                let corner = min(Int(u * 4), 3)
                o = SIMD3(corner & 1 == 0 ? -W / 2 : W / 2, corner & 2 == 0 ? -H / 2 : H / 2, 0)
            case .outline:
                o = SIMD3(perimeterPoint(u, W, H), 0)
            default:
                o = SIMD3(W * (u - 0.5), H * (v - 0.5), 0)
            }
        case .circle:
            let radius = W / 2, angle = 2 * Double.pi * v
            let d = s.mode == .points ? 0 : s.mode == .outline ? radius : radius * u.squareRoot()
            o = SIMD3(d * cos(angle), d * sin(angle), 0)
        case .cuboid:
            switch s.mode {
            case .points:
                let corner = min(Int(u * 8), 7)
                o = SIMD3(corner & 1 == 0 ? -W / 2 : W / 2, corner & 2 == 0 ? -H / 2 : H / 2, corner & 4 == 0 ? -D / 2 : D / 2)
            case .outline, .surface:
                // A face chosen in proportion to its area, then a point on it.
                let xy = W * H, xz = W * D, yz = H * D, total = xy + xz + yz
                let f = r.unit(.shapeFace) * total, side = v < 0.5 ? -0.5 : 0.5
                let a = u - 0.5, b = w - 0.5
                if total <= 0 { o = SIMD3(W * a, H * b, 0) }
                else if f < xy { o = SIMD3(W * a, H * b, D * side) }
                else if f < xy + xz { o = SIMD3(W * a, H * side, D * b) }
                else { o = SIMD3(W * side, H * a, D * b) }
            default:
                o = SIMD3(W * (u - 0.5), H * (v - 0.5), D * (w - 0.5))
            }
        case .sphere:
            let radius = W / 2
            let z = 2 * v - 1, angle = 2 * Double.pi * w, rho = max(1 - z * z, 0).squareRoot()
            let d = s.mode == .points ? 0 : (s.mode == .volume ? radius * cbrt(u) : radius)
            o = SIMD3(d * rho * cos(angle), d * rho * sin(angle), d * z)
        default:
            break
        }
        return s.position + o
    }

    /// The point a fraction `u` of the way round a rectangle's outline (clockwise from the
    /// min-x, min-y corner), relative to its centre.
    private static func perimeterPoint(_ u: Double, _ W: Double, _ H: Double) -> SIMD2<Double> {
        var d = u * 2 * (W + H)
        if d < W { return SIMD2(-W / 2 + d, -H / 2) }
        d -= W
        if d < H { return SIMD2(W / 2, -H / 2 + d) }
        d -= H
        if d < W { return SIMD2(W / 2 - d, H / 2) }
        d -= W
        return SIMD2(-W / 2, H / 2 - min(d, H))
    }

    /// Puts the particles in `mode`'s drawing order. Unordered (and additive): cell by cell in
    /// depth-first order of the cell tree, each cell's particles oldest first; the others sort
    /// by age or z with that order breaking ties, so every order is a function of the
    /// particles alone.
    private mutating func sort(_ mode: CAEmitterLayerRenderMode) {
        let ps = particles, ks = keys
        var index = Array(ps.indices)
        func base(_ a: Int, _ b: Int) -> Bool {
            if ks[a].order != ks[b].order { return ks[a].order < ks[b].order }
            if ps[a].birth != ps[b].birth { return ps[a].birth < ps[b].birth }
            return ks[a].tie < ks[b].tie
        }
        switch mode {
        case .oldestFirst:
            index.sort { ps[$0].birth != ps[$1].birth ? ps[$0].birth < ps[$1].birth : base($0, $1) }
        case .oldestLast:
            index.sort { ps[$0].birth != ps[$1].birth ? ps[$0].birth > ps[$1].birth : base($0, $1) }
        case .backToFront:
            index.sort { ps[$0].z != ps[$1].z ? ps[$0].z < ps[$1].z : base($0, $1) }
        default:
            index.sort(by: base)
        }
        particles = index.map { ps[$0] }
    }
}
