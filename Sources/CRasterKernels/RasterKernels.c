#include "RasterKernels.h"
#include "VectorLevel.h"
#include <math.h>

// ---------------------------------------------------------------------------------------
// Scalar reference: every vector path below gives exactly these bytes.

// x·a/255 rounded to nearest, exact for 8-bit x and a: ((t + (t >> 8)) >> 8) with
// t = x·a + 128, which also equals (t·257) >> 16 (the vector paths' multiply-high).
static inline uint32_t mul255(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 128;
    return (t + (t >> 8)) >> 8;
}

// Every channel of a premultiplied pixel times a/255, two channels per multiply.
static inline uint32_t scale_pixel(uint32_t p, uint32_t a) {
    uint32_t rb = (p & 0x00FF00FFu) * a + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * a + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

static inline uint32_t over(uint32_t d, uint32_t s) { return s + scale_pixel(d, 255 - (s >> 24)); }

static inline __attribute__((always_inline)) void scalar_source_over_row(uint32_t *dst, const uint32_t *src, long n) {
    for (long i = 0; i < n; i++) {
        uint32_t p = src[i];
        if (p >> 24 == 255) dst[i] = p; else if (p) dst[i] = over(dst[i], p);
    }
}

static inline __attribute__((always_inline)) void scalar_source_over_row_scaled(uint32_t *dst, const uint32_t *src, long n, uint32_t c) {
    for (long i = 0; i < n; i++) {
        uint32_t p = scale_pixel(src[i], c);
        if (p) dst[i] = over(dst[i], p);
    }
}

static inline __attribute__((always_inline)) void scalar_source_over_row_masked(uint32_t *dst, const uint32_t *src, long n, const uint8_t *cov) {
    for (long i = 0; i < n; i++) {
        uint32_t c = cov[i];
        if (!c) continue;
        uint32_t p = c == 255 ? src[i] : scale_pixel(src[i], c);
        if (p >> 24 == 255) dst[i] = p; else if (p) dst[i] = over(dst[i], p);
    }
}

static inline __attribute__((always_inline)) void scalar_source_over_constant(uint32_t *dst, long n, uint32_t s) {
    for (long i = 0; i < n; i++) dst[i] = over(dst[i], s);
}

static inline __attribute__((always_inline)) void scalar_source_over_masked(uint32_t *dst, long n, uint32_t s, const uint8_t *cov) {
    int opaque = s >> 24 == 255;
    for (long i = 0; i < n; i++) {
        uint32_t c = cov[i];
        if (c == 255 && opaque) dst[i] = s; else if (c) dst[i] = over(dst[i], c == 255 ? s : scale_pixel(s, c));
    }
}

static void scalar_source_over_masked_block(uint32_t *dst, long dstStride, long w, long h, uint32_t s,
                                            const uint8_t *cov, long covStride) {
    for (long y = 0; y < h; y++) scalar_source_over_masked(dst + y * dstStride, w, s, cov + y * covStride);
}

static inline __attribute__((always_inline)) void scalar_destination_over_masked(uint32_t *dst, long n, uint32_t s, const uint8_t *cov) {
    for (long i = 0; i < n; i++) {
        uint32_t c = cov[i];
        if (!c) continue;
        uint32_t d = dst[i];
        dst[i] = d + scale_pixel(c == 255 ? s : scale_pixel(s, c), 255 - (d >> 24));
    }
}

static inline __attribute__((always_inline)) void scalar_multiply_coverage(uint8_t *out, const uint8_t *a, const uint8_t *b, long n) {
    for (long i = 0; i < n; i++) out[i] = (uint8_t)mul255(a[i], b[i]);
}

static inline __attribute__((always_inline)) void scalar_fill(uint32_t *dst, long n, uint32_t value) {
    for (long i = 0; i < n; i++) dst[i] = value;
}

static inline __attribute__((always_inline)) void scalar_multiply_coverage_constant(uint8_t *out, const uint8_t *a, uint32_t c, long n) {
    for (long i = 0; i < n; i++) out[i] = (uint8_t)mul255(a[i], c);
}

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

// ---------------------------------------------------------------------------------------
// SSE2 (every x86-64): four pixels, widened to 16-bit lanes, two pixels per register.

static inline __m128i mul255_8(__m128i x, __m128i a) {
    return _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(x, a), _mm_set1_epi16(128)), _mm_set1_epi16(257));
}

// 255 − alpha of each pixel, over its four 16-bit lanes.
static inline __m128i inverse_alpha_8(__m128i x) {
    return _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xFF), 0xFF));
}

// s over d, both widened.
static inline __m128i over_8(__m128i s, __m128i d) {
    return _mm_add_epi16(s, mul255_8(d, inverse_alpha_8(s)));
}

// Four coverage bytes, each repeated over its pixel's four bytes.
static inline __m128i spread_4(uint32_t c) {
    __m128i v = _mm_cvtsi32_si128((int)c);
    v = _mm_unpacklo_epi8(v, v);
    return _mm_unpacklo_epi16(v, v);
}

static inline __m128i load4(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void store4(void *p, __m128i v) { _mm_storeu_si128((__m128i *)p, v); }
static inline uint32_t load_coverage4(const uint8_t *p) { uint32_t c; memcpy(&c, p, 4); return c; }

// s (4 pixels) times per-pixel coverage c4, then over d.
static inline __m128i over_coverage_4(__m128i s, uint32_t c4, __m128i d) {
    __m128i z = _mm_setzero_si128(), cb = spread_4(c4);
    __m128i slo = mul255_8(_mm_unpacklo_epi8(s, z), _mm_unpacklo_epi8(cb, z));
    __m128i shi = mul255_8(_mm_unpackhi_epi8(s, z), _mm_unpackhi_epi8(cb, z));
    return _mm_packus_epi16(over_8(slo, _mm_unpacklo_epi8(d, z)), over_8(shi, _mm_unpackhi_epi8(d, z)));
}

static inline __m128i over_4(__m128i s, __m128i d) {
    __m128i z = _mm_setzero_si128();
    return _mm_packus_epi16(over_8(_mm_unpacklo_epi8(s, z), _mm_unpacklo_epi8(d, z)),
                            over_8(_mm_unpackhi_epi8(s, z), _mm_unpackhi_epi8(d, z)));
}

static inline int all_opaque_4(__m128i s) {
    __m128i a = _mm_set1_epi32((int)0xFF000000u);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(s, a), a)) == 0xFFFF;
}

