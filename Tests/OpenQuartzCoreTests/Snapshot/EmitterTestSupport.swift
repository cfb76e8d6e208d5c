import Foundation
import OpenQuartzCore

/// Emitters built for tests, and their particles read from the render tree.
enum EmitterTestSupport {
    /// A `w × h` image of one premultiplied colour.
    static func image(_ w: Int, _ h: Int, _ rgba: [UInt8] = [255, 255, 255, 255]) -> CGImage {
        CGImage(width: w, height: h, premultipliedRGBA: Array((0..<(w * h)).map { _ in rgba }.joined()))!
    }

    /// A cell with an image, the given name and birth rate, and a long life.
    static func cell(_ name: String = "c", birthRate: Float = 10, lifetime: Float = 100) -> CAEmitterCell {
        let c = CAEmitterCell()
        c.name = name
        c.birthRate = birthRate
        c.lifetime = lifetime
        c.contents = image(2, 2)
        return c
    }

    /// An emitter at (50, 60) in a 100 × 100 layer with `cells`.
    static func emitter(_ cells: [CAEmitterCell]) -> CAEmitterLayer {
        let e = CAEmitterLayer()
        e.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        e.position = CGPoint(x: 50, y: 50)
        e.emitterPosition = CGPoint(x: 50, y: 60)
        e.emitterCells = cells
        return e
    }

    /// The particles the snapshot of `e` holds at the last of `times` (media time, which is the
    /// emitter's local time: it is a root without timing), after snapshots at the earlier ones.
    /// A snapshot at time 0 first commits animations added without a begin time.
    static func particles(_ e: CALayer, at times: [Double], maxParticles: Int? = nil) -> [Particle] {
        let s = Snapshotter()
        if let m = maxParticles { s.maxParticles = m }
        let events = AnimationEvents()
        var last: [Particle] = []
        for t in [0] + times {
            last = []
            if let n = s.snapshot(e, parent: nil, mediaTime: t, events: events), case .emitter(let c) = n.kind {
                last = c.particles
            }
        }
        return last
    }

    /// Mean and (population) variance.
    static func moments(_ xs: [Double]) -> (mean: Double, variance: Double) {
        let m = xs.reduce(0, +) / Double(xs.count)
        return (m, xs.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(xs.count))
    }
}
