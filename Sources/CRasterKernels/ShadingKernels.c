#include "ShadingKernels.h"
#include "VectorLevel.h"
#include <math.h>

// ---------------------------------------------------------------------------------------
// Scalar reference.

// t clamped into 0...1 when the ramp paints it; -1 when it does not (outside and not
// extended, or NaN).
static inline double accept(double t, rk_shading_ramp r) {
    if (t < 0) return r.extendsStart ? 0 : -1;
    if (t > 1) return r.extendsEnd ? 1 : -1;
    if (t != t) return -1;
    return t;
}

static inline void put(uint32_t *out, uint8_t *coverage, long i, double t, const uint32_t *table, rk_shading_ramp r) {
    if (t >= 0) {
        out[i] = table[(long)(t * (double)r.last + 0.5)];
    } else {
        out[i] = 0;
        if (coverage) coverage[i] = 0;
    }
}

static void scalar_shade_axial(uint32_t *out, uint8_t *coverage, long count, double t0, double dt,
                               const uint32_t *table, rk_shading_ramp r) {
    for (long i = 0; i < count; i++) put(out, coverage, i, accept(t0 + (double)i * dt, r), table, r);
}

// ---------------------------------------------------------------------------------------
// Axial rows in fixed point, the same at every vector level.
//
// Along a row t is linear, so u_i = t_i·last·2³² is u_0 + i·du in 64-bit integers: the row
// splits exactly into the pixels before the ramp (u < 0), on it (0 ≤ u ≤ last·2³²) and after it,
// found by integer division, and a pixel on it reads entry (u + 2³¹) >> 32, the nearest one.
// That is one add, one shift, one load and one store a pixel, where the vector form spent most
// of its time moving eight indices out of a register one by one (perf: 34 % of the linear
// gradient race, against 14 % for blending the row). The integer steps round t·last to 2⁻³²
// of an entry, finer than the single-precision vector form they replace.

// The first i ≥ 0 with u0 + i·du ≥ v (du > 0), or with u0 + i·du ≤ v (du < 0); `count` when
// there is none before it. Integer arithmetic: the caller keeps |u0|, |v| and |du|·count
// below 2⁶².
static inline long first_reaching(int64_t u0, int64_t du, int64_t v, long count) {
    int64_t gap = du > 0 ? v - u0 : u0 - v, step = du > 0 ? du : -du;
    if (gap <= 0) return 0;
    int64_t i = (gap + step - 1) / step;
    return i < count ? (long)i : count;
}

static inline void fill_outside(uint32_t *out, uint8_t *coverage, long from, long to, int extended, uint32_t colour) {
    if (extended) {
        for (long i = from; i < to; i++) out[i] = colour;
    } else {
        for (long i = from; i < to; i++) out[i] = 0;
        if (coverage) for (long i = from; i < to; i++) coverage[i] = 0;
    }
}

// 0 when the row is out of the fixed-point range (or not finite): the caller takes the double path.
static int fixed_shade_axial(uint32_t *out, uint8_t *coverage, long count, double t0, double dt,
                             const uint32_t *table, rk_shading_ramp r) {
    if (count <= 0) return 1;
    const double scale = (double)r.last * 4294967296.0, limit = 0x1p61;
    double a = t0 * scale, d = dt * scale, b = a + (double)count * d;
    if (!(fabs(a) < limit && fabs(b) < limit && fabs(d) * (double)count < limit)) return 0;
    int64_t u0 = (int64_t)llrint(a), du = (int64_t)llrint(d), top = (int64_t)r.last << 32;
    // The pixels before the ramp, on it, and after it, in the order the row meets them.
    long onFrom, onTo;
    if (du > 0) {
        onFrom = first_reaching(u0, du, 0, count);
        onTo = first_reaching(u0, du, top + 1, count);
    } else if (du < 0) {
        onFrom = first_reaching(u0, du, top, count);
        onTo = first_reaching(u0, du, -1, count);
    } else {
        int on = u0 >= 0 && u0 <= top;
        onFrom = on ? 0 : count; onTo = count;
    }
    if (onTo < onFrom) onTo = onFrom;
    // Before onFrom the row is on the side of u0 (below 0 or above the top); after onTo, the other.
    int startFirst = du > 0 || (du == 0 && u0 < 0);
    fill_outside(out, coverage, 0, onFrom, startFirst ? r.extendsStart : r.extendsEnd,
                 startFirst ? table[0] : table[r.last]);
    int64_t u = u0 + (int64_t)onFrom * du + ((int64_t)1 << 31);
    for (long i = onFrom; i < onTo; i++, u += du) out[i] = table[u >> 32];
    fill_outside(out, coverage, onTo, count, startFirst ? r.extendsEnd : r.extendsStart,
                 startFirst ? table[r.last] : table[0]);
    return 1;
}