static inline int all_clear_4(__m128i s) {
    return _mm_movemask_epi8(_mm_cmpeq_epi8(s, _mm_setzero_si128())) == 0xFFFF;
}

static inline __attribute__((always_inline)) void sse2_source_over_row(uint32_t *dst, const uint32_t *src, long n) {
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i s = load4(src + i);
        if (all_opaque_4(s)) store4(dst + i, s);
        else if (!all_clear_4(s)) store4(dst + i, over_4(s, load4(dst + i)));
    }
    scalar_source_over_row(dst + i, src + i, n - i);
}

static inline __attribute__((always_inline)) void sse2_source_over_row_scaled(uint32_t *dst, const uint32_t *src, long n, uint32_t c) {
    long i = 0;
    __m128i z = _mm_setzero_si128(), f = _mm_set1_epi16((short)c);
    for (; i + 4 <= n; i += 4) {
        __m128i s = load4(src + i);
        if (all_clear_4(s)) continue;
        __m128i d = load4(dst + i);
        __m128i slo = mul255_8(_mm_unpacklo_epi8(s, z), f), shi = mul255_8(_mm_unpackhi_epi8(s, z), f);
        store4(dst + i, _mm_packus_epi16(over_8(slo, _mm_unpacklo_epi8(d, z)), over_8(shi, _mm_unpackhi_epi8(d, z))));
    }
    scalar_source_over_row_scaled(dst + i, src + i, n - i, c);
}

static inline __attribute__((always_inline)) void sse2_source_over_row_masked(uint32_t *dst, const uint32_t *src, long n, const uint8_t *cov) {
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t c4 = load_coverage4(cov + i);
        if (!c4) continue;
        __m128i s = load4(src + i);
        if (c4 == 0xFFFFFFFFu && all_opaque_4(s)) store4(dst + i, s);
        else if (!all_clear_4(s)) store4(dst + i, c4 == 0xFFFFFFFFu ? over_4(s, load4(dst + i)) : over_coverage_4(s, c4, load4(dst + i)));
    }
    scalar_source_over_row_masked(dst + i, src + i, n - i, cov + i);
}

static inline __attribute__((always_inline)) void sse2_source_over_constant(uint32_t *dst, long n, uint32_t s) {
    long i = 0;
    __m128i z = _mm_setzero_si128(), sv = _mm_unpacklo_epi8(_mm_set1_epi32((int)s), z), inv = inverse_alpha_8(sv);
    for (; i + 4 <= n; i += 4) {
        __m128i d = load4(dst + i);
        __m128i lo = _mm_add_epi16(sv, mul255_8(_mm_unpacklo_epi8(d, z), inv));
        __m128i hi = _mm_add_epi16(sv, mul255_8(_mm_unpackhi_epi8(d, z), inv));
        store4(dst + i, _mm_packus_epi16(lo, hi));
    }
    scalar_source_over_constant(dst + i, n - i, s);
}

static inline __attribute__((always_inline)) void sse2_source_over_masked(uint32_t *dst, long n, uint32_t s, const uint8_t *cov) {
    long i = 0;
    __m128i sv = _mm_set1_epi32((int)s);
    int opaque = s >> 24 == 255;
    for (; i + 4 <= n; i += 4) {
        uint32_t c4 = load_coverage4(cov + i);
        if (!c4) continue;
        if (c4 == 0xFFFFFFFFu && opaque) store4(dst + i, sv);
        else store4(dst + i, over_coverage_4(sv, c4, load4(dst + i)));
    }
    scalar_source_over_masked(dst + i, n - i, s, cov + i);
}

static void sse2_source_over_masked_block(uint32_t *dst, long dstStride, long w, long h, uint32_t s,
                                          const uint8_t *cov, long covStride) {
    for (long y = 0; y < h; y++) sse2_source_over_masked(dst + y * dstStride, w, s, cov + y * covStride);
}

static inline __attribute__((always_inline)) void sse2_destination_over_masked(uint32_t *dst, long n, uint32_t s, const uint8_t *cov) {
    long i = 0;
    __m128i z = _mm_setzero_si128(), sv = _mm_set1_epi32((int)s);
    for (; i + 4 <= n; i += 4) {
        uint32_t c4 = load_coverage4(cov + i);
        if (!c4) continue;
        __m128i cb = spread_4(c4), d = load4(dst + i);
        __m128i slo = mul255_8(_mm_unpacklo_epi8(sv, z), _mm_unpacklo_epi8(cb, z));
        __m128i shi = mul255_8(_mm_unpackhi_epi8(sv, z), _mm_unpackhi_epi8(cb, z));
        store4(dst + i, _mm_packus_epi16(over_8(_mm_unpacklo_epi8(d, z), slo), over_8(_mm_unpackhi_epi8(d, z), shi)));
    }
    scalar_destination_over_masked(dst + i, n - i, s, cov + i);
}

static inline __attribute__((always_inline)) void sse2_multiply_coverage(uint8_t *out, const uint8_t *a, const uint8_t *b, long n) {
    long i = 0;
    __m128i z = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        __m128i x = load4(a + i), y = load4(b + i);
        store4(out + i, _mm_packus_epi16(mul255_8(_mm_unpacklo_epi8(x, z), _mm_unpacklo_epi8(y, z)),
                                         mul255_8(_mm_unpackhi_epi8(x, z), _mm_unpackhi_epi8(y, z))));
    }
    scalar_multiply_coverage(out + i, a + i, b + i, n - i);
}

static inline __attribute__((always_inline)) void sse2_multiply_coverage_constant(uint8_t *out, const uint8_t *a, uint32_t c, long n) {
    long i = 0;
    __m128i z = _mm_setzero_si128(), f = _mm_set1_epi16((short)c);
    for (; i + 16 <= n; i += 16) {
        __m128i x = load4(a + i);
        store4(out + i, _mm_packus_epi16(mul255_8(_mm_unpacklo_epi8(x, z), f), mul255_8(_mm_unpackhi_epi8(x, z), f)));
    }
    scalar_multiply_coverage_constant(out + i, a + i, c, n - i);
}

