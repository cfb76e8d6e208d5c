// The boundary of what a few polygons fill: their edges cut where they cross, keeping the pieces
// with the inside (by the fill rule) on one side only, each turned so that its winding is the
// inside's 0 or 1. Filled with either rule, those pieces cover exactly the pixels the polygons
// fill, and the rasterizer's single pass is exact on them everywhere: the winding they make takes
// only the values 0 and 1, so no cell needs the exact pass (CoverageRasterizer+ExactPass.swift),
// and no cell needs an owner to find where unrelated edges meet. A self-crossing star becomes
// the outline of its points; a square with a square hole wound the same way keeps both.
#ifndef FILL_BOUNDARY_H
#define FILL_BOUNDARY_H

// Edges (of any length but 0) that rk_fill_boundary takes in all; pieces it can make from them.
#define RK_FILL_BOUNDARY_MAX_EDGES 32
#define RK_FILL_BOUNDARY_MAX_PIECES (RK_FILL_BOUNDARY_MAX_EDGES * RK_FILL_BOUNDARY_MAX_EDGES)

// The closed polygons `points` (x, y pairs), contour k being vertices ends[k − 1] ... ends[k] − 1
// (ends[−1] = 0), each closed by an edge back to its first vertex. Writes the boundary's pieces
// to `out` as x0, y0, x1, y1 (the winding on the right of a piece going down, y growing, is one
// more than on its left) and returns their count (at most RK_FILL_BOUNDARY_MAX_PIECES), or:
//   -1 when it cannot tell (more edges than it takes, a coordinate not finite, edges that touch
//      without crossing, overlap or nearly meet a piece's middle, or pieces that would not close),
//   -2 when there is nothing to do (one contour whose edges do not cross).
// Horizontal pieces add nothing to a fill (no winding crosses them, no area is swept by them) and
// are left out of `out`; horizontal edges still cut the others where they cross them.
long rk_fill_boundary(const double *points, const long *ends, long contours, int even_odd, double *out);

#endif
