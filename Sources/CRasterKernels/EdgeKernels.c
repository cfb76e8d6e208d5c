#include "EdgeKernels.h"

// ⌈v⌉ for 0 ≤ v < 2⁶² (CoverageRasterizer.ceilNonNegative).
static inline long ceil_non_negative(double v) {
    long t = (long)v;
    return (double)t < v ? t + 1 : t;
}

// H(z) = ∫ clamp(u, 0, 1) du from −∞ to z: the area right of an edge at parameter z.
static inline double ramp(double z) { return z <= 0 ? 0 : (z <= 1 ? 0.5 * z * z : z - 0.5); }

static inline double min_d(double a, double b) { return b < a ? b : a; }    // Swift.min
static inline double max_d(double a, double b) { return b >= a ? b : a; }   // Swift.max, ties and all

// Adds to `line` the signed area right of an edge crossing one row between x = lo and hi
// (lo ≤ hi; cells i0 = ⌊lo⌋ to i1 = ⌈hi⌉) with signed height `hgt`.
__attribute__((always_inline)) static inline void add_area(float *line, double lo, double hi, float hgt, long i0, long i1) {
    if (i1 <= i0 + 1) {
        float s = hgt * (float)((double)(i0 + 1) - 0.5 * (lo + hi));
        line[i0] += s;
        line[i0 + 1] += hgt - s;
        return;
    }
    // The edge's x is uniform in [lo, hi] over the row's height, so the area right of it in
    // cell c is h/(hi−lo)·(H(c+1−lo) − H(c+1−hi)); cells strictly between the end cells all
    // get h/(hi−lo).
    double s = (double)hgt / (hi - lo);
    if (i1 == i0 + 2) {
        // Two cells (the usual shallow edge): lo lies in [i0, i0 + 1) and hi in (i0 + 1, i0 + 2],
        // so the ramps take known branches. The same operations as below, without them (H is
        // 0.5·z² at z = 1 and 0 on both sides, so the boundary cases agree).
        double z0 = (double)(i0 + 1), z1 = (double)(i0 + 2);
        double u0 = z0 - lo, u1 = z1 - lo, v1 = z1 - hi;
        double a0 = s * (0.5 * u0 * u0);
        double a1 = s * ((u1 - 0.5) - 0.5 * v1 * v1);
        line[i0] += (float)a0;
        line[i0 + 1] += (float)(a1 - a0);
        line[i1] += hgt - (float)a1;
        return;
    }
    double za = (double)(i0 + 1), zb = (double)(i0 + 2);
    double a0 = s * (ramp(za - lo) - ramp(za - hi)), a1 = s * (ramp(zb - lo) - ramp(zb - hi));
    line[i0] += (float)a0;
    line[i0 + 1] += (float)(a1 - a0);
    if (i1 - i0 > 2) {
        float step = (float)s;
        for (long c = i0 + 2; c < i1 - 1; c++) line[c] += step;
        double zc = (double)(i1 - 1), zd = (double)i1;
        double b0 = s * (ramp(zc - lo) - ramp(zc - hi)), b1 = s * (ramp(zd - lo) - ramp(zd - hi));
        line[i1 - 1] += (float)(b1 - b0);
        line[i1] += hgt - (float)b1;
    } else {
        line[i1] += hgt - (float)a1;
    }
}

void rk_add_area(float *line, double xtop, double xbot, float hgt) {
    double lo = min_d(xtop, xbot), hi = max_d(xtop, xbot);
    add_area(line, lo, hi, hgt, (long)lo, ceil_non_negative(hi));
}

long rk_accumulate_edge(rk_edge_accumulator *a, double x0, double y0, double x1, double y1, float dir,
                        long from_row) {
    double dxdy = (x1 - x0) / (y1 - y0);
    long row = from_row;
    long last_row = ceil_non_negative(y1) - 1;
    if (last_row > a->height - 1) last_row = a->height - 1;
    double lo_x = min_d(x0, x1), hi_x = max_d(x0, x1);
    // The cells claimed row by row overlap by at most one from row to row, so all of them
    // number at most the rows plus the cells the edge spans: room for that many pending ones.
    long most = (last_row - row + 1) + (ceil_non_negative(hi_x) - (long)lo_x) + 1;
    if (a->pending_count + most > a->pending_capacity) return row;
    // The state in locals: the stores into the cells below (int32 and float) could alias the
    // struct's fields, which the compiler would then reload on every row.
    float *restrict acc = a->acc;
    int32_t *restrict owner = a->owner, *restrict pieces = a->row_pieces;
    int32_t *restrict conflict_first = a->conflict_first, *restrict conflict_last = a->conflict_last;
    int32_t *restrict pending = a->pending;
    uint64_t *restrict touched = a->touched;
    long stride = a->stride, words_per_row = a->words_per_row, pending_count = a->pending_count;
    int32_t id = a->edge_id, previous = (int32_t)((uint32_t)id - 1u), first_id = a->first_id;
    int32_t subpath_first = a->subpath_first_id;
    // An edge back to its contour's start may share the first edge's cell.
    int32_t exempt = a->closing_subpath ? subpath_first : first_id;
    int conflicts = 0;
    double ytop = y0, xtop = x0;
    for (; row <= last_row; row++) {
        double ybot = min_d(y1, (double)(row + 1));
        // Clamped: a near-horizontal edge's slope can overflow.
        double xbot = ybot == y1 ? x1 : min_d(max_d(x0 + (ybot - y0) * dxdy, lo_x), hi_x);
        float hgt = (float)(ybot - ytop) * dir;
        pieces[row]++;
        if (hgt != 0) {
            double lo = min_d(xtop, xbot), hi = max_d(xtop, xbot);
            long i0 = (long)lo, i1 = ceil_non_negative(hi);
            add_area(acc + row * stride, lo, hi, hgt, i0, i1);
            long c1 = i1 - 1 > i0 ? i1 - 1 : i0;
            // The touched chunks of cells i0 ... max(i1, i0 + 1).
            uint64_t *words = touched + row * words_per_row;
            long k = i0 >> 3, last = (i1 > i0 + 1 ? i1 : i0 + 1) >> 3;
            if (k >> 6 == last >> 6) {
                words[k >> 6] |= (~(uint64_t)0 << (k & 63)) & (~(uint64_t)0 >> (63 - (last & 63)));
            } else {
                for (; k <= last; k++) words[k >> 6] |= (uint64_t)1 << (k & 63);
            }
            // Owners of cells i0 ... c1: where an unrelated edge had a cell, a conflict (or a
            // pending one, for an edge of the same contour).
            int32_t *cells = owner + row * stride;
            for (long c = i0; c <= c1; c++) {
                int32_t p = cells[c];
                if (p == id) continue;
                cells[c] = id;
                if (p <= first_id || p == previous || p == exempt) continue;
                if (p >= subpath_first) {
                    pending[2 * pending_count] = (int32_t)row;
                    pending[2 * pending_count + 1] = (int32_t)c;
                    pending_count++;
                } else {
                    if (c < conflict_first[row]) conflict_first[row] = (int32_t)c;
                    if (c > conflict_last[row]) conflict_last[row] = (int32_t)c;
                    conflicts = 1;
                }
            }
        }
        ytop = ybot; xtop = xbot;
    }
    a->pending_count = pending_count;
    if (conflicts) a->has_conflicts = 1;
    return -1;
}
