import Foundation

/// Delegate callbacks and removals found while a frame's animations are evaluated. They run
/// after the frame is rendered (`perform()`), on the rendering thread, so that a delegate that
/// changes layers does not change them mid-render: each animation is told it started, then
/// that it stopped, once, in that order, and then its transactions' completion blocks run.
package final class AnimationEvents: @unchecked Sendable {
    enum Event {
        case start(CAAnimation)
        case finish(CALayer, String, CAAnimation, remove: Bool)
    }
    private var events: [Event] = []
    private let lock = NSLock()
    /// The media time of the frame, when it is a render's: animations it removes on completion
    /// are then kept for renders at earlier times (RetiredAnimations).
    let mediaTime: CFTimeInterval?

    /// An empty list, for the frame at `mediaTime` (nil: not a render's frame).
    package init(mediaTime: CFTimeInterval? = nil) { self.mediaTime = mediaTime }

    func record(_ e: Event) { lock.lock(); events.append(e); lock.unlock() }

    /// Runs the callbacks: starts first, then finishes (removing the finished animations).
    package func perform() {
        lock.lock()
        let list = events
        events.removeAll()
        lock.unlock()
        for case .start(let a) in list where !a.didNotifyStart {
            a.didNotifyStart = true
            a.delegate?.animationDidStart(a)
        }
        for case .finish(let layer, let key, let a, let remove) in list {
            if remove, let s = layer.animationStorage, let i = s.animations.firstIndex(where: { $0.key == key && $0.animation === a }) {
                s.animations.remove(at: i)
                s.animationsChanged()
                if s.animations.isEmpty { s.renderCopy = nil }
                layer.noteChange()
                a.isReinstated = false
                if let t = mediaTime {
                    TransactionState.current.retired.retire(a, key: key, of: layer, localTime: layer.localTime(fromMediaTime: t))
                }
            }
            AnimationEvents.stop(a, finished: true)
        }
    }

    /// Tells `a`'s delegate it stopped (once), then its transactions that it ended.
    static func stop(_ a: CAAnimation, finished: Bool) {
        guard !a.didNotifyStop else { return }
        a.didNotifyStop = true
        a.delegate?.animationDidStop(a, finished: finished)
        let groups = a.completionGroups
        a.completionGroups = []
        for g in groups { g.animationEnded() }
    }
}
