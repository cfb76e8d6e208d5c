import Foundation

/// The display links scheduled on each run loop, in the order they were added: the run loop's
/// hold on them (Apple's run loop retains a scheduled display link) and the list an offline
/// frame sequence calls (`CADisplayLink.refreshLinks`). Links are called on their run loop's
/// thread only; the lock guards the table, which any thread may change.
final class DisplayLinkRegistry: @unchecked Sendable {
    static let shared = DisplayLinkRegistry()

    private let lock = NSLock()
    /// Run loop → its links. A scheduled link keeps its run loop alive (`Schedule.runLoop`),
    /// so an identifier cannot be reused while it is a key here.
    private var table: [ObjectIdentifier: [CADisplayLink]] = [:]

    func add(_ link: CADisplayLink, to runLoop: RunLoop) {
        lock.lock(); defer { lock.unlock() }
        let key = ObjectIdentifier(runLoop)
        if table[key]?.contains(where: { $0 === link }) == true { return }
        table[key, default: []].append(link)
    }

    func remove(_ link: CADisplayLink, from runLoop: RunLoop) {
        lock.lock(); defer { lock.unlock() }
        let key = ObjectIdentifier(runLoop)
        table[key]?.removeAll { $0 === link }
        if table[key]?.isEmpty == true { table[key] = nil }
    }

    /// The links on `runLoop`, as a copy: a call may add or remove links.
    func links(on runLoop: RunLoop) -> [CADisplayLink] {
        lock.lock(); defer { lock.unlock() }
        return table[ObjectIdentifier(runLoop)] ?? []
    }
}
