#include "TextureKernels.h"
#include "VectorLevel.h"

// Every floating-point expression is evaluated as written (Raster's Swift code does, and the
// perspective rows must give its samples): no contraction into fused multiply-adds.
#pragma STDC FP_CONTRACT OFF

typedef rk_sample_level level_t;
typedef rk_quadratic_steps steps_t;

// ---------------------------------------------------------------------------------------
// Positions and levels, as Raster's SampleLevel and QuadraticSteps compute them. Swift's
// wrapping operators (&+, &*) become unsigned arithmetic: signed overflow is undefined in C.

static inline int64_t wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t wsub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static inline int64_t wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static inline long lmin(long a, long b) { return a < b ? a : b; }
static inline long lmax(long a, long b) { return a > b ? a : b; }
static inline long clamp(long v, long lo, long hi) { return lmin(lmax(v, lo), hi); }
static inline double fabs_(double v) { return __builtin_fabs(v); }

static inline void step(steps_t *q) {
    q->fu = wadd(q->fu, q->du); q->fv = wadd(q->fv, q->dv);
    q->du = wadd(q->du, q->ddu); q->dv = wadd(q->dv, q->ddv);
}

// The steps k steps on: the same positions as stepping k times.
static inline steps_t advanced(steps_t q, long k) {
    int64_t t = k, tri = k * (k - 1) / 2;
    steps_t r = { wadd(wadd(q.fu, wmul(t, q.du)), wmul(tri, q.ddu)), wadd(wadd(q.fv, wmul(t, q.dv)), wmul(tri, q.ddv)),
                  wadd(q.du, wmul(t, q.ddu)), wadd(q.dv, wmul(t, q.ddv)), q.ddu, q.ddv };
    return r;
}

// A level-0 position on a level's grid (its texels, less half a texel: floor gives the left
// and top texels of the bilinear footprint), and level-0 steps as steps on that grid.
static inline int64_t grid(int64_t f, long shift) { return wsub(f, (int64_t)1 << (31 + shift)) >> shift; }

static inline steps_t grid_steps(steps_t q, long s) {
    steps_t r = { grid(q.fu, s), grid(q.fv, s), q.du >> s, q.dv >> s, q.ddu >> s, q.ddv >> s };
    return r;
}

// A grid position of one level on the next coarser level's grid.
static inline int64_t coarser(int64_t g) { return wsub(g, (int64_t)1 << 31) >> 1; }

// The extent of a run's grid positions: the least and the greatest u and v of its ends.
typedef struct { int64_t u0, v0, u1, v1; } extent;

static inline extent run_extent(steps_t q, long n) {
    steps_t e = advanced(q, n - 1);
    extent x = { q.fu < e.fu ? q.fu : e.fu, q.fv < e.fv ? q.fv : e.fv, q.fu > e.fu ? q.fu : e.fu, q.fv > e.fv ? q.fv : e.fv };
    return x;
}

// The same on the next coarser grid (coarser is monotone, so the extent's ends stay its ends).
static inline extent coarser_extent(extent x) {
    extent c = { coarser(x.u0), coarser(x.v0), coarser(x.u1), coarser(x.v1) };
    return c;
}

// Whether every grid position of a run has its whole bilinear footprint inside the level's
// range: those between its ends, up to 1/128 texel beyond them (where the run's quadratic
// may bend past them: at most 1/256 texel by the runs' construction) (SampleLevel.holds).
static inline int holds(const level_t *l, extent x) {
    const int64_t margin = (int64_t)1 << 25;
    return (wsub(x.u0, margin) >> 32) >= l->x0 && (wsub(x.v0, margin) >> 32) >= l->y0
        && (wadd(x.u1, margin) >> 32) < l->x1 && (wadd(x.v1, margin) >> 32) < l->y1;
}

static inline int run_holds(const level_t *l, steps_t q, long n) { return holds(l, run_extent(q, n)); }

// Both levels of a trilinear run: `lo` at its grid positions, `hi` on the next coarser grid.
static inline int run_holds_both(const level_t *lo, const level_t *hi, steps_t q, long n) {
    extent x = run_extent(q, n);
    return holds(lo, x) && holds(hi, coarser_extent(x));
}

// ---------------------------------------------------------------------------------------
// Scalar reference: every vector path below gives exactly these bytes. Four channels in the
// 16-bit lanes of a uint64_t (R, B, G, A from the low end), as Raster's bilerp and lerpPixel.

static inline uint64_t widen(uint32_t p) { return (p & 0x00FF00FFu) | ((uint64_t)(p & 0xFF00FF00u) << 24); }

static inline uint32_t bilerp(uint32_t p00, uint32_t p01, uint32_t p10, uint32_t p11, uint64_t wu, uint64_t wv) {
    const uint64_t half = 0x0080008000800080u, mask = 0x00FF00FF00FF00FFu;
    uint64_t iu = 256 - wu, iv = 256 - wv;
    uint64_t top = ((widen(p00) * iu + widen(p01) * wu + half) >> 8) & mask;
    uint64_t bottom = ((widen(p10) * iu + widen(p11) * wu + half) >> 8) & mask;
    uint64_t v = ((top * iv + bottom * wv + half) >> 8) & mask;
    return (uint32_t)(v & 0x00FF00FFu) | (uint32_t)((v >> 24) & 0xFF00FF00u);
}

static inline uint32_t lerp_pixel(uint32_t p, uint32_t q, uint32_t w) {
    uint32_t iw = 256 - w;
    uint32_t rb = (((p & 0x00FF00FFu) * iw + (q & 0x00FF00FFu) * w + 0x00800080u) >> 8) & 0x00FF00FFu;
    uint32_t ag = (((p >> 8) & 0x00FF00FFu) * iw + ((q >> 8) & 0x00FF00FFu) * w + 0x00800080u) & 0xFF00FF00u;
    return rb | ag;
}

// Bilinear sample at a grid position, the footprint clamped to the range.
static inline uint32_t sample(const level_t *l, int64_t gu, int64_t gv) {
    long x = (long)(gu >> 32), y = (long)(gv >> 32);
    long xl = clamp(x, l->x0, l->x1), xr = clamp(x + 1, l->x0, l->x1);
    const uint32_t *top = l->pixels + clamp(y, l->y0, l->y1) * l->stride;
    const uint32_t *bottom = l->pixels + clamp(y + 1, l->y0, l->y1) * l->stride;
    return bilerp(top[xl], top[xr], bottom[xl], bottom[xr], (uint64_t)(gu >> 24) & 0xFF, (uint64_t)(gv >> 24) & 0xFF);
}

// The level blend weight of λ (8.24 fixed point): its fraction's top eight bits.
static inline uint32_t level_weight(int64_t lambda) { return (uint32_t)(lambda >> 16) & 0xFF; }

static inline uint32_t sample_trilinear(const level_t *lo, const level_t *hi, int64_t gu, int64_t gv, int64_t lambda) {
    return lerp_pixel(sample(lo, gu, gv), sample(hi, coarser(gu), coarser(gv)), level_weight(lambda));
}

// One level along a run of grid positions.
static void scalar_bilinear(uint32_t *out, long n, const level_t *l, steps_t q) {
    for (long k = 0; k < n; k++) { out[k] = sample(l, q.fu, q.fv); step(&q); }
}

// Two levels along a run of grid positions on the finer one, λ from lf by dl.
static void scalar_trilinear(uint32_t *out, long n, const level_t *lo, const level_t *hi, steps_t q, int64_t lf, int64_t dl) {
    for (long k = 0; k < n; k++) { out[k] = sample_trilinear(lo, hi, q.fu, q.fv, lf); step(&q); lf = wadd(lf, dl); }
}

#if defined(__x86_64__)
#include <immintrin.h>

// ---------------------------------------------------------------------------------------
// SSE2 (every x86-64): two pixels per register, 16-bit lanes; positions stepped in scalar
// registers, texels loaded one pixel at a time (two 8-byte loads where the run is inside).

// (256·l + 128 + (r − l)·w) >> 8 of two pixels' bytes l and r (bytes 0–7 of each), in the
// wrapping 16-bit arithmetic of Raster's TexelQuad: exact, the true value fits in 16 bits.
static inline __m128i sse2_lerp_bytes(__m128i l, __m128i r, __m128i w) {
    __m128i z = _mm_setzero_si128();
    __m128i d = _mm_sub_epi16(_mm_unpacklo_epi8(r, z), _mm_unpacklo_epi8(l, z));
    // 256·l + 128 by unpacking l into the high bytes over 0x80.
    return _mm_srli_epi16(_mm_add_epi16(_mm_unpacklo_epi8(_mm_set1_epi8((char)0x80), l), _mm_mullo_epi16(d, w)), 8);
}

