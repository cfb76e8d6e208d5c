import Foundation
import Raster
import Testing

/// `Locked` is a futex mutex of ours (CFutexLock/FutexLock.c): these tests make threads
/// fight over it, through the contended path (sleeping in the kernel) as well as the free one,
/// and count that no change was lost. A lost wake-up would hang the second test, which is why
/// its threads hold the lock long enough for the others to reach the futex wait.
@Suite struct LockedTests {
    /// Runs `body(thread)` on `threads` threads at once and waits for all of them.
    private func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread.detachNewThread { body(thread); group.leave() }
        }
        group.wait()
    }

    @Test func noChangeIsLostUnderContention() {
        let counter = Locked(0)
        let threads = 8, increments = 20_000
        onThreads(threads) { _ in
            for _ in 0..<increments { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == threads * increments)
    }

    @Test func waitersSleepingInTheKernelAreAllWoken() {
        // Each holder sleeps 200 µs inside the lock, longer than the 100-pause spin, so the
        // others mark the word contended and wait on the futex; every release must wake one.
        let order = Locked([Int]())
        let threads = 6, rounds = 20
        onThreads(threads) { thread in
            for _ in 0..<rounds {
                order.withLock { list in
                    list.append(thread)
                    usleep(200)
                }
            }
        }
        let list = order.withLock { $0 }
        #expect(list.count == threads * rounds)
        for thread in 0..<threads { #expect(list.filter { $0 == thread }.count == rounds) }
    }

    @Test func theBodysResultAndErrorsPassThrough() {
        struct Refused: Error {}
        let value = Locked("a")
        #expect(value.withLock { text -> Int in text += "b"; return text.count } == 2)
        #expect(throws: Refused.self) { try value.withLock { _ in throw Refused() } }
        // The lock was released by the throw: taking it again does not hang.
        #expect(value.withLock { $0 } == "ab")
    }
}