// ---------------------------------------------------------------------------------------
// AVX2: eight pixels. Unpacking and packing work within each 128-bit half, so pixels
// 0, 1, 4, 5 go to the low registers and 2, 3, 6, 7 to the high ones, and packing puts
// them back in order.

AVX2 static inline __m256i mul255_16(__m256i x, __m256i a) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, a), _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

AVX2 static inline __m256i inverse_alpha_16(__m256i x) {
    return _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(x, 0xFF), 0xFF));
}

AVX2 static inline __m256i over_16(__m256i s, __m256i d) {
    return _mm256_add_epi16(s, mul255_16(d, inverse_alpha_16(s)));
}

// Eight coverage bytes, each repeated over its pixel's four bytes.
AVX2 static inline __m256i spread_8(const uint8_t *c) {
    __m256i v = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)c));
    const __m256i pick = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                          0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    return _mm256_shuffle_epi8(v, pick);
}

AVX2 static inline __m256i load8(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }
AVX2 static inline void store8(void *p, __m256i v) { _mm256_storeu_si256((__m256i *)p, v); }
static inline uint64_t load_coverage8(const uint8_t *p) { uint64_t c; memcpy(&c, p, 8); return c; }

AVX2 static inline __m256i over_8px(__m256i s, __m256i d) {
    __m256i z = _mm256_setzero_si256();
    return _mm256_packus_epi16(over_16(_mm256_unpacklo_epi8(s, z), _mm256_unpacklo_epi8(d, z)),
                               over_16(_mm256_unpackhi_epi8(s, z), _mm256_unpackhi_epi8(d, z)));
}

AVX2 static inline __m256i over_coverage_8px(__m256i s, const uint8_t *c, __m256i d) {
    __m256i z = _mm256_setzero_si256(), cb = spread_8(c);
    __m256i slo = mul255_16(_mm256_unpacklo_epi8(s, z), _mm256_unpacklo_epi8(cb, z));
    __m256i shi = mul255_16(_mm256_unpackhi_epi8(s, z), _mm256_unpackhi_epi8(cb, z));
    return _mm256_packus_epi16(over_16(slo, _mm256_unpacklo_epi8(d, z)), over_16(shi, _mm256_unpackhi_epi8(d, z)));
}

/// One colour (sv: s in every lane; sw: s widened to 16 bits; inv: 255 − its alpha, widened)
/// source-over eight pixels at the eight coverage bytes c8 (also readable at c). Fully covered
/// blocks skip the coverage multiply (x·255/255 = x exactly, see mul255); an opaque colour
/// just stores. The callers have already skipped blocks of no coverage.
AVX2 static inline __attribute__((always_inline)) void over_block_8px(uint32_t *dst, uint64_t c8, const uint8_t *c,
                                                                     __m256i sv, __m256i sw, __m256i inv, int opaque) {
    if (c8 == ~(uint64_t)0) {
        if (opaque) { store8(dst, sv); return; }
        __m256i z = _mm256_setzero_si256(), d = load8(dst);
        store8(dst, _mm256_packus_epi16(_mm256_add_epi16(sw, mul255_16(_mm256_unpacklo_epi8(d, z), inv)),
                                        _mm256_add_epi16(sw, mul255_16(_mm256_unpackhi_epi8(d, z), inv))));
    } else {
        store8(dst, over_coverage_8px(sv, c, load8(dst)));
    }
}

AVX2 static inline int all_opaque_8(__m256i s) {
    __m256i a = _mm256_set1_epi32((int)0xFF000000u);
    return _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(s, a), a)) == -1;
}

AVX2 static inline int all_clear_8(__m256i s) { return _mm256_testz_si256(s, s); }

AVX2 static void avx2_source_over_row(uint32_t *dst, const uint32_t *src, long n) {
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i s = load8(src + i);
        if (all_opaque_8(s)) store8(dst + i, s);
        else if (!all_clear_8(s)) store8(dst + i, over_8px(s, load8(dst + i)));
    }
    sse2_source_over_row(dst + i, src + i, n - i);
}

AVX2 static void avx2_source_over_row_scaled(uint32_t *dst, const uint32_t *src, long n, uint32_t c) {
    long i = 0;
    __m256i z = _mm256_setzero_si256(), f = _mm256_set1_epi16((short)c);
    for (; i + 8 <= n; i += 8) {
        __m256i s = load8(src + i);
        if (all_clear_8(s)) continue;
        __m256i d = load8(dst + i);
        __m256i slo = mul255_16(_mm256_unpacklo_epi8(s, z), f), shi = mul255_16(_mm256_unpackhi_epi8(s, z), f);
        store8(dst + i, _mm256_packus_epi16(over_16(slo, _mm256_unpacklo_epi8(d, z)), over_16(shi, _mm256_unpackhi_epi8(d, z))));
    }
    sse2_source_over_row_scaled(dst + i, src + i, n - i, c);
}

AVX2 static void avx2_source_over_row_masked(uint32_t *dst, const uint32_t *src, long n, const uint8_t *cov) {
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t c8 = load_coverage8(cov + i);
        if (!c8) continue;
        __m256i s = load8(src + i);
        if (c8 == ~(uint64_t)0 && all_opaque_8(s)) store8(dst + i, s);
        else if (!all_clear_8(s)) store8(dst + i, c8 == ~(uint64_t)0 ? over_8px(s, load8(dst + i)) : over_coverage_8px(s, cov + i, load8(dst + i)));
    }
    sse2_source_over_row_masked(dst + i, src + i, n - i, cov + i);
}

// sv: s widened to 16 bits in every pixel; inv: 255 − its alpha, widened (set up by the caller,
// which may do it once for many rows).
AVX2 static inline __attribute__((always_inline)) void avx2_source_over_constant_with(uint32_t *dst, long n, uint32_t s,
                                                                                    __m256i sv, __m256i inv) {
    long i = 0;
    __m256i z = _mm256_setzero_si256();
    for (; i + 8 <= n; i += 8) {
        __m256i d = load8(dst + i);
        __m256i lo = _mm256_add_epi16(sv, mul255_16(_mm256_unpacklo_epi8(d, z), inv));
        __m256i hi = _mm256_add_epi16(sv, mul255_16(_mm256_unpackhi_epi8(d, z), inv));
        store8(dst + i, _mm256_packus_epi16(lo, hi));
    }
    sse2_source_over_constant(dst + i, n - i, s);
}

