#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blur intermediates are coverage in 8.8 fixed point (value · 256, at most 65 280) held in
/// UInt16: eight lanes per SSE2 register instead of four for Float, and a tap is one
/// `pmulhuw` (the high half of a 16 × 16-bit product) plus one add.
typealias BlurLanes = SIMD16<UInt16>

/// Lane-wise zero extension and truncation, spelled out lane by lane: the standard library's
/// generic conversions are loops that the optimizer may leave as calls when the module is
/// compiled in several pieces (as SwiftPM's release builds do), which costs 4× here.
@inline(__always)
func widened(_ a: SIMD8<UInt16>) -> SIMD8<UInt32> {
    SIMD8(UInt32(a[0]), UInt32(a[1]), UInt32(a[2]), UInt32(a[3]), UInt32(a[4]), UInt32(a[5]), UInt32(a[6]), UInt32(a[7]))
}

@inline(__always)
func truncated(_ a: SIMD8<UInt32>) -> SIMD8<UInt16> {
    SIMD8(UInt16(truncatingIfNeeded: a[0]), UInt16(truncatingIfNeeded: a[1]), UInt16(truncatingIfNeeded: a[2]),
          UInt16(truncatingIfNeeded: a[3]), UInt16(truncatingIfNeeded: a[4]), UInt16(truncatingIfNeeded: a[5]),
          UInt16(truncatingIfNeeded: a[6]), UInt16(truncatingIfNeeded: a[7]))
}

/// The high 16 bits of each 16 × 16-bit product: a · b / 65 536, rounded down. Written with
/// widening so LLVM selects `pmulhuw`.
@inline(__always)
func mulHigh(_ a: BlurLanes, _ b: BlurLanes) -> BlurLanes {
    BlurLanes(lowHalf: truncated((widened(a.lowHalf) &* widened(b.lowHalf)) &>> 16),
              highHalf: truncated((widened(a.highHalf) &* widened(b.highHalf)) &>> 16))
}

/// A sampled Gaussian, truncated at 3.5σ (the mass it drops is below 5·10⁻⁴, under 0.12/255 of
/// any output), with weights in 0.16 fixed point that sum to exactly 65 536, so flat regions
/// stay flat. Convolution cost is 2·radius + 1 taps per pixel per axis: `GaussianBlur`
/// keeps σ small here by blurring large σ on a reduced copy.
struct GaussianKernel {
    let radius: Int
    /// The weight of offsets −radius…radius, each repeated across the lanes.
    let lanes: [BlurLanes]
    /// How much the rounding down of every product loses on average, in 1/256 of a level:
    /// half a unit per non-zero tap.
    let truncationBias: Int

    init(sigma requested: Double) {
        // Below 1e-3 px every tap off the centre weighs 0 at this precision anyway; a σ whose
        // square underflows (1e-200) made the centre weight 0/0 and trapped converting NaN to
        // Int (found by Fuzz/fuzz-cgcontext; a scene's `shadowRadius` of 1e-300 reached it too).
        let sigma = requested >= 1e-3 && requested.isFinite ? requested : 1e-3
        let r = max(Int((3.5 * sigma).rounded(.up)), 1)
        let g = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = g.reduce(0, +)
        var w = g.map { Int(($0 / total * 65536).rounded()) }
        // The remainder of rounding goes to the centre; a kernel that is all centre (σ → 0)
        // keeps 65 535, losing under 1/256 of a level.
        w[r] += 65536 - w.reduce(0, +)
        w[r] = min(w[r], 65535)
        radius = r
        lanes = w.map { BlurLanes(repeating: UInt16($0)) }
        truncationBias = w.count(where: { $0 > 0 }) / 2
    }
}

/// Rounds up to whole blocks of lanes, so rows can be processed without a scalar tail.
@inline(__always)
func laneRounded(_ n: Int) -> Int { (n + BlurLanes.scalarCount - 1) / BlurLanes.scalarCount * BlurLanes.scalarCount }

/// dst[x] = Σ_j w_j · src[x + j·step] for x in 0..<count, j in 0..<taps: along a row (step 1,
/// `src` starting `radius` values left of the first output) or down the columns of rows
/// `step` values apart (`src` in the first tap row). Every tap must be readable, and `dst`
/// writable, for laneRounded(count) values.
func convolve(_ src: UnsafePointer<UInt16>, step: Int, _ dst: UnsafeMutablePointer<UInt16>, count: Int,
              _ kernel: UnsafePointer<BlurLanes>, taps: Int) {
    let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
    let n = BlurLanes.scalarCount
    var x = 0
    while x < count {
        var acc = BlurLanes()
        for j in 0..<taps {
            acc &+= mulHigh(s.loadUnaligned(fromByteOffset: (j * step + x) * 2, as: BlurLanes.self), kernel[j])
        }
        d.storeBytes(of: acc, toByteOffset: x * 2, as: BlurLanes.self)
        x += n
    }
}
