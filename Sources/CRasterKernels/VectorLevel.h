// The vector path every kernel file runs (2 for AVX2, 1 for SSE2, 0 for plain C), shared so
// that rk_set_vector_level switches all of them at once.
#ifndef RASTER_VECTOR_LEVEL_H
#define RASTER_VECTOR_LEVEL_H

// −1 until first use; the detected level, or a lower one chosen by rk_set_vector_level.
extern int rk_chosen_level __attribute__((visibility("hidden")));
int rk_detected_level(void) __attribute__((visibility("hidden")));

// Found on first use (a benign race: every thread computes the same).
static inline int vector_level(void) {
    int l = __atomic_load_n(&rk_chosen_level, __ATOMIC_RELAXED);
    if (l < 0) {
        l = rk_detected_level();
        __atomic_store_n(&rk_chosen_level, l, __ATOMIC_RELAXED);
    }
    return l;
}

#if defined(__x86_64__)
// A function compiled for level 2. Only the shading kernels ask for FMA as well: elsewhere a
// fused multiply-add could change a rounding that the scalar path (and the tests) pin.
#define AVX2 __attribute__((target("avx2")))
#define AVX2_FMA __attribute__((target("avx2,fma")))

#define DISPATCH(name, ...) \
    switch (vector_level()) { \
    case 2: avx2_##name(__VA_ARGS__); return; \
    case 1: sse2_##name(__VA_ARGS__); return; \
    default: scalar_##name(__VA_ARGS__); return; \
    }
#else
#define DISPATCH(name, ...) scalar_##name(__VA_ARGS__);
#endif

#endif