// (256·a + 128 + (b − a)·w) >> 8 of 16-bit lanes (each at most 255).
static inline __m128i sse2_lerp16(__m128i a, __m128i b, __m128i w) {
    return _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(_mm_slli_epi16(a, 8), _mm_set1_epi16(128)),
                                        _mm_mullo_epi16(_mm_sub_epi16(b, a), w)), 8);
}

// Four 8-bit values, each over four 16-bit lanes: a, b in the low half of `ab`, c, d in the high half of `cd`.
static inline void sse2_spread(uint32_t a, uint32_t b, uint32_t c, uint32_t d, __m128i *ab, __m128i *cd) {
    __m128i v = _mm_cvtsi64_si128((long long)(a | b << 16 | (uint64_t)c << 32 | (uint64_t)d << 48));
    v = _mm_unpacklo_epi16(v, v);
    *ab = _mm_unpacklo_epi32(v, v);
    *cd = _mm_unpackhi_epi32(v, v);
}

static inline uint32_t weight(int64_t g) { return (uint32_t)(g >> 24) & 0xFF; }

// The texels of two pixels a, b as [top left a, top left b, top right a, top right b] and the
// same of the bottom row, clamped or (inside) as two 8-byte loads per pixel.
static inline __attribute__((always_inline)) void sse2_texels(const level_t *l, int64_t gua, int64_t gva, int64_t gub,
                                                              int64_t gvb, int inside, __m128i *top, __m128i *bottom) {
    long xa = (long)(gua >> 32), ya = (long)(gva >> 32), xb = (long)(gub >> 32), yb = (long)(gvb >> 32);
    if (inside) {
        const uint32_t *pa = l->pixels + ya * l->stride + xa, *pb = l->pixels + yb * l->stride + xb;
        *top = _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)pa), _mm_loadl_epi64((const __m128i *)pb));
        *bottom = _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)(pa + l->stride)),
                                     _mm_loadl_epi64((const __m128i *)(pb + l->stride)));
    } else {
        long xla = clamp(xa, l->x0, l->x1), xra = clamp(xa + 1, l->x0, l->x1);
        long xlb = clamp(xb, l->x0, l->x1), xrb = clamp(xb + 1, l->x0, l->x1);
        const uint32_t *ta = l->pixels + clamp(ya, l->y0, l->y1) * l->stride, *ba = l->pixels + clamp(ya + 1, l->y0, l->y1) * l->stride;
        const uint32_t *tb = l->pixels + clamp(yb, l->y0, l->y1) * l->stride, *bb = l->pixels + clamp(yb + 1, l->y0, l->y1) * l->stride;
        *top = _mm_setr_epi32((int)ta[xla], (int)tb[xlb], (int)ta[xra], (int)tb[xrb]);
        *bottom = _mm_setr_epi32((int)ba[xla], (int)bb[xlb], (int)ba[xra], (int)bb[xrb]);
    }
}

// Bilinear samples of two pixels as 16-bit lanes.
static inline __attribute__((always_inline)) __m128i sse2_bilinear2(const level_t *l, int64_t gua, int64_t gva,
                                                                    int64_t gub, int64_t gvb, int inside) {
    __m128i top, bottom, wu, wv;
    sse2_texels(l, gua, gva, gub, gvb, inside, &top, &bottom);
    sse2_spread(weight(gua), weight(gub), weight(gva), weight(gvb), &wu, &wv);
    __m128i t = sse2_lerp_bytes(top, _mm_srli_si128(top, 8), wu);
    __m128i b = sse2_lerp_bytes(bottom, _mm_srli_si128(bottom, 8), wu);
    return sse2_lerp16(t, b, wv);
}

static inline __attribute__((always_inline)) void sse2_bilinear_loop(uint32_t *out, long n, const level_t *l, steps_t q, int inside) {
    long k = 0;
    for (; k + 2 <= n; k += 2) {
        int64_t ua = q.fu, va = q.fv;
        step(&q);
        __m128i v = sse2_bilinear2(l, ua, va, q.fu, q.fv, inside);
        step(&q);
        _mm_storel_epi64((__m128i *)(out + k), _mm_packus_epi16(v, v));
    }
    if (k < n) out[k] = sample(l, q.fu, q.fv);
}

static void sse2_bilinear(uint32_t *out, long n, const level_t *l, steps_t q) {
    if (run_holds(l, q, n)) sse2_bilinear_loop(out, n, l, q, 1);
    else sse2_bilinear_loop(out, n, l, q, 0);
}

static inline __attribute__((always_inline)) void sse2_trilinear_loop(uint32_t *out, long n, const level_t *lo, const level_t *hi,
                                                                      steps_t q, int64_t lf, int64_t dl, int inside) {
    long k = 0;
    for (; k + 2 <= n; k += 2) {
        int64_t ua = q.fu, va = q.fv, la = lf;
        step(&q);
        lf = wadd(lf, dl);
        __m128i near = sse2_bilinear2(lo, ua, va, q.fu, q.fv, inside);
        __m128i far = sse2_bilinear2(hi, coarser(ua), coarser(va), coarser(q.fu), coarser(q.fv), inside);
        __m128i w, unused;
        sse2_spread(level_weight(la), level_weight(lf), 0, 0, &w, &unused);
        __m128i v = sse2_lerp16(near, far, w);
        step(&q);
        lf = wadd(lf, dl);
        _mm_storel_epi64((__m128i *)(out + k), _mm_packus_epi16(v, v));
    }
    if (k < n) out[k] = sample_trilinear(lo, hi, q.fu, q.fv, lf);
}

static void sse2_trilinear(uint32_t *out, long n, const level_t *lo, const level_t *hi, steps_t q, int64_t lf, int64_t dl) {
    if (run_holds_both(lo, hi, q, n)) sse2_trilinear_loop(out, n, lo, hi, q, lf, dl, 1);
    else sse2_trilinear_loop(out, n, lo, hi, q, lf, dl, 0);
}

// ---------------------------------------------------------------------------------------
// AVX2: eight pixels. Positions in 64-bit lanes (pixels 0–3 in `a`, 4–7 in `b`), stepped
// eight pixels at a time; texels fetched by 32-bit gathers, in the order 0 1 4 5 | 2 3 6 7
// that taking 32-bit halves of a and b together gives (one permute restores it at the end).
// Channels stay in place, R and B (even bytes) and G and A (odd bytes) in 16-bit lanes, and
// every blend is a + (b − a)·w/256 by a rounding multiply-high: with d = b − a in −255…255
// and w·128 ≤ 32640 both signed 16-bit, mulhrs(d, 128·w) = ⌊(128·d·w + 2¹⁴) / 2¹⁵⌋ =
// ⌊(d·w + 128) / 256⌋, so a + that is (256·a + d·w + 128) >> 8 exactly, TexelQuad's rounding.

// Eight pixels' positions on a grid, and the eight-pixel steps of each lane: a lane moves by
// d, which then grows by dd (64 times the per-pixel second difference).
typedef struct {
    __m256i ua, ub, va, vb;
    __m256i dua, dub, dva, dvb;
    __m256i ddu, ddv;
} walk8;

// One axis from pixels 0–3's positions p and first differences d (in lanes), and its second
// difference dd in every lane: pixels 4–7, and the eight-pixel steps.
AVX2 static inline void walk8_axis(__m256i p, __m256i d, __m256i dd, __m256i *pa, __m256i *pb, __m256i *da, __m256i *db,
                                   __m256i *ddd) {
    // Four pixels on: 4·d + 6·dd. Eight: 8·d + 28·dd = 2·(4·d + 6·dd) + 16·dd, and lane j + 4's
    // is lane j's plus 32·dd; each grows by 64·dd per eight pixels.
    __m256i four = _mm256_add_epi64(_mm256_slli_epi64(d, 2), _mm256_add_epi64(_mm256_slli_epi64(dd, 2), _mm256_slli_epi64(dd, 1)));
    *pa = p;
    *pb = _mm256_add_epi64(p, four);
    *da = _mm256_add_epi64(_mm256_slli_epi64(four, 1), _mm256_slli_epi64(dd, 4));
    *db = _mm256_add_epi64(*da, _mm256_slli_epi64(dd, 5));
    *ddd = _mm256_slli_epi64(dd, 6);
}

