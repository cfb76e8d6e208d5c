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
    func displacement(_ t: Double) -> Double {
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

    /// The first time after which |x| stays ≤ 0.001, found by stepping in 1/240 s (four
    /// steps a 60 Hz frame) through an upper bound of the envelope: x is sampled, and after the
    /// last sample above the threshold the envelope's bound decides.
    var settlingDuration: Double {
        let eps = 0.001
        let step = 1.0 / 240
        // The envelope decays at rate ζω₀ (underdamped) or the slow root (overdamped): its
        // bound passes eps by this time, after which no sample can exceed eps.
        let w0 = omega0, z = zeta
        let rate = z < 1 ? z * w0 : (z - (max(z * z - 1, 0)).squareRoot()) * w0
        guard rate > 0 else { return .infinity }
        let amplitude = 1 + abs(v0) / max(w0, 1e-9) + 1
        let horizon = min(log(amplitude / eps) / rate + 1, 3600)
        var last = 0.0
        var t = 0.0
        while t <= horizon {
            if abs(displacement(t)) > eps { last = t }
            t += step
        }
        return last + step
    }
}
