/// The runs of one row of coverage (at most three: cells, span, cells), handed to a sink for
/// several rows at once (`CoverageSink.rows`): a rounded box's straight rows, between its
/// corners, have the same coverage column by column, so the box is scanned for one of them
/// and a sink that fills rectangles fills the rest in one call.
package struct RowRuns {
    struct Run { var x = 0, count = 0, offset = 0, coverage: UInt8 = 0, cells = false }
    /// Where the cells runs' bytes are (at their offsets).
    let bytes: UnsafePointer<UInt8>
    var runs = (Run(), Run(), Run())
    var count = 0

    init(bytes: UnsafePointer<UInt8>) { self.bytes = bytes }

    subscript(i: Int) -> Run { i == 0 ? runs.0 : i == 1 ? runs.1 : runs.2 }

    /// Adds a run; false when three are there already.
    mutating func append(_ r: Run) -> Bool {
        switch count {
        case 0: runs.0 = r
        case 1: runs.1 = r
        case 2: runs.2 = r
        default: return false
        }
        count += 1
        return true
    }

    /// Hands the runs to `sink` as row y's.
    package func replay<S: CoverageSink>(y: Int, into sink: inout S) {
        for i in 0..<count {
            let r = self[i]
            if r.cells {
                sink.cells(y: y, x: r.x, count: r.count, coverage: bytes + r.offset)
            } else {
                sink.span(y: y, x: r.x, count: r.count, coverage: r.coverage)
            }
        }
    }

    /// The runs cut to the columns [lo, hi).
    func clipped(_ lo: Int, _ hi: Int) -> RowRuns {
        var out = RowRuns(bytes: bytes)
        for i in 0..<count {
            var r = self[i]
            let a = max(r.x, lo), b = min(r.x + r.count, hi)
            guard b > a else { continue }
            r.offset += a - r.x
            r.x = a; r.count = b - a
            _ = out.append(r)
        }
        return out
    }

    /// The runs as a rectangle's row for `rk_source_over_rect` when they are a span with at
    /// most one cell on either side, touching it: the first and last pixels' colours and the
    /// run's, each `s` scaled by its coverage.
    func rectangle(color s: UInt32) -> (x: Int, width: Int, first: UInt32, mid: UInt32, last: UInt32)? {
        @inline(__always) func colour(_ c: UInt8) -> UInt32 { c == 255 ? s : (c == 0 ? 0 : scalePixel(s, UInt32(c))) }
        var k = 0
        var first: UInt32? = nil, last: UInt32? = nil
        if k < count, self[k].cells {
            guard self[k].count == 1 else { return nil }
            first = colour(bytes[self[k].offset]); k += 1
        }
        guard k < count, !self[k].cells else { return nil }
        let span = self[k]
        k += 1
        if k < count {
            guard self[k].cells, self[k].count == 1, self[k].x == span.x + span.count else { return nil }
            last = colour(bytes[self[k].offset]); k += 1
        }
        guard k == count else { return nil }
        if first != nil && self[0].x + 1 != span.x { return nil }
        let mid = colour(span.coverage)
        return (first == nil ? span.x : span.x - 1, span.count + (first == nil ? 0 : 1) + (last == nil ? 0 : 1),
                first ?? mid, mid, last ?? mid)
    }
}

/// A sink that keeps the runs of one row as `RowRuns`, its cells' bytes in `storage`
/// (`capacity` bytes); `valid` is false when the row did not fit.
struct RowCapture: CoverageSink {
    let storage: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var row: RowRuns
    var used = 0
    var valid = true

    init(storage: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.storage = storage; self.capacity = capacity
        row = RowRuns(bytes: UnsafePointer(storage))
    }

    mutating func span(y: Int, x: Int, count n: Int, coverage: UInt8) {
        if !row.append(.init(x: x, count: n, coverage: coverage)) { valid = false }
    }

    mutating func cells(y: Int, x: Int, count n: Int, coverage: UnsafePointer<UInt8>) {
        guard n <= capacity - used else { valid = false; return }
        (storage + used).update(from: coverage, count: n)
        if !row.append(.init(x: x, count: n, offset: used, cells: true)) { valid = false }
        used += n
    }

    mutating func block(y: Int, x: Int, width: Int, height: Int, coverage: UnsafePointer<UInt8>, stride: Int) { valid = false }
}