AVX2 static void avx2_source_over_constant(uint32_t *dst, long n, uint32_t s) {
    __m256i sv = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)s), _mm256_setzero_si256());
    avx2_source_over_constant_with(dst, n, s, sv, inverse_alpha_16(sv));
}

// Lanes [0, n) of eight, for masked loads and stores of a row's last pixels.
AVX2 static inline __m256i first_lanes(long n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// Eight pixels a store down to the last one to seven, which are one masked store: spans are
// mostly short (a stroke's inside, one to three chunks of 8 across), and they had gone pixel by
// pixel below 32 (9.7 M of the 140 M instructions of a draw of the race's strokes at 2048²).
AVX2 static void avx2_fill(uint32_t *dst, long n, uint32_t value) {
    long i = 0;
    __m256i v = _mm256_set1_epi32((int)value);
    for (; i + 32 <= n; i += 32) {
        store8(dst + i, v); store8(dst + i + 8, v); store8(dst + i + 16, v); store8(dst + i + 24, v);
    }
    for (; i + 8 <= n; i += 8) store8(dst + i, v);
    if (i < n) _mm256_maskstore_epi32((int *)(dst + i), first_lanes(n - i), v);
}

AVX2 static inline __attribute__((always_inline)) void avx2_source_over_masked_row(uint32_t *dst, long n, uint32_t s, const uint8_t *cov) {
    long i = 0;
    __m256i sv = _mm256_set1_epi32((int)s);
    int opaque = s >> 24 == 255;
    // Fully covered blocks of a translucent colour skip the coverage multiply (x·255/255 = x
    // exactly, see mul255): s, widened, and 255 − its alpha are set up once.
    __m256i z = _mm256_setzero_si256(), sw = _mm256_unpacklo_epi8(sv, z), inv = inverse_alpha_16(sw);
    for (; i + 8 <= n; i += 8) {
        uint64_t c8 = load_coverage8(cov + i);
        if (c8) over_block_8px(dst + i, c8, cov + i, sv, sw, inv, opaque);
    }
    if (i < n) {
        // The last one to seven pixels in one masked step: small shapes' rows end in one.
        long k = n - i;
        uint64_t c8 = 0;
        if (n >= 8) {
            // The row's last eight bytes, shifted down to its last k (no read past the row).
            memcpy(&c8, cov + n - 8, 8);
            c8 >>= 8 * (8 - k);
        } else {
            for (long j = 0; j < k; j++) c8 |= (uint64_t)cov[i + j] << (8 * j);
        }
        if (!c8) return;
        __m256i mask = first_lanes(k);
        __m256i d = _mm256_maskload_epi32((const int *)(dst + i), mask);
        _mm256_maskstore_epi32((int *)(dst + i), mask, over_coverage_8px(sv, (const uint8_t *)&c8, d));
    }
}

AVX2 static void avx2_source_over_masked(uint32_t *dst, long n, uint32_t s, const uint8_t *cov) {
    avx2_source_over_masked_row(dst, n, s, cov);
}

AVX2 static void avx2_source_over_masked_block(uint32_t *dst, long dstStride, long w, long h, uint32_t s,
                                               const uint8_t *cov, long covStride) {
    for (long y = 0; y < h; y++) avx2_source_over_masked_row(dst + y * dstStride, w, s, cov + y * covStride);
}

AVX2 static void avx2_destination_over_masked(uint32_t *dst, long n, uint32_t s, const uint8_t *cov) {
    long i = 0;
    __m256i z = _mm256_setzero_si256(), sv = _mm256_set1_epi32((int)s);
    for (; i + 8 <= n; i += 8) {
        if (!load_coverage8(cov + i)) continue;
        __m256i cb = spread_8(cov + i), d = load8(dst + i);
        __m256i slo = mul255_16(_mm256_unpacklo_epi8(sv, z), _mm256_unpacklo_epi8(cb, z));
        __m256i shi = mul255_16(_mm256_unpackhi_epi8(sv, z), _mm256_unpackhi_epi8(cb, z));
        store8(dst + i, _mm256_packus_epi16(over_16(_mm256_unpacklo_epi8(d, z), slo), over_16(_mm256_unpackhi_epi8(d, z), shi)));
    }
    sse2_destination_over_masked(dst + i, n - i, s, cov + i);
}

AVX2 static void avx2_multiply_coverage(uint8_t *out, const uint8_t *a, const uint8_t *b, long n) {
    long i = 0;
    __m256i z = _mm256_setzero_si256();
    for (; i + 32 <= n; i += 32) {
        __m256i x = load8(a + i), y = load8(b + i);
        store8(out + i, _mm256_packus_epi16(mul255_16(_mm256_unpacklo_epi8(x, z), _mm256_unpacklo_epi8(y, z)),
                                            mul255_16(_mm256_unpackhi_epi8(x, z), _mm256_unpackhi_epi8(y, z))));
    }
    sse2_multiply_coverage(out + i, a + i, b + i, n - i);
}

AVX2 static void avx2_multiply_coverage_constant(uint8_t *out, const uint8_t *a, uint32_t c, long n) {
    long i = 0;
    __m256i z = _mm256_setzero_si256(), f = _mm256_set1_epi16((short)c);
    for (; i + 32 <= n; i += 32) {
        __m256i x = load8(a + i);
        store8(out + i, _mm256_packus_epi16(mul255_16(_mm256_unpacklo_epi8(x, z), f), mul255_16(_mm256_unpackhi_epi8(x, z), f)));
    }
    sse2_multiply_coverage_constant(out + i, a + i, c, n - i);
}


static inline __attribute__((always_inline)) void sse2_fill(uint32_t *dst, long n, uint32_t value) {
    long i = 0;
    __m128i v = _mm_set1_epi32((int)value);
    for (; i + 16 <= n; i += 16) {
        store4(dst + i, v); store4(dst + i + 4, v); store4(dst + i + 8, v); store4(dst + i + 12, v);
    }
    for (; i < n; i++) dst[i] = value;
}

#endif

void rk_prefetch_row(const uint32_t *row, long count) {
    const char *p = (const char *)row, *end = (const char *)(row + count);
    // Every line the row touches: from the start's line to the last pixel's.
    for (p -= (uintptr_t)p & 63; p < end; p += 64) __builtin_prefetch(p, 1, 3);
}


void rk_source_over_row(uint32_t *dst, const uint32_t *src, long count) { DISPATCH(source_over_row, dst, src, count) }
void rk_source_over_row_scaled(uint32_t *dst, const uint32_t *src, long count, uint32_t c) { DISPATCH(source_over_row_scaled, dst, src, count, c) }
void rk_source_over_row_masked(uint32_t *dst, const uint32_t *src, long count, const uint8_t *coverage) { DISPATCH(source_over_row_masked, dst, src, count, coverage) }
void rk_source_over_constant(uint32_t *dst, long count, uint32_t s) { DISPATCH(source_over_constant, dst, count, s) }
void rk_source_over_masked(uint32_t *dst, long count, uint32_t s, const uint8_t *coverage) { DISPATCH(source_over_masked, dst, count, s, coverage) }
void rk_source_over_masked_block(uint32_t *dst, long dstStride, long width, long height, uint32_t s,
                                 const uint8_t *coverage, long coverageStride) {
    DISPATCH(source_over_masked_block, dst, dstStride, width, height, s, coverage, coverageStride)
}
void rk_destination_over_masked(uint32_t *dst, long count, uint32_t s, const uint8_t *coverage) { DISPATCH(destination_over_masked, dst, count, s, coverage) }
void rk_multiply_coverage(uint8_t *out, const uint8_t *a, const uint8_t *b, long count) { DISPATCH(multiply_coverage, out, a, b, count) }
void rk_multiply_coverage_constant(uint8_t *out, const uint8_t *a, uint32_t c, long count) { DISPATCH(multiply_coverage_constant, out, a, c, count) }
void rk_fill(uint32_t *dst, long count, uint32_t value) { DISPATCH(fill, dst, count, value) }

// ---------------------------------------------------------------------------------------
// Rows of at least this many pixels (4 KB) have the next row's pixels asked for while a row is
// blended (sweep_rows_over, the rectangle kernel): a bitmap of such rows outgrows a core's
// 1 MB of L2 at 256 rows, so its rows are in no cache, while at 512² the lines are cached and
// asking cost small shapes 2–7 %.
#define PREFETCH_MIN_STRIDE 1024
// How far below the rectangle kernel asks for rows: the row just below was not asked for
// early enough (a rectangle's row is a few hundred bytes of blending, shorter than a trip to
// memory), and each row is a page apart, where the hardware's stream prefetcher stops. At
// 2048² the race's rectangles took 8.2–8.9 ms asking for the next row, 6.1 with 4 rows and
// 5.7 with 8 (alternating binaries).
#define PREFETCH_ROWS 8
// How far below the sweep asks for a span's or run's pixels: far enough to be early, near
// enough that the shape is still there (a stroke moves sideways from row to row). At 2048²,
// alternating binaries, against the row just below: stars 6.2–6.5 → 5.8–6.0 ms, circles
// 12.9–14.3 → 11.7–12.2, strokes 26.3–27.1 → 25.3–26.3 (3 rows ahead about the same; 6 lost
// strokes what it won circles).
#define PREFETCH_SHAPE_ROWS 4

// Asks for the cache lines of n pixels from p, to be written.
static inline __attribute__((always_inline)) void prefetch_pixels(const uint32_t *p, long n) {
    const char *a = (const char *)p, *end = (const char *)(p + n);
    for (a -= (uintptr_t)a & 63; a < end; a += 64) __builtin_prefetch(a, 1, 3);
}

// Rectangles (rk_source_over_rect): the ends of each row in scalar, the run between them
// with the widest path, its last partial vector through masked loads and stores.

static inline __attribute__((always_inline)) void rect_ends(uint32_t *row, long w, uint32_t first, uint32_t last) {
    if (first) row[0] = over(row[0], first);
    if (w > 1 && last) row[w - 1] = over(row[w - 1], last);
}

static void scalar_source_over_rect(uint32_t *dst, long stride, long w, long h, uint32_t first, uint32_t mid, uint32_t last) {
    for (long y = 0; y < h; y++) {
        uint32_t *row = dst + y * stride;
        rect_ends(row, w, first, last);
        if (w > 2 && mid) scalar_source_over_constant(row + 1, w - 2, mid);
    }
}

#if defined(__x86_64__)
static void sse2_source_over_rect(uint32_t *dst, long stride, long w, long h, uint32_t first, uint32_t mid, uint32_t last) {
    for (long y = 0; y < h; y++) {
        uint32_t *row = dst + y * stride;
        rect_ends(row, w, first, last);
        if (w > 2 && mid) sse2_source_over_constant(row + 1, w - 2, mid);
    }
}

// `ahead`: on a wide bitmap the next row is asked for while this one is blended (a constant
// in each of the entry's two instances, so that narrow bitmaps pay nothing for it).
AVX2 static inline __attribute__((always_inline)) void avx2_source_over_rect_rows(uint32_t *dst, long stride, long w, long h,
                                                                                 uint32_t first, uint32_t mid, uint32_t last,
                                                                                 const int ahead) {
    long n = w > 2 ? w - 2 : 0;
    __m256i z = _mm256_setzero_si256(), packed = _mm256_set1_epi32((int)mid);
    __m256i sv = _mm256_unpacklo_epi8(packed, z), inv = inverse_alpha_16(sv);
    __m256i tail = first_lanes(n & 7);
    int opaque = mid >> 24 == 255;
    for (long y = 0; y < h; y++) {
        uint32_t *row = dst + y * stride;
        if (ahead) {
            // The rows PREFETCH_ROWS below (all of them up to there on the first row).
            if (y == 0) for (long k = 1; k < PREFETCH_ROWS && k < h; k++) prefetch_pixels(row + k * stride, w);
            if (y + PREFETCH_ROWS < h) prefetch_pixels(row + PREFETCH_ROWS * stride, w);
        }
        rect_ends(row, w, first, last);
        if (!n || !mid) continue;
        uint32_t *p = row + 1;
        long i = 0;
        if (opaque) {
            for (; i + 8 <= n; i += 8) store8(p + i, packed);
            if (i < n) _mm256_maskstore_epi32((int *)(p + i), tail, packed);
            continue;
        }
        for (; i + 8 <= n; i += 8) {
            __m256i d = load8(p + i);
            __m256i lo = _mm256_add_epi16(sv, mul255_16(_mm256_unpacklo_epi8(d, z), inv));
            __m256i hi = _mm256_add_epi16(sv, mul255_16(_mm256_unpackhi_epi8(d, z), inv));
            store8(p + i, _mm256_packus_epi16(lo, hi));
        }
        if (i < n) {
            __m256i d = _mm256_maskload_epi32((const int *)(p + i), tail);
            __m256i lo = _mm256_add_epi16(sv, mul255_16(_mm256_unpacklo_epi8(d, z), inv));
            __m256i hi = _mm256_add_epi16(sv, mul255_16(_mm256_unpackhi_epi8(d, z), inv));
            _mm256_maskstore_epi32((int *)(p + i), tail, _mm256_packus_epi16(lo, hi));
        }
    }
}

AVX2 static void avx2_source_over_rect(uint32_t *dst, long stride, long w, long h, uint32_t first, uint32_t mid, uint32_t last) {
    if (stride >= PREFETCH_MIN_STRIDE) avx2_source_over_rect_rows(dst, stride, w, h, first, mid, last, 1);
    else avx2_source_over_rect_rows(dst, stride, w, h, first, mid, last, 0);
}
#endif

void rk_source_over_rect(uint32_t *dst, long stride, long width, long height, uint32_t first, uint32_t mid, uint32_t last) {
    if (width <= 0 || height <= 0) return;
    DISPATCH(source_over_rect, dst, stride, width, height, first, mid, last)
}

// ---------------------------------------------------------------------------------------
// The sweep's running sum and coverage conversion (see the header). The sums of a block of
// eight cells are added as a tree (the order below), at every vector level: in order they were
// a chain of eight dependent adds per block, the sweep's critical path (about a sixth of a
// small filled shape's time). No contraction into fused multiply-adds, so every level gives the
// same bytes.

#pragma clang fp contract(off)

static inline uint8_t coverage_nonzero(float v) {
    float t = fabsf(v);
    t = 1.0f < t ? 1.0f : t;
    return (uint8_t)(t * 255.0f + 0.5f);
}

// The running sums of eight cells from acc, in the AVX2 path's order: prefix sums within each
// half of four by two shifted adds ((c1 + c2) + c0, (c2 + c3) + (c0 + c1)), the first half's
// total added to the second half, then acc added to all eight.
static inline void block_sums8(const float *c, float acc, float *out) {
    float p0 = c[0], p1 = c[0] + c[1], p2 = (c[1] + c[2]) + c[0], p3 = (c[2] + c[3]) + (c[0] + c[1]);
    float q4 = c[4], q5 = c[4] + c[5], q6 = (c[5] + c[6]) + c[4], q7 = (c[6] + c[7]) + (c[4] + c[5]);
    out[0] = p0 + acc; out[1] = p1 + acc; out[2] = p2 + acc; out[3] = p3 + acc;
    out[4] = (q4 + p3) + acc; out[5] = (q5 + p3) + acc; out[6] = (q6 + p3) + acc; out[7] = (q7 + p3) + acc;
}

static uint8_t scalar_sweep_nonzero(float *line, uint8_t *out, long n, float *sum) {
    float s = *sum, t[8];
    uint8_t any = 0;
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        block_sums8(line + i, s, t);
        for (int j = 0; j < 8; j++) {
            line[i + j] = 0;
            uint8_t c = coverage_nonzero(t[j]);
            out[i + j] = c;
            any |= c;
        }
        s = t[7];
    }
    for (; i < n; i++) {
        s += line[i];
        line[i] = 0;
        uint8_t c = coverage_nonzero(s);
        out[i] = c;
        any |= c;
    }
    *sum = s;
    return any;
}

