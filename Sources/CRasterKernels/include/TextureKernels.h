// Texture sampling kernels for Raster: bilinear and trilinear samples of premultiplied RGBA8
// texels along a run of pixels, each blend rounded exactly as Raster's TexelQuad does (across,
// then down, then between levels, (a·(256 − w) + b·w + 128) >> 8 per channel with 8-bit
// weights), so that every path gives the same bytes. AVX2 (gathers) chosen at run time, SSE2
// otherwise on x86-64, plain C elsewhere; rk_set_vector_level switches these too.
#ifndef RASTER_TEXTURE_KERNELS_H
#define RASTER_TEXTURE_KERNELS_H

#include <stdint.h>

// One mip level: texels, and the clamp-to-edge texel range [x0, x1] × [y0, y1].
typedef struct rk_sample_level {
    const uint32_t *pixels;
    long stride;
    long x0, y0, x1, y1;
    // log2 of level-0 texels per texel of this level.
    long shift;
} rk_sample_level;

// Sample positions along a run in 32.32 fixed point of level-0 texels, stepped by second-order
// forward differences in wrapping arithmetic: each step adds du, which then grows by ddu.
typedef struct rk_quadratic_steps {
    int64_t fu, fv;
    int64_t du, dv;
    int64_t ddu, ddv;
} rk_quadratic_steps;

// Bilinear samples of `level` at `count` positions stepped from `steps` (level-0 texels).
void rk_bilinear_run(uint32_t *out, long count, const rk_sample_level *level, rk_quadratic_steps steps);

// Trilinear samples of levels[0…top] (a mip chain: no level has more rows, or a longer
// stride, than level 0) at `count` positions stepped from `steps`, λ from
// `lambda` by `lambda_step` per pixel (8.24 fixed point): bilinear on level 0 where λ ≤ 0 and
// on level `top` where λ ≥ top, else levels ⌊λ⌋ and ⌊λ⌋ + 1 blended by λ's fraction.
void rk_trilinear_run(uint32_t *out, long count, const rk_sample_level *levels, long top,
                      rk_quadratic_steps steps, int64_t lambda, int64_t lambda_step);

// A projective transform in the row-vector convention, [x y 1]·M (Raster's ProjectiveTransform).
typedef struct rk_projective {
    double m11, m12, m13;
    double m21, m22, m23;
    double m31, m32, m33;
} rk_projective;

// The filters (Raster's SamplingFilter).
enum { RK_NEAREST = 0, RK_LINEAR = 1, RK_TRILINEAR = 2 };

// λ, log2 of the longer screen axis's footprint in texels, from the Jacobian of (X/W, Y/W) at
// a pixel whose texture position is (hx, hy, hw) through the inverse m, with r = 1/hw: ∂u/∂x =
// (m11·W − X·m13)/W², and so on. −∞ for a zero footprint.
double rk_lambda(const rk_projective *m, double hx, double hy, double hw, double r);

// The mip level of λ there, and in *weight the blend weight (0…255) towards the next one.
long rk_pixel_level(const rk_projective *m, double hx, double hy, double hw, double r, long top, uint32_t *weight);

// Samples `count` pixel centres of the device row whose centre is at y = cy, from column x
// on, through the perspective inverse m with `filter`: by runs of up to 16 pixels stepped
// along quadratics (see TextureKernels.c), and a division per pixel where a run is too curved.
void rk_sample_projective_row(uint32_t *out, long x, long count, double cy, const rk_projective *m,
                              const rk_sample_level *levels, long top, int filter);

#endif
