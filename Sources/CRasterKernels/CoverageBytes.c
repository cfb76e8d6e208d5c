#include "CoverageBytes.h"

void rk_scaled_bytes(const float *profile, float scale, uint8_t *out, long count) {
    for (long i = 0; i < count; i++) {
        float v = scale * profile[i] + 0.5f;
        v = v > 0.0f ? v : 0.0f;  // NaN too
        v = v < 255.0f ? v : 255.0f;
        out[i] = (uint8_t)(int)v;
    }
}

uint8_t rk_area_bytes(const double *area, uint8_t *out, long count) {
    uint8_t any = 0;
    for (long i = 0; i < count; i++) {
        double a = area[i];
        a = a > 0.0 ? a : 0.0;  // NaN too
        a = a < 1.0 ? a : 1.0;
        uint8_t c = (uint8_t)(int)(a * 255.0 + 0.5);
        out[i] = c;
        any |= c;
    }
    return any;
}