#if defined(__x86_64__)
// The running sums of eight cells from the broadcast running sum *acc on, in block_sums8's
// order, the cells set back to 0; *acc becomes the last sum, broadcast. The adds within the
// block do not wait for *acc, so the chain from block to block is one add and one permute.
// Eight cells of +0 leave the sum as it is (x + 0 = x): right of an edge inside a touched
// chunk, that is most blocks.
AVX2 static inline __m256 sums8(float *cells, __m256 *acc) {
    __m256 v = _mm256_loadu_ps(cells);
    if (_mm256_testz_si256(_mm256_castps_si256(v), _mm256_castps_si256(v))) return *acc;
    _mm256_storeu_ps(cells, _mm256_setzero_ps());
    // Within each half: v + (v shifted one lane up), then + (that shifted two lanes up).
    v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 4)));
    v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 8)));
    // The first half's total (lane 3) into every lane of the second half.
    __m256 low = _mm256_permute_ps(v, 0xFF);
    v = _mm256_add_ps(v, _mm256_permute2f128_ps(low, low, 0x08));
    v = _mm256_add_ps(v, *acc);
    *acc = _mm256_permutevar8x32_ps(v, _mm256_set1_epi32(7));
    return v;
}

// Eight sums to eight coverage values (0 ... 255, one a 32-bit lane), as coverage_nonzero
// computes each.
AVX2 static inline __m256i coverage8_lanes(__m256 sums) {
    __m256 one = _mm256_set1_ps(1.0f);
    __m256 v = _mm256_and_ps(sums, _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF)));
    // min(v, 1) as the rule writes it: 1 where 1 < v.
    v = _mm256_blendv_ps(v, one, _mm256_cmp_ps(one, v, _CMP_LT_OQ));
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f)));
}

