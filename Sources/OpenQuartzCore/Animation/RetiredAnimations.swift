import Foundation

/// Animations removed from their layers on completion, kept so that a render at an earlier
/// time still draws them. Core Animation removes an animation with `isRemovedOnCompletion`
/// once the render server sees its end, and never goes back in time; an offline render may
/// (render t = 2, then t = 0.5), and the frame at 0.5 must be the one a fresh tree gives
/// (docs/time.md, "Frames depend only on their time"). So a removed animation is kept out of
/// sight (`animationKeys()` no longer lists it) and put back, in its place among the layer's
/// animations, by a render at a local time before the one that removed it; a render past its
/// end removes it again, without telling its delegate twice.
///
/// Kept per thread (the renders' thread, where removals happen), at most `perLayer` per layer
/// (the oldest go first), and dropped when the key is used again or the animation is removed
/// by `removeAnimation(forKey:)`: both are changes of the model.
final class RetiredAnimations {
    struct Entry {
        let key: String
        let animation: CAAnimation
        /// The layer's local time of the render that removed it.
        let localTime: CFTimeInterval
    }

    /// A layer with retired animations (weak: a layer that goes away takes them with it).
    private struct Holder {
        weak var layer: CALayer?
        var entries: [Entry]
    }

    /// The most animations kept per layer.
    static let perLayer = 32
    private var holders: [ObjectIdentifier: Holder] = [:]

    /// Keeps `animation` (just removed from `layer` under `key` by a render at the layer's
    /// local time `localTime`).
    func retire(_ animation: CAAnimation, key: String, of layer: CALayer, localTime: CFTimeInterval) {
        guard localTime.isFinite else { return }
        let id = ObjectIdentifier(layer)
        var h = holders[id].flatMap { $0.layer === layer ? $0 : nil } ?? Holder(layer: layer, entries: [])
        h.entries.append(Entry(key: key, animation: animation, localTime: localTime))
        if h.entries.count > Self.perLayer { h.entries.removeFirst(h.entries.count - Self.perLayer) }
        holders[id] = h
    }

    /// Forgets the retired animations of `layer` whose keys `match`.
    func forget(_ layer: CALayer, where match: (String) -> Bool) {
        let id = ObjectIdentifier(layer)
        guard var h = holders[id], h.layer === layer else { return }
        h.entries.removeAll { match($0.key) }
        holders[id] = h.entries.isEmpty ? nil : h
    }

    /// Puts back, before a render of the tree of `root` at media time `t`, the animations
    /// retired at a later local time of their layers than `t` gives.
    func reinstate(in root: CALayer, at t: CFTimeInterval) {
        if holders.isEmpty { return }
        for (id, h) in holders {
            guard let layer = h.layer else { holders[id] = nil; continue }
            guard layer === root || layer.isDescendant(of: root) else { continue }
            let local = layer.localTime(fromMediaTime: t)
            let back = h.entries.filter { local < $0.localTime }
            if back.isEmpty { continue }
            let rest = h.entries.filter { !(local < $0.localTime) }
            holders[id] = rest.isEmpty ? nil : Holder(layer: layer, entries: rest)
            let s = layer.animStorage
            for e in back {
                e.animation.isReinstated = true
                let i = s.animations.firstIndex { $0.animation.additionOrder > e.animation.additionOrder } ?? s.animations.count
                s.animations.insert((e.key, e.animation), at: i)
                if e.animation is CATransition { s.mayHaveTransition = true }
            }
            s.animationsChanged()
            layer.markAnimatedUpwards()
            layer.noteChange()
        }
    }
}
