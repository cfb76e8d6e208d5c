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

// The vector paths work in single precision, eight pixels at a time: t only has to pick one of
// the table's 1024 entries, and shading-space coordinates are pixel-sized, so float keeps t
// well within an entry (about 1e-6 for the benchmark's circles; the error grows only near a
// cone's rim, where the discriminant cancels). Degenerate cones stay in double, scalar.
// Three things halve this kernel's time (10.9 → 5.4 ms of CPU for the race's 20 radial fills of
// 512², the kernel alone, in a standalone C benchmark, 2026-12-03): concentric circles take the
// closed form t = (ρ − r0)/dr instead of the cone's two roots, the extension tests leave the
// loop when both ends extend, and each lane's coordinates are one FMA from the row's start.

// The colours of eight parameters t (any value: clamped here) into out, then 0 (and coverage 0)
// in the lanes of `m` that are clear (m = 255: every lane painted). The eight entries are read one
// by one, not with vpgatherdd: on the AMD cores we run on a gather is no faster than eight loads
// from a table that sits in L1 (tried in sessions 7 and 10). The compiler turns the store of the
// indices and their reloads into lane extracts; the colours go straight to `out`.
AVX2_FMA static inline __attribute__((always_inline)) void put8(uint32_t *out, uint8_t *coverage, __m256 t, int m,
                                                            const uint32_t *table, __m256 scale) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    // max first: a NaN t (a lane without a real root, never painted) becomes 0, a valid index.
    __m256 clamped = _mm256_min_ps(_mm256_max_ps(t, zero), one);
    __m256i index = _mm256_cvttps_epi32(_mm256_fmadd_ps(clamped, scale, _mm256_set1_ps(0.5f)));
    // Unsigned (the clamped indices are 0 ... last): a lane moved to a 32-bit register is then
    // already the 64-bit index, where a signed one took a sign extension more per pixel.
    // Two indices a move: four 64-bit moves to general registers and a shift each, where a
    // 32-bit extract per index (the compiler's rendering of a store and eight reloads) took
    // about half of the race's radial time (perf: vpextrd, 2 µops each).
    __m128i low = _mm256_castsi256_si128(index), high = _mm256_extracti128_si256(index, 1);
    uint64_t e01 = (uint64_t)_mm_cvtsi128_si64(low), e23 = (uint64_t)_mm_extract_epi64(low, 1);
    uint64_t e45 = (uint64_t)_mm_cvtsi128_si64(high), e67 = (uint64_t)_mm_extract_epi64(high, 1);
    out[0] = table[(uint32_t)e01]; out[1] = table[e01 >> 32]; out[2] = table[(uint32_t)e23]; out[3] = table[e23 >> 32];
    out[4] = table[(uint32_t)e45]; out[5] = table[e45 >> 32]; out[6] = table[(uint32_t)e67]; out[7] = table[e67 >> 32];
    if (m != 255) {
        for (int j = 0; j < 8; j++) {
            if (!(m >> j & 1)) {
                out[j] = 0;
                if (coverage) coverage[j] = 0;
            }
        }
    }
}

// All-ones in the lanes whose t lies within the ramp or on a side it extends to (NaN: never).
AVX2_FMA static inline __attribute__((always_inline)) __m256 in_ramp8(__m256 t, rk_shading_ramp r) {
    __m256 ordered = _mm256_cmp_ps(t, t, _CMP_ORD_Q);
    __m256 above = r.extendsStart ? ordered : _mm256_cmp_ps(t, _mm256_setzero_ps(), _CMP_GE_OQ);
    __m256 below = r.extendsEnd ? ordered : _mm256_cmp_ps(t, _mm256_set1_ps(1), _CMP_LE_OQ);
    return _mm256_and_ps(above, below);
}

