// Pixel row kernels for Raster: premultiplied RGBA8 (R, G, B, A in memory) blended in
// sRGB space, each result rounded exactly as Raster's scalar code rounds (x·a/255 to
// nearest), so that vector and scalar paths give the same bytes. Written in C for the
// x86 vector instructions Swift's SIMD types do not reach (byte shuffles, 16-bit
// multiply-high, 256-bit AVX2 chosen at run time); plain C loops elsewhere.
#ifndef RASTER_KERNELS_H
#define RASTER_KERNELS_H

#include <stdint.h>

// dst = src + dst·(1 − src.a)
void rk_source_over_row(uint32_t *dst, const uint32_t *src, long count);
// dst = src·c + dst·(1 − src.a·c), one factor c in 0…255
void rk_source_over_row_scaled(uint32_t *dst, const uint32_t *src, long count, uint32_t c);
// dst = src·c[i] + dst·(1 − src.a·c[i])
void rk_source_over_row_masked(uint32_t *dst, const uint32_t *src, long count, const uint8_t *coverage);
// dst = s + dst·(1 − s.a), one colour s
void rk_source_over_constant(uint32_t *dst, long count, uint32_t s);
// dst = s·c[i] + dst·(1 − s.a·c[i]), one colour s
void rk_source_over_masked(uint32_t *dst, long count, uint32_t s, const uint8_t *coverage);
// The same over a block of rows: row y of dst at dst + y·dstStride, its coverage at
// coverage + y·coverageStride (small shapes in one call)
void rk_source_over_masked_block(uint32_t *dst, long dstStride, long width, long height, uint32_t s,
                                 const uint8_t *coverage, long coverageStride);
// dst = dst + s·c[i]·(1 − dst.a): one colour behind what is there
void rk_destination_over_masked(uint32_t *dst, long count, uint32_t s, const uint8_t *coverage);
// out = a·b/255
void rk_multiply_coverage(uint8_t *out, const uint8_t *a, const uint8_t *b, long count);
// out = a·c/255, one factor c in 0…255
void rk_multiply_coverage_constant(uint8_t *out, const uint8_t *a, uint32_t c, long count);
// dst[i] = value for count pixels (clearing a canvas)
void rk_fill(uint32_t *dst, long count, uint32_t value);

// Source-over of an axis-aligned rectangle of `height` rows, `stride` pixels apart: pixel 0 of
// each row gets `first`, pixels 1 ..< width − 1 get `mid`, pixel width − 1 gets `last` (a width
// of 1 takes `first` only), each a premultiplied colour already scaled by its coverage. One call
// for the rows that share their coverage, so a small rectangle costs no per-row calls.
void rk_source_over_rect(uint32_t *dst, long stride, long width, long height, uint32_t first, uint32_t mid, uint32_t last);
// Asks for the cache lines of count pixels from row on, to be written: a row's lines are
// then fetched together while it is computed, instead of one at a time as stores reach them.
void rk_prefetch_row(const uint32_t *row, long count);

// One run of the coverage rasterizer's sweep under the non-zero area rule: for each of `count`
// accumulated cells the running sum from *sum on (single precision), coverage = ⌊min(|sum|, 1)
// ·255 + 0.5⌋ into `out`, and the cell set back to 0; *sum becomes the last sum. Returns the OR
// of the coverage bytes. Each whole block of eight cells from the run's start is summed as a
// tree, the same at every vector level: with c0 … c7 its cells, p1 = c0 + c1, p2 = (c1 + c2) +
// c0, p3 = (c2 + c3) + (c0 + c1), likewise q5 … q7 from c4 … c7, the sums are pk + sum for
// k < 4 (p0 = c0) and (qk + p3) + sum for k ≥ 4 (q4 = c4); the last one to seven cells are
// added in order.
uint8_t rk_sweep_nonzero(float *line, uint8_t *out, long count, float *sum);
// The same sweep fused with rk_source_over_masked of one colour s into dst: for each cell the
// running sum and coverage exactly as above, then dst[i] = s·c + dst[i]·(1 − s.a·c) exactly as
// rk_source_over_masked blends it, so the coverage never goes through memory. Eight cells of +0
// leave the sum as it is and skip the chain of adds (x + 0 = x), with the same bytes.
void rk_sweep_nonzero_over(float *line, uint32_t *dst, long count, float *sum, uint32_t s);
// Whole rows of that fused sweep: row r's cells at line + r·stride (cells 0 ... width + 1; the
// last two only take the ends of edges at x = width, and are set to 0), its touched bits (one per
// chunk of 8 cells; bits past the last chunk are ignored) at touched + r·words_per_row, its
// pixels at dst + r·dst_stride. Each row's running sum starts at 0; left to right, each run of
// touched chunks is swept as rk_sweep_nonzero_over, and each run of untouched chunks is one span
// of the running sum's coverage c: s scaled by c (unscaled at 255), filled with rk_fill where
// that is opaque, else blended with rk_source_over_constant (nothing where c or it is 0). The
// bytes are those of those calls made one by one; every cell is left 0.
void rk_sweep_rows_nonzero_over(float *line, long stride, const uint64_t *touched, long words_per_row, long width,
                                long rows, uint32_t *dst, long dst_stride, uint32_t s);
// Which vector path runs: 2 for AVX2, 1 for SSE2, 0 for plain C.
int rk_vector_level(void);
// Chooses a lower path than the CPU allows (tests run every path); −1 restores the best.
void rk_set_vector_level(int level);

#endif
