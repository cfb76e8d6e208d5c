#include "EdgeBuilder.h"
#include "EdgeMath.h"
#include <math.h>

// The same operations, in the same order, as the Swift code this replaces (CoverageRasterizer's
// addLine, keep and turn, when they were Swift), so that the kept edges are the same doubles.
#pragma clang fp contract(off)

static inline void keep_rows(rk_edge_builder *b, double x0, double y0, double x1, double y1, float dir, uint8_t flags,
                             long row, long last_row) {
    rk_edge *e = b->edges + b->count++;
    e->x0 = x0; e->y0 = y0; e->x1 = x1; e->y1 = y1;
    e->dir = dir;
    e->id = b->edge_id;
    e->contour_first = b->contour_first;
    e->first_row = (int32_t)row;
    e->last_row = (int32_t)last_row;
    e->flags = flags;
}

// An edge inside the region (0 ≤ x ≤ width, 0 ≤ y0 < y1 ≤ height), crossing rows ⌊y0⌋ on.
static inline void keep(rk_edge_builder *b, double x0, double y0, double x1, double y1, float dir, uint8_t flags) {
    long last = ceil_non_negative(y1) - 1;
    keep_rows(b, x0, y0, x1, y1, dir, flags, (long)y0, last < b->height - 1 ? last : b->height - 1);
}

// Keeps an edge (device coordinates), clipped to the region's rows and split at its sides.
static inline __attribute__((always_inline)) void add_line(rk_edge_builder *b, double dx0, double dy0, double dx1,
                                                          double dy1, uint8_t flags) {
    double x0 = dx0 - b->origin_x, y0 = dy0 - b->origin_y;
    double x1 = dx1 - b->origin_x, y1 = dy1 - b->origin_y;
    const double h = (double)b->height, w = (double)b->width;
    if (b->antialias && y0 != y1 && x0 >= 0 && x0 <= w && y0 >= 0 && y0 <= h && x1 >= 0 && x1 <= w && y1 >= 0 && y1 <= h) {
        // Both ends in the region (most lines of most shapes): nothing to clip. The same edge
        // as the general path below keeps.
        if (y0 < y1) keep(b, x0, y0, x1, y1, 1.0f, flags);
        else keep(b, x1, y1, x0, y0, -1.0f, flags);
        return;
    }
    // Not finite: v − v is NaN for an infinity or a NaN, 0 otherwise.
    if (((x0 - x0) + (y0 - y0)) + ((x1 - x1) + (y1 - y1)) != 0) return;
    if (y0 == y1) {
        // A horizontal edge adds no area, but inside a row it separates different windings
        // above and below it, so any other edge in the cells it spans may need the exact pass.
        if (!b->antialias || !(y0 > 0) || !(y0 < h) || !(y0 > (double)(long)y0)) return;
        double lo = max_d(min_d(x0, x1), 0), hi = min_d(max_d(x0, x1), w);
        if (!(hi > lo)) return;
        keep_rows(b, lo, y0, hi, y0, 0, flags | RK_EDGE_HORIZONTAL, (long)y0, (long)y0);
        return;
    }
    const float dir = y1 > y0 ? 1.0f : -1.0f;
    if (y0 > y1) {
        double t = x0; x0 = x1; x1 = t;
        t = y0; y0 = y1; y1 = t;
    }
    if (y1 <= 0 || y0 >= h) return;
    if (!b->antialias) {
        // Rows whose centre line y + 0.5 lies in [y0, y1) (top-left rule).
        long first = y0 <= 0.5 ? 0 : (long)ceil(y0 - 0.5);
        long last = (long)min_d(ceil(y1 - 0.5), h) - 1;
        if (last > b->height - 1) last = b->height - 1;
        if (first <= last) keep_rows(b, x0, y0, x1, y1, dir, flags, first, last);
        return;
    }
    // Clip to the region's rows.
    if (y0 < 0) { x0 += (x1 - x0) * (0 - y0) / (y1 - y0); y0 = 0; }
    if (y1 > h) { x1 = x0 + (x1 - x0) * (h - y0) / (y1 - y0); y1 = h; }
    if (y1 <= y0) return;
    // Split at x = 0 and x = width. Left of the region an edge still covers every cell of its
    // rows, so it moves onto x = 0; right of the region it covers nothing visible.
    if (x0 >= 0 && x1 >= 0 && x0 <= w && x1 <= w) { keep(b, x0, y0, x1, y1, dir, flags); return; }
    if (x0 >= w && x1 >= w) return;
    if (x0 <= 0 && x1 <= 0) { keep(b, 0, y0, 0, y1, dir, flags); return; }
    double ya = y0, xa = x0;
    const double dxdy = (x1 - x0) / (y1 - y0);
    // Crossing ys of x = 0 and x = width, in order of y.
    double cut0 = INFINITY, cut1 = INFINITY;
    if ((x0 < 0) != (x1 < 0)) cut0 = y0 + (0 - x0) / dxdy;
    if ((x0 > w) != (x1 > w)) cut1 = y0 + (w - x0) / dxdy;
    if (cut1 < cut0) { double t = cut0; cut0 = cut1; cut1 = t; }
    for (int k = 0; k < 3; k++) {
        double yc = k == 0 ? cut0 : (k == 1 ? cut1 : y1);
        if (!(isfinite(yc) && yc > ya)) continue;
        double yb = min_d(yc, y1);
        double xb = yb == y1 ? x1 : x0 + (yb - y0) * dxdy;
        double mid = (xa + xb) / 2;
        if (mid < 0) {
            keep(b, 0, ya, 0, yb, dir, flags);
        } else if (mid <= w) {
            keep(b, min_d(max_d(xa, 0), w), ya, min_d(max_d(xb, 0), w), yb, dir, flags);
        }
        ya = yb; xa = xb;
        if (yb >= y1) break;
    }
}

