import Foundation

/// A basic animation whose progress follows a damped spring (CASpringAnimation.h): a mass on a
/// spring released at the start value, pulled to the end value, with no timing function.
///
/// The progress is p(t) = 1 − x(t), where x solves m·x″ + c·x′ + k·x = 0 with x(0) = 1 and
/// x′(0) = −initialVelocity, t in seconds of the animation's local time (the spring does not
/// stretch to `duration`; `duration` only cuts it off; set it to `settlingDuration`).
open class CASpringAnimation: CABasicAnimation, @unchecked Sendable {
    /// The mass attached to the spring; must be > 0. Default 1.
    open var mass: CGFloat = 1
    /// The spring's stiffness coefficient; must be > 0. Default 100.
    open var stiffness: CGFloat = 100
    /// The damping coefficient; must be ≥ 0. Default 10.
    open var damping: CGFloat = 10
    /// The starting velocity, in (end − start) per second; positive towards the end. Default 0.
    open var initialVelocity: CGFloat = 0
    /// Whether damping ratios above 1 are allowed; when false, an overdamped spring moves as a
    /// critically damped one (as SwiftUI's `Spring(allowOverDamping:)` documents). Default false.
    open var allowsOverdamping = false

    /// Creates a spring with the default parameters.
    public required init() { super.init() }

    /// A spring that settles in about `perceptualDuration` seconds and bounces by `bounce`
    /// (0 none, critically damped; towards 1 more; negative overdamped), with mass 1:
    /// stiffness (2π / d)², damping 4π(1 − bounce) / d for bounce ≥ 0 and 4π / (d(1 + bounce))
    /// below (SwiftUI's `Spring(duration:bounce:)` parameterisation, which this mirrors).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let d = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let b = bounce.isFinite ? min(max(bounce, -1), 1) : 0
        mass = 1
        stiffness = CGFloat((2 * Double.pi / d) * (2 * Double.pi / d))
        damping = b >= 0 ? CGFloat(4 * Double.pi * (1 - Double(b)) / d)
                         : CGFloat(4 * Double.pi / (d * (1 + Double(max(b, -0.999)))))
        allowsOverdamping = b < 0
    }

    /// The perceptual duration the spring was described by: 2π·√(m / k).
    open var perceptualDuration: CFTimeInterval { spring.perceptualDuration }

    /// The bounce the spring was described by: 1 − ζ for ζ ≤ 1, 1/ζ − 1 above.
    open var bounce: CGFloat { CGFloat(spring.bounce) }

    /// Seconds until the spring is at rest: until its distance from the end value stays
    /// within 0.1 % of the distance travelled (0.001 of the unit displacement).
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    /// The spring's parameters, sanitised.
    package final var spring: DampedSpring {
        DampedSpring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                     initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// A spring animation read from a keyed archive (see `CAAnimation.init?(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func encodeAttributes(with c: NSCoder) {
        super.encodeAttributes(with: c)
        c.encodeCGFloat(mass, forKey: "mass")
        c.encodeCGFloat(stiffness, forKey: "stiffness")
        c.encodeCGFloat(damping, forKey: "damping")
        c.encodeCGFloat(initialVelocity, forKey: "initialVelocity")
        c.encode(allowsOverdamping, forKey: "allowsOverdamping")
    }

    override func decodeAttributes(from c: NSCoder) {
        super.decodeAttributes(from: c)
        if let v = c.decodeCGFloat(forKey: "mass") { mass = v }
        if let v = c.decodeCGFloat(forKey: "stiffness") { stiffness = v }
        if let v = c.decodeCGFloat(forKey: "damping") { damping = v }
        if let v = c.decodeCGFloat(forKey: "initialVelocity") { initialVelocity = v }
        if let v = c.decodeBoolValue(forKey: "allowsOverdamping") { allowsOverdamping = v }
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let o = other as? CASpringAnimation else { return }
        mass = o.mass; stiffness = o.stiffness; damping = o.damping
        initialVelocity = o.initialVelocity; allowsOverdamping = o.allowsOverdamping
    }
}