// Eight sums to eight coverage bytes.
AVX2 static inline uint64_t coverage8(__m256 sums) {
    __m256i c = coverage8_lanes(sums);
    __m128i w = _mm_packus_epi32(_mm256_castsi256_si128(c), _mm256_extracti128_si256(c, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(w, w));
}

AVX2 static uint8_t avx2_sweep_nonzero(float *line, uint8_t *out, long n, float *sum) {
    __m256 acc = _mm256_set1_ps(*sum);
    uint64_t any = 0;
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t c8 = coverage8(sums8(line + i, &acc));
        memcpy(out + i, &c8, 8);
        any |= c8;
    }
    *sum = _mm256_cvtss_f32(acc);
    any |= any >> 32; any |= any >> 16; any |= any >> 8;
    return (uint8_t)any | scalar_sweep_nonzero(line + i, out + i, n - i, sum);
}
#endif

uint8_t rk_sweep_nonzero(float *line, uint8_t *out, long count, float *sum) {
#if defined(__x86_64__)
    if (vector_level() >= 2) return avx2_sweep_nonzero(line, out, count, sum);
#endif
    return scalar_sweep_nonzero(line, out, count, sum);
}

// ---------------------------------------------------------------------------------------
// The non-zero sweep fused with a source-over blend of one colour (see the header): the
// running sum in the same order as rk_sweep_nonzero, each coverage byte blended as
// rk_source_over_masked blends it, so the bytes are those of the two calls in a row.