// Pixels 0–3 are stepped with u and v side by side, then split into the axes' lanes.
AVX2 static inline walk8 walk8_start(steps_t q) {
    __m128i p0 = _mm_loadu_si128((const __m128i *)&q.fu), d0 = _mm_loadu_si128((const __m128i *)&q.du);
    __m128i dd = _mm_loadu_si128((const __m128i *)&q.ddu);
    __m128i d1 = _mm_add_epi64(d0, dd), d2 = _mm_add_epi64(d1, dd), d3 = _mm_add_epi64(d2, dd);
    __m128i p1 = _mm_add_epi64(p0, d0), p2 = _mm_add_epi64(p1, d1), p3 = _mm_add_epi64(p2, d2);
    __m256i pu = _mm256_set_m128i(_mm_unpacklo_epi64(p2, p3), _mm_unpacklo_epi64(p0, p1));
    __m256i pv = _mm256_set_m128i(_mm_unpackhi_epi64(p2, p3), _mm_unpackhi_epi64(p0, p1));
    __m256i du = _mm256_set_m128i(_mm_unpacklo_epi64(d2, d3), _mm_unpacklo_epi64(d0, d1));
    __m256i dv = _mm256_set_m128i(_mm_unpackhi_epi64(d2, d3), _mm_unpackhi_epi64(d0, d1));
    __m256i ddu = _mm256_broadcastq_epi64(dd), ddv = _mm256_broadcastq_epi64(_mm_unpackhi_epi64(dd, dd));
    walk8 w;
    walk8_axis(pu, du, ddu, &w.ua, &w.ub, &w.dua, &w.dub, &w.ddu);
    walk8_axis(pv, dv, ddv, &w.va, &w.vb, &w.dva, &w.dvb, &w.ddv);
    return w;
}

AVX2 static inline void walk8_step(walk8 *w) {
    w->ua = _mm256_add_epi64(w->ua, w->dua); w->ub = _mm256_add_epi64(w->ub, w->dub);
    w->va = _mm256_add_epi64(w->va, w->dva); w->vb = _mm256_add_epi64(w->vb, w->dvb);
    w->dua = _mm256_add_epi64(w->dua, w->ddu); w->dub = _mm256_add_epi64(w->dub, w->ddu);
    w->dva = _mm256_add_epi64(w->dva, w->ddv); w->dvb = _mm256_add_epi64(w->dvb, w->ddv);
}

// The high (whole texels; they fit, positions stay within about 2.6·10⁸ texels) and the low
// (fraction) 32-bit halves of a and b's lanes, in the order 0 1 4 5 | 2 3 6 7.
AVX2 static inline __m256i highs(__m256i a, __m256i b) {
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0xDD));
}

AVX2 static inline __m256i lows(__m256i a, __m256i b) {
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0x88));
}

// 128·w in both 16-bit halves of each 32-bit lane, w being the lane's byte `byte` (0–3).
AVX2 static inline __m256i weights(__m256i v, int byte) {
    const __m256i base = _mm256_setr_epi8(-1, 0, -1, 0, -1, 4, -1, 4, -1, 8, -1, 8, -1, 12, -1, 12,
                                          -1, 0, -1, 0, -1, 4, -1, 4, -1, 8, -1, 8, -1, 12, -1, 12);
    const __m256i keep = _mm256_setr_epi8(-128, 0, -128, 0, -128, 0, -128, 0, -128, 0, -128, 0, -128, 0, -128, 0,
                                          -128, 0, -128, 0, -128, 0, -128, 0, -128, 0, -128, 0, -128, 0, -128, 0);
    __m256i pick = _mm256_or_si256(_mm256_add_epi8(base, _mm256_set1_epi8((char)byte)), keep);
    return _mm256_srli_epi16(_mm256_shuffle_epi8(v, pick), 1);
}

AVX2 static inline __m256i lerp(__m256i a, __m256i b, __m256i w) {
    return _mm256_add_epi16(a, _mm256_mulhrs_epi16(_mm256_sub_epi16(b, a), w));
}

AVX2 static inline __m256i evens(__m256i t) { return _mm256_and_si256(t, _mm256_set1_epi32(0x00FF00FF)); }
AVX2 static inline __m256i odds(__m256i t) { return _mm256_srli_epi16(t, 8); }

// A level's texels, copied out of the struct so that stores to the output (which could
// alias it, as far as the compiler knows) do not reload them.
typedef struct { const int *p; int stride, x0, y0, x1, y1; } texels8;

static inline texels8 texels8_of(const level_t *l) {
    texels8 t = { (const int *)l->pixels, (int)l->stride, (int)l->x0, (int)l->y0, (int)l->x1, (int)l->y1 };
    return t;
}

// How the texels of eight grid positions are fetched: clamped to the level's range, or, for a
// run whose footprints are all inside it, as they are (INTERIOR), leaving out the lanes past
// the run's end in its last, partial eight (INTERIOR_TAIL: those may lie outside).
enum { CLAMPED = 0, INTERIOR = 1, INTERIOR_TAIL = 2 };

// The lanes (in the order above) of the first n of eight pixels.
AVX2 static inline __m256i first_lanes(long n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7));
}

// The four texels of eight footprints that lie on one pair of rows, fetched by loads instead of
// four gathers (which cost several cycles each), when the footprints are
//   - one texel apart (an upright image drawn at its own size at a fractional offset, as a
//     moving layer's contents are): texels x0 … x0 + 8, two loads a row, put in the lanes'
//     order (0 1 4 5 | 2 3 6 7) by one permute each;
//   - or within eight texels of the first, x0 … x0 + 7 (an upright image drawn more than about
//     1.2 times larger, where eight pixels step at most six texels, so their right taps are in
//     the window too): one load a row and four permutes.
// The texels are the gathers' own, so the samples are the same. 0 (nothing written) otherwise.
AVX2 static inline __attribute__((always_inline)) int row_window(texels8 l, __m256i x, __m256i y, __m256i *tl, __m256i *tr,
                                                                 __m256i *bl, __m256i *br) {
    int x0 = _mm256_cvtsi256_si32(x), y0 = _mm256_cvtsi256_si32(y);
    if (x0 > l.x1 - 7) return 0;
    __m256i rel = _mm256_sub_epi32(x, _mm256_set1_epi32(x0)), all = _mm256_set1_epi32(-1);
    __m256i level = _mm256_cmpeq_epi32(y, _mm256_set1_epi32(y0));
    const int *top = l.p + (long)y0 * l.stride + x0;
    if (x0 <= l.x1 - 8 && _mm256_testc_si256(_mm256_and_si256(level, _mm256_cmpeq_epi32(rel, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7))), all)) {
        *tl = _mm256_permute4x64_epi64(_mm256_loadu_si256((const __m256i *)top), 0xD8);
        *tr = _mm256_permute4x64_epi64(_mm256_loadu_si256((const __m256i *)(top + 1)), 0xD8);
        *bl = _mm256_permute4x64_epi64(_mm256_loadu_si256((const __m256i *)(top + l.stride)), 0xD8);
        *br = _mm256_permute4x64_epi64(_mm256_loadu_si256((const __m256i *)(top + l.stride + 1)), 0xD8);
        return 1;
    }
    __m256i fits = _mm256_and_si256(level, _mm256_and_si256(_mm256_cmpgt_epi32(rel, _mm256_set1_epi32(-1)),
                                                            _mm256_cmpgt_epi32(_mm256_set1_epi32(7), rel)));
    if (!_mm256_testc_si256(fits, all)) return 0;
    __m256i t = _mm256_loadu_si256((const __m256i *)top), b = _mm256_loadu_si256((const __m256i *)(top + l.stride));
    __m256i right = _mm256_add_epi32(rel, _mm256_set1_epi32(1));
    *tl = _mm256_permutevar8x32_epi32(t, rel);
    *tr = _mm256_permutevar8x32_epi32(t, right);
    *bl = _mm256_permutevar8x32_epi32(b, rel);
    *br = _mm256_permutevar8x32_epi32(b, right);
    return 1;
}

