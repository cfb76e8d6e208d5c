/// The resampling half of `GaussianBlur`: a large σ is blurred on a copy reduced 2^k times,
/// then magnified back. Pixel m of level l is centred at (m + ½)·2^l in level-0 pixels.

/// A rectangle of 8.8 fixed-point coverage on the grid of one level: pixels
/// x0..<x0+width, y0..<y0+height of that level, rows padded to whole lanes, and a lane of
/// slack before the first and after the last so that whole-lane reads one pixel beyond a
/// row stay inside the allocation.
final class BlurPlane {
    let x0: Int, y0: Int, width: Int, height: Int, stride: Int
    let values: UnsafeMutablePointer<UInt16>
    private let storage: UnsafeMutablePointer<UInt16>

    init(x0: Int, y0: Int, width: Int, height: Int) {
        self.x0 = x0
        self.y0 = y0
        self.width = width
        self.height = height
        stride = laneRounded(width)
        let n = stride * height + 2 * BlurLanes.scalarCount
        storage = .allocate(capacity: n)
        storage.initialize(repeating: 0, count: n)
        values = storage + BlurLanes.scalarCount
    }

    deinit { storage.deallocate() }

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt16> { values + (y - y0) * stride }
}

/// One pyramid step: level l+1 from level l, each output pixel the [1 3 3 1]/8 ⊗ [1 3 3 1]/8
/// weighted sum of the 4 × 4 pixels around its centre. Two boxes of 2 per axis kill what
/// would alias onto low frequencies (a box of 2 alone lets a pattern at the pixel pitch
/// shift the result by half a pixel), at variance ¾ (in level-l pixels²) per axis.
/// `shift` brings the source to 8.8 fixed point (8 for 8-bit coverage, 0 for a plane).
func reduced<T: FixedWidthInteger & UnsignedInteger>(_ src: UnsafePointer<T>, stride: Int, shift: Int,
                                                     x0: Int, y0: Int, width: Int, height: Int) -> BlurPlane {
    let (ox0, ox1) = coarserRange(x0, x0 + width), (oy0, oy1) = coarserRange(y0, y0 + height)
    let out = BlurPlane(x0: ox0, y0: oy0, width: ox1 - ox0, height: oy1 - oy0)
    // Column sums of one output row, source column x at index x − x0 + 3, zero around.
    let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width + 6)
    defer { sums.deallocate() }
    sums.initialize(repeating: 0, count: width + 6)
    let inner = sums + 3
    for m in oy0..<oy1 {
        inner.update(repeating: 0, count: width)
        for q in 0..<4 {
            let ys = 2 * m - 1 + q
            guard ys >= y0 && ys < y0 + height else { continue }
            let r = src + (ys - y0) * stride
            let w: UInt32 = q == 0 || q == 3 ? 1 : 3
            for i in 0..<width { inner[i] &+= w &* (UInt32(truncatingIfNeeded: r[i]) &<< UInt32(shift)) }
        }
        let o = out.row(m)
        // Wrapping index arithmetic: mx lies in the coarse range of [x0, x0 + width), so the
        // sums read are within the padded row, and checked arithmetic would keep this loop
        // from being vectorised.
        for mx in ox0..<ox1 {
            let b = sums + (2 &* mx &+ 2 &- x0)
            o[mx &- ox0] = UInt16(truncatingIfNeeded: (b[0] &+ 3 &* (b[1] &+ b[2]) &+ b[3] &+ 32) &>> 6)
        }
    }
    return out
}

/// The pixels of the next level up that `reduced` produces from, and `expanded` needs for,
/// pixels first..<end of this level: coarse pixel m meets fine pixels 2m − 1 … 2m + 2.
@inline(__always)
func coarserRange(_ first: Int, _ end: Int) -> (first: Int, end: Int) { ((first - 1) >> 1, (end >> 1) + 1) }

/// ⌊(a + b)/2⌋ and ⌈(a + b)/2⌉ without leaving 16 bits.
@inline(__always)
private func floorMean(_ a: BlurLanes, _ b: BlurLanes) -> BlurLanes { (a & b) &+ ((a ^ b) &>> 1) }
@inline(__always)
private func ceilMean(_ a: BlurLanes, _ b: BlurLanes) -> BlurLanes { (a | b) &- ((a ^ b) &>> 1) }

