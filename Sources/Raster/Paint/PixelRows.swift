import CRasterKernels

/// Row operations on premultiplied pixels: the vector kernels of `CRasterKernels` (AVX2 or
/// SSE2, chosen at run time), which give results identical to the scalar `sourceOver` and
/// `mul255` (rounded x·a/255 per channel).

/// dst = src + dst·(1 − src.a) over `count` pixels.
@inline(__always)
package func sourceOverRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int) {
    rk_source_over_row(dst, src, count)
}

/// dst = s + dst·(1 − s.a) over `count` pixels, for one colour `s`.
@inline(__always)
package func sourceOverConstant(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ s: UInt32) {
    rk_source_over_constant(dst, count, s)
}

/// dst = src·c + dst·(1 − src.a·c) over `count` pixels, for one coverage or opacity c (0...255).
@inline(__always)
package func sourceOverRowScaled(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, _ c: UInt32) {
    rk_source_over_row_scaled(dst, src, count, c)
}

/// dst = s·c + dst·(1 − s.a·c) for one colour `s` through per-pixel coverage c.
@inline(__always)
func sourceOverMasked(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ s: UInt32,
                      _ coverage: UnsafePointer<UInt8>) {
    rk_source_over_masked(dst, count, s, coverage)
}

/// dst = src·c + dst·(1 − src.a·c) for source pixels through per-pixel coverage c.
@inline(__always)
func sourceOverRowMasked(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
                         _ coverage: UnsafePointer<UInt8>) {
    rk_source_over_row_masked(dst, src, count, coverage)
}

/// dst = dst + s·c·(1 − dst.a): one colour drawn behind what is there, through coverage c.
@inline(__always)
func destinationOverMasked(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ s: UInt32,
                           _ coverage: UnsafePointer<UInt8>) {
    rk_destination_over_masked(dst, count, s, coverage)
}

/// out = a·b/255 rounded (clip times shape, mask times clip).
@inline(__always)
func multiplyCoverage(_ out: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
                      _ count: Int) {
    rk_multiply_coverage(out, a, b, count)
}

/// out = a·c/255 rounded for one factor c (0...255).
@inline(__always)
func multiplyCoverage(_ out: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ c: UInt32, _ count: Int) {
    rk_multiply_coverage_constant(out, a, c, count)
}
