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
        for y in 0..<height {
            let row = frame + y * stride, base = canvas + y * width
            let inPrevious = y >= previous.y && y < previous.y + previous.height
            for x in 0..<width {
                let p = row[x]
                if p != base[x] { kept.add(x, y) }
                let clearedHere = inPrevious && x >= previous.x && x < previous.x + previous.width
                if clearedHere ? p != 0 : p != base[x] { cleared.add(x, y) }
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
