// Rows of a blurred shape's coverage.
#ifndef RASTER_BLUR_KERNELS_H
#define RASTER_BLUR_KERNELS_H

#include <stdint.h>

// out[i] = the byte of scale × profile[i] + 0.5, truncated and clamped to 0…255 (NaN gives 0):
// a blurred rectangle's row, its column profile scaled by the row's. In C so that the float to
// byte conversion is one vector instruction, where Swift's checked conversion tests each value.
void rk_scaled_bytes(const float *profile, float scale, uint8_t *out, long count);

#endif
