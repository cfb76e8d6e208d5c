// The coverage rasterizer's first pass (Raster's CoverageRasterizer+Bands.swift): the signed
// area of every edge added into the accumulator cells of one band of rows, the touched-chunk
// bits set and, where several contours share the band, each cell's last edge recorded so that
// the cells where unrelated edges meet are found for the exact pass.
#ifndef EDGE_KERNELS_H
#define EDGE_KERNELS_H

#include <stdint.h>

// One edge as the rasterizer keeps it: region coordinates, y0 < y1 (y0 == y1 for a horizontal
// edge, which only claims cells), inside the region (0 ≤ x ≤ width, 0 ≤ y ≤ height).
typedef struct {
    double x0, y0, x1, y1;
    // +1 downward, −1 upward, as the edge ran before it was ordered by y.
    float dir;
    // The edge's id: consecutive edges of a contour have consecutive ids (they may share their
    // vertex's cell); ids count on from fill to fill of the same scratch, and each band adds its
    // own offset, so an owner id up to a band's first one is stale.
    int32_t id;
    // The id of its contour's first edge.
    int32_t contour_first;
    // The first and last region rows it crosses.
    int32_t first_row, last_row;
    // RK_EDGE_HORIZONTAL, RK_EDGE_CLOSING, RK_EDGE_SIMPLE.
    uint8_t flags;
} rk_edge;

#define RK_EDGE_HORIZONTAL 1
// The line back to the subpath's start: it may share the first edge's cell.
#define RK_EDGE_CLOSING 2
// Its contour is simple: where its own edges meet is no conflict.
#define RK_EDGE_SIMPLE 4

// One band's memory: `stride` cells a row (cells 0 ... width + 1), `words_per_row` words of
// touched bits a row (one bit per 8 cells), per row the number of edge pieces and the first
// and last conflicting cell. `owner` and the piece counts (which only rows that claims flagged
// are asked for) are read and written only when `claims` is set.
typedef struct {
    float *acc;
    int32_t *owner;
    uint64_t *touched;
    int32_t *row_pieces;
    int32_t *conflict_first;
    int32_t *conflict_last;
    long stride;
    long words_per_row;
    long width;
    // Owner ids at or below this are stale (an earlier band's or fill's).
    int32_t band_first;
    // What this band adds to the edges' ids and contour ids.
    int32_t offset;
} rk_band;

// Accumulates the parts of edges[list[0 ..< count]] in region rows top ..< top + rows into the
// band; returns 1 if any edge reached the band, plus 2 if a conflict was flagged.
int rk_accumulate_band(const rk_band *band, const rk_edge *edges, const int32_t *list, long count,
                       long top, long rows, int claims);

// Adds to `line` the signed area right of an edge crossing one row from x = xtop to x = xbot
// (0 ≤ both ≤ the row's width) with signed height hgt: what the first pass adds per row, for
// the exact pass to accumulate its pieces alike.
void rk_add_area(float *line, double xtop, double xbot, float hgt);

#endif