// Bilinear samples at eight grid positions (whole parts x, y; weights 128·wu, 128·wv; all in
// the order above), as R B and G A lanes.
AVX2 static inline __attribute__((always_inline)) void bilinear8(texels8 l, __m256i x, __m256i y, __m256i wu, __m256i wv,
                                                                 int fetch, __m256i keep, __m256i *rb, __m256i *ga) {
    __m256i tl, tr, bl, br, stride = _mm256_set1_epi32(l.stride);
    if (fetch == INTERIOR && row_window(l, x, y, &tl, &tr, &bl, &br)) {
        // Fetched from two rows of eight texels (row_window).
    } else if (fetch == INTERIOR) {
        __m256i i = _mm256_add_epi32(_mm256_mullo_epi32(y, stride), x);
        tl = _mm256_i32gather_epi32(l.p, i, 4);
        tr = _mm256_i32gather_epi32(l.p + 1, i, 4);
        bl = _mm256_i32gather_epi32(l.p + l.stride, i, 4);
        br = _mm256_i32gather_epi32(l.p + l.stride + 1, i, 4);
    } else if (fetch == INTERIOR_TAIL) {
        __m256i i = _mm256_add_epi32(_mm256_mullo_epi32(y, stride), x), z = _mm256_setzero_si256();
        tl = _mm256_mask_i32gather_epi32(z, l.p, i, keep, 4);
        tr = _mm256_mask_i32gather_epi32(z, l.p + 1, i, keep, 4);
        bl = _mm256_mask_i32gather_epi32(z, l.p + l.stride, i, keep, 4);
        br = _mm256_mask_i32gather_epi32(z, l.p + l.stride + 1, i, keep, 4);
    } else {
        __m256i x0 = _mm256_set1_epi32(l.x0), x1 = _mm256_set1_epi32(l.x1);
        __m256i y0 = _mm256_set1_epi32(l.y0), y1 = _mm256_set1_epi32(l.y1), one = _mm256_set1_epi32(1);
        __m256i xl = _mm256_min_epi32(_mm256_max_epi32(x, x0), x1);
        __m256i xr = _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(x, one), x0), x1);
        __m256i top = _mm256_mullo_epi32(_mm256_min_epi32(_mm256_max_epi32(y, y0), y1), stride);
        __m256i bottom = _mm256_mullo_epi32(_mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(y, one), y0), y1), stride);
        tl = _mm256_i32gather_epi32(l.p, _mm256_add_epi32(top, xl), 4);
        tr = _mm256_i32gather_epi32(l.p, _mm256_add_epi32(top, xr), 4);
        bl = _mm256_i32gather_epi32(l.p, _mm256_add_epi32(bottom, xl), 4);
        br = _mm256_i32gather_epi32(l.p, _mm256_add_epi32(bottom, xr), 4);
    }
    *rb = lerp(lerp(evens(tl), evens(tr), wu), lerp(evens(bl), evens(br), wu), wv);
    *ga = lerp(lerp(odds(tl), odds(tr), wu), lerp(odds(bl), odds(br), wu), wv);
}

// At the grid positions of eight pixels.
AVX2 static inline __attribute__((always_inline)) void bilinear8_at(texels8 l, const walk8 *w, int fetch, __m256i keep,
                                                                    __m256i *rb, __m256i *ga) {
    bilinear8(l, highs(w->ua, w->ub), highs(w->va, w->vb), weights(lows(w->ua, w->ub), 3), weights(lows(w->va, w->vb), 3),
              fetch, keep, rb, ga);
}

// At the same positions on the next coarser grid: g − ½ texel, halved. The whole part needs
// an arithmetic shift (AVX2 has none for 64-bit lanes: it is taken on the high halves), the
// fraction only the low bits, for which a logical shift does.
AVX2 static inline __attribute__((always_inline)) void bilinear8_coarser(texels8 l, const walk8 *w, int fetch, __m256i keep,
                                                                         __m256i *rb, __m256i *ga) {
    __m256i half = _mm256_set1_epi64x((int64_t)1 << 31);
    __m256i gua = _mm256_sub_epi64(w->ua, half), gub = _mm256_sub_epi64(w->ub, half);
    __m256i gva = _mm256_sub_epi64(w->va, half), gvb = _mm256_sub_epi64(w->vb, half);
    bilinear8(l, _mm256_srai_epi32(highs(gua, gub), 1), _mm256_srai_epi32(highs(gva, gvb), 1),
              weights(lows(_mm256_srli_epi64(gua, 1), _mm256_srli_epi64(gub, 1)), 3),
              weights(lows(_mm256_srli_epi64(gva, 1), _mm256_srli_epi64(gvb, 1)), 3), fetch, keep, rb, ga);
}

// Whether the footprints at the `keep` lanes of eight grid positions (whole parts x, y) are
// all inside the level's range.
AVX2 static inline int inside8(texels8 l, __m256i x, __m256i y, __m256i keep) {
    __m256i in = _mm256_and_si256(_mm256_cmpgt_epi32(x, _mm256_set1_epi32(l.x0 - 1)), _mm256_cmpgt_epi32(_mm256_set1_epi32(l.x1), x));
    in = _mm256_and_si256(in, _mm256_and_si256(_mm256_cmpgt_epi32(y, _mm256_set1_epi32(l.y0 - 1)), _mm256_cmpgt_epi32(_mm256_set1_epi32(l.y1), y)));
    return _mm256_testc_si256(in, keep);
}

// The whole parts of positions a, b on the next coarser grid (as in bilinear8_coarser).
AVX2 static inline __m256i coarser_whole(__m256i a, __m256i b) {
    __m256i half = _mm256_set1_epi64x((int64_t)1 << 31);
    return _mm256_srai_epi32(highs(_mm256_sub_epi64(a, half), _mm256_sub_epi64(b, half)), 1);
}

// Eight pixels from R B and G A lanes, in order.
AVX2 static inline __m256i packed8(__m256i rb, __m256i ga) {
    return _mm256_permute4x64_epi64(_mm256_or_si256(rb, _mm256_slli_epi16(ga, 8)), 0xD8);
}

// Stores the first n (at most 8) pixels.
AVX2 static inline void store_first(uint32_t *out, long n, __m256i v) {
    if (n >= 8) {
        _mm256_storeu_si256((__m256i *)out, v);
    } else {
        __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        _mm256_maskstore_epi32((int *)out, keep, v);
    }
}

// Whether texel indices fit the gathers' 32-bit lanes: those of level 0 do, so every level's do
// (each level of a mip chain has at most its rows and its stride). The AVX2 path's condition;
// levels that do not fit take the SSE2 path.
static inline int indexable(const level_t *levels) {
    const level_t *l = &levels[0];
    return l->stride > 0 && l->stride < 0x40000000L && l->y1 >= 0 && l->y1 < 0x40000000L
        && (l->y1 + 2) * l->stride < 0x7FFFFFFFL && l->x1 < l->stride;
}

AVX2 static void avx2_bilinear(uint32_t *out, long n, const level_t *level, steps_t q) {
    texels8 l = texels8_of(level);
    walk8 w = walk8_start(q);
    long k = 0;
    __m256i rb, ga;
    __m256i all = _mm256_set1_epi32(-1);
    if (run_holds(level, q, n)) {
        for (; k + 8 <= n; k += 8) {
            bilinear8_at(l, &w, INTERIOR, all, &rb, &ga);
            _mm256_storeu_si256((__m256i *)(out + k), packed8(rb, ga));
            walk8_step(&w);
        }
        if (k < n) {
            bilinear8_at(l, &w, INTERIOR_TAIL, first_lanes(n - k), &rb, &ga);
            store_first(out + k, n - k, packed8(rb, ga));
        }
        return;
    }
    for (; k < n; k += 8) {
        __m256i keep = first_lanes(n - k);
        if (inside8(l, highs(w.ua, w.ub), highs(w.va, w.vb), keep)) bilinear8_at(l, &w, INTERIOR_TAIL, keep, &rb, &ga);
        else bilinear8_at(l, &w, CLAMPED, all, &rb, &ga);
        store_first(out + k, n - k, packed8(rb, ga));
        walk8_step(&w);
    }
}

AVX2 static inline __attribute__((always_inline)) __m256i trilinear8(texels8 lo, texels8 hi, const walk8 *w, __m256i lambda,
                                                                     int fetch, __m256i keep) {
    __m256i nrb, nga, frb, fga;
    bilinear8_at(lo, w, fetch, keep, &nrb, &nga);
    bilinear8_coarser(hi, w, fetch, keep, &frb, &fga);
    __m256i wl = weights(lambda, 2);
    return packed8(lerp(nrb, frb, wl), lerp(nga, fga, wl));
}

