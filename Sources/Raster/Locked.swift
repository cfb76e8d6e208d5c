#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock, read and changed only inside `withLock`: the shape of
/// `Synchronization.Mutex`, built on a pthread mutex.
///
/// Why not `Mutex`: ThreadSanitizer does not see `Mutex` as synchronisation on this toolchain
/// (Swift 6.3.1 on Linux; its futex fast path runs in a library the sanitizer does not
/// instrument), so every access under it is reported as a race and a TSan run of the suite
/// stops at the first lock (`Scripts/tsan-mutex-repro.swift` shows it on a correct program).
/// The sanitizer intercepts `pthread_mutex_lock`, so with this lock a TSan report is a real
/// race (docs/limits.md, "Sanitizers").
///
/// The mutex and the value share one allocation (a `ManagedBuffer` whose one element holds
/// both), which gives the mutex the stable address it needs; uncontended, a lock and an unlock
/// are one atomic operation each, as with `Mutex`. Not recursive: calling `withLock` on the
/// same lock inside its body deadlocks (as with `Mutex`).
///
/// Both are reached through the element pointer (no Swift access to a stored property outside
/// the lock), and the mutex only through a raw pointer: the sanitizer checks Swift accesses
/// too, and a `ManagedBuffer` header (the first version kept the value there) is reached by an
/// access to its stored property before the lock is taken, which it rightly reported as racing
/// with the write under the lock.
@usableFromInline
package struct Locked<Value>: @unchecked Sendable {
    @usableFromInline
    struct Cell {
        /// First, so at the cell's address.
        @usableFromInline var mutex: pthread_mutex_t
        @usableFromInline var value: Value
        @inlinable init(_ value: Value) { mutex = pthread_mutex_t(); self.value = value }
    }

    @usableFromInline
    final class Storage: ManagedBuffer<Void, Cell> {
        deinit {
            withUnsafeMutablePointerToElements { cell in
                pthread_mutex_destroy(Locked.mutex(cell))
                cell.deinitialize(count: 1)
            }
        }
    }

    @usableFromInline let storage: Storage

    @inlinable
    static func mutex(_ cell: UnsafeMutablePointer<Cell>) -> UnsafeMutablePointer<pthread_mutex_t> {
        UnsafeMutableRawPointer(cell).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// A lock guarding `value`.
    @inlinable
    package init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { cell in
            cell.initialize(to: Cell(value))
            _ = pthread_mutex_init(Locked.mutex(cell), nil)
        }
    }

    /// Runs `body` with the value, holding the lock; returns what `body` returns.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointerToElements { cell in
            let mutex = Locked.mutex(cell)
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&cell.pointee.value)
        }
    }
}