// The turn from edge vector a to edge vector b.
static inline void turn_from(rk_edge_builder *b, double ax, double ay, double bx, double by) {
    double cross = ax * by - ay * bx;
    if (cross > 0) b->turned_left = 1;
    else if (cross < 0) b->turned_right = 1;
    else if (!(ax * bx + ay * by > 0)) b->folded = 1;   // a reversal, or NaN
}

// One coordinate's step d along the contour: the first and last nonzero step's sign, how often
// that sign changed, and whether a step was 0.
static inline void follow_sign(double d, double *first, double *last, int *changes, int *flat) {
    if (d != 0) {
        double sign = d > 0 ? 1 : -1;
        if (*last == 0) *first = sign;
        else if (sign != *last) (*changes)++;
        *last = sign;
    } else {
        *flat = 1;
    }
}

// The contour's next edge (dx, dy): the turn from the previous edge (none from the first), and
// the signs of its dy and dx.
static inline void turn(rk_edge_builder *b, double dx, double dy) {
    if (b->contour_points == 2) {
        b->first_dx = dx; b->first_dy = dy;
    } else {
        turn_from(b, b->last_dx, b->last_dy, dx, dy);
    }
    b->last_dx = dx; b->last_dy = dy;
    follow_sign(dy, &b->first_sign, &b->last_sign, &b->sign_changes, &b->flat_y);
    follow_sign(dx, &b->first_xsign, &b->last_xsign, &b->xsign_changes, &b->flat_x);
}

static inline __attribute__((always_inline)) int line_to(rk_edge_builder *b, double x, double y) {
    // Zero-length lines add nothing and must not break the chain of consecutive edge ids.
    if (x == b->last_x && y == b->last_y) return 0;
    if (b->capacity - b->count < 3) return 1;
    b->edge_id = (int32_t)((uint32_t)b->edge_id + 1u);
    long n = b->contour_points;
    if (n <= RK_MAX_MONOTONE_VERTICES) { b->contour[2 * n] = x; b->contour[2 * n + 1] = y; }
    b->contour_points = n + 1;
    turn(b, x - b->last_x, y - b->last_y);
    // A line back to the subpath's start closes it: it may share the first edge's cell.
    add_line(b, b->last_x, b->last_y, x, y, x == b->start_x && y == b->start_y ? RK_EDGE_CLOSING : 0);
    b->last_x = x; b->last_y = y;
    return 0;
}

long rk_lines_to(rk_edge_builder *b, const double *points, long n) {
    // A local copy, whose fields stay in registers from line to line: through b, every edge
    // stored (doubles) might alias them, and each line reloaded and stored the builder's state.
    rk_edge_builder s = *b;
    long i = 0;
    while (i < n && !line_to(&s, points[2 * i], points[2 * i + 1])) i++;
    *b = s;
    return i;
}

