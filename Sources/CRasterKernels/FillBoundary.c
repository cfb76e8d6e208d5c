#include "FillBoundary.h"
#include <stdlib.h>

typedef struct { double x0, y0, x1, y1; } segment;

// Twice the signed area of triangle a b c: > 0 when c lies left of a → b (x right, y down: clockwise).
static inline double orient(double ax, double ay, double bx, double by, double cx, double cy) {
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

static inline int finite(double v) { return v - v == 0; }

static inline int inside(long w, int even_odd) { return even_odd ? (int)(w & 1) : w != 0; }

typedef struct { double y; int step; } event;

static int by_y(const void *a, const void *b) {
    double ya = ((const event *)a)->y, yb = ((const event *)b)->y;
    return ya < yb ? -1 : ya > yb;
}

long rk_fill_boundary(const double *points, const long *ends, long contours, int even_odd, double *out) {
    segment e[RK_FILL_BOUNDARY_MAX_EDGES];
    long n = 0, start = 0;
    for (long k = 0; k < contours; start = ends[k], k++) {
        long count = ends[k] - start;
        if (count < 2) continue;
        for (long i = 0; i < count; i++) {
            const double *a = points + 2 * (start + i), *b = points + 2 * (start + (i + 1 == count ? 0 : i + 1));
            if (!(finite(a[0]) && finite(a[1]))) return -1;
            // Horizontal edges are kept for where they cross others (the winding beside an
            // edge changes there), though they add nothing to the fill themselves.
            if (a[0] == b[0] && a[1] == b[1]) continue;
            if (n == RK_FILL_BOUNDARY_MAX_EDGES) return -1;
            e[n++] = (segment){ a[0], a[1], b[0], b[1] };
        }
    }
    // Where edges cross: a point shared by both (so that the pieces meet exactly), at a
    // parameter along each. Edges that touch without crossing (a vertex on another edge, or
    // collinear) are left to the ordinary fill.
    enum { MAX_CROSSINGS = RK_FILL_BOUNDARY_MAX_EDGES * (RK_FILL_BOUNDARY_MAX_EDGES - 1) / 2 };
    double cx[MAX_CROSSINGS], cy[MAX_CROSSINGS];
    double at[RK_FILL_BOUNDARY_MAX_EDGES][RK_FILL_BOUNDARY_MAX_EDGES];
    short which[RK_FILL_BOUNDARY_MAX_EDGES][RK_FILL_BOUNDARY_MAX_EDGES];
    int cuts[RK_FILL_BOUNDARY_MAX_EDGES] = { 0 };
    long crossings = 0;
    for (long i = 0; i < n; i++) {
        const segment p = e[i];
        for (long j = i + 1; j < n; j++) {
            const segment q = e[j];
            if ((p.x0 > p.x1 ? p.x1 : p.x0) > (q.x0 > q.x1 ? q.x0 : q.x1)) continue;
            if ((p.x0 > p.x1 ? p.x0 : p.x1) < (q.x0 > q.x1 ? q.x1 : q.x0)) continue;
            if ((p.y0 > p.y1 ? p.y1 : p.y0) > (q.y0 > q.y1 ? q.y0 : q.y1)) continue;
            if ((p.y0 > p.y1 ? p.y0 : p.y1) < (q.y0 > q.y1 ? q.y1 : q.y0)) continue;
            // Neighbours (or any two edges) sharing an end meet only there, unless they overlap.
            double sx, sy, px, py, qx, qy;
            int shared = 1;
            if (p.x0 == q.x0 && p.y0 == q.y0) { sx = p.x0; sy = p.y0; px = p.x1; py = p.y1; qx = q.x1; qy = q.y1; }
            else if (p.x0 == q.x1 && p.y0 == q.y1) { sx = p.x0; sy = p.y0; px = p.x1; py = p.y1; qx = q.x0; qy = q.y0; }
            else if (p.x1 == q.x0 && p.y1 == q.y0) { sx = p.x1; sy = p.y1; px = p.x0; py = p.y0; qx = q.x1; qy = q.y1; }
            else if (p.x1 == q.x1 && p.y1 == q.y1) { sx = p.x1; sy = p.y1; px = p.x0; py = p.y0; qx = q.x0; qy = q.y0; }
            else shared = 0;
            if (shared) {
                if (orient(sx, sy, px, py, qx, qy) == 0 && (px - sx) * (qx - sx) + (py - sy) * (qy - sy) > 0) return -1;
                continue;
            }
            double d1 = orient(p.x0, p.y0, p.x1, p.y1, q.x0, q.y0), d2 = orient(p.x0, p.y0, p.x1, p.y1, q.x1, q.y1);
            double d3 = orient(q.x0, q.y0, q.x1, q.y1, p.x0, p.y0), d4 = orient(q.x0, q.y0, q.x1, q.y1, p.x1, p.y1);
            // Coordinates near the top of the double range overflow the determinants.
            if (!(finite(d1) && finite(d2) && finite(d3) && finite(d4))) return -1;
            if ((d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0) || (d3 > 0 && d4 > 0) || (d3 < 0 && d4 < 0)) continue;
            if (d1 == 0 || d2 == 0 || d3 == 0 || d4 == 0) return -1;
            double s = d3 / (d3 - d4), t = d1 / (d1 - d2);
            cx[crossings] = p.x0 + (p.x1 - p.x0) * s;
            cy[crossings] = p.y0 + (p.y1 - p.y0) * s;
            if (!(finite(cx[crossings]) && finite(cy[crossings]))) return -1;
            at[i][cuts[i]] = s; which[i][cuts[i]++] = (short)crossings;
            at[j][cuts[j]] = t; which[j][cuts[j]++] = (short)crossings;
            crossings++;
        }
    }
    if (contours == 1 && crossings == 0) return -2;
    // Each edge's pieces between its crossings, in order along it; a piece is kept when the
    // fill rule's inside differs on its two sides, turned so that the inside is on its right
    // going down. Across a piece the winding changes by one: on the side where orient() < 0
    // it is one more than on the other. The winding beside a piece is counted along a ray
    // from its middle that leaves the piece's own edge out: leftwards for pieces steeper than
    // 45°, upwards for flatter ones (a horizontal ray beside a nearly horizontal piece would
    // be at the mercy of the last bit of its ends' y).
    long kept = 0;
    for (long i = 0; i < n; i++) {
        int m = cuts[i];
        for (int a = 1; a < m; a++) {
            double v = at[i][a];
            short w = which[i][a];
            int b = a - 1;
            while (b >= 0 && at[i][b] > v) { at[i][b + 1] = at[i][b]; which[i][b + 1] = which[i][b]; b--; }
            at[i][b + 1] = v; which[i][b + 1] = w;
        }
        double x0 = e[i].x0, y0 = e[i].y0;
        for (int c = 0; c <= m; c++) {
            double x1 = c < m ? cx[which[i][c]] : e[i].x1, y1 = c < m ? cy[which[i][c]] : e[i].y1;
            if (y1 != y0) {
                double mx = 0.5 * (x0 + x1), my = 0.5 * (y0 + y1), dx = x1 - x0, dy = y1 - y0;
                int steep = (dy < 0 ? -dy : dy) >= (dx < 0 ? -dx : dx);
                double along = steep ? mx : my, tolerance = 1e-9 * (1 + (along < 0 ? -along : along));
                long wind = 0;
                for (long j = 0; j < n; j++) {
                    if (j == i) continue;
                    const segment q = e[j];
                    if (steep) {
                        // Edges crossing the row of the middle left of it, + 1 going down.
                        double lo = q.y0 < q.y1 ? q.y0 : q.y1, hi = q.y0 < q.y1 ? q.y1 : q.y0;
                        if (!(lo <= my && my < hi)) continue;
                        double d = q.x0 + (my - q.y0) * (q.x1 - q.x0) / (q.y1 - q.y0) - mx;
                        if (!(d > tolerance || d < -tolerance)) return -1;   // near, or not finite
                        if (d < 0) wind += q.y1 > q.y0 ? 1 : -1;
                    } else {
                        // Edges crossing the column of the middle above it, − 1 going right: the
                        // same winding (a square wound either way gives its inside the same
                        // count by either ray).
                        double lo = q.x0 < q.x1 ? q.x0 : q.x1, hi = q.x0 < q.x1 ? q.x1 : q.x0;
                        if (!(lo <= mx && mx < hi)) continue;
                        double d = q.y0 + (mx - q.x0) * (q.y1 - q.y0) / (q.x1 - q.x0) - my;
                        if (!(d > tolerance || d < -tolerance)) return -1;   // near, or not finite
                        if (d < 0) wind += q.x1 > q.x0 ? -1 : 1;
                    }
                }
                // The windings on the piece's two sides: `wind` is that of the side the ray
                // leaves from without crossing the piece (left of it, or above it).
                long beyond = steep ? wind + (dy > 0 ? 1 : -1) : wind + (dx > 0 ? -1 : 1);
                // Which of them is on the side where orient() < 0: right of a piece going down,
                // left of one going up; below one going left, above one going right.
                int beyond_negative = steep ? dy > 0 : dx < 0;
                int negative = inside(beyond_negative ? beyond : wind, even_odd);
                int positive = inside(beyond_negative ? wind : beyond, even_odd);
                if (negative != positive) {
                    // As it runs when the inside is on its orient() < 0 side, else reversed.
                    double *o = out + 4 * kept++;
                    if (negative) { o[0] = x0; o[1] = y0; o[2] = x1; o[3] = y1; }
                    else { o[0] = x1; o[1] = y1; o[2] = x0; o[3] = y0; }
                }
            }
            x0 = x1; y0 = y1;
        }
    }
    // The pieces must close: on every row, as many cross it going down as going up, or the
    // fill would run on to the row's end. Exact where they should be, as pieces share their ends.
    event ev[2 * RK_FILL_BOUNDARY_MAX_PIECES];
    for (long k = 0; k < kept; k++) {
        const double *o = out + 4 * k;
        int down = o[3] > o[1];
        ev[2 * k] = (event){ down ? o[1] : o[3], down ? 1 : -1 };
        ev[2 * k + 1] = (event){ down ? o[3] : o[1], down ? -1 : 1 };
    }
    qsort(ev, (size_t)(2 * kept), sizeof(event), by_y);
    long sum = 0;
    for (long k = 0; k < 2 * kept; k++) {
        sum += ev[k].step;
        if ((k + 1 == 2 * kept || ev[k + 1].y != ev[k].y) && sum != 0) return -1;
    }
    return kept;
}
