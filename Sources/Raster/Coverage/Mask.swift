/// An 8-bit coverage (alpha) image placed in device space like a `Surface`: clip shapes,
/// layer masks and shadow shapes. Pixel (0, 0) is at device (originX, originY).
package final class Mask: @unchecked Sendable {
    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int
    /// Device x of pixel (0, 0). (Unchecked for exclusive access: read for every run a sink
    /// writes, and moved only by whoever owns the mask.)
    @exclusivity(unchecked) package var originX: Int
    /// Device y of pixel (0, 0).
    @exclusivity(unchecked) package var originY: Int
    /// The coverage bytes, `width` per row, rows top to bottom.
    package let coverage: UnsafeMutablePointer<UInt8>

    /// A mask covering nothing.
    package init(width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        precondition(width >= 0 && height >= 0, "Mask size must not be negative")
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        let count = max(width * height, 1)
        coverage = .allocate(capacity: count)
        coverage.initialize(repeating: 0, count: count)
    }

    /// The alpha channel of `surface`, at the same device position.
    package convenience init(alphaOf surface: Surface) {
        self.init(width: surface.width, height: surface.height, originX: surface.originX, originY: surface.originY)
        let n = width * height
        for i in 0..<n { coverage[i] = UInt8(truncatingIfNeeded: surface.pixels[i] >> 24) }
    }

    deinit { coverage.deallocate() }

    /// Coverage at device pixel (x, y); 0 outside the mask.
    @inline(__always)
    package func value(atDeviceX x: Int, y: Int) -> UInt8 {
        let lx = x - originX, ly = y - originY
        guard lx >= 0, ly >= 0, lx < width, ly < height else { return 0 }
        return coverage[ly * width + lx]
    }

    /// The address of device pixel (x, y)'s coverage, for rows read or written in place; the
    /// pixel must lie inside the mask (unchecked).
    @inline(__always)
    package func coverage(atDeviceX x: Int, y: Int) -> UnsafeMutablePointer<UInt8> {
        coverage + (y - originY) * width + (x - originX)
    }

    /// Sets every pixel's coverage to `value`.
    package func clear(_ value: UInt8 = 0) {
        coverage.update(repeating: value, count: width * height)
    }

    /// The part of the mask inside a device rectangle (zero where the mask does not reach).
    package func cropped(to r: (x: Int, y: Int, width: Int, height: Int)) -> Mask {
        let m = Mask(width: r.width, height: r.height, originX: r.x, originY: r.y)
        guard let c = intersect(r, deviceBounds) else { return m }
        for y in c.y..<(c.y + c.height) {
            (m.coverage + (y - r.y) * r.width + (c.x - r.x))
                .update(from: coverage(atDeviceX: c.x, y: y), count: c.width)
        }
        return m
    }

    /// A deep copy.
    package func copy() -> Mask {
        let m = Mask(width: width, height: height, originX: originX, originY: originY)
        m.coverage.update(from: coverage, count: width * height)
        return m
    }

    /// Adds the path's coverage: result = m + c − m·c (source-over on alpha), so filling
    /// several shapes gives their union.
    package func fill(_ path: Path, transform: ProjectiveTransform = .identity, rule: FillRule = .nonZero,
                     antialias: Bool = true) {
        var sink = MaskUnionSink(mask: self)
        rasterize(path, transform: transform, rule: rule, antialias: antialias,
                  targetX: originX, targetY: originY, targetWidth: width, targetHeight: height, into: &sink)
    }

    /// Intersects with `other`: each coverage is multiplied by `other`'s at the same device
    /// pixel, and pixels outside `other` become 0.
    package func multiply(by other: Mask) {
        for y in 0..<height {
            let row = coverage + y * width
            let oy = y + originY - other.originY
            guard oy >= 0 && oy < other.height else {
                row.update(repeating: 0, count: width)
                continue
            }
            let orow = other.coverage + oy * other.width
            // Columns [lo, hi) of this row lie over `other`; the rest become 0.
            let lo = min(max(other.originX - originX, 0), width)
            let hi = max(min(other.originX + other.width - originX, width), lo)
            row.update(repeating: 0, count: lo)
            multiplyCoverage(row + lo, row + lo, orow + (lo + originX - other.originX), hi - lo)
            (row + hi).update(repeating: 0, count: width - hi)
        }
    }

    /// Device rectangle of the mask as (x, y, width, height).
    var deviceBounds: (x: Int, y: Int, width: Int, height: Int) { (originX, originY, width, height) }
}

/// A mask's coverage and placement read out of it once, for the runs of a hot loop: binding the
/// mask itself in each run retained and released it (an atomic pair a run). Valid while the
/// mask lives.
struct MaskRows {
    let coverage: UnsafeMutablePointer<UInt8>
    let originX: Int, originY: Int, width: Int
    init(_ mask: Mask) {
        coverage = mask.coverage; originX = mask.originX; originY = mask.originY; width = mask.width
    }
    /// As `Mask.coverage(atDeviceX:y:)`.
    @inline(__always)
    func at(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        coverage + ((y &- originY) &* width &+ (x &- originX))  // a pixel of the mask: in range
    }
}

struct MaskUnionSink: CoverageSink {
    let mask: Mask

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        let p = mask.coverage(atDeviceX: x, y: y)
        if coverage == 255 { p.update(repeating: 255, count: count); return }
        let c = UInt32(coverage)
        for i in 0..<count {
            let m = UInt32(p[i])
            p[i] = UInt8(truncatingIfNeeded: m + c - mul255(m, c))
        }
    }

    mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let p = mask.coverage(atDeviceX: x, y: y)
        for i in 0..<count {
            let m = UInt32(p[i]), c = UInt32(coverage[i])
            p[i] = UInt8(truncatingIfNeeded: m + c - mul255(m, c))
        }
    }
}


extension Mask {
    /// Replaces each coverage c by 255 − c (what a mask of occluded pixels leaves visible);
    /// returns whether any pixel is left with some coverage.
    package func invert() -> Bool {
        var any: UInt8 = 0
        let c = coverage
        for i in 0..<(width * height) {
            let keep = 255 &- c[i]
            c[i] = keep
            any |= keep
        }
        return any != 0
    }
}