// The sign of the orientation determinant of vertices a, b, c.
static inline double orient(const double *p, long a, long b, long c) {
    double v = (p[2 * b] - p[2 * a]) * (p[2 * c + 1] - p[2 * a + 1]) - (p[2 * b + 1] - p[2 * a + 1]) * (p[2 * c] - p[2 * a]);
    return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

// Along direction (ux, uy): the position of vertex i.
static inline double along(const double *p, long i, double ux, double uy) { return p[2 * i] * ux + p[2 * i + 1] * uy; }

// Sign changes of a coordinate's steps all the way round a closed contour: those followed
// (follow_sign), and one more where the last nonzero step's sign differs from the first's.
static inline int changes_round(double first, double last, int changes) {
    return changes + (last != 0 && first != last);
}

// Whether the n vertices (closed) are monotone along (ux, uy): positions whose steps change
// sign at most twice going round and are never 0 (the two ways from the least to the greatest
// strictly increase). From the positions themselves, which the walk below orders by.
static int monotone_along(const double *p, long n, double ux, double uy) {
    double first = 0, last = 0;
    int changes = 0, flat = 0;
    double a = along(p, 0, ux, uy);
    for (long i = 0; i < n; i++) {
        double c = along(p, i + 1 == n ? 0 : i + 1, ux, uy), d = c - a;
        if (d != d) return 0;   // NaN (a sum that overflowed)
        follow_sign(d, &first, &last, &changes, &flat);
        if (flat || changes > 2) return 0;
        a = c;
    }
    return changes_round(first, last, changes) <= 2;
}

// For n vertices (closed) monotone along (ux, uy): whether the two ways round from the least
// to the greatest vertex along it keep apart. Walked together in order of position, each
// vertex of one way is tested against the segment of the other way that spans its position,
// by the sign of the orientation determinant: the same side every time (0 counts as touching),
// and O(n). (A crossing too shallow for a determinant's rounding to show encloses far less than
// a 255th of a pixel, as in the pairwise test.)
static int ways_keep_apart(const double *p, long n, double ux, double uy) {
    long lo = 0, hi = 0;
    double ulo = along(p, 0, ux, uy), uhi = ulo;
    for (long i = 1; i < n; i++) {
        double u = along(p, i, ux, uy);
        if (u < ulo) { ulo = u; lo = i; }
        if (u > uhi) { uhi = u; hi = i; }
    }
    // Way a runs forward from lo, way b backward; each at vertex (ia, ib) with the next ahead.
    long ia = lo, ib = lo, na = lo + 1 == n ? 0 : lo + 1, nb = lo == 0 ? n - 1 : lo - 1;
    double side = 0;
    while (na != hi || nb != hi) {
        double ua = along(p, na, ux, uy), ub = along(p, nb, ux, uy);
        double s;
        if (ua < ub || nb == hi) {
            // Vertex na of way a against b's segment ib → nb (which spans ua: it passed ib).
            s = orient(p, ib, nb, na);
            ia = na; na = na + 1 == n ? 0 : na + 1;
        } else {
            // Vertex nb of way b against a's segment ia → na, seen from the other side.
            s = -orient(p, ia, na, nb);
            ib = nb; nb = nb == 0 ? n - 1 : nb - 1;
        }
        if (s == 0 || (side != 0 && s != side)) return 0;
        side = s;
    }
    return 1;
}

int rk_contour_is_simple(rk_edge_builder *b) {
    const long n = b->contour_points - 1;
    const double *p = b->contour;
    // Closed: the last edge ended where the first began.
    if (!(n >= 3 && b->last_x == b->start_x && b->last_y == b->start_y)) return 0;
    // The turns and dy signs were followed edge by edge; the turn at the start vertex closes the round.
    turn_from(b, b->last_dx, b->last_dy, b->first_dx, b->first_dy);
    if (b->folded) return 0;
    int changes = changes_round(b->first_sign, b->last_sign, b->sign_changes);
    if (!(b->turned_left && b->turned_right) && changes <= 2) return 1;
    if (n > RK_MAX_TESTED_VERTICES) {
        // Monotone along y or x (followed edge by edge), else along a diagonal: then simple
        // exactly when its two ways keep apart. (A stroke's outline along a curve whose
        // direction turns less than about 135° is monotone along one of the four.)
        if (n > RK_MAX_MONOTONE_VERTICES) return 0;
        if (!b->flat_y && changes <= 2) return ways_keep_apart(p, n, 0, 1);
        if (!b->flat_x && changes_round(b->first_xsign, b->last_xsign, b->xsign_changes) <= 2)
            return ways_keep_apart(p, n, 1, 0);
        if (monotone_along(p, n, 1, 1)) return ways_keep_apart(p, n, 1, 1);
        if (monotone_along(p, n, 1, -1)) return ways_keep_apart(p, n, 1, -1);
        return 0;
    }
    // A crossing too shallow for the rounding of a determinant to show encloses far less than
    // a 255th of a pixel.
    for (long i = 0; i < n; i++) {
        // Edges i (vertex i to i + 1) and j that are not neighbours: j ≥ i + 2, and not the
        // last edge with the first.
        for (long j = i + 2; j < n - (i == 0 ? 1 : 0); j++) {
            double d1 = orient(p, i, i + 1, j), d2 = orient(p, i, i + 1, j + 1);
            double d3 = orient(p, j, j + 1, i), d4 = orient(p, j, j + 1, i + 1);
            if (d1 * d2 <= 0 && d3 * d4 <= 0) return 0;
        }
    }
    return 1;
}

void rk_reset_contour(rk_edge_builder *b) {
    b->contour_points = 0;
    b->turned_left = 0; b->turned_right = 0; b->folded = 0;
    b->first_sign = 0; b->last_sign = 0; b->sign_changes = 0;
    b->first_xsign = 0; b->last_xsign = 0; b->xsign_changes = 0; b->flat_x = 0; b->flat_y = 0;
}