AVX2 static void avx2_trilinear(uint32_t *out, long n, const level_t *lo, const level_t *hi, steps_t q, int64_t lf, int64_t dl) {
    texels8 l0 = texels8_of(lo), l1 = texels8_of(hi);
    walk8 w = walk8_start(q);
    // λ needs only its low 32 bits (the weight is bits 16–23), which wrapping 32-bit steps keep.
    __m256i lambda = _mm256_add_epi32(_mm256_set1_epi32((int)lf),
                                      _mm256_mullo_epi32(_mm256_set1_epi32((int)dl), _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7)));
    __m256i lambda8 = _mm256_set1_epi32((int)(uint32_t)((uint64_t)dl * 8));
    long k = 0;
    __m256i all = _mm256_set1_epi32(-1);
    if (run_holds_both(lo, hi, q, n)) {
        for (; k + 8 <= n; k += 8) {
            _mm256_storeu_si256((__m256i *)(out + k), trilinear8(l0, l1, &w, lambda, INTERIOR, all));
            walk8_step(&w);
            lambda = _mm256_add_epi32(lambda, lambda8);
        }
        if (k < n) store_first(out + k, n - k, trilinear8(l0, l1, &w, lambda, INTERIOR_TAIL, first_lanes(n - k)));
        return;
    }
    // A run that reaches the range's edge: each eight clamped, unless its own footprints are
    // all inside on both levels (most of them: only the edge's are not).
    for (; k < n; k += 8) {
        __m256i keep = first_lanes(n - k);
        int fetch = inside8(l0, highs(w.ua, w.ub), highs(w.va, w.vb), keep)
                    && inside8(l1, coarser_whole(w.ua, w.ub), coarser_whole(w.va, w.vb), keep) ? INTERIOR_TAIL : CLAMPED;
        store_first(out + k, n - k, fetch == INTERIOR_TAIL ? trilinear8(l0, l1, &w, lambda, INTERIOR_TAIL, keep)
                                                           : trilinear8(l0, l1, &w, lambda, CLAMPED, all));
        walk8_step(&w);
        lambda = _mm256_add_epi32(lambda, lambda8);
    }
}
#endif

// ---------------------------------------------------------------------------------------
// Runs: the level (or pair of levels) each piece reads, then the path (2 AVX2, 1 SSE2, 0 C),
// which is a constant wherever these are inlined.

static inline __attribute__((always_inline)) void bilinear_on(int path, uint32_t *out, long n, const level_t *l, steps_t q) {
#if defined(__x86_64__)
    if (path == 2) { avx2_bilinear(out, n, l, q); return; }
    if (path == 1) { sse2_bilinear(out, n, l, q); return; }
#endif
    scalar_bilinear(out, n, l, q);
}

static inline __attribute__((always_inline)) void trilinear_on(int path, uint32_t *out, long n, const level_t *lo, const level_t *hi,
                                                               steps_t q, int64_t lf, int64_t dl) {
#if defined(__x86_64__)
    if (path == 2) { avx2_trilinear(out, n, lo, hi, q, lf, dl); return; }
    if (path == 1) { sse2_trilinear(out, n, lo, hi, q, lf, dl); return; }
#endif
    scalar_trilinear(out, n, lo, hi, q, lf, dl);
}

// Nearest texels along a run of level-0 positions.
static void nearest_run(uint32_t *out, long n, const level_t *l, steps_t q) {
    long s = 32 + l->shift;
    for (long k = 0; k < n; k++) {
        long ix = clamp((long)(q.fu >> s), l->x0, l->x1), iy = clamp((long)(q.fv >> s), l->y0, l->y1);
        out[k] = l->pixels[iy * l->stride + ix];
        step(&q);
    }
}

// The band of λ (8.24 fixed point): −1 for λ ≤ 0, its whole part below `top`, else `top`.
static inline long band(int64_t lf, long top) { return lf <= 0 ? -1 : lmin((long)(lf >> 24), top); }

// How many pixels from λ = lf on (stepping by `step`) stay in one band: λ ≤ 0 (band −1),
// k ≤ λ < k + 1 (0 < λ for band 0), λ ≥ top (band top). At least 1.
static inline long pixels_in_band(long b, int64_t lf, int64_t step, long top) {
    if (step > 0 && b < top) {
        int64_t outside = b < 0 ? 1 : (int64_t)(b + 1) << 24;
        return (long)((outside - lf + step - 1) / step);
    }
    if (step < 0 && b >= 0) {
        int64_t inside = b == 0 ? 1 : (int64_t)b << 24;
        return (long)((lf - inside) / -step) + 1;
    }
    return 0x7FFFFFFFFFFFFFFFL;
}

// Trilinear samples of a run of level-0 positions, cut where λ's whole part changes, so that
// each piece reads one pair of levels (or one level past either end of the chain).
static inline __attribute__((always_inline)) void trilinear_pieces(int path, uint32_t *out, long count, const level_t *levels, long top,
                                                                   steps_t steps, int64_t lambda, int64_t dl) {
    int64_t lf = lambda;
    long k = 0;
    while (k < count) {
        long b = band(lf, top);
        long m = b == band(wadd(lf, wmul(dl, count - 1 - k)), top) ? count - k : lmin(count - k, pixels_in_band(b, lf, dl, top));
        steps_t q = k ? advanced(steps, k) : steps;
        if (b < 0 || b == top) {
            const level_t *l = &levels[b < 0 ? 0 : top];
            bilinear_on(path, out + k, m, l, grid_steps(q, l->shift));
        } else {
            trilinear_on(path, out + k, m, &levels[b], &levels[b + 1], grid_steps(q, levels[b].shift), lf, dl);
        }
        lf = wadd(lf, wmul(dl, m));
        k += m;
    }
}

#if defined(__x86_64__)
// The AVX2 entries, flattened: the taps inline into them (they cannot inline into the
// untargeted helpers above, which are inlined here first).
AVX2 __attribute__((flatten)) static void avx2_bilinear_run(uint32_t *out, long n, const level_t *l, steps_t q) {
    bilinear_on(2, out, n, l, q);
}

AVX2 __attribute__((flatten)) static void avx2_trilinear_run(uint32_t *out, long n, const level_t *levels, long top, steps_t q,
                                                             int64_t lf, int64_t dl) {
    trilinear_pieces(2, out, n, levels, top, q, lf, dl);
}
#endif

void rk_bilinear_run(uint32_t *out, long count, const rk_sample_level *level, rk_quadratic_steps steps) {
    if (count <= 0) return;
    steps_t q = grid_steps(steps, level->shift);
    switch (vector_level()) {
#if defined(__x86_64__)
    case 2: if (indexable(level)) { avx2_bilinear_run(out, count, level, q); return; } /* fall through */
    case 1: bilinear_on(1, out, count, level, q); return;
#endif
    default: bilinear_on(0, out, count, level, q); return;
    }
}

void rk_trilinear_run(uint32_t *out, long count, const rk_sample_level *levels, long top,
                      rk_quadratic_steps steps, int64_t lambda, int64_t lambda_step) {
    switch (vector_level()) {
#if defined(__x86_64__)
    case 2: if (indexable(levels)) { avx2_trilinear_run(out, count, levels, top, steps, lambda, lambda_step); return; } /* fall through */
    case 1: trilinear_pieces(1, out, count, levels, top, steps, lambda, lambda_step); return;
#endif
    default: trilinear_pieces(0, out, count, levels, top, steps, lambda, lambda_step); return;
    }
}

// ---------------------------------------------------------------------------------------
// Perspective rows (what Raster's TextureSink did in Swift): the runs' setup, their pieces and
// the taps in one call per row. The arithmetic is the Swift code's, operation for operation
// (no fused multiply-adds: FP_CONTRACT is off for this file; min and max as Swift defines
// them, NaN included), so that every run, and so every sample, is the same.

static inline double swift_min(double x, double y) { return y < x ? y : x; }
static inline double swift_max(double x, double y) { return y >= x ? y : x; }

// A texel coordinate in 32.32 fixed point, clamped far outside any texture (NaN to the low end).
static inline int64_t fixed_point(double v) {
    double c = v > -1e6 ? swift_min(v, 1e6) : -1e6;
    return (int64_t)(c * 4294967296.0);
}