static inline void blend_one(uint32_t *d, uint32_t s, uint32_t c, int opaque) {
    if (c == 255 && opaque) *d = s; else if (c) *d = over(*d, c == 255 ? s : scale_pixel(s, c));
}

static void scalar_sweep_nonzero_over(float *line, uint32_t *dst, long n, float *sum, uint32_t s) {
    float acc = *sum, t[8];
    int opaque = s >> 24 == 255;
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        block_sums8(line + i, acc, t);
        for (int j = 0; j < 8; j++) {
            line[i + j] = 0;
            blend_one(dst + i + j, s, coverage_nonzero(t[j]), opaque);
        }
        acc = t[7];
    }
    for (; i < n; i++) {
        acc += line[i];
        line[i] = 0;
        blend_one(dst + i, s, coverage_nonzero(acc), opaque);
    }
    *sum = acc;
}

#if defined(__x86_64__)
// One colour set up for blending: s in every lane, widened to 16 bits, 255 − its alpha widened.
typedef struct { __m256i sv, sw, inv; int opaque; } avx2_colour;

AVX2 static inline avx2_colour avx2_colour_of(uint32_t s) {
    avx2_colour k;
    k.sv = _mm256_set1_epi32((int)s);
    k.sw = _mm256_unpacklo_epi8(k.sv, _mm256_setzero_si256());
    k.inv = inverse_alpha_16(k.sw);
    k.opaque = s >> 24 == 255;
    return k;
}

// over_block_8px with the coverage still in its eight 32-bit lanes (coverage8_lanes), as the
// fused sweep has it: no trip through a general register and memory to bytes and back, each
// pixel's coverage moved straight into the 16-bit lanes of its channels. For an opaque colour
// the coverage's complement is the inverse alpha (s scaled by c has alpha mul255(255, c) = c
// exactly), one subtraction instead of two shuffles and one: the same bytes as over_block_8px.
AVX2 static inline __attribute__((always_inline)) void over_block_lanes(uint32_t *dst, __m256i c, const avx2_colour *k) {
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(c, _mm256_set1_epi32(255))) == -1) {
        over_block_8px(dst, ~(uint64_t)0, NULL, k->sv, k->sw, k->inv, k->opaque);
        return;
    }
    // Within each 128-bit half, unpacking d gives pixels 0, 1 (low) and 2, 3 (high) of the half.
    const __m256i low = _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1,
                                         0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1);
    const __m256i high = _mm256_setr_epi8(8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1,
                                          8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1);
    __m256i clo = _mm256_shuffle_epi8(c, low), chi = _mm256_shuffle_epi8(c, high);
    __m256i z = _mm256_setzero_si256(), d = load8(dst);
    __m256i slo = mul255_16(k->sw, clo), shi = mul255_16(k->sw, chi);
    __m256i dlo = _mm256_unpacklo_epi8(d, z), dhi = _mm256_unpackhi_epi8(d, z);
    if (k->opaque) {
        const __m256i full = _mm256_set1_epi16(255);
        store8(dst, _mm256_packus_epi16(_mm256_add_epi16(slo, mul255_16(dlo, _mm256_sub_epi16(full, clo))),
                                        _mm256_add_epi16(shi, mul255_16(dhi, _mm256_sub_epi16(full, chi)))));
    } else {
        store8(dst, _mm256_packus_epi16(over_16(slo, dlo), over_16(shi, dhi)));
    }
}

AVX2 static inline __attribute__((always_inline)) void avx2_sweep_run_over(float *line, uint32_t *dst, long n, float *sum,
                                                                          const avx2_colour *k) {
    __m256 accv = _mm256_set1_ps(*sum);
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i c = coverage8_lanes(sums8(line + i, &accv));
        if (!_mm256_testz_si256(c, c)) over_block_lanes(dst + i, c, k);
    }
    float acc = _mm256_cvtss_f32(accv);
    if (i < n) {
        // The last one to seven cells: their sums in scalar, one masked blend.
        long m = n - i;
        float t[8] = {0};
        for (long j = 0; j < m; j++) { acc += line[i + j]; line[i + j] = 0; t[j] = acc; }
        uint64_t c8 = coverage8(_mm256_loadu_ps(t)) & (~(uint64_t)0 >> (8 * (8 - m)));
        if (c8) {
            __m256i mask = first_lanes(m);
            __m256i d = _mm256_maskload_epi32((const int *)(dst + i), mask);
            _mm256_maskstore_epi32((int *)(dst + i), mask, over_coverage_8px(k->sv, (const uint8_t *)&c8, d));
        }
    }
    *sum = acc;
}

AVX2 static void avx2_sweep_nonzero_over(float *line, uint32_t *dst, long n, float *sum, uint32_t s) {
    avx2_colour k = avx2_colour_of(s);
    avx2_sweep_run_over(line, dst, n, sum, &k);
}
#endif

void rk_sweep_nonzero_over(float *line, uint32_t *dst, long count, float *sum, uint32_t s) {
#if defined(__x86_64__)
    if (vector_level() >= 2) { avx2_sweep_nonzero_over(line, dst, count, sum, s); return; }
#endif
    scalar_sweep_nonzero_over(line, dst, count, sum, s);
}

// ---------------------------------------------------------------------------------------
// Whole rows of the fused sweep (see the header): the runs and spans that a caller would hand
// over one call at a time, walked here so that a small shape's short runs pay neither a call
// nor the colour's set-up each (about 140 instructions a run, measured on the drawing race's
// circles, whose rows are two runs of one or two chunks).

