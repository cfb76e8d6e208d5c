// The lock word behind Raster's `Locked`: a futex-backed mutex on one 32-bit word (0 free,
// 1 held, 2 held with possible waiters), after Drepper's "Futexes Are Tricky" (2011), mutex 3.
// In C rather than Swift so that the word is only ever touched by atomic operations through a
// plain pointer (Swift's `Atomic` has no address to hand to the futex call), and out of line so
// that a sanitizer build instruments these atomics: ThreadSanitizer then sees every lock and
// unlock as synchronisation, which it does not for `Synchronization.Mutex` on this toolchain.
#ifndef FUTEX_LOCK_H
#define FUTEX_LOCK_H

#include <stdint.h>

// Takes the lock (acquire ordering); waits in the kernel while another thread holds it.
void rk_lock_acquire(uint32_t *word);

// Gives the lock back (release ordering), waking one waiter if any may be waiting.
void rk_lock_release(uint32_t *word);

#endif
