import Glibc

/// A rectangle of an APNG canvas, in pixels.
package struct APNGRegion: Equatable, Sendable {
    package var x: Int, y: Int, width: Int, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var area: Int { width * height }
}

/// How one APNG frame after the first is written: the rectangle it covers, what the decoder
/// does with the previous frame's rectangle first (its dispose op), and how the frame's pixels
/// meet the canvas (its blend op).
///
/// Two bases are tried: the canvas as the previous frame left it (dispose none) and the same
/// with the previous rectangle cleared to transparent black (dispose to background). Each
/// gives the bounding box of the pixels that differ from the new frame; the smaller box wins
/// (ties keep the canvas). Over blending is chosen when every pixel of the box either equals
/// the base (written as transparent, which leaves the base) or is opaque (which replaces it
/// under any decoder's arithmetic); otherwise source blending writes the box as it is.
/// Dispose to previous is never used: it makes decoders keep a copy of the canvas and saves
/// nothing a cleared or kept canvas does not, for frames rendered in time order.
/// An unchanged frame is a 1 × 1 transparent pixel blended over the canvas.
package struct APNGFramePlan: Equatable, Sendable {
    /// `dispose_op` of fcTL.
    package enum Dispose: UInt8, Sendable { case none = 0, background = 1 }
    /// `blend_op` of fcTL.
    package enum Blend: UInt8, Sendable { case source = 0, over = 1 }

    package var region: APNGRegion
    package var disposePrevious: Dispose
    package var blend: Blend

    package init(region: APNGRegion, disposePrevious: Dispose, blend: Blend) {
        self.region = region
        self.disposePrevious = disposePrevious
        self.blend = blend
    }

    /// The plan for `frame` (straight RGBA8, rows `stride` pixels apart) over `canvas`
    /// (`width × height`, packed), where the previous frame covered `previous`.
    package init(frame: UnsafePointer<UInt32>, stride: Int, canvas: UnsafePointer<UInt32>, width: Int, height: Int,
                 previous: APNGRegion) {
        var kept = BoundingBox(), cleared = BoundingBox()
        let px0 = previous.x, px1 = previous.x + previous.width
        for y in 0..<height {
            let row = frame + y * stride, base = canvas + y * width
            let inPrevious = y >= previous.y && y < previous.y + previous.height
            // Most rows of an animation do not change: one comparison of the row settles them.
            if memcmp(row, base, width * 4) != 0, let (first, last) = Self.differing(row, base, 0, width) {
                kept.add(first, y)
                kept.add(last, y)
                if !inPrevious {
                    cleared.add(first, y)
                    cleared.add(last, y)
                }
            }
            guard inPrevious else { continue }
            // Cleared: the previous rectangle differs where the frame is not transparent black,
            // the rest of the row where it differs from the canvas.
            if let (first, last) = Self.differing(row, base, 0, px0) { cleared.add(first, y); cleared.add(last, y) }
            if let (first, last) = Self.differing(row, base, px1, width) { cleared.add(first, y); cleared.add(last, y) }
            if let first = (px0..<px1).first(where: { row[$0] != 0 }), let last = (px0..<px1).last(where: { row[$0] != 0 }) {
                cleared.add(first, y)
                cleared.add(last, y)
            }
        }
        let useCleared = cleared.area < kept.area
        disposePrevious = useCleared ? .background : .none
        guard let box = (useCleared ? cleared : kept).region else {
            region = APNGRegion(x: 0, y: 0, width: 1, height: 1)
            blend = .over
            return
        }
        region = box
        // Over is exact where each pixel is the base's (written transparent) or opaque.
        var over = true
        rows: for y in box.y..<(box.y + box.height) {
            let row = frame + y * stride, base = canvas + y * width
            let inPrevious = y >= previous.y && y < previous.y + previous.height
            for x in box.x..<(box.x + box.width) {
                let p = row[x]
                let clearedHere = useCleared && inPrevious && x >= previous.x && x < previous.x + previous.width
                let shown = clearedHere ? 0 : base[x]
                if p != shown && p >> 24 != 0xFF { over = false; break rows }
            }
        }
        blend = over ? .over : .source
    }
}

extension APNGFramePlan {
    /// The first and last x in `x0..<x1` where `a` and `b` differ; nil where they are equal.
    static func differing(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ x0: Int, _ x1: Int) -> (Int, Int)? {
        var first = x0
        while first < x1 && a[first] == b[first] { first += 1 }
        guard first < x1 else { return nil }
        var last = x1 - 1
        while a[last] == b[last] { last -= 1 }
        return (first, last)
    }
}

/// The smallest rectangle holding the points added.
private struct BoundingBox {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

    mutating func add(_ x: Int, _ y: Int) {
        if x < minX { minX = x }
        if x > maxX { maxX = x }
        if y < minY { minY = y }
        if y > maxY { maxY = y }
    }

    var region: APNGRegion? {
        maxX < 0 ? nil : APNGRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    var area: Int { region?.area ?? 0 }
}
