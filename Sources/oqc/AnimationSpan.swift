import OpenQuartzCore

/// When a scene's animations are over, for `oqc animate --until-settled`: the latest end of
/// the active interval of every top-level animation in the tree (a group bounds its
/// children), in media time, as docs/time.md defines it. Scenes give layers no timing of
/// their own, so a layer's time is media time.
struct AnimationSpan {
    /// The media time after which nothing moves; nil when the scene has no animation.
    var end: CFTimeInterval?
    /// The JSON path of an animation that never ends (an infinite repeat, speed 0), if any.
    var endless: String?

    init(_ scene: Scene) {
        visit(scene.root, scene: scene)
    }

    private mutating func visit(_ layer: CALayer, scene: Scene) {
        let path = layer === scene.root ? nil : scene.jsonPath(of: layer)
        for (i, key) in (layer.animationKeys() ?? []).enumerated() {
            guard let a = layer.animation(forKey: key) else { continue }
            let finish = AnimationSpan.activeEnd(a)
            if finish.isFinite {
                end = max(end ?? finish, finish)
            } else if endless == nil {
                endless = (path.map { $0 + "." } ?? "") + "animations[\(i)]"
            }
        }
        if let mask = layer.mask { visit(mask, scene: scene) }
        for s in layer.sublayers ?? [] { visit(s, scene: scene) }
    }

    /// The end of `a`'s active interval in its layer's time: begin + active duration / |speed|
    /// (CAMediaTiming: a duration of 0 is the transaction's default; repeatDuration, else
    /// repeatCount cycles, else one, each cycle doubled when autoreversing). Infinite when it
    /// never ends.
    static func activeEnd(_ a: CAAnimation) -> CFTimeInterval {
        let d = a.duration > 0 ? a.duration : CATransaction.animationDuration()
        var active: Double
        if a.repeatDuration > 0 {
            active = a.repeatDuration
        } else {
            active = d * Double(a.repeatCount > 0 ? a.repeatCount : 1) * (a.autoreverses ? 2 : 1)
        }
        let speed = abs(Double(a.speed))
        guard speed > 0, !a.repeatCount.isInfinite, active.isFinite else { return .infinity }
        active /= speed
        return a.beginTime + active
    }
}
