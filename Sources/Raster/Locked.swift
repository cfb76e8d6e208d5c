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
/// The mutex and the value share one allocation (a `ManagedBuffer`), which gives the mutex the
/// stable address it needs; uncontended, a lock and an unlock are one atomic operation each,
/// as with `Mutex`. Not recursive: calling `withLock` on the same lock inside its body
/// deadlocks (as with `Mutex`).
@usableFromInline
package struct Locked<Value>: @unchecked Sendable {
    @usableFromInline
    final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    @usableFromInline let storage: Storage

    /// A lock guarding `value`.
    @inlinable
    package init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        _ = storage.withUnsafeMutablePointerToElements { pthread_mutex_init($0, nil) }
    }

    /// Runs `body` with the value, holding the lock; returns what `body` returns.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}
