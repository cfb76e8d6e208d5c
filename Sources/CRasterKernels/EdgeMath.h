// Scalar helpers shared by the edge kernels (EdgeKernels.c, EdgeBuilder.c), so that both do the
// same arithmetic as the Swift they replaced.
#ifndef RASTER_EDGE_MATH_H
#define RASTER_EDGE_MATH_H

// Swift.min and Swift.max, written as minsd and maxsd compute them (min_d exactly; max_d differs
// from Swift's `b >= a ? b : a` only for NaN, which no edge holds): one instruction each.
static inline double min_d(double a, double b) { return b < a ? b : a; }
static inline double max_d(double a, double b) { return a > b ? a : b; }

// ⌈v⌉ for 0 ≤ v < 2⁶², without a libm call (the baseline x86-64 target has no roundsd).
static inline long ceil_non_negative(double v) {
    long t = (long)v;
    return (double)t < v ? t + 1 : t;
}

#endif
