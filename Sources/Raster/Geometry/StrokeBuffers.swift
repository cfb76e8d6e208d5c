#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The working memory of stroking (the outline, the subpath and dash being stroked, the
/// stroker's sides, directions and lengths), kept from stroke to stroke by a caller that
/// strokes often: a context drawing hundreds of strokes would otherwise allocate each of
/// these afresh and grow it by doubling, every stroke (about 2 % of the drawing race's
/// strokes went to growing arrays, and as much again to allocating and freeing them).
package struct StrokeBuffers {
    var outline = Path()
    var line = Polyline(), piece = Polyline(), clean = Polyline()
    var hidden: [Bool] = []
    var pts = GrowableList<(Double, Double)>(), other = GrowableList<(Double, Double)>()
    var dirs = GrowableList<(Double, Double)>(), lens = GrowableList<Double>()

    /// Empty buffers.
    package init() {}
}
