/// A set of device pixels as horizontal bands of rows, each band a sorted list of disjoint
/// x-intervals (the banded representation of pixman's and X11's regions).
///
/// The compositor uses one to say where drawing can still show: a rectangle less the parts
/// that opaque layers drawn later will cover. Every drawing call that takes a region skips the
/// pixels outside it, which is what occlusion culling saves.
package struct PixelRegion: Sendable {
    struct Band {
        var y0: Int, y1: Int
        /// Range of `spans` (pairs x0, x1) for this band.
        var start: Int, count: Int
    }

    private(set) var bands: [Band] = []
    private var spans: [Int] = []
    /// The bounding rectangle of the bands as built (not shrunk by subtraction).
    package let x0: Int, y0: Int, x1: Int, y1: Int

    /// Whether the region holds no pixel.
    package var isEmpty: Bool { bands.isEmpty }

    /// The pixels of a rectangle, half-open.
    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        if x1 > x0 && y1 > y0 {
            bands = [Band(y0: y0, y1: y1, start: 0, count: 1)]
            spans = [x0, x1]
        }
    }

    /// The rectangle less `holes` (half-open device rectangles, in any number and overlap).
    package init(x0: Int, y0: Int, x1: Int, y1: Int, minus holes: [(x0: Int, y0: Int, x1: Int, y1: Int)]) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        guard x1 > x0 && y1 > y0 else { return }
        let cut = holes.compactMap { h -> (x0: Int, y0: Int, x1: Int, y1: Int)? in
            let c = (x0: max(h.x0, x0), y0: max(h.y0, y0), x1: min(h.x1, x1), y1: min(h.y1, y1))
            return c.x1 > c.x0 && c.y1 > c.y0 ? c : nil
        }
        var ys = [y0, y1]
        for h in cut { ys.append(h.y0); ys.append(h.y1) }
        ys.sort()
        var intervals: [(Int, Int)] = []
        var row: [Int] = []
        var previous: Range<Int>?
        var k = 0
        while k + 1 < ys.count {
            let ya = ys[k], yb = ys[k + 1]
            k += 1
            guard yb > ya else { continue }
            // The holes spanning this band, sorted by left edge, leave the gaps between them.
            intervals.removeAll(keepingCapacity: true)
            for h in cut where h.y0 <= ya && h.y1 >= yb { intervals.append((h.x0, h.x1)) }
            intervals.sort { $0.0 < $1.0 }
            row.removeAll(keepingCapacity: true)
            var x = x0
            for (a, b) in intervals {
                if a > x { row.append(x); row.append(a) }
                x = max(x, b)
            }
            if x < x1 { row.append(x); row.append(x1) }
            if row.isEmpty { previous = nil; continue }
            // Rows with the same spans as the band above join it.
            if let p = previous, spans[p].elementsEqual(row), let last = bands.last, last.y1 == ya {
                bands[bands.count - 1].y1 = yb
                continue
            }
            bands.append(Band(y0: ya, y1: yb, start: spans.count / 2, count: row.count / 2))
            previous = spans.count..<(spans.count + row.count)
            spans.append(contentsOf: row)
        }
    }

    /// Whether the region holds any pixel of the rectangle.
    package func intersects(x0 rx0: Int, y0 ry0: Int, x1 rx1: Int, y1 ry1: Int) -> Bool {
        for b in bands where b.y1 > ry0 && b.y0 < ry1 {
            for i in 0..<b.count where spans[2 * (b.start + i)] < rx1 && spans[2 * (b.start + i) + 1] > rx0 { return true }
        }
        return false
    }

    /// The band holding row y, if any.
    @inline(__always)
    func band(_ y: Int) -> Band? {
        var lo = 0, hi = bands.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let b = bands[mid]
            if y < b.y0 { hi = mid } else if y >= b.y1 { lo = mid + 1 } else { return b }
        }
        return nil
    }

    /// Calls `body(a, b)` for each run [a, b) of row y's [from, to) inside the region, left to right.
    @inline(__always)
    package func forEachRun(y: Int, from: Int, to: Int, _ body: (Int, Int) -> Void) {
        guard let b = band(y) else { return }
        spans.withUnsafeBufferPointer { s in
            for i in 0..<b.count {
                let a = max(s[2 * (b.start + i)], from), e = min(s[2 * (b.start + i) + 1], to)
                if e > a { body(a, e) }
            }
        }
    }

    /// Run `index` of `band` as [x0, x1): `forEachRun` for callers that cannot hand over a
    /// closure.
    @inline(__always)
    func run(_ band: Band, _ index: Int) -> (Int, Int) {
        let k = 2 * (band.start + index)
        return (spans[k], spans[k + 1])
    }

    /// The rows [y0, y1) the region has bands in, cut to [from, to).
    package func rowRange(from: Int, to: Int) -> Range<Int> {
        guard let first = bands.first, let last = bands.last else { return from..<from }
        let a = max(first.y0, from), b = min(last.y1, to)
        return a..<max(a, b)
    }
}
