#include "EdgeKernels.h"
#include "EdgeMath.h"

// The same operations as the Swift code they replace (CoverageRasterizer+Bands.swift before
// it called this), in the same order, so the accumulated cells are the same floats. One call
// per band, with the band's pointers in registers; measured, it runs about as many
// instructions as the Swift loop did (docs/drawing.md, "Tried and not kept"): it is where a leaner
// arithmetic would go, not a speed-up by itself.

// The touched bits of the chunks (8 cells) holding cells c0 ... c1 of one row.
static inline __attribute__((always_inline)) void mark(uint64_t *restrict words, long c0, long c1) {
    long k = c0 >> 3, last = c1 >> 3;
    if (k >> 6 == last >> 6) {
        words[k >> 6] |= (~(uint64_t)0 << (k & 63)) & (~(uint64_t)0 >> (63 - (last & 63)));
        return;
    }
    for (; k <= last; k++) words[k >> 6] |= (uint64_t)1 << (k & 63);
}

typedef struct {
    int32_t *restrict owner;
    int32_t *restrict conflict_first, *restrict conflict_last;
    long stride;
    int32_t band_first, offset;
} claims_t;

// Edge p of this fill, not the current edge's predecessor, had cell c of `row`: a conflict
// unless both are edges of one simple contour, or p is the contour's first edge and e the
// line closing it.
// Inlined: a call in the first pass's loops, however rare, clobbers every vector register
// (all caller-saved), and the loops then kept their doubles on the stack: 46 instructions a
// piece for claims that take a dozen.
static inline __attribute__((always_inline)) int met(const claims_t *k, int32_t p, const rk_edge *e, long row, long c) {
    int32_t contour_first = (int32_t)((uint32_t)e->contour_first + (uint32_t)k->offset);
    if ((e->flags & RK_EDGE_CLOSING) && p == contour_first) return 0;
    if (p >= contour_first && (e->flags & RK_EDGE_SIMPLE)) return 0;
    if (c < k->conflict_first[row]) k->conflict_first[row] = (int32_t)c;
    if (c > k->conflict_last[row]) k->conflict_last[row] = (int32_t)c;
    return 2;
}

// Records that edge e (its id in this band: id) covers cells c0 ... c1 of band row `row`;
// 2 if an unrelated edge had one of them.
static inline int claim(const claims_t *k, const rk_edge *e, int32_t id, long row, long c0, long c1) {
    int32_t *cells = k->owner + row * k->stride;
    int found = 0;
    for (long c = c0; c <= c1; c++) {
        int32_t p = cells[c];
        if (p != id) {
            if (__builtin_expect(p > k->band_first && p != (int32_t)((uint32_t)id - 1u), 0)) found |= met(k, p, e, row, c);
            cells[c] = id;
        }
    }
    return found;
}

// Adds to `line` the signed area right of an edge crossing one row from x = xtop to xbot with
// signed height hgt; returns the last cell changed (the first is ⌊min⌋, in *first).
static inline __attribute__((always_inline)) long add_area(float *restrict line, double xtop, double xbot, float hgt,
                                                         long *first) {
    double lo = min_d(xtop, xbot), hi = max_d(xtop, xbot);
    long i0 = (long)lo;
    *first = i0;
    // ⌈hi⌉ ≤ i0 + 1 exactly when hi ≤ i0 + 1: most pieces, without the ceiling.
    if (hi <= (double)(i0 + 1)) {
        float a = hgt * (float)((double)(i0 + 1) - 0.5 * (lo + hi));
        line[i0] += a;
        line[i0 + 1] += hgt - a;
        return i0 + 1;
    }
    long i1 = ceil_non_negative(hi);
    // The edge's x is uniform in [lo, hi] over the row's height, so the area right of it in
    // cell c is h/(hi−lo)·(H(c+1−lo) − H(c+1−hi)), where H(z) = ∫ clamp(u, 0, 1) du from −∞
    // to z. Cells strictly between the end cells all get the same increment h/(hi−lo).
    double s = (double)hgt / (hi - lo);
    if (i1 == i0 + 2) {
        double z0 = (double)(i0 + 1), z1 = (double)(i0 + 2);
        double u0 = z0 - lo, u1 = z1 - lo, v1 = z1 - hi;
        double a0 = s * (0.5 * u0 * u0);
        double a1 = s * ((u1 - 0.5) - 0.5 * v1 * v1);
        line[i0] += (float)a0;
        line[i0 + 1] += (float)(a1 - a0);
        line[i1] += hgt - (float)a1;
        return i1;
    }
    double u0 = (double)(i0 + 1) - lo;
    double a0 = s * (0.5 * u0 * u0);
    double a1 = s * (((double)(i0 + 2) - lo) - 0.5);
    line[i0] += (float)a0;
    line[i0 + 1] += (float)(a1 - a0);
    float step = (float)s;
    for (long c = i0 + 2; c < i1 - 1; c++) line[c] += step;
    double v1 = (double)i1 - hi;
    double b0 = s * (((double)(i1 - 1) - lo) - 0.5);
    double b1 = s * ((((double)i1 - lo) - 0.5) - 0.5 * v1 * v1);
    line[i1 - 1] += (float)(b1 - b0);
    line[i1] += hgt - (float)b1;
    return i1;
}

