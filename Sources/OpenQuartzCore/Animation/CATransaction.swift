import Foundation

/// The key of a transaction's animation duration (`CATransaction.value(forKey:)`).
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of whether a transaction's actions are disabled.
public let kCATransactionDisableActions = "disableActions"
/// The key of a transaction's animation timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of a transaction's completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups layer changes into one atomic update and sets how they animate (CATransaction.h).
///
/// Transactions are per thread and nest: `begin()` opens one inside the current one, and a
/// value set on a transaction (duration, disabled actions, …) applies to it and those nested
/// in it. Changing a layer with no explicit transaction open opens the thread's *implicit*
/// transaction.
///
/// **When changes commit.** Core Animation commits the implicit transaction at the end of the
/// run-loop turn. OpenQuartzCore has no run loop: the implicit transaction commits at
/// `flush()`, at the commit of an outermost explicit transaction, or when a renderer renders
/// at a media time (`CAImageRenderer.image(for:atTime:)`), whichever comes first. The render
/// is the commit to the render server: an animation whose `beginTime` is 0 starts at the media
/// time of the first timed render that shows it, so offline renders are deterministic (they
/// never read the wall clock).
open class CATransaction: NSObject {

    /// Opens a transaction nested in the current one.
    open class func begin() {
        let s = TransactionState.current
        // Past the deepest nesting kept, a transaction is counted, not opened: every property
        // change walks the open transactions, so a million of them made each change cost a
        // million steps (docs/limits.md, "Misuse of the API").
        if s.frames.count >= TransactionState.maxDepth {
            s.uncountedDepth += 1
            MisuseReport.note(.transactionDepth, "transactions nested more than \(TransactionState.maxDepth) deep; the deeper ones share the innermost kept")
            return
        }
        s.ensureImplicitIfNeeded(explicit: true)
        s.frames.append(TransactionFrame(implicit: false))
    }

    /// Closes the innermost explicit transaction; closing the outermost one also commits the
    /// implicit transaction. Without an open explicit transaction it does nothing.
    open class func commit() {
        let s = TransactionState.current
        if s.uncountedDepth > 0 { s.uncountedDepth -= 1; return }
        guard let i = s.frames.lastIndex(where: { !$0.implicit }) else { return }
        let frame = s.frames.remove(at: i)
        frame.close()
        if !s.frames.contains(where: { !$0.implicit }) { s.commitImplicit() }
        s.forgetCommittedValuesIfClosed()
    }

    /// Commits the implicit transaction now (explicit transactions still open stay open).
    open class func flush() {
        let s = TransactionState.current
        if !s.frames.contains(where: { !$0.implicit }) { s.commitImplicit() }
        s.forgetCommittedValuesIfClosed()
    }

    /// Core Animation's transaction lock; this implementation needs none (transactions are per
    /// thread), so it only counts.
    open class func lock() { TransactionState.current.lockDepth += 1 }
    /// Releases `lock()`.
    open class func unlock() { TransactionState.current.lockDepth -= 1 }

    /// The duration of animations the current transaction triggers. Default 0.25 s.
    open class func animationDuration() -> CFTimeInterval {
        KeyValueNumber.double(value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }
    /// Sets `animationDuration()` for the current transaction.
    open class func setAnimationDuration(_ dur: CFTimeInterval) { setValue(dur, forKey: kCATransactionAnimationDuration) }

    /// The timing function of animations the current transaction triggers (nil: implicit
    /// animations use the default function). Default nil.
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }
    /// Sets `animationTimingFunction()` for the current transaction.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in the current transaction run no actions (no implicit
    /// animations). Default false.
    open class func disableActions() -> Bool { KeyValueNumber.bool(value(forKey: kCATransactionDisableActions)) ?? false }
    /// Sets `disableActions()` for the current transaction.
    open class func setDisableActions(_ flag: Bool) { setValue(flag, forKey: kCATransactionDisableActions) }

    /// The block called once every animation added in the current transaction (and those
    /// nested in it) has finished or been removed; right after the commit when there are none.
    open class func completionBlock() -> (() -> Void)? {
        TransactionState.current.frames.last?.completionBlock
    }
    /// Sets `completionBlock()` for the current transaction.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        let s = TransactionState.current
        s.ensureImplicitIfNeeded(explicit: false)
        s.frames[s.frames.count - 1].completionBlock = block
    }

    /// A value of the current transaction, looked up from the innermost transaction outwards.
    open class func value(forKey key: String) -> Any? {
        let s = TransactionState.current
        if key == kCATransactionCompletionBlock { return s.frames.last?.completionBlock }
        for f in s.frames.reversed() { if let v = f.values[key] { return v } }
        return nil
    }

    /// Sets a value of the current transaction (opening the implicit one if none is open).
    open class func setValue(_ anObject: Any?, forKey key: String) {
        let s = TransactionState.current
        s.ensureImplicitIfNeeded(explicit: false)
        if key == kCATransactionCompletionBlock {
            s.frames[s.frames.count - 1].completionBlock = anObject as? () -> Void
        } else {
            s.frames[s.frames.count - 1].values[key] = anObject
        }
    }
}

/// The animations a transaction added, and the block to call when all have ended.
final class TransactionCompletionGroup: @unchecked Sendable {
    private var outstanding = 0
    private var closed = false
    private var fired = false
    var block: (() -> Void)?