// log2 from the exponent and a linear mantissa (error < 0.09): plenty to pick mip levels, and
// no libm call. NaN and non-positive inputs give −∞ (level 0).
static inline double approximate_log2(double v) {
    if (!(v > 0)) return -__builtin_inf();
    if (!(v < __builtin_inf())) return __builtin_inf();
    uint64_t bits;
    __builtin_memcpy(&bits, &v, 8);
    long exponent = (long)((bits >> 52) & 0x7FF) - 1023;
    // (Converted as a signed integer, which it fits: the same value, without the unsigned
    // conversion's longer sequence.)
    double mantissa = (double)(int64_t)(bits & 0x000FFFFFFFFFFFFFull) * (1.0 / 4503599627370496.0);
    return (double)exponent + mantissa;
}

double rk_lambda(const rk_projective *m, double hx, double hy, double hw, double r) {
    double r2 = r * r;
    double dudx = (m->m11 * hw - hx * m->m13) * r2, dvdx = (m->m12 * hw - hy * m->m13) * r2;
    double dudy = (m->m21 * hw - hx * m->m23) * r2, dvdy = (m->m22 * hw - hy * m->m23) * r2;
    double rho2 = swift_max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy);
    return 0.5 * approximate_log2(rho2);
}

long rk_pixel_level(const rk_projective *m, double hx, double hy, double hw, double r, long top, uint32_t *weight) {
    double lambda = rk_lambda(m, hx, hy, hw, r);
    *weight = 0;
    if (!(lambda > 0)) return 0;
    if (lambda >= (double)top) return top;
    long k = (long)lambda;
    *weight = (uint32_t)((lambda - (double)k) * 256);
    return k;
}

typedef struct { double x, y, w; } homogeneous;
typedef double v2d __attribute__((vector_size(16)));

// 1/n for n a power of two (1…2⁶²), exactly: the exponent field of 2^−k.
static inline double power_of_two_reciprocal(long n) {
    uint64_t bits = (uint64_t)(1023 - __builtin_ctzl((unsigned long)n)) << 52;
    double r;
    __builtin_memcpy(&r, &bits, 8);
    return r;
}

// The homogeneous texture position of a pixel column's centre in the row.
static inline homogeneous at(const rk_projective *m, long col, double cy) {
    double cx = (double)col + 0.5;
    homogeneous h = { cx * m->m11 + cy * m->m21 + m->m31, cx * m->m12 + cy * m->m22 + m->m32, cx * m->m13 + cy * m->m23 + m->m33 };
    return h;
}

// A bilinear sample at a level-0 position.
static inline uint32_t sample_at(const level_t *l, int64_t fu, int64_t fv) { return sample(l, grid(fu, l->shift), grid(fv, l->shift)); }

// A run's setup: where it ends (the next run starts there), whether it is interpolated (else
// divided per pixel), and if so its steps and λ from its first column.
typedef struct {
    homogeneous he;
    double u1, v1, lam1;
    int interpolated;
    steps_t q;
    int64_t l0, dl;
} run_setup;

// The run of n pixels from column s, ending at he, whose start the previous run ended at
// (u, v) with λ lam.
static inline __attribute__((always_inline)) run_setup setup_run(const rk_projective *m, double cy, long s, long n, homogeneous he,
                                                                 double u, double v, double lam, long top, int trilinear) {
    run_setup r = { he, 0, 0, 0, 0, { 0, 0, 0, 0, 0, 0 }, 0, 0 };
    // The end's and the middle's reciprocals in one division (the middle's is used by runs
    // that are interpolated).
    homogeneous hm = at(m, s + n / 2, cy);
    v2d reciprocals = (v2d){ 1, 1 } / (v2d){ he.w, hm.w };
    double r1 = reciprocals[0];
    double u1 = he.x * r1, v1 = he.y * r1;
    r.u1 = u1; r.v1 = v1;
    r.lam1 = trilinear ? rk_lambda(m, he.x, he.y, he.w, r1) : 0;
    double far = swift_max(swift_max(swift_max(fabs_(u), fabs_(v)), fabs_(u1)), fabs_(v1));
    r.interpolated = n > 2 && far < 1e6;
    if (!r.interpolated) return r;
    // n is a power of two, so dividing by it is multiplying by its exact reciprocal: the same
    // correctly rounded value.
    double dn = (double)n, per = power_of_two_reciprocal(n);
    double rm = reciprocals[1];
    double um = hm.x * rm, vm = hm.y * rm;
    // f(t) = f(0) + b·t + q·t²; first difference b + q, second 2q.
    double sq = 2 * per * per;
    double qu = (u1 - 2 * um + u) * sq, qv = (v1 - 2 * vm + v) * sq;
    double bu = (u1 - u) * per - qu * dn, bv = (v1 - v) * per - qv * dn;
    steps_t q = { fixed_point(u), fixed_point(v), (int64_t)((bu + qu) * 4294967296.0), (int64_t)((bv + qv) * 4294967296.0),
                  (int64_t)(2 * qu * 4294967296.0), (int64_t)(2 * qv * 4294967296.0) };
    r.q = q;
    // λ from the run's start to its end, clamped just outside the level range (NaN to −1),
    // where the level choice no longer changes.
    double t = (double)top;
    double a = lam > -1 ? swift_min(lam, t + 1) : -1, b = r.lam1 > -1 ? swift_min(r.lam1, t + 1) : -1;
    r.l0 = (int64_t)(a * 16777216);
    r.dl = (int64_t)((b - a) * 16777216 * per);
    return r;
}

#if defined(__x86_64__)
// ---------------------------------------------------------------------------------------
// Four runs of 16 at once (AVX2, one run per 64-bit lane): the setup below, operation for
// operation in the same order, with the scalar semantics kept where the vector instructions
// differ: Swift's min(x, y) = y < x ? y : x is minpd(y, x); its max(x, y) = y ≥ x ? y : x
// is a compare and a blend (maxpd would return the other operand on NaN); integers convert
// exactly through the 2⁵² magic number. A run that the scalar code would halve, or whose
// values leave the fast conversions' range, ends the block: the scalar loop takes it.

typedef struct {
    steps_t q[4];
    int64_t l0[4], dl[4];
    double ex[4], ey[4], ew[4], u1[4], v1[4], lam1[4];
} run_block;

AVX2 static inline __m256d swift_min4(__m256d x, __m256d y) { return _mm256_min_pd(y, x); }

AVX2 static inline __m256d swift_max4(__m256d x, __m256d y) { return _mm256_blendv_pd(x, y, _mm256_cmp_pd(y, x, _CMP_GE_OQ)); }

AVX2 static inline __m256d abs4(__m256d x) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), x); }

// The lanes moved up by one, `first` in lane 0: each run's start is the previous run's end.
AVX2 static inline __m256d previous4(__m256d v, double first) {
    return _mm256_blend_pd(_mm256_permute4x64_pd(v, 0x90), _mm256_set1_pd(first), 0x1);
}

// A non-negative integer below 2⁵² (as int64 lanes) as a double, exactly.
AVX2 static inline __m256d exact_double4(__m256i i) {
    const __m256d magic = _mm256_set1_pd(4503599627370496.0);
    return _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(i, _mm256_castpd_si256(magic))), magic);
}

// Truncated towards zero, as int64 lanes, exactly for |x| < 2⁵¹ (checked by `in_range4`).
AVX2 static inline __m256i truncate4(__m256d x) {
    const __m256d magic = _mm256_set1_pd(6755399441055744.0);
    __m256d t = _mm256_round_pd(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    return _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(t, magic)), _mm256_castpd_si256(magic));
}

// Lanes where |x| < 2⁵¹ (false for NaN).
AVX2 static inline __m256d in_range4(__m256d x) { return _mm256_cmp_pd(abs4(x), _mm256_set1_pd(2251799813685248.0), _CMP_LT_OQ); }

