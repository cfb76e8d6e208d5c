// The one place that asks the CPU what it can do, and the level every kernel file dispatches on
// (VectorLevel.h).
#include "RasterKernels.h"
#include "VectorLevel.h"

#if defined(__x86_64__)
int rk_detected_level(void) {
    __builtin_cpu_init();
    // Level 2 also means FMA3 (the shading kernels use it): every AVX2 core has it, but it is a
    // separate CPUID bit, so it is asked for rather than assumed.
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 2 : 1;
}
#else
int rk_detected_level(void) { return 0; }
#endif

int rk_chosen_level = -1;

int rk_vector_level(void) { return vector_level(); }

void rk_set_vector_level(int l) {
    int best = rk_detected_level();
    __atomic_store_n(&rk_chosen_level, l < 0 ? best : (l < best ? l : best), __ATOMIC_RELAXED);
}