void rk_add_area(float *line, double xtop, double xbot, float hgt) {
    long first;
    (void)add_area(line, xtop, xbot, hgt, &first);
}

// The piece of a steep edge (|dx/dy| ≤ 1, so the piece is at most one cell wide and lies in
// cells i0 = ⌊lo⌋ ... i0 + 2) without branching on how many cells it crosses: which of one or
// two it is changes from row to row along an edge of slope between 0 and 1, and the branch
// on it was mispredicted about as often as taken. With m = i0 + 1 and b = max(hi − m, 0), the
// mean of clamp(m − x, 0, 1) over the piece is A = (m − (lo + hi)/2) + B and the mean of
// clamp(x − m, 0, 1) is B = b²/(2(hi − lo)); the height times B is b²·dir/(2|dx/dy|) = k·b²
// (the piece's height cancels), so no division per row. Cell i0 gets h·A, cell i0 + 1 gets
// h·(1 − A − B), cell i0 + 2 gets h·B (+0 when the piece stays in its cell: `acc` has a cell
// past its end for a piece at the right edge of the band's last row). Returns the last cell
// that may have changed: i0 + 1, or i0 + 2 when b > 0.
static inline __attribute__((always_inline)) long add_steep(float *restrict line, double xtop, double xbot, float hgt,
                                                          double k, long *first) {
    double lo = min_d(xtop, xbot), hi = max_d(xtop, xbot);
    long i0 = (long)lo;
    *first = i0;
    double m = (double)(i0 + 1);
    double b = max_d(hi - m, 0.0);
    double hb = k * (b * b);
    float a = (float)((double)hgt * (m - 0.5 * (lo + hi)) + hb);
    float c = (float)hb;
    line[i0] += a;
    line[i0 + 1] += (hgt - a) - c;
    line[i0 + 2] += c;
    return i0 + 1 + (b > 0.0);
}

// The touched bits of the chunks of cells c0 and c1 (c1 − c0 < 8: no chunk between them).
static inline __attribute__((always_inline)) void mark_near(uint64_t *restrict words, long c0, long c1) {
    words[c0 >> 9] |= (uint64_t)1 << ((c0 >> 3) & 63);
    words[c1 >> 9] |= (uint64_t)1 << ((c1 >> 3) & 63);
}

// claim() of cells c0 and c1 (c1 is c0 or c0 + 1) with no branch on which: the owners are
// stored unconditionally, and the only branch is on a meeting, which is rare.
static inline __attribute__((always_inline)) int claim_near(const claims_t *k, const rk_edge *e, int32_t id, long row,
                                                          long c0, long c1) {
    int32_t *cells = k->owner + row * k->stride;
    const int32_t before = (int32_t)((uint32_t)id - 1u);
    int32_t p = cells[c0];
    cells[c0] = id;
    int found = 0;
    if (__builtin_expect(p != id && p > k->band_first && p != before, 0)) found |= met(k, p, e, row, c0);
    int32_t q = cells[c1];
    cells[c1] = id;
    if (__builtin_expect(q != id && q > k->band_first && q != before, 0)) found |= met(k, q, e, row, c1);
    return found;
}