AVX2 static inline __m256d lambda4(const rk_projective *m, __m256d hx, __m256d hy, __m256d hw, __m256d r) {
    __m256d r2 = _mm256_mul_pd(r, r);
    #define JACOBIAN(a, h, b) _mm256_mul_pd(_mm256_sub_pd(_mm256_mul_pd(_mm256_set1_pd(m->a), hw), _mm256_mul_pd(h, _mm256_set1_pd(m->b))), r2)
    __m256d dudx = JACOBIAN(m11, hx, m13), dvdx = JACOBIAN(m12, hy, m13), dudy = JACOBIAN(m21, hx, m23), dvdy = JACOBIAN(m22, hy, m23);
    #undef JACOBIAN
    __m256d rho2 = swift_max4(_mm256_add_pd(_mm256_mul_pd(dudx, dudx), _mm256_mul_pd(dvdx, dvdx)),
                              _mm256_add_pd(_mm256_mul_pd(dudy, dudy), _mm256_mul_pd(dvdy, dvdy)));
    // approximate_log2: the exponent and the mantissa's bits, each converted exactly.
    __m256i bits = _mm256_castpd_si256(rho2);
    __m256d exponent = _mm256_sub_pd(exact_double4(_mm256_and_si256(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(0x7FF))),
                                     _mm256_set1_pd(1023));
    __m256d mantissa = _mm256_mul_pd(exact_double4(_mm256_and_si256(bits, _mm256_set1_epi64x(0x000FFFFFFFFFFFFFLL))),
                                     _mm256_set1_pd(1.0 / 4503599627370496.0));
    __m256d log2 = _mm256_add_pd(exponent, mantissa);
    log2 = _mm256_blendv_pd(_mm256_set1_pd(__builtin_inf()), log2, _mm256_cmp_pd(rho2, _mm256_set1_pd(__builtin_inf()), _CMP_LT_OQ));
    log2 = _mm256_blendv_pd(_mm256_set1_pd(-__builtin_inf()), log2, _mm256_cmp_pd(rho2, _mm256_setzero_pd(), _CMP_GT_OQ));
    return _mm256_mul_pd(_mm256_set1_pd(0.5), log2);
}

// Sets up the runs of 16 from column s (a multiple of 16) on, `lanes` of them (1…4), the first
// starting where (hs, u, v, lam) ended the one before. Returns how many leading runs were set
// up as the scalar loop would (16 pixels, interpolated): 0 when the first is not.
AVX2 static inline long setup_runs4(const rk_projective *m, double cy, long s, long lanes, homogeneous hs, double u, double v,
                                    double lam, double k3, long top, int trilinear, run_block *b) {
    __m256d half = _mm256_set1_pd(0.5);
    __m128i offsets = _mm_setr_epi32(16, 32, 48, 64);
    __m256d ce = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32((int)s), offsets)), half);
    __m256d cm = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32((int)s - 8), offsets)), half);
    #define AT(c, a, b, k) _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(c, _mm256_set1_pd(m->a)), _mm256_set1_pd(cy * m->b)), _mm256_set1_pd(m->k))
    __m256d ex = AT(ce, m11, m21, m31), ey = AT(ce, m12, m22, m32), ew = AT(ce, m13, m23, m33);
    __m256d mx = AT(cm, m11, m21, m31), my = AT(cm, m12, m22, m32), mw = AT(cm, m13, m23, m33);
    #undef AT
    __m256d sw = previous4(ew, hs.w);
    // The scalar loop keeps n = 16 where both ends' w have one sign and the curvature is small.
    __m256d wmin = swift_min4(abs4(sw), abs4(ew)), w2 = _mm256_mul_pd(wmin, wmin);
    __m256d ok = _mm256_cmp_pd(_mm256_set1_pd((double)(16 * 16 * 16) * k3), _mm256_mul_pd(w2, w2), _CMP_LT_OQ);
    __m256d zero = _mm256_setzero_pd();
    ok = _mm256_andnot_pd(_mm256_xor_pd(_mm256_cmp_pd(sw, zero, _CMP_GT_OQ), _mm256_cmp_pd(ew, zero, _CMP_GT_OQ)), ok);
    __m256d one = _mm256_set1_pd(1);
    __m256d r1 = _mm256_div_pd(one, ew), rm = _mm256_div_pd(one, mw);
    __m256d u1 = _mm256_mul_pd(ex, r1), v1 = _mm256_mul_pd(ey, r1), um = _mm256_mul_pd(mx, rm), vm = _mm256_mul_pd(my, rm);
    __m256d lam1 = trilinear ? lambda4(m, ex, ey, ew, r1) : zero;
    __m256d u0 = previous4(u1, u), v0 = previous4(v1, v), lam0 = previous4(lam1, lam);
    __m256d far = swift_max4(swift_max4(swift_max4(abs4(u0), abs4(v0)), abs4(u1)), abs4(v1));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(far, _mm256_set1_pd(1e6), _CMP_LT_OQ));
    // The quadratic through the ends and the middle (dn = 16, per = 1/16, sq = 2/256).
    __m256d per = _mm256_set1_pd(1.0 / 16), dn = _mm256_set1_pd(16), sq = _mm256_set1_pd(2.0 / 256), two = _mm256_set1_pd(2);
    __m256d qu = _mm256_mul_pd(_mm256_add_pd(_mm256_sub_pd(u1, _mm256_mul_pd(two, um)), u0), sq);
    __m256d qv = _mm256_mul_pd(_mm256_add_pd(_mm256_sub_pd(v1, _mm256_mul_pd(two, vm)), v0), sq);
    __m256d bu = _mm256_sub_pd(_mm256_mul_pd(_mm256_sub_pd(u1, u0), per), _mm256_mul_pd(qu, dn));
    __m256d bv = _mm256_sub_pd(_mm256_mul_pd(_mm256_sub_pd(v1, v0), per), _mm256_mul_pd(qv, dn));
    __m256d scale = _mm256_set1_pd(4294967296.0);
    // fixed_point: clamped far outside any texture, NaN to the low end.
    __m256d low = _mm256_set1_pd(-1e6), high = _mm256_set1_pd(1e6);
    __m256d fu = _mm256_mul_pd(_mm256_blendv_pd(low, swift_min4(u0, high), _mm256_cmp_pd(u0, low, _CMP_GT_OQ)), scale);
    __m256d fv = _mm256_mul_pd(_mm256_blendv_pd(low, swift_min4(v0, high), _mm256_cmp_pd(v0, low, _CMP_GT_OQ)), scale);
    __m256d du = _mm256_mul_pd(_mm256_add_pd(bu, qu), scale), dv = _mm256_mul_pd(_mm256_add_pd(bv, qv), scale);
    __m256d ddu = _mm256_mul_pd(_mm256_mul_pd(two, qu), scale), ddv = _mm256_mul_pd(_mm256_mul_pd(two, qv), scale);
    // λ from the run's start to its end, clamped just outside the level range (NaN to −1).
    __m256d minus = _mm256_set1_pd(-1), t1 = _mm256_set1_pd((double)top + 1), lscale = _mm256_set1_pd(16777216);
    __m256d a = _mm256_blendv_pd(minus, swift_min4(lam0, t1), _mm256_cmp_pd(lam0, minus, _CMP_GT_OQ));
    __m256d bl = _mm256_blendv_pd(minus, swift_min4(lam1, t1), _mm256_cmp_pd(lam1, minus, _CMP_GT_OQ));
    __m256d l0 = _mm256_mul_pd(a, lscale), dl = _mm256_mul_pd(_mm256_mul_pd(_mm256_sub_pd(bl, a), lscale), per);
    __m256d fits = _mm256_and_pd(_mm256_and_pd(_mm256_and_pd(in_range4(fu), in_range4(fv)), _mm256_and_pd(in_range4(du), in_range4(dv))),
                                 _mm256_and_pd(_mm256_and_pd(in_range4(ddu), in_range4(ddv)), _mm256_and_pd(in_range4(l0), in_range4(dl))));
    ok = _mm256_and_pd(ok, fits);
    long good = __builtin_ctz(~(unsigned)_mm256_movemask_pd(ok) | 0x10u);
    if (good > lanes) good = lanes;
    if (good == 0) return 0;
    _mm256_storeu_si256((__m256i *)b->l0, truncate4(l0));
    _mm256_storeu_si256((__m256i *)b->dl, truncate4(dl));
    int64_t q[6][4];
    _mm256_storeu_si256((__m256i *)q[0], truncate4(fu)); _mm256_storeu_si256((__m256i *)q[1], truncate4(fv));
    _mm256_storeu_si256((__m256i *)q[2], truncate4(du)); _mm256_storeu_si256((__m256i *)q[3], truncate4(dv));
    _mm256_storeu_si256((__m256i *)q[4], truncate4(ddu)); _mm256_storeu_si256((__m256i *)q[5], truncate4(ddv));
    for (int i = 0; i < 4; i++) {
        steps_t r = { q[0][i], q[1][i], q[2][i], q[3][i], q[4][i], q[5][i] };
        b->q[i] = r;
    }
    _mm256_storeu_pd(b->ex, ex); _mm256_storeu_pd(b->ey, ey); _mm256_storeu_pd(b->ew, ew);
    _mm256_storeu_pd(b->u1, u1); _mm256_storeu_pd(b->v1, v1); _mm256_storeu_pd(b->lam1, lam1);
    return good;
}
#endif