/// (3a + b)/4 within half a unit: the weights of linear interpolation at a quarter pixel.
@inline(__always)
private func quarterMix(_ a: BlurLanes, _ b: BlurLanes) -> BlurLanes { ceilMean(a, floorMean(a, b)) }

/// Magnifies `plane` by 2 onto pixels x0..<x1 × y0..<y1 of the level below, by linear
/// interpolation: each fine pixel lies a quarter of a coarse pixel from the nearest coarse
/// centre, so every pixel gets the same weights (¾, ¼) and the same spread (variance ¾ in
/// fine pixels² per axis), unlike a single magnification by 2^k whose pixels sit at k
/// different phases with different spreads. Rows go to `emit` (y, values x0..<x1).
/// `plane` must cover coarserRange of both spans.
func expanded(_ plane: BlurPlane, x0: Int, x1: Int, y0: Int, y1: Int,
              _ emit: (Int, UnsafeMutablePointer<UInt16>) -> Void) {
    let width = x1 - x0
    let n = laneRounded(width) + BlurLanes.scalarCount * 2
    // Fine rows of coarse rows m − 1, m, m + 1.
    var rows = (UnsafeMutablePointer<UInt16>.allocate(capacity: n), UnsafeMutablePointer<UInt16>.allocate(capacity: n),
                UnsafeMutablePointer<UInt16>.allocate(capacity: n))
    let line = UnsafeMutablePointer<UInt16>.allocate(capacity: n)
    defer { rows.0.deallocate(); rows.1.deallocate(); rows.2.deallocate(); line.deallocate() }
    // Coarse pixel m − 1 … m + 1 around fine pixel 2m, 2m + 1: the first fine pixel computed is
    // 2·mx0, which may be x0 − 1, so rows start one early when x0 is odd.
    let mx0 = x0 >> 1, mx1 = ((x1 - 1) >> 1) + 1
    let lead = x0 - 2 * mx0
    func widen(_ m: Int, into f: UnsafeMutablePointer<UInt16>) {
        // Rows just outside the plane are never mixed into a pixel of y0..<y1.
        guard m >= plane.y0 && m < plane.y0 + plane.height else { return }
        let c = UnsafeRawPointer(plane.row(m) + (mx0 - plane.x0))
        let out = UnsafeMutableRawPointer(f)
        let lanes = BlurLanes.scalarCount
        var i = 0
        while i < mx1 - mx0 {
            let here = c.loadUnaligned(fromByteOffset: i * 2, as: BlurLanes.self)
            let left = c.loadUnaligned(fromByteOffset: (i - 1) * 2, as: BlurLanes.self)
            let right = c.loadUnaligned(fromByteOffset: (i + 1) * 2, as: BlurLanes.self)
            let even = quarterMix(here, left), odd = quarterMix(here, right)
            // Little-endian: each 32-bit lane holds fine pixels 2m (low half) and 2m + 1.
            let low = widened(even.lowHalf) | widened(odd.lowHalf) &<< 16
            let high = widened(even.highHalf) | widened(odd.highHalf) &<< 16
            out.storeBytes(of: low, toByteOffset: i * 4, as: SIMD8<UInt32>.self)
            out.storeBytes(of: high, toByteOffset: i * 4 + 32, as: SIMD8<UInt32>.self)
            i += lanes
        }
    }
    var loaded = Int.min
    for y in y0..<y1 {
        let m = y >> 1
        if m != loaded {
            if m == loaded + 1 {
                rows = (rows.1, rows.2, rows.0)
                widen(m + 1, into: rows.2)
            } else {
                widen(m - 1, into: rows.0)
                widen(m, into: rows.1)
                widen(m + 1, into: rows.2)
            }
            loaded = m
        }
        let here = UnsafeRawPointer(rows.1 + lead), other = UnsafeRawPointer((y & 1 == 0 ? rows.0 : rows.2) + lead)
        let d = UnsafeMutableRawPointer(line)
        var x = 0
        while x < width {
            let v = quarterMix(here.loadUnaligned(fromByteOffset: x * 2, as: BlurLanes.self),
                               other.loadUnaligned(fromByteOffset: x * 2, as: BlurLanes.self))
            d.storeBytes(of: v, toByteOffset: x * 2, as: BlurLanes.self)
            x += BlurLanes.scalarCount
        }
        emit(y, line)
    }
}