// The radial parameter of one point (see the header), or -1.
static inline double radial_t(double x, double y, rk_radial_geometry g, double a, int degenerate, rk_shading_ramp r) {
    double b = x * g.cdx + y * g.cdy + g.r0 * g.dr;
    double c = x * x + y * y - g.r0 * g.r0;
    if (degenerate) {
        // a = 0: the equation is linear, −2·b·t + c = 0.
        if (b == 0) return -1;
        double t = c / (2 * b);
        return g.r0 + t * g.dr >= 0 ? accept(t, r) : -1;
    }
    double disc = b * b - a * c;
    if (!(disc >= 0)) return -1;
    double s = sqrt(disc);
    double ta = (b + s) / a, tb = (b - s) / a;
    double hi = ta > tb ? ta : tb, lo = ta > tb ? tb : ta;
    if (g.r0 + hi * g.dr >= 0) { double t = accept(hi, r); if (t >= 0) return t; }
    if (g.r0 + lo * g.dr >= 0) { double t = accept(lo, r); if (t >= 0) return t; }
    return -1;
}

static inline double radial_a(rk_radial_geometry g) { return g.cdx * g.cdx + g.cdy * g.cdy - g.dr * g.dr; }

static inline int radial_degenerate(rk_radial_geometry g, double a) {
    double scale = g.cdx * g.cdx + g.cdy * g.cdy + g.dr * g.dr;
    return fabs(a) < 1e-12 * (scale > 1 ? scale : 1);
}

static void scalar_shade_radial(uint32_t *out, uint8_t *coverage, long count, double px, double py, double dpx,
                                double dpy, rk_radial_geometry g, const uint32_t *table, rk_shading_ramp r) {
    double a = radial_a(g);
    int degenerate = radial_degenerate(g, a);
    for (long i = 0; i < count; i++)
        put(out, coverage, i, radial_t(px + (double)i * dpx, py + (double)i * dpy, g, a, degenerate, r), table, r);
}

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

// The vector paths work in single precision, eight pixels at a time: t only has to pick one of
// the table's 1024 entries, and shading-space coordinates are pixel-sized, so float keeps t
// well within an entry (about 1e-6 for the benchmark's circles; the error grows only near a
// cone's rim, where the discriminant cancels). Degenerate cones stay in double, scalar.

// accept() on eight lanes: the clamped t, and in `ok` all-ones where the ramp paints.
AVX2 static inline __m256 accept8(__m256 t, rk_shading_ramp r, __m256 *ok) {
    __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    __m256 valid = _mm256_cmp_ps(t, t, _CMP_ORD_Q);
    if (!r.extendsStart) valid = _mm256_and_ps(valid, _mm256_cmp_ps(t, zero, _CMP_GE_OQ));
    if (!r.extendsEnd) valid = _mm256_and_ps(valid, _mm256_cmp_ps(t, one, _CMP_LE_OQ));
    *ok = valid;
    return _mm256_min_ps(_mm256_max_ps(t, zero), one);
}

// Looks up eight clamped parameters, writing 0 (and coverage 0) where `ok` is clear. The eight
// entries are read one by one, not with vpgatherdd: on the AMD cores we run on a gather costs
// more than eight loads from a table that sits in L1 (a gather was tried again and was no
// faster). The indices are stored and reloaded as written, but the compiler turns that into
// lane extracts; the colours go straight to `out` rather than through lane inserts.
AVX2 static inline void put8(uint32_t *out, uint8_t *coverage, __m256 t, __m256 ok, const uint32_t *table,
                             rk_shading_ramp r) {
    __m256 scaled = _mm256_add_ps(_mm256_mul_ps(t, _mm256_set1_ps((float)r.last)), _mm256_set1_ps(0.5f));
    // Lanes that are not painted read entry 0 (their t may be NaN).
    __m256i index = _mm256_cvttps_epi32(_mm256_and_ps(scaled, ok));
    int32_t k[8];
    _mm256_storeu_si256((__m256i *)k, index);
    for (int j = 0; j < 8; j++) out[j] = table[k[j]];
    int m = _mm256_movemask_ps(ok);
    if (m != 255) {
        for (int j = 0; j < 8; j++) {
            if (!(m >> j & 1)) {
                out[j] = 0;
                if (coverage) coverage[j] = 0;
            }
        }
    }
}

