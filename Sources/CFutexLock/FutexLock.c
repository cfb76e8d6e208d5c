// The futex mutex of FutexLock.h. Uncontended, a lock is one compare-and-swap and an unlock one
// exchange, the cost of `Synchronization.Mutex` (a pthread mutex costs about four times as many
// instructions per lock and unlock pair, measured with callgrind on a warm frame).
#include "FutexLock.h"

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#else
#include <sched.h>
#endif

enum { FREE = 0, HELD = 1, CONTENDED = 2 };

// Sleeps while *word is still CONTENDED; a spurious or early return only costs another turn of
// the caller's loop.
static void wait_while_contended(uint32_t *word) {
#if defined(__linux__)
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, CONTENDED, (void *)0, (void *)0, 0);
#else
    (void)word;
    sched_yield();
#endif
}

static void wake_one(uint32_t *word) {
#if defined(__linux__)
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, (void *)0, (void *)0, 0);
#else
    (void)word;
#endif
}

static inline void pause_briefly(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

void rk_lock_acquire(uint32_t *word) {
    uint32_t expected = FREE;
    if (__atomic_compare_exchange_n(word, &expected, HELD, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        return;
    // The critical sections are short (a cache lookup, a free-list pop): spin a little before
    // sleeping, reading without writing so the holder's cache line is not stolen.
    for (int spin = 0; spin < 100; spin++) {
        pause_briefly();
        if (__atomic_load_n(word, __ATOMIC_RELAXED) == FREE) {
            expected = FREE;
            if (__atomic_compare_exchange_n(word, &expected, HELD, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
                return;
        }
    }
    // Mark the lock contended; whoever holds it then wakes a waiter on release. Taking it in the
    // CONTENDED state (not HELD) is what keeps a second waiter from being forgotten.
    while (__atomic_exchange_n(word, CONTENDED, __ATOMIC_ACQUIRE) != FREE)
        wait_while_contended(word);
}

void rk_lock_release(uint32_t *word) {
    if (__atomic_exchange_n(word, FREE, __ATOMIC_RELEASE) == CONTENDED)
        wake_one(word);
}