    func add() { outstanding += 1 }

    /// The transaction committed: with nothing outstanding, the block runs now.
    func close(block: (() -> Void)?) {
        self.block = block
        closed = true
        fireIfDone()
    }

    /// One of the animations ended (finished or removed).
    func animationEnded() {
        outstanding = max(outstanding - 1, 0)
        fireIfDone()
    }

    private func fireIfDone() {
        guard closed, outstanding == 0, !fired else { return }
        fired = true
        let b = block
        block = nil
        b?()
    }
}

/// One open transaction.
final class TransactionFrame {
    let implicit: Bool
    var values: [String: Any] = [:]
    var completionBlock: (() -> Void)?
    let group = TransactionCompletionGroup()
    init(implicit: Bool) { self.implicit = implicit }
    func close() { group.close(block: completionBlock) }
}

/// The transactions of one thread.
final class TransactionState {
    /// Innermost last. The implicit transaction, when open, is first.
    var frames: [TransactionFrame] = []
    /// The most transactions open at once (`frames`).
    static let maxDepth = 1024
    /// Transactions begun past `maxDepth` and not yet committed: they share the innermost frame.
    var uncountedDepth = 0
    var lockDepth = 0
    /// The property change whose action is running (its key and previous value).
    var changing: (key: String, old: AnimationValue?)?
    /// What the open transaction changed of layers already committed: per layer, how to put
    /// back each changed property's value as the last commit left it (the first change of a
    /// key wins). A `CATransition` added in the transaction draws its old appearance from
    /// it (`CALayer.committedAppearance()`); forgotten once no transaction is open.
    var committedValues: [ObjectIdentifier: (layer: CALayer, restores: [String: (CALayer) -> Void])] = [:]
    /// Animations removed on completion by this thread's renders, for renders at earlier times.
    let retired = RetiredAnimations()
    /// How many animations were added on this thread (`CAAnimation.additionOrder`).
    var additions: UInt64 = 0

    private static let key = "OpenQuartzCore.CATransaction"

    static var current: TransactionState {
        let d = Thread.current.threadDictionary
        if let s = d[key] as? TransactionState { return s }
        let s = TransactionState()
        d[key] = s
        return s
    }

    /// A layer change or a transaction value with no transaction open opens the implicit
    /// one; an explicit `begin()` at top level does not (Core Animation's explicit top-level
    /// transaction commits by itself).
    func ensureImplicitIfNeeded(explicit: Bool) {
        if frames.isEmpty && !explicit { frames.append(TransactionFrame(implicit: true)) }
    }

    /// Registers an animation added now with every open transaction (each one's completion
    /// waits for it).
    func register(_ anim: CAAnimation) {
        ensureImplicitIfNeeded(explicit: false)
        for f in frames { f.group.add() }
        anim.completionGroups = frames.map(\.group)
    }

    /// Notes that `layer` (committed) changes `key`, which `restore` sets back on a copy of it,
    /// unless the open transaction already changed that key of that layer.
    func noteCommitted(_ layer: CALayer, key: String, restore: @escaping (CALayer) -> Void) {
        let id = ObjectIdentifier(layer)
        if committedValues[id]?.restores[key] != nil { return }
        if committedValues[id] == nil { committedValues[id] = (layer, [:]) }
        committedValues[id]!.restores[key] = restore
    }

    /// Forgets what the transactions changed once none is open (everything is committed).
    func forgetCommittedValuesIfClosed() {
        if frames.isEmpty && !committedValues.isEmpty { committedValues.removeAll() }
    }

    func commitImplicit() {
        guard let first = frames.first, first.implicit else { return }
        frames.removeFirst()
        first.close()
    }
}

extension CATransaction {
    /// A timed render is the commit to the render server: the thread's implicit transaction
    /// commits (unless an explicit one is open), and the root records the frame's media time
    /// for `presentation()`. Returns where the frame's animation events go.
    static func commitForRender(_ root: CALayer, mediaTime t: CFTimeInterval) -> AnimationEvents {
        flush()
        root.animStorage.lastRenderMediaTime = t
        TransactionState.current.retired.reinstate(in: root, at: t)
        return AnimationEvents(mediaTime: t)
    }

    /// The commit of a sequence of frames whose first is at media time `start`
    /// (`CAImageRenderer.frames(for:from:rate:range:)`): the thread's implicit transaction
    /// commits and every animation of the tree of `root` still waiting for the commit begins
    /// at `start`, as if the frame at `start` had been rendered first. So a slice of the
    /// frames, or the frames in any order, show the times the whole sequence shows.
    static func commitForFrames(_ root: CALayer, startingAt start: CFTimeInterval) {
        flush()
        var stack = [root]
        while let layer = stack.popLast() {
            if let s = layer.animationStorage, s.animations.contains(where: { $0.animation.awaitsCommit }) {
                let local = layer.localTime(fromMediaTime: start)
                for (_, a) in s.animations where a.awaitsCommit {
                    a.beginTime = local
                    a.awaitsCommit = false
                }
                s.animationsChanged()
            }
            if let m = layer.mask { stack.append(m) }
            stack.append(contentsOf: layer.storedSublayers ?? [])
        }
    }
}