AVX2_FMA static void avx2_shade_radial(uint32_t *out, uint8_t *coverage, long count, double px, double py, double dpx,
                                   double dpy, rk_radial_geometry g, const uint32_t *table, rk_shading_ramp r) {
    double a = radial_a(g);
    long i = 0;
    const __m256 lane = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), scale = _mm256_set1_ps((float)r.last);
    const __m256 vpx = _mm256_set1_ps((float)px), vpy = _mm256_set1_ps((float)py);
    const __m256 vdx = _mm256_set1_ps((float)dpx), vdy = _mm256_set1_ps((float)dpy);
    // Lane j of block i is pixel i + j: its coordinates are one multiply-add from the row's
    // start, so no error builds up along the row.
    #define COORDINATES \
        __m256 k = _mm256_add_ps(_mm256_set1_ps((float)i), lane); \
        __m256 x = _mm256_fmadd_ps(k, vdx, vpx), y = _mm256_fmadd_ps(k, vdy, vpy);
    if (g.cdx == 0 && g.cdy == 0 && g.dr != 0) {
        // Concentric circles (CGGradient's usual radial, and every CAGradientLayer radial): the
        // point at distance ρ from the centre lies on the circle r(t) = ρ, t = (ρ − r0)/dr, the
        // only root with r(t) ≥ 0 (the other gives r(t) = −ρ).
        const __m256 kr = _mm256_set1_ps((float)(1 / g.dr)), k0 = _mm256_set1_ps((float)(-g.r0 / g.dr));
        int bothExtended = r.extendsStart && r.extendsEnd;
        for (; i + 8 <= count; i += 8) {
            COORDINATES
            __m256 rho = _mm256_sqrt_ps(_mm256_fmadd_ps(x, x, _mm256_mul_ps(y, y)));
            __m256 t = _mm256_fmadd_ps(rho, kr, k0);
            put8(out + i, coverage ? coverage + i : 0, t, bothExtended ? 255 : _mm256_movemask_ps(in_ramp8(t, r)),
                 table, scale);
        }
    } else if (!radial_degenerate(g, a)) {
        // Divided through by a: with β = b/a and γ = c/a the roots are β ± √(β² − γ), the larger
        // first, whatever the sign of a.
        double inva = 1 / a;
        const __m256 kx = _mm256_set1_ps((float)(g.cdx * inva)), ky = _mm256_set1_ps((float)(g.cdy * inva));
        const __m256 k0 = _mm256_set1_ps((float)(g.r0 * g.dr * inva));
        const __m256 vinva = _mm256_set1_ps((float)inva), nr0r0 = _mm256_set1_ps((float)(-g.r0 * g.r0));
        // r(t) = r0 + t·dr ≥ 0: t·sign(dr) ≥ −r0/|dr| (always, for dr = 0 and r0 ≥ 0).
        float sdr = g.dr > 0 ? 1.0f : (g.dr < 0 ? -1.0f : 0.0f);
        const __m256 vsdr = _mm256_set1_ps(sdr);
        const __m256 rmin = _mm256_set1_ps(sdr != 0 ? (float)(-g.r0 / fabs(g.dr)) : (g.r0 >= 0 ? 0.0f : 1.0f));
        // Painted: r(t) ≥ 0 and t on the ramp or a side it extends to (NaN, no real root: never).
        #define PAINTED(t) _mm256_and_ps(_mm256_cmp_ps(_mm256_mul_ps(t, vsdr), rmin, _CMP_GE_OQ), in_ramp8(t, r))
        for (; i + 8 <= count; i += 8) {
            COORDINATES
            __m256 beta = _mm256_fmadd_ps(x, kx, _mm256_fmadd_ps(y, ky, k0));
            __m256 gamma = _mm256_mul_ps(_mm256_fmadd_ps(x, x, _mm256_fmadd_ps(y, y, nr0r0)), vinva);
            __m256 s = _mm256_sqrt_ps(_mm256_fmsub_ps(beta, beta, gamma));
            __m256 t = _mm256_add_ps(beta, s);
            __m256 ok = PAINTED(t);
            int m = _mm256_movemask_ps(ok);
            if (m != 255) {
                // Some lane's larger root is not painted: its smaller one may be.
                __m256 lo = _mm256_sub_ps(beta, s);
                t = _mm256_blendv_ps(lo, t, ok);
                m = _mm256_movemask_ps(_mm256_or_ps(ok, PAINTED(lo)));
            }
            put8(out + i, coverage ? coverage + i : 0, t, m, table, scale);
        }
        #undef PAINTED
    }
    #undef COORDINATES
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
