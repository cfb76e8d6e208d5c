#include "BlurKernels.h"

void rk_scaled_bytes(const float *profile, float scale, uint8_t *out, long count) {
    for (long i = 0; i < count; i++) {
        float v = scale * profile[i] + 0.5f;
        v = v > 0.0f ? v : 0.0f;  // NaN too
        v = v < 255.0f ? v : 255.0f;
        out[i] = (uint8_t)(int)v;
    }
}
