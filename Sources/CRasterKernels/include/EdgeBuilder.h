// The coverage rasterizer's edge intake (Raster's CoverageRasterizer receives a flattened path
// as lines and keeps them as rk_edge): each line is moved into the region's coordinates,
// clipped to its rows, split at its sides and kept, and each contour is followed for the
// simplicity test that lets its cells go without owners. In C, and a batch of lines a call, so
// that the state stays in registers from line to line.
#ifndef EDGE_BUILDER_H
#define EDGE_BUILDER_H

#include "EdgeKernels.h"

// Vertices of a contour kept for the pairwise simplicity test (longer contours must be convex
// or monotone).
#define RK_MAX_TESTED_VERTICES 16
// Vertices of a contour kept for the monotone test (longer contours must be convex).
#define RK_MAX_MONOTONE_VERTICES 4096

typedef struct {
    // Room for `capacity` edges, `count` of them kept. rk_lines_to keeps at most 3 a line.
    rk_edge *edges;
    long count, capacity;
    // The region: device origin, size (cells and rows), and whether edges are antialiased
    // (otherwise they are kept for pixel-centre sampling, from the first row whose centre
    // line they cross).
    double origin_x, origin_y;
    long width, height;
    int antialias;
    // The last edge id handed out, and the id of the current contour's first edge.
    int32_t edge_id, contour_first;
    // The subpath's start and the current point (device coordinates).
    double start_x, start_y, last_x, last_y;
    // The contour's first vertices (x, y pairs, room for RK_MAX_MONOTONE_VERTICES + 1) and how
    // many vertices it has had.
    double *contour;
    long contour_points;
    // The convexity test, edge by edge: the first and last edge vectors, the sign of dy of the
    // first and last edges that had one, how often it changed, which ways the contour turned,
    // and whether an edge folded back along the previous one.
    double first_dx, first_dy, last_dx, last_dy, first_sign, last_sign;
    int sign_changes, turned_left, turned_right, folded;
    // For the monotone test, the same for dx, and whether an edge had dx = 0 or dy = 0.
    double first_xsign, last_xsign;
    int xsign_changes, flat_x, flat_y;
} rk_edge_builder;

// Lines from the current point to each of the n points (x, y pairs, device coordinates) in
// turn, each point becoming the current one: each line kept as up to three edges (none if it
// has no length, lies outside the region's rows or right of it, or is not finite). Stops
// before a line when fewer than three edges of room are left; returns how many lines it took.
long rk_lines_to(rk_edge_builder *b, const double *points, long n);

// Whether the current contour (closed: back at its start) is a simple polygon: convex (every
// turn one way, including the closing one, and dy changing sign at most twice around), or,
// with at most RK_MAX_TESTED_VERTICES vertices, no two edges that are not neighbours touching,
// by the signs of orientation determinants (collinear counts as touching), or, with at most
// RK_MAX_MONOTONE_VERTICES, monotone along x, y or a diagonal (each vertex strictly further
// along than the last on one way round from the least to the greatest, and on the other way)
// with the two ways never touching between those ends. A contour that folds back along itself
// is never simple.
int rk_contour_is_simple(rk_edge_builder *b);

// Forgets the current contour's vertices and turns (a new one starts).
void rk_reset_contour(rk_edge_builder *b);

#endif
