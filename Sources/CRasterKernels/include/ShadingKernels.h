// Row kernels for Core Graphics shadings (Raster's `Shading`, drawn by CGContext's
// drawLinearGradient and drawRadialGradient): the ramp parameter t of each pixel of a row,
// looked up in the ramp's colour table. They replace a per-pixel Swift loop whose enum
// switch, optionals and square root kept it at ~70 instructions a pixel. Axial rows step t in
// 64-bit fixed point (no vector unit needed; plain double where a row leaves its range);
// radial rows run eight pixels at a time in AVX2 (single precision; plain C in double elsewhere).
#ifndef SHADING_KERNELS_H
#define SHADING_KERNELS_H

#include <stdint.h>

// Which ends of the ramp a shading extends (Core Graphics' drawsBefore/AfterLocation).
typedef struct {
    int extendsStart, extendsEnd;
    // Index of the table's last entry: t in 0...1 reads entry (long)(t·last + 0.5).
    long last;
} rk_shading_ramp;

// Axial: pixel i of the row has t = t0 + i·dt. Writes `count` table colours to `out`, 0 (and,
// when `coverage` is not NULL, coverage 0) where t is outside the ramp and that end is not
// extended, or not a number.
void rk_shade_axial(uint32_t *out, uint8_t *coverage, long count, double t0, double dt,
                    const uint32_t *table, rk_shading_ramp ramp);

// The two circles of a radial shading, in shading space: centre (x0, y0) radius r0 to
// centre (x0 + cdx, y0 + cdy) radius r0 + dr.
typedef struct {
    double cdx, cdy, r0, dr;
} rk_radial_geometry;

// Radial: pixel i of the row is at (px + i·dpx, py + i·dpy), relative to the start centre.
// t is the largest root of |p − c(t)|² = r(t)² with r(t) ≥ 0 that the ramp accepts (PDF
// 32000-1 §8.7.4.5.4); the rest as for rk_shade_axial.
void rk_shade_radial(uint32_t *out, uint8_t *coverage, long count, double px, double py, double dpx, double dpy,
                     rk_radial_geometry g, const uint32_t *table, rk_shading_ramp ramp);

#endif
