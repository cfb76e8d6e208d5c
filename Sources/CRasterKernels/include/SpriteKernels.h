// The sprite row kernel for Raster's sprite batches: a run of texture samples multiplied by a
// particle's colour and blended onto the destination in one pass, so that the samples are read
// once and the tint costs no loop of its own. AVX2 chosen at run time, plain C otherwise; both
// give the same bytes (rk_set_vector_level switches this too).
#ifndef RASTER_SPRITE_KERNELS_H
#define RASTER_SPRITE_KERNELS_H

#include <stdint.h>

// dst[i] = blend(dst[i], tint(src[i])) for i < count. src is premultiplied RGBA8; tint packs
// the byte factors red | green << 8 | blue << 16 | alpha << 24 (colour × alpha, alpha): each
// channel becomes x·k/255 rounded to nearest, colours then limited to the alpha (a
// premultiplied pixel's colour never exceeds it); 0xFFFFFFFF leaves the samples as they are.
// additive = 0 blends source-over, otherwise plus-lighter (every channel's sum, at most 255).
void rk_sprite_row(uint32_t *dst, const uint32_t *src, long count, uint32_t tint, int additive);

#endif
