// Rows of coverage turned into bytes: a blurred shape's, a rounded box's exact areas.
#ifndef RASTER_COVERAGE_BYTES_H
#define RASTER_COVERAGE_BYTES_H

#include <stdint.h>

// out[i] = the byte of scale × profile[i] + 0.5, truncated and clamped to 0…255 (NaN gives 0):
// a blurred rectangle's row, its column profile scaled by the row's. In C so that the float to
// byte conversion is one vector instruction, where Swift's checked conversion tests each value.
void rk_scaled_bytes(const float *profile, float scale, uint8_t *out, long count);

// out[i] = the byte of area[i] clamped to [0, 1] (NaN gives 0), × 255 + 0.5 truncated: the
// rounding of `coverageByte`, for a row of exact areas. Returns the OR of the bytes, so that
// the caller knows whether any is non-zero.
uint8_t rk_area_bytes(const double *area, uint8_t *out, long count);

#endif