// The samples of a run's pixels, from its steps and λ at the first of them.
static inline __attribute__((always_inline)) void sample_run(int path, uint32_t *o, long k, const level_t *levels, long top, int filter,
                                                             steps_t from, int64_t l0, int64_t dl) {
    switch (filter) {
    case RK_NEAREST: nearest_run(o, k, &levels[0], from); break;
    case RK_LINEAR: bilinear_on(path, o, k, &levels[0], grid_steps(from, levels[0].shift)); break;
    default: trilinear_pieces(path, o, k, levels, top, from, l0, dl); break;
    }
}

// Perspective sampling with two divisions per run of up to 16 pixels. Along a row
// u(t) = (P + a·t)/(W + c·t) (a = m11, c = m13; v likewise with m12), so
// |u‴| = 6c²·|a·W − P·c| / |W + c·t|⁴, and a·W − P·c is the same all along the row. The
// quadratic through the exact values at a run's ends and middle is off by at most
// max|u‴|·h³/(9√3) with h = n/2, that is n³·c²·|a·W − P·c| / (12√3·W*⁴) where W* is the
// smaller |W| at the ends: a run is as long as that stays within 1/256 texel, and is stepped
// by forward differences in 32.32 fixed point. The mip level's λ changes as log W does,
// slowly, and is interpolated linearly between the run's ends. Where W is the same along the
// row (c = 0), the mapping and λ are linear and runs are longer. Runs are aligned to their
// length in device x and computed from pixel columns alone, so that a pixel's sample does not
// depend on where the span around it starts (clips, occlusion and bands cut spans anywhere).
static inline __attribute__((always_inline)) void projective_row(int path, uint32_t *out, long x, long count, double cy,
                                                                 const rk_projective *m, const level_t *levels, long top, int filter) {
    double c = m->m13;
    homogeneous row = at(m, 0, cy);
    double slope = swift_max(fabs_(m->m11 * row.w - row.x * c), fabs_(m->m12 * row.w - row.y * c));
    // n³·k3 / W*⁴ ≤ 1/256, with 12√3 ≈ 20.78.
    double k3 = c * c * slope * (256 / 20.784609690826528);
    long longest = c == 0 ? 256 : 16;
    int trilinear = filter == RK_TRILINEAR;
    long end = x + count;
    // Powers of two, so aligning is masking (two's complement floors negative columns too).
    long s = x & ~(longest - 1);
    homogeneous hs = at(m, s, cy);
    double r0 = 1 / hs.w;
    double u = hs.x * r0, v = hs.y * r0;
    double lam = trilinear ? rk_lambda(m, hs.x, hs.y, hs.w, r0) : 0;
    while (s < end) {
#if defined(__x86_64__)
        if (path == 2 && longest == 16 && (s & 15) == 0 && s >= x && s > -0x40000000L && end < 0x40000000L) {
            run_block b;
            long runs = setup_runs4(m, cy, s, lmin(4, (end - s + 15) >> 4), hs, u, v, lam, k3, top, trilinear, &b);
#if DEBUG
            // Debug builds check every run of the block against the scalar setup, bit for bit.
            for (long i = 0; i < runs; i++) {
                homogeneous he = at(m, s + 16 * i + 16, cy);
                double wmin = swift_min(fabs_(hs.w), fabs_(he.w));
                run_setup r = setup_run(m, cy, s + 16 * i, 16, he, u, v, lam, top, trilinear);
                homogeneous h = { b.ex[i], b.ey[i], b.ew[i] };
                if (!((hs.w > 0) == (he.w > 0) && (double)(16 * 16 * 16) * k3 < (wmin * wmin) * (wmin * wmin)) || !r.interpolated
                    || __builtin_memcmp(&r.q, &b.q[i], sizeof r.q) || r.l0 != b.l0[i] || r.dl != b.dl[i]
                    || __builtin_memcmp(&r.he, &h, sizeof h) || __builtin_memcmp(&r.u1, &b.u1[i], 8)
                    || __builtin_memcmp(&r.v1, &b.v1[i], 8) || __builtin_memcmp(&r.lam1, &b.lam1[i], 8)) __builtin_trap();
                hs = he; u = r.u1; v = r.v1; lam = r.lam1;
            }
#endif
            if (runs) {
                for (long i = 0; i < runs; i++) {
                    long first = s + 16 * i;
                    sample_run(path, out + (first - x), lmin(first + 16, end) - first, levels, top, filter, b.q[i], b.l0[i], b.dl[i]);
                }
                homogeneous h = { b.ex[runs - 1], b.ey[runs - 1], b.ew[runs - 1] };
                s += 16 * runs; hs = h; u = b.u1[runs - 1]; v = b.v1[runs - 1]; lam = b.lam1[runs - 1];
                continue;
            }
        }
#endif
        long n = longest;
        while (s & (n - 1)) n >>= 1;
        homogeneous he = at(m, s + n, cy);
        while (n > 2) {
            double wmin = swift_min(fabs_(hs.w), fabs_(he.w));
            if ((hs.w > 0) == (he.w > 0) && (double)(n * n * n) * k3 < (wmin * wmin) * (wmin * wmin)) break;
            n >>= 1;
            he = at(m, s + n, cy);
        }
        run_setup r = setup_run(m, cy, s, n, he, u, v, lam, top, trilinear);
        // The part of this run inside the span (none for a short run before it).
        long first = lmax(s, x), last = lmin(s + n, end);
        if (last > first && r.interpolated) {
            long skip = first - s;
            sample_run(path, out + (first - x), last - first, levels, top, filter, advanced(r.q, skip), wadd(r.l0, wmul(r.dl, skip)), r.dl);
        } else {
            // Too curved to interpolate (or too far out): divide at every pixel.
            for (long col = first; col < last; col++) {
                homogeneous h = at(m, col, cy);
                double rk = 1 / h.w;
                int64_t fu = fixed_point(h.x * rk), fv = fixed_point(h.y * rk);
                uint32_t *o = out + (col - x);
                if (filter == RK_NEAREST) {
                    steps_t p = { fu, fv, 0, 0, 0, 0 };
                    nearest_run(o, 1, &levels[0], p);
                } else if (filter == RK_LINEAR) {
                    *o = sample_at(&levels[0], fu, fv);
                } else {
                    uint32_t w;
                    long lk = rk_pixel_level(m, h.x, h.y, h.w, rk, top, &w);
                    *o = w == 0 ? sample_at(&levels[lk], fu, fv)
                                : lerp_pixel(sample_at(&levels[lk], fu, fv), sample_at(&levels[lk + 1], fu, fv), w);
                }
            }
        }
        s += n; hs = he; u = r.u1; v = r.v1; lam = r.lam1;
    }
}

#if defined(__x86_64__)
AVX2 __attribute__((flatten)) static void avx2_projective_row(uint32_t *out, long x, long count, double cy, const rk_projective *m,
                                                              const level_t *levels, long top, int filter) {
    projective_row(2, out, x, count, cy, m, levels, top, filter);
}

static void sse2_projective_row(uint32_t *out, long x, long count, double cy, const rk_projective *m,
                                const level_t *levels, long top, int filter) {
    projective_row(1, out, x, count, cy, m, levels, top, filter);
}
#endif

static void scalar_projective_row(uint32_t *out, long x, long count, double cy, const rk_projective *m,
                                  const level_t *levels, long top, int filter) {
    projective_row(0, out, x, count, cy, m, levels, top, filter);
}

void rk_sample_projective_row(uint32_t *out, long x, long count, double cy, const rk_projective *m,
                              const rk_sample_level *levels, long top, int filter) {
    switch (vector_level()) {
#if defined(__x86_64__)
    case 2: if (indexable(levels)) { avx2_projective_row(out, x, count, cy, m, levels, top, filter); return; }
        /* fall through */
    case 1: sse2_projective_row(out, x, count, cy, m, levels, top, filter); return;
#endif
    default: scalar_projective_row(out, x, count, cy, m, levels, top, filter); return;
    }
}
