import CFutexLock

/// A value behind a lock, read and changed only inside `withLock`: the shape of
/// `Synchronization.Mutex`, built on a futex word of ours (`rk_lock_acquire` in
/// CFutexLock/FutexLock.c, a C target of its own beside the pixel kernels).
///
/// Why not `Mutex`: ThreadSanitizer does not see `Mutex` as synchronisation on this toolchain
/// (Swift 6.3.1 on Linux; its futex fast path runs in a library the sanitizer does not
/// instrument), so every access under it is reported as a race and a TSan run of the suite
/// stops at the first lock (`Scripts/tsan-mutex-repro.swift` shows it on a correct program).
/// Our word is changed only by atomics in a C file that a sanitizer build instruments, so with
/// this lock a TSan report is a real race (docs/limits.md, "Sanitizers"). Why not a pthread
/// mutex (which TSan intercepts, and which this lock once was): its lock and unlock pair
/// cost about 70 instructions against 18 for `Mutex`, 2 % of a warm frame of many small layers
/// (about 20 000 locks); this one costs what `Mutex` costs.
///
/// The word and the value share one allocation (a `ManagedBuffer` whose one element holds
/// both), which gives the word the stable address the futex needs; uncontended, a lock and an
/// unlock are one atomic operation each. Not recursive: calling `withLock` on the same lock
/// inside its body deadlocks (as with `Mutex`).
///
/// Both are reached only through pointers to their own bytes, worked out once in `init`: the
/// sanitizer checks Swift accesses too, and an access through the element pointer
/// (`cell.pointee.value`) is logged at the cell's address, which is the word's, so the next
/// thread's compare-and-swap on the word was reported as racing with the previous holder's
/// write of the value (TSan checks an atomic's access before it applies its acquire). An
/// earlier version kept the value in the `ManagedBuffer` header, reached by an access to its
/// stored property before the lock is taken, which it rightly reported too.
@usableFromInline
package struct Locked<Value>: @unchecked Sendable {
    @usableFromInline
    struct Cell {
        /// First, so at the cell's address; 0 is the free lock.
        @usableFromInline var word: UInt32
        @usableFromInline var value: Value
        @inlinable init(_ value: Value) { word = 0; self.value = value }
    }

    @usableFromInline
    final class Storage: ManagedBuffer<Void, Cell> {
        deinit {
            _ = withUnsafeMutablePointerToElements { cell in cell.deinitialize(count: 1) }
        }
    }

    /// Owns the cell; `word` and `value` point into it and live as long as it.
    @usableFromInline let storage: Storage
    @usableFromInline let word: UnsafeMutablePointer<UInt32>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// A lock guarding `value`.
    @inlinable
    package init(_ value: Value) {
        let storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in }, to: Storage.self)
        // A tail-allocated element keeps its address for the object's lifetime.
        let cell = storage.withUnsafeMutablePointerToElements { cell in
            cell.initialize(to: Cell(value))
            return UnsafeMutableRawPointer(cell)
        }
        // The value's offset in the cell: after the 4-byte word, rounded up to its alignment
        // (Swift lays a struct's stored properties out in order), when the key path gives none.
        let offset = MemoryLayout<Cell>.offset(of: \Cell.value) ?? max(4, MemoryLayout<Value>.alignment)
        self.storage = storage
        self.word = cell.assumingMemoryBound(to: UInt32.self)
        self.value = (cell + offset).assumingMemoryBound(to: Value.self)
    }

    /// Runs `body` with the value, holding the lock; returns what `body` returns.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) {
            rk_lock_acquire(word)
            defer { rk_lock_release(word) }
            return try body(&value.pointee)
        }
    }
}
