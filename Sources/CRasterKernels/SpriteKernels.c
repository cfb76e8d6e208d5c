#include "SpriteKernels.h"
#include "VectorLevel.h"

// ---------------------------------------------------------------------------------------
// Scalar reference: the AVX2 path gives exactly these bytes.

// x·a/255 rounded to nearest, exact for 8-bit x and a (as RasterKernels.c's; the vector
// path's multiply-high by 257 is the same division).
static inline uint32_t sprite_mul255(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 128;
    return (t + (t >> 8)) >> 8;
}

static inline uint32_t sprite_tint(uint32_t p, uint32_t k) {
    uint32_t a = sprite_mul255(p >> 24, k >> 24);
    uint32_t r = sprite_mul255(p & 0xFF, k & 0xFF), g = sprite_mul255((p >> 8) & 0xFF, (k >> 8) & 0xFF);
    uint32_t b = sprite_mul255((p >> 16) & 0xFF, (k >> 16) & 0xFF);
    r = r < a ? r : a; g = g < a ? g : a; b = b < a ? b : a;
    return r | g << 8 | b << 16 | a << 24;
}

// d·(255 − alpha of s)/255 + s per channel, two channels per multiply.
static inline uint32_t sprite_over(uint32_t d, uint32_t s) {
    uint32_t ia = 255 - (s >> 24);
    uint32_t rb = (d & 0x00FF00FFu) * ia + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((d >> 8) & 0x00FF00FFu) * ia + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return s + (rb | ag);
}

static inline uint32_t sprite_plus(uint32_t d, uint32_t s) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t sum = ((d >> shift) & 0xFF) + ((s >> shift) & 0xFF);
        out |= (sum > 255 ? 255 : sum) << shift;
    }
    return out;
}

static void scalar_sprite_row(uint32_t *dst, const uint32_t *src, long n, uint32_t tint, int additive) {
    int plain = tint == 0xFFFFFFFFu;
    for (long i = 0; i < n; i++) {
        uint32_t p = plain ? src[i] : sprite_tint(src[i], tint);
        // A clear sample changes nothing in either mode.
        if (!p) continue;
        if (additive) dst[i] = sprite_plus(dst[i], p);
        else dst[i] = p >> 24 == 255 ? p : sprite_over(dst[i], p);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

// ---------------------------------------------------------------------------------------
// AVX2: eight pixels, widened to 16-bit channels in two registers (pixels 0, 1, 4, 5 and
// 2, 3, 6, 7: unpacking works within 128-bit halves, and packing restores the order).

AVX2 static inline __m256i sprite_mul255_16(__m256i x, __m256i a) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, a), _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

AVX2 static inline __m256i sprite_alpha_16(__m256i x) {
    return _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(x, 0xFF), 0xFF);
}

// Widened samples times the widened tint, colours limited to alpha.
AVX2 static inline __m256i sprite_tint_16(__m256i x, __m256i k) {
    __m256i t = sprite_mul255_16(x, k);
    return _mm256_min_epi16(t, sprite_alpha_16(t));
}

AVX2 static inline __m256i sprite_over_16(__m256i s, __m256i d) {
    return _mm256_add_epi16(s, sprite_mul255_16(d, _mm256_sub_epi16(_mm256_set1_epi16(255), sprite_alpha_16(s))));
}

AVX2 static void avx2_sprite_row(uint32_t *dst, const uint32_t *src, long n, uint32_t tint, int additive) {
    int plain = tint == 0xFFFFFFFFu;
    __m256i z = _mm256_setzero_si256();
    __m256i k = _mm256_set1_epi64x((long long)((uint64_t)(tint & 0xFF) | (uint64_t)((tint >> 8) & 0xFF) << 16
                                                | (uint64_t)((tint >> 16) & 0xFF) << 32 | (uint64_t)(tint >> 24) << 48));
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        if (_mm256_testz_si256(s, s)) continue;
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        __m256i lo = _mm256_unpacklo_epi8(s, z), hi = _mm256_unpackhi_epi8(s, z);
        if (!plain) { lo = sprite_tint_16(lo, k); hi = sprite_tint_16(hi, k); }
        __m256i out;
        if (additive) {
            out = _mm256_adds_epu8(d, _mm256_packus_epi16(lo, hi));
        } else {
            // An opaque sample gives itself: d·0/255 rounds to 0, so no shortcut is needed.
            out = _mm256_packus_epi16(sprite_over_16(lo, _mm256_unpacklo_epi8(d, z)),
                                      sprite_over_16(hi, _mm256_unpackhi_epi8(d, z)));
        }
        _mm256_storeu_si256((__m256i *)(dst + i), out);
    }
    scalar_sprite_row(dst + i, src + i, n - i, tint, additive);
}

void rk_sprite_row(uint32_t *dst, const uint32_t *src, long count, uint32_t tint, int additive) {
    if (vector_level() >= 2) avx2_sprite_row(dst, src, count, tint, additive);
    else scalar_sprite_row(dst, src, count, tint, additive);
}
#else
void rk_sprite_row(uint32_t *dst, const uint32_t *src, long count, uint32_t tint, int additive) {
    scalar_sprite_row(dst, src, count, tint, additive);
}
#endif