AVX2 static void avx2_shade_radial(uint32_t *out, uint8_t *coverage, long count, double px, double py, double dpx,
                                   double dpy, rk_radial_geometry g, const uint32_t *table, rk_shading_ramp r) {
    double a = radial_a(g);
    long i = 0;
    if (!radial_degenerate(g, a)) {
        // Divided through by a: with β = b/a and γ = c/a the roots are β ± √(β² − γ), the larger
        // first, whatever the sign of a; β is linear in x and y, so its coefficients are scaled
        // once here.
        double inva = 1 / a;
        __m256 lane = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
        __m256 vdx = _mm256_set1_ps((float)dpx), vdy = _mm256_set1_ps((float)dpy);
        __m256 kx = _mm256_set1_ps((float)(g.cdx * inva)), ky = _mm256_set1_ps((float)(g.cdy * inva));
        __m256 k0 = _mm256_set1_ps((float)(g.r0 * g.dr * inva));
        __m256 vinva = _mm256_set1_ps((float)inva), r0r0 = _mm256_set1_ps((float)(g.r0 * g.r0));
        __m256 zero = _mm256_setzero_ps();
        // r(t) = r0 + t·dr ≥ 0: t·sign(dr) ≥ −r0/|dr| (always, for dr = 0 and r0 ≥ 0).
        float sdr = g.dr > 0 ? 1.0f : (g.dr < 0 ? -1.0f : 0.0f);
        __m256 vsdr = _mm256_set1_ps(sdr);
        __m256 rmin = _mm256_set1_ps(sdr != 0 ? (float)(-g.r0 / fabs(g.dr)) : (g.r0 >= 0 ? 0.0f : 1.0f));
        for (; i + 8 <= count; i += 8) {
            __m256 x = _mm256_add_ps(_mm256_set1_ps((float)(px + (double)i * dpx)), _mm256_mul_ps(lane, vdx));
            __m256 y = _mm256_add_ps(_mm256_set1_ps((float)(py + (double)i * dpy)), _mm256_mul_ps(lane, vdy));
            __m256 beta = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(x, kx), _mm256_mul_ps(y, ky)), k0);
            __m256 c = _mm256_sub_ps(_mm256_add_ps(_mm256_mul_ps(x, x), _mm256_mul_ps(y, y)), r0r0);
            __m256 disc = _mm256_sub_ps(_mm256_mul_ps(beta, beta), _mm256_mul_ps(c, vinva));
            __m256 real = _mm256_cmp_ps(disc, zero, _CMP_GE_OQ);
            __m256 s = _mm256_sqrt_ps(_mm256_max_ps(disc, zero));
            __m256 hi = _mm256_add_ps(beta, s), lo = _mm256_sub_ps(beta, s);
            __m256 okHi, okLo;
            __m256 cHi = accept8(hi, r, &okHi);
            okHi = _mm256_and_ps(okHi, _mm256_cmp_ps(_mm256_mul_ps(hi, vsdr), rmin, _CMP_GE_OQ));
            if (_mm256_movemask_ps(okHi) == 255) {
                // The larger root serves every lane (the usual case): the smaller one is not needed.
                put8(out + i, coverage ? coverage + i : 0, cHi, real, table, r);
                continue;
            }
            __m256 cLo = accept8(lo, r, &okLo);
            okLo = _mm256_and_ps(okLo, _mm256_cmp_ps(_mm256_mul_ps(lo, vsdr), rmin, _CMP_GE_OQ));
            __m256 t = _mm256_blendv_ps(cLo, cHi, okHi);
            __m256 ok = _mm256_and_ps(real, _mm256_or_ps(okHi, okLo));
            put8(out + i, coverage ? coverage + i : 0, t, ok, table, r);
        }
    }
    scalar_shade_radial(out + i, coverage ? coverage + i : 0, count - i, px + (double)i * dpx, py + (double)i * dpy,
                        dpx, dpy, g, table, r);
}

#define SHADING_DISPATCH(name, ...) \
    if (vector_level() >= 2) avx2_##name(__VA_ARGS__); else scalar_##name(__VA_ARGS__);
#else
#define SHADING_DISPATCH(name, ...) scalar_##name(__VA_ARGS__);
#endif

void rk_shade_axial(uint32_t *out, uint8_t *coverage, long count, double t0, double dt,
                    const uint32_t *table, rk_shading_ramp ramp) {
    if (!fixed_shade_axial(out, coverage, count, t0, dt, table, ramp))
        scalar_shade_axial(out, coverage, count, t0, dt, table, ramp);
}

void rk_shade_radial(uint32_t *out, uint8_t *coverage, long count, double px, double py, double dpx, double dpy,
                     rk_radial_geometry g, const uint32_t *table, rk_shading_ramp ramp) {
    SHADING_DISPATCH(shade_radial, out, coverage, count, px, py, dpx, dpy, g, table, ramp)
}