/// A damped harmonic oscillator with unit initial displacement, in closed form.
package struct DampedSpring: Sendable {
    let m, k, c, v0: Double

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool) {
        m = mass.isFinite && mass > 0 ? mass : 1
        k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        var cc = damping.isFinite && damping >= 0 ? damping : 10
        let critical = 2 * (m * k).squareRoot()
        if !allowsOverdamping && cc > critical { cc = critical }
        c = cc
        v0 = initialVelocity.isFinite ? initialVelocity : 0
    }

    var omega0: Double { (k / m).squareRoot() }
    var zeta: Double { c / (2 * (m * k).squareRoot()) }
    var perceptualDuration: Double { 2 * Double.pi * (m / k).squareRoot() }
    var bounce: Double { zeta <= 1 ? 1 - zeta : 1 / zeta - 1 }

    /// The displacement x(t) from the end value (1 at t = 0).
    package func displacement(_ t: Double) -> Double {
        let w0 = omega0, z = zeta
        let x0 = 1.0, dx0 = -v0
        if abs(z - 1) < 1e-9 {
            return (x0 + (dx0 + w0 * x0) * t) * exp(-w0 * t)
        } else if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let a = x0, b = (dx0 + z * w0 * x0) / wd
            return exp(-z * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        } else {
            let s = w0 * (z * z - 1).squareRoot()
            let r1 = -z * w0 + s, r2 = -z * w0 - s
            // x = A e^{r1 t} + B e^{r2 t}, A + B = x0, r1 A + r2 B = dx0.
            let b = (dx0 - r1 * x0) / (r2 - r1)
            let a = x0 - b
            return a * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    /// The progress towards the end value, 0 at t = 0.
    func progress(_ t: Double) -> Double { 1 - displacement(max(t, 0)) }

    /// The first time after which |x| stays ≤ 0.001, on a grid of 1/240 s (four steps a 60 Hz
    /// frame): the last time |x| passes 0.001, rounded up to the next step, at most 3600 s.
    ///
    /// That last crossing follows the last extremum of x above 0.001, so it is found in closed
    /// form and then by bisection, in a few hundred evaluations whatever the parameters (a
    /// spring with damping 0.01 was stepped 331 000 times before, one of 1e-9 864 000 times):
    /// - underdamped, x = R e^(−σt) cos(ω_d t − φ): the extrema are π/ω_d apart and each has
    ///   |x| = R (ω_d / ω₀) e^(−σt), so the last one above 0.001 has an index in closed form;
    /// - critically damped and overdamped: x has at most one extremum for t > 0, and |x|
    ///   falls monotonically after it.
    /// From that extremum (or from t = 0, where x = 1) until the next zero of x′, |x| first
    /// exceeds 0.001 and then never again, so bisection finds the crossing.
    var settlingDuration: Double {
        let eps = 0.001
        let step = 1.0 / 240
        let cap = 3600.0
        let w0 = omega0, z = zeta
        // The envelope's decay: ζω₀ underdamped; the slow root ω₀(ζ − √(ζ² − 1)) otherwise,
        // written without the cancellation of a large ζ.
        let rate = z < 1 ? z * w0 : w0 / (z + (max(z - 1, 0)).squareRoot() * (z + 1).squareRoot())
        guard rate > 0 else { return .infinity }         // undamped: never at rest
        guard rate.isFinite else { return step }          // infinitely stiff: at once
        // [lo, hi]: |x(lo)| > eps, and past lo |x| only exceeds eps before some point ≤ hi.
        var lo = 0.0, hi: Double
        if abs(z - 1) >= 1e-9 && z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (-v0 + z * w0) / wd
            let amplitude = (1 + b * b).squareRoot()
            // x′ ∝ p cos(ω_d t) + q sin(ω_d t) with p = x′(0) = −v0 and q = −(σ b + ω_d).
            let p = -v0, q = -(z * w0 * b + wd)
            var first = atan2(-p, q)                     // ω_d t of an extremum, in (−π, π]
            if first < 0 { first += .pi }
            let period = Double.pi / wd
            let t0 = first / wd
            // Extremum j (at t0 + j·period) exceeds eps while t < tLast.
            let tLast = log(amplitude * wd / w0 / eps) / rate
            if tLast > t0 {
                var j = ((min(tLast, cap + period) - t0) / period).rounded(.down)
                // The closed form may be off by one at the boundary: check, bounded.
                for _ in 0..<4 where j > 0 && abs(displacement(t0 + j * period)) <= eps { j -= 1 }
                if abs(displacement(t0 + j * period)) > eps { lo = t0 + j * period }
                hi = (lo == 0 ? t0 : lo) + period
            } else {
                hi = t0 + period
            }
        } else {
            // One extremum at most: where x′ = 0 for t > 0 (critically damped: x = (1 + βt)e^(−ω₀t);
            // overdamped: x = A e^(r₁t) + B e^(r₂t)).
            var extremum: Double?
            if abs(z - 1) < 1e-9 {
                let beta = -v0 + w0
                if beta != 0 { extremum = 1 / w0 - 1 / beta }
            } else {
                let s = w0 * (z * z - 1).squareRoot()
                let r1 = -z * w0 + s, r2 = -z * w0 - s
                let bb = (-v0 - r1) / (r2 - r1), aa = 1 - bb
                let ratio = -bb * r2 / (aa * r1)
                if ratio > 0 { extremum = log(ratio) / (r1 - r2) }
            }
            if let e = extremum, e > 0, e.isFinite, abs(displacement(e)) > eps { lo = e }
            // Past lo, |x| decays at least at `rate` once the faster term is gone: double
            // the span until |x| is within eps (bounded).
            var span = 1 / rate
            hi = lo + span
            for _ in 0..<64 where abs(displacement(hi)) > eps && hi < cap {
                span *= 2
                hi = lo + span
            }
        }
        guard lo < cap else { return cap + step }
        hi = min(hi, cap + step)
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            guard mid > lo && mid < hi else { break }
            if abs(displacement(mid)) > eps { lo = mid } else { hi = mid }
        }
        return min((lo / step).rounded(.down) + 1, (cap / step).rounded() + 1) * step
    }
}