// The first chunk at or after k (< chunks) whose touched bit is `set`, or `chunks` if none.
// Bits may be set past the last chunk (cells at x = width).
static inline long next_chunk(const uint64_t *words, long words_per_row, long chunks, long k, int set) {
    long i = k >> 6;
    uint64_t flip = set ? 0 : ~(uint64_t)0;
    uint64_t w = (words[i] ^ flip) & (~(uint64_t)0 << (k & 63));
    while (w == 0) {
        if (++i >= words_per_row) return chunks;
        w = words[i] ^ flip;
    }
    long c = (i << 6) + __builtin_ctzll(w);
    return c < chunks ? c : chunks;
}

typedef void (*sweep_run_fn)(float *line, uint32_t *dst, long n, float *sum, const void *colour);
typedef void (*fill_fn)(uint32_t *dst, long n, uint32_t value);
// A span of n pixels of coverage c (1 ... 255) of the colour s.
typedef void (*sweep_span_fn)(uint32_t *dst, long n, uint32_t c, uint32_t s, const void *colour);

// The row walk, inlined into each level's entry with that level's run and span (and, for rows
// of one word of touched bits, the most common case, with that word count a constant).
static inline __attribute__((always_inline)) void sweep_rows_over(float *line, long stride, const uint64_t *touched,
                                                                  long words_per_row, long width, long rows,
                                                                  uint32_t *dst, long dst_stride, uint32_t s,
                                                                  sweep_run_fn run, sweep_span_fn span,
                                                                  const void *colour, const int ahead) {
    const long chunks = (width + 7) >> 3;
    for (long r = 0; r < rows; r++, line += stride, touched += words_per_row, dst += dst_stride) {
        // On a wide bitmap, each span and run blended here asks for the same pixels
        // PREFETCH_SHAPE_ROWS rows below (shapes go on from row to row): a large shape on a
        // large bitmap (2048² is 16 MB) blends rows whose lines are in no cache, and its loads
        // waited on memory (perf put 40 % of the race's circles at 2048² on the instruction
        // after one). (`ahead`: rows of PREFETCH_MIN_STRIDE or more; a constant in each entry's
        // instances, so that narrow bitmaps pay nothing for it.)
        const long below = ahead && r + PREFETCH_SHAPE_ROWS < rows ? PREFETCH_SHAPE_ROWS * dst_stride : 0;
        float sum = 0;
        long k = 0;
        while (k < chunks) {
            long start = next_chunk(touched, words_per_row, chunks, k, 1);
            if (start > k) {
                // Untouched chunks between edges: one span of the winding left of them.
                uint32_t c = coverage_nonzero(sum);
                if (c) {
                    long n = (start << 3 < width ? start << 3 : width) - (k << 3);
                    if (below) prefetch_pixels(dst + below + (k << 3), n);
                    span(dst + (k << 3), n, c, s, colour);
                }
            }
            if (start >= chunks) break;
            k = start + 1 < chunks ? next_chunk(touched, words_per_row, chunks, start + 1, 0) : chunks;
            long x0 = start << 3, x1 = k << 3 < width ? k << 3 : width;
            if (below) prefetch_pixels(dst + below + x0, x1 - x0);
            run(line + x0, dst + x0, x1 - x0, &sum, colour);
        }
        // Cells right of the region take the ends of edges at x = width.
        line[width] = 0; line[width + 1] = 0;
    }
}

// s scaled by c (unscaled at 255), filled where that is opaque, else blended.
static inline __attribute__((always_inline)) void span_over(uint32_t *dst, long n, uint32_t c, uint32_t s,
                                                            fill_fn fill, fill_fn blend) {
    uint32_t sc = c == 255 ? s : scale_pixel(s, c);
    if (sc >> 24 == 255) fill(dst, n, sc);
    else if (sc) blend(dst, n, sc);
}

static void scalar_run_over(float *line, uint32_t *dst, long n, float *sum, const void *colour) {
    scalar_sweep_nonzero_over(line, dst, n, sum, *(const uint32_t *)colour);
}

static void scalar_span_over(uint32_t *dst, long n, uint32_t c, uint32_t s, const void *colour) {
    (void)colour;
    span_over(dst, n, c, s, rk_fill, rk_source_over_constant);
}

#if defined(__x86_64__)
AVX2 static inline __attribute__((always_inline)) void avx2_run_over(float *line, uint32_t *dst, long n, float *sum,
                                                                    const void *colour) {
    avx2_sweep_run_over(line, dst, n, sum, (const avx2_colour *)colour);
}

AVX2 static inline __attribute__((always_inline)) void avx2_span_over(uint32_t *dst, long n, uint32_t c, uint32_t s,
                                                                     const void *colour) {
    const avx2_colour *k = colour;
    // Full coverage of a translucent colour (a shape's inside): the colour's vectors are
    // already set up, with the bytes of avx2_source_over_constant.
    if (c == 255 && !k->opaque) avx2_source_over_constant_with(dst, n, s, k->sw, k->inv);
    else span_over(dst, n, c, s, avx2_fill, avx2_source_over_constant);
}

AVX2 static void avx2_sweep_rows_nonzero_over(float *line, long stride, const uint64_t *touched, long words_per_row,
                                              long width, long rows, uint32_t *dst, long dst_stride, uint32_t s) {
    avx2_colour k = avx2_colour_of(s);
    const int wide = dst_stride >= PREFETCH_MIN_STRIDE;
    if (words_per_row == 1 && !wide)
        sweep_rows_over(line, stride, touched, 1, width, rows, dst, dst_stride, s, avx2_run_over, avx2_span_over, &k, 0);
    else if (words_per_row == 1)
        sweep_rows_over(line, stride, touched, 1, width, rows, dst, dst_stride, s, avx2_run_over, avx2_span_over, &k, 1);
    else
        sweep_rows_over(line, stride, touched, words_per_row, width, rows, dst, dst_stride, s, avx2_run_over,
                        avx2_span_over, &k, wide);
}
#endif

void rk_sweep_rows_nonzero_over(float *line, long stride, const uint64_t *touched, long words_per_row, long width,
                                long rows, uint32_t *dst, long dst_stride, uint32_t s) {
#if defined(__x86_64__)
    if (vector_level() >= 2) {
        avx2_sweep_rows_nonzero_over(line, stride, touched, words_per_row, width, rows, dst, dst_stride, s);
        return;
    }
#endif
    sweep_rows_over(line, stride, touched, words_per_row, width, rows, dst, dst_stride, s,
                    scalar_run_over, scalar_span_over, &s, dst_stride >= PREFETCH_MIN_STRIDE);
}
