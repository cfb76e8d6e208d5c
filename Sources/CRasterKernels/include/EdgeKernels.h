// The first pass of Raster's CoverageRasterizer for one edge: signed-area accumulation into
// the cells of each row the edge crosses, with the bookkeeping of the exact second pass (which
// cells edges touched, which edge last covered each cell, where unrelated edges met), and the
// area step itself, which the exact pass shares. The arithmetic is the Swift loop's it
// replaced, operation for operation (double positions, float areas): every benchmark scene
// renders to the same bytes. Measured (session 9): the same instructions per row as the Swift
// loop under callgrind (about 150), CPU time within the machine's noise; it is here as the
// place where the row loop can go further (fixed point, vector rows), not as a gain yet.
#ifndef EDGE_KERNELS_H
#define EDGE_KERNELS_H

#include <stdint.h>

typedef struct rk_edge_accumulator {
    float *acc;                 // cell (row, c) at acc[row·stride + c]
    int32_t *owner;             // the id of the last edge whose area landed in each cell
    uint64_t *touched;          // one bit per 8 cells, words_per_row words a row
    int32_t *row_pieces;        // per row, the edge pieces accumulated there
    int32_t *conflict_first;    // per row, the first and last cell where unrelated edges met
    int32_t *conflict_last;
    int32_t *pending;           // (row, cell) pairs met by edges of the contour being received
    long pending_count, pending_capacity;
    long stride, words_per_row, height;
    int32_t edge_id;            // the edge being added
    int32_t first_id;           // ids up to this one are earlier fills'
    int32_t subpath_first_id;   // the first edge of the contour being received
    int32_t closing_subpath;    // the edge returns to the contour's start
    int32_t has_conflicts;      // set when a conflict is flagged
} rk_edge_accumulator;

// Adds the edge from (x0, y0) to (x1, y1) (inside the region: 0 ≤ x ≤ width, 0 ≤ y ≤ height,
// y0 < y1; dir +1 downwards, −1 upwards), `from_row` = ⌊y0⌋. Returns −1 when done, or, having
// added nothing, `from_row` when `pending` may not have room for the cells it could meet:
// grow `pending` and call again.
long rk_accumulate_edge(rk_edge_accumulator *a, double x0, double y0, double x1, double y1, float dir,
                        long from_row);

// Adds to `line` the signed area right of an edge crossing one row from x = xtop to xbot
// (0 ≤ x ≤ width) with signed height `hgt`: the row step of rk_accumulate_edge, for the exact
// pass's pieces.
void rk_add_area(float *line, double xtop, double xbot, float hgt);

#endif