// One row that an edge crosses in part (it starts or ends inside it), from (xtop, ytop) down to
// y = min(y1, next): its piece added by ADD (which sets i0 and returns i1), its chunks marked
// by MARK and its cells claimed by CLAIM; then on to the next row.
#define PART_ROW(ADD, MARK, CLAIM) do { \
        const double ybot = min_d(y1, next); \
        /* Clamped: a near-horizontal edge's slope can overflow. */ \
        const double xbot = ybot == y1 ? x1 : min_d(max_d(x0 + (ybot - y0) * dxdy, lo_x), hi_x); \
        const float hgt = (float)(ybot - ytop) * dir; \
        if (claims) pieces[row - top]++;   /* read only for rows that claims flagged */ \
        if (hgt != 0) { \
            long i0; \
            long i1 = ADD; \
            MARK; \
            if (claims) result |= CLAIM; \
        } \
        ytop = ybot; xtop = xbot; \
        row++; line += stride; words += words_per_row; next += 1; \
    } while (0)

// rk_accumulate_band with `claims` a constant, so that each case is its own loop.
static inline __attribute__((always_inline)) int accumulate(const rk_band *band, const rk_edge *edges,
                                                            const int32_t *list, long count, long top, long rows,
                                                            const int claims) {
    float *restrict acc = band->acc;
    uint64_t *restrict touched = band->touched;
    int32_t *restrict pieces = band->row_pieces;
    const long stride = band->stride, words_per_row = band->words_per_row, width = band->width;
    const claims_t k_claims = { band->owner, band->conflict_first, band->conflict_last, stride,
                                band->band_first, band->offset };
    const long bottom = top + rows - 1;
    int result = 0;
    for (long n = 0; n < count; n++) {
        const rk_edge *e = edges + list[n];
        long first = e->first_row > top ? e->first_row : top;
        long last = e->last_row < bottom ? e->last_row : bottom;
        if (first > last) continue;
        result |= 1;
        const int32_t id = (int32_t)((uint32_t)e->id + (uint32_t)band->offset);
        if (e->flags & RK_EDGE_HORIZONTAL) {
            long c0 = (long)e->x0, c1 = ceil_non_negative(e->x1) - 1;
            if (c1 > width - 1) c1 = width - 1;
            if (c1 >= c0) {
                if (claims) result |= claim(&k_claims, e, id, first - top, c0, c1);
                mark(touched + (first - top) * words_per_row, c0, c1);
            }
            continue;
        }
        const double x0 = e->x0, y0 = e->y0, x1 = e->x1, y1 = e->y1;
        const float dir = e->dir;
        const double dxdy = (x1 - x0) / (y1 - y0);
        const double lo_x = min_d(x0, x1), hi_x = max_d(x0, x1);
        double ytop = y0, xtop = x0;
        if (first > e->first_row) {
            // Where the band above ended: the same clamped value it computed.
            ytop = (double)first;
            xtop = min_d(max_d(x0 + (ytop - y0) * dxdy, lo_x), hi_x);
        }
        // The row's cells and touched bits, and its bottom as a double (exact: rows < 2⁵³),
        // stepped along with it rather than recomputed from the row number.
        float *line = acc + (first - top) * stride;
        uint64_t *words = touched + (first - top) * words_per_row;
        double next = (double)(first + 1);
        // |dx/dy|: a piece's width over a whole row.
        const double w = dxdy < 0 ? -dxdy : dxdy;
        if (w <= 1) {
            // Steep: every piece within one cell's width (add_steep).
            // dir/(2|dx/dy|), capped for an edge that is (nearly) vertical: its b is at most
            // |dx/dy| ≤ 10⁻¹², so the cap changes k·b² by under 10⁻¹² (and k stays finite,
            // so k·0 is 0, not NaN).
            const double k = 0.5 * (double)dir / max_d(w, 1e-12);
            long row = first;
            // A first row that the edge starts inside.
            if (ytop > (double)row) PART_ROW(add_steep(line, xtop, xbot, hgt, k, &i0), mark_near(words, i0, i1),
                                             claim_near(&k_claims, e, id, row - top, i0, i1 - 1));
            // The rows it crosses whole: x stepped by dx/dy along the row's left end lo, and
            // the piece of add_steep with hi − lo = |dx/dy| and a height of dir.
            const long whole_last = y1 >= (double)(last + 1) ? last : last - 1;
            if (row <= whole_last) {
                const double half = 0.5 * w, d = (double)dir;
                double lo = dxdy < 0 ? xtop + dxdy : xtop;
                for (; row <= whole_last; row++, line += stride, words += words_per_row, lo += dxdy) {
                    if (claims) pieces[row - top]++;
                    const long i0 = (long)lo;
                    const double m = (double)(i0 + 1);
                    const double b = max_d(lo + w - m, 0.0);
                    const double hb = k * (b * b);
                    const float a = (float)(d * ((m - lo) - half) + hb), c = (float)hb;
                    line[i0] += a;
                    line[i0 + 1] += (dir - a) - c;
                    line[i0 + 2] += c;
                    const long i1 = i0 + 1 + (b > 0.0);
                    mark_near(words, i0, i1);
                    if (claims) result |= claim_near(&k_claims, e, id, row - top, i0, i1 - 1);
                }
                next = (double)(row + 1);
                ytop = (double)row;
                xtop = min_d(max_d(dxdy < 0 ? lo - dxdy : lo, lo_x), hi_x);
            }
            // A last row that the edge ends inside.
            if (row <= last) PART_ROW(add_steep(line, xtop, xbot, hgt, k, &i0), mark_near(words, i0, i1),
                                      claim_near(&k_claims, e, id, row - top, i0, i1 - 1));
            continue;
        }
        // Flat: pieces wider than a cell (add_area).
        long row = first;
        if (ytop > (double)row) PART_ROW(add_area(line, xtop, xbot, hgt, &i0), mark(words, i0, i1),
                                         claim(&k_claims, e, id, row - top, i0, i1 - 1 > i0 ? i1 - 1 : i0));
        const long whole_last = y1 >= (double)(last + 1) ? last : last - 1;
        if (row <= whole_last) {
            // Whole rows: as add_area computes them for hi − lo = |dx/dy| > 1 (so i1 ≥ i0 + 2)
            // and a height of dir, with x stepped by dx/dy and the division made once.
            const double sd = (double)dir / w;
            const float step = (float)sd;
            double lo = dxdy < 0 ? xtop + dxdy : xtop;
            for (; row <= whole_last; row++, line += stride, words += words_per_row, lo += dxdy) {
                if (claims) pieces[row - top]++;
                const double hi = lo + w;
                const long i0 = (long)lo, i1 = ceil_non_negative(hi);
                const double u0 = (double)(i0 + 1) - lo, v1 = (double)i1 - hi;
                const double a0 = sd * (0.5 * u0 * u0);
                line[i0] += (float)a0;
                if (i1 == i0 + 2) {
                    const double a1 = sd * ((u0 + 0.5) - 0.5 * v1 * v1);
                    line[i0 + 1] += (float)(a1 - a0);
                    line[i1] += dir - (float)a1;
                } else {
                    const double a1 = sd * (u0 + 0.5);
                    line[i0 + 1] += (float)(a1 - a0);
                    for (long c = i0 + 2; c < i1 - 1; c++) line[c] += step;
                    const double b0 = sd * (((double)(i1 - 1) - lo) - 0.5);
                    const double b1 = sd * ((((double)i1 - lo) - 0.5) - 0.5 * v1 * v1);
                    line[i1 - 1] += (float)(b1 - b0);
                    line[i1] += dir - (float)b1;
                }
                mark(words, i0, i1);
                if (claims) result |= claim(&k_claims, e, id, row - top, i0, i1 - 1);
            }
            next = (double)(row + 1);
            ytop = (double)row;
            xtop = min_d(max_d(dxdy < 0 ? lo - dxdy : lo, lo_x), hi_x);
        }
        if (row <= last) PART_ROW(add_area(line, xtop, xbot, hgt, &i0), mark(words, i0, i1),
                                  claim(&k_claims, e, id, row - top, i0, i1 - 1 > i0 ? i1 - 1 : i0));
    }
    return result;
}
#undef PART_ROW

int rk_accumulate_band(const rk_band *band, const rk_edge *edges, const int32_t *list, long count,
                       long top, long rows, int claims) {
    return claims ? accumulate(band, edges, list, count, top, rows, 1) : accumulate(band, edges, list, count, top, rows, 0);
}
