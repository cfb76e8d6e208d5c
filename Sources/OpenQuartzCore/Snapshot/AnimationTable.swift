import Foundation
import Synchronization

/// A snapshotter's flat table of the direct animations (DirectAnimation.swift) of the layers it
/// renders: per animation, its resolved timing, from value, change, curve and flags, written
/// once when the layer's animations change; per frame, all of them are evaluated in one loop
/// over this memory (`evaluate(at:frame:recording:)`) without touching a layer, an animation
/// or a timing function, and the snapshot then reads each layer's values from its entries
/// (`read(_:into:frame:)`) as it builds the layer's node. This is Core Animation's split
/// between the layer tree and the render server's copy, for the common animations: the
/// per-layer work of a frame is the read, not the evaluation.
///
/// A layer's storage holds the table's serial number and its first entry; its entries are
/// consecutive. A layer whose animations change is detached (`animationsChanged()`) and
/// entered again when next read; entries not read in a frame (the layer left the tree, is
/// hidden, or was entered again) are dropped at the frame's end, and the survivors moved
/// down. Local time is assumed to be media time in the loop: a layer whose local time is not
/// (a layer timing up its tree) is evaluated at its read instead, as are layers whose
/// delegates must still be told their animations started or stopped (the read then records
/// the events through the layer's `DirectAnimation`s, the generic evaluator's order).
///
/// The snapshot is single-threaded but for its parallel sublayer lists: there, reads touch
/// only their own entries, and new layers are entered after the threads join
/// (`enterDeferred`).
package final class AnimationTable: @unchecked Sendable {
    /// One animation's inputs, written when its layer is entered.
    private struct Entry: BitwiseCopyable {
        var timing: ResolvedTiming
        var from: SIMD4<Double>
        var span: SIMD4<Double>
        var curve: SIMD4<Double>
        /// Bit 0: has a curve; 1: removed on completion; 2: known started; 3: known stopped.
        var flags: UInt8
    }
    private static let serials = Atomic<UInt64>(0)
    /// Told apart from every other table's (a storage names the table its slot is in).
    let serial = AnimationTable.serials.add(1, ordering: .relaxed).newValue
    package private(set) var count = 0
    private var capacity = 0
    private var entries: UnsafeMutablePointer<Entry>
    /// The frame's outputs: each entry's value, and its state (bit 0: the value shows; bit 1:
    /// the read must record events).
    private var values: UnsafeMutablePointer<SIMD4<Double>>
    private var states: UnsafeMutablePointer<UInt8>
    /// Scratch of `evaluate`: the linear progress of each entry with a timing function, and
    /// the list of those entries.
    private var progress: UnsafeMutablePointer<Double>
    private var curved: UnsafeMutablePointer<Int>
    /// At a layer's first entry: the last frame it was read in, and its number of entries (0
    /// at the others). Apart from the entries, so that the frame's end reads little memory.
    private var lastRead: UnsafeMutablePointer<UInt64>
    private var groups: UnsafeMutablePointer<UInt8>
    /// Each entry's layer storage (read only when layers are entered or entries move).
    private var owners: [LayerAnimationStorage] = []
    /// The frame the outputs are of.
    private(set) var evaluatedFrame: UInt64 = 0
    /// Layers read in parallel that are to be entered once the threads join.
    private var deferred: [LayerAnimationStorage] = []
    private let deferredLock = NSLock()

    init() {
        entries = .allocate(capacity: 1)
        values = .allocate(capacity: 1)
        states = .allocate(capacity: 1)
        lastRead = .allocate(capacity: 1)
        groups = .allocate(capacity: 1)
        progress = .allocate(capacity: 1)
        curved = .allocate(capacity: 1)
        capacity = 1
    }

    deinit {
        entries.deallocate(); values.deallocate(); states.deallocate(); lastRead.deallocate(); groups.deallocate()
        progress.deallocate(); curved.deallocate()
    }

    /// Evaluates every entry at media time `t` for frame `frame`; `recording` when the frame
    /// records animation events. Two passes, each `DirectAnimation.value`'s steps in its
    /// order: the phases and linear progress of every entry (the values of those without a
    /// timing function), then the timing functions of the others two at a time
    /// (`CAMediaTimingFunction.evaluate` of two lanes), whose Newton steps then overlap.
    func evaluate(at t: CFTimeInterval, frame: UInt64, recording: Bool) {
        evaluatedFrame = frame
        let e = entries, v = values, s = states, progress = self.progress, curved = self.curved
        var k = 0
        for i in 0..<count {
            let x = e + i
            // The phase as plain numbers (no repeat index: `phase(parent:)` less its last step).
            let place = x.pointee.timing.place(parent: t)
            let flags = x.pointee.flags
            var state: UInt8 = 0
            if place.kind == .active && !(place.ended && flags & 2 != 0) {
                let f = DirectAnimation.progress(time: place.time, duration: x.pointee.timing.duration)
                if flags & 1 != 0 { progress[i] = f; curved[k] = i; k += 1 } else { v[i] = DirectAnimation.lanes(x.pointee.from, x.pointee.span, f) }
                state = 1
            }
            if recording && DirectAnimation.mayRecord(place, knownStarted: flags & 4 != 0, knownStopped: flags & 8 != 0) {
                state |= 2
            }
            s[i] = state
        }
        var j = 0
        while j < k {
            // An odd last one is paired with itself.
            let a = curved[j], b = curved[j + 1 < k ? j + 1 : j]
            let ca = e[a].curve, cb = e[b].curve
            let f = CAMediaTimingFunction.evaluate(SIMD2(progress[a], progress[b]), SIMD2(ca[0], cb[0]), SIMD2(ca[1], cb[1]),
                                                   SIMD2(ca[2], cb[2]), SIMD2(ca[3], cb[3]))
            v[a] = DirectAnimation.lanes(e[a].from, e[a].span, f[0])
            v[b] = DirectAnimation.lanes(e[b].from, e[b].span, f[1])
            j += 2
        }
    }

    /// Whether `storage`'s entries are in this table.
    @inline(__always) package func holds(_ storage: LayerAnimationStorage) -> Bool {
        storage.tableSerial == serial && storage.tableSlot >= 0
    }

    /// Reads the values of the layer whose entries start at `slot` into `out` (its targets
    /// already there) for `frame`; false (nothing read) when the table was not evaluated for
    /// this frame or an entry must record events.
    @inline(__always) package func read(_ slot: Int, into out: inout DirectValues, frame: UInt64) -> Bool {
        guard evaluatedFrame == frame else { return false }
        let n = out.count
        var i = 0
        while i < n { if states[slot + i] & 2 != 0 { return false }; i += 1 }
        i = 0
        while i < n { out.set(i, states[slot + i] & 1 != 0 ? values[slot + i] : nil); i += 1 }
        lastRead[slot] = frame
        return true
    }

    /// Notes that the layer whose entries start at `slot` was read in `frame` by evaluating
    /// `directs` (its direct animations) itself: what they now know of their delegates.
    func noteEvaluated(_ slot: Int, _ directs: [DirectAnimation], frame: UInt64) {
        for (i, d) in directs.enumerated() where slot + i < count {
            var f = entries[slot + i].flags & 3
            if d.knownStarted { f |= 4 }
            if d.knownStopped { f |= 8 }
            entries[slot + i].flags = f
        }
        lastRead[slot] = frame
    }

    /// Enters the direct animations of `storage` (read in `frame`); from a parallel read,
    /// defers that to `enterDeferred`.
    func enter(_ storage: LayerAnimationStorage, frame: UInt64, parallel: Bool) {
        if parallel {
            deferredLock.lock(); deferred.append(storage); deferredLock.unlock()
            return
        }
        let n = storage.directs.count
        guard n > 0, !holds(storage) else { return }
        reserve(count + n)
        let slot = count
        for (i, d) in storage.directs.enumerated() {
            var flags: UInt8 = (d.hasCurve ? 1 : 0) | (d.isRemovedOnCompletion ? 2 : 0)
            if d.knownStarted { flags |= 4 }
            if d.knownStopped { flags |= 8 }
            (entries + slot + i).initialize(to: Entry(timing: d.timing, from: d.from, span: d.span, curve: d.curve,
                                                      flags: flags))
            groups[slot + i] = i == 0 ? UInt8(n) : 0
            // Not evaluated in this frame: a read before the next evaluation computes itself.
            states[slot + i] = 2
            lastRead[slot + i] = frame
            owners.append(storage)
        }
        count += n
        storage.tableSerial = serial
        storage.tableSlot = slot
    }

    /// Enters the layers read in parallel since the last call.
    func enterDeferred(frame: UInt64) {
        deferredLock.lock()
        let list = deferred
        deferred = []
        deferredLock.unlock()
        for s in list where s.resolvedDirectly { enter(s, frame: frame, parallel: false) }
    }

    /// Ends frame `frame`: drops the entries of layers not read in it (and detaches their
    /// storages when the entries were still theirs), moving the others down.
    func endFrame(_ frame: UInt64) {
        var i = 0
        var stale = false
        while i < count {
            let n = Int(groups[i])
            if lastRead[i] != frame || n == 0 { stale = true; break }
            i += n
        }
        guard stale else { return }
        var w = 0
        i = 0
        while i < count {
            let n = max(Int(groups[i]), 1)
            let s = owners[i]
            let theirs = s.tableSerial == serial && s.tableSlot == i
            if theirs && lastRead[i] == frame {
                if w != i {
                    for k in 0..<n {
                        entries[w + k] = entries[i + k]
                        values[w + k] = values[i + k]
                        states[w + k] = states[i + k]
                        lastRead[w + k] = lastRead[i + k]
                        groups[w + k] = groups[i + k]
                        owners[w + k] = owners[i + k]
                    }
                    s.tableSlot = w
                }
                w += n
            } else if theirs {
                s.tableSlot = -1
            }
            i += n
        }
        owners.removeLast(count - w)
        count = w
    }

    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        let c = max(n, capacity * 2)
        func grow<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let q = UnsafeMutablePointer<T>.allocate(capacity: c)
            q.moveInitialize(from: p, count: count)
            p.deallocate()
            return q
        }
        entries = grow(entries); values = grow(values); states = grow(states); lastRead = grow(lastRead)
        groups = grow(groups)
        // Scratch: nothing to keep.
        progress.deallocate(); curved.deallocate()
        progress = .allocate(capacity: c); curved = .allocate(capacity: c)
        capacity = c
    }
}
