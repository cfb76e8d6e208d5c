/// The coverage a shape's scan handed its sink, kept to be handed again: runs relative to the
/// shape's top-left pixel, spans (`value` is the coverage) and cells (`value` is `cells`; their
/// bytes follow those of the cells runs before them). Eight bytes a run: shapes are less than
/// 65 536 pixels a side. The coverage caches of rounded boxes and of paths keep these.
final class CoverageRecording: @unchecked Sendable {
    struct Run { var row: UInt16, x: UInt16, count: UInt16, value: UInt16 }
    static let cells: UInt16 = 0xFFFF
    /// `value` of a run saying that rows `row ..< row + count` repeat the runs of the row
    /// before (`CoverageSink.rows`).
    static let repeated: UInt16 = 0xFFFE
    // Unchecked: a recording is filled by the one band drawing its shape, and appended to for
    // every run (a checked access costs more than the append).
    @exclusivity(unchecked) var runs: [Run] = []
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// Set when the runs are one row of cells each, of one width from one column, row
    /// after row from row 0 (small shapes): the bytes are then a block replayed in one call.
    var block: (x: Int, width: Int, height: Int)?
    var size: Int { runs.count * MemoryLayout<Run>.stride + bytes.count }

    /// A sink that records, with (x0, y0) as the shape's top-left pixel. Rows and columns
    /// from there must be in 0..<65 536.
    struct Recorder: CoverageSink {
        let recording: CoverageRecording
        var x0 = 0, y0 = 0
        mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
            recording.runs.append(.init(row: UInt16(y - y0), x: UInt16(x - x0), count: UInt16(count), value: UInt16(coverage)))
        }
        mutating func rows(y: Int, count: Int, _ row: RowRuns) {
            row.replay(y: y, into: &self)
            if count > 1 {
                recording.runs.append(.init(row: UInt16(y + 1 - y0), x: 0, count: UInt16(count - 1), value: CoverageRecording.repeated))
            }
        }
        mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
            recording.runs.append(.init(row: UInt16(y - y0), x: UInt16(x - x0), count: UInt16(count), value: CoverageRecording.cells))
            // A box's edge columns are one cell a row: appended alone, without the
            // collection-append's setup.
            if count == 1 {
                recording.bytes.append(coverage.pointee)
            } else {
                recording.bytes.append(contentsOf: UnsafeBufferPointer(start: coverage, count: count))
            }
        }
    }

    /// A sink that records the whole shape and hands the part within `region` to `sink` as it
    /// goes: a shape kept on its second sighting is scanned once, not scanned and then replayed.
    struct Tee<S: CoverageSink>: CoverageSink {
        var recorder: Recorder
        var sink: S
        let region: (x: Int, y: Int, width: Int, height: Int)

        mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
            recorder.span(y: y, x: x, count: count, coverage: coverage)
            guard y >= region.y && y - region.y < region.height else { return }
            let a = max(x, region.x), b = min(x + count, region.x + region.width)
            if b > a { sink.span(y: y, x: a, count: b - a, coverage: coverage) }
        }

        mutating func cells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
            recorder.cells(y: y, x: x, count: count, coverage: coverage)
            guard y >= region.y && y - region.y < region.height else { return }
            let a = max(x, region.x), b = min(x + count, region.x + region.width)
            if b > a { sink.cells(y: y, x: a, count: b - a, coverage: coverage + (a - x)) }
        }

        mutating func rows(y: Int, count: Int, _ row: RowRuns) {
            recorder.rows(y: y, count: count, row)
            let a = max(y, region.y), b = min(y + count, region.y + region.height)
            if b > a { sink.rows(y: a, count: b - a, row.clipped(region.x, region.x + region.width)) }
        }
    }

    /// Notes whether the runs form a block (see `block`); call once recorded.
    func findBlock() {
        guard let first = runs.first, first.value == CoverageRecording.cells else { return }
        for (r, run) in runs.enumerated() {
            guard run.row == r, run.x == first.x, run.count == first.count, run.value == CoverageRecording.cells else { return }
        }
        block = (Int(first.x), Int(first.count), runs.count)
    }

    /// Hands the recorded runs, moved to (x0, y0) and cut to `region`, to `sink`.
    func replay<S: CoverageSink>(at x0: Int, _ y0: Int, region: (x: Int, y: Int, width: Int, height: Int), into sink: inout S) {
        let rx1 = region.x + region.width, ry1 = region.y + region.height
        if let b = block, x0 + b.x >= region.x, x0 + b.x + b.width <= rx1, y0 >= region.y, y0 + b.height <= ry1 {
            bytes.withUnsafeBufferPointer {
                sink.block(y: y0, x: x0 + b.x, width: b.width, height: b.height, coverage: $0.baseAddress!, stride: b.width)
            }
            return
        }
        // Wrapping arithmetic in the loop: runs are 16-bit offsets from (x0, y0), device
        // positions the compositor keeps within ±2⁴⁰, so no sum here can overflow, and the
        // checks cost more than the replay's own work on small boxes.
        bytes.withUnsafeBufferPointer { bytes in runs.withUnsafeBufferPointer { runs in
            var offset = 0 // where the next cells run's bytes start
            // The last row's first run and where its bytes start, for the rows repeating it.
            var row = -1, rowStart = 0, rowOffset = 0
            for (i, run) in runs.enumerated() {
                if run.value == CoverageRecording.repeated {
                    let y = y0 &+ Int(run.row)
                    let a = max(y, region.y), b = min(y &+ Int(run.count), ry1)
                    guard b > a else { continue }
                    var last = RowRuns(bytes: bytes.baseAddress! + rowOffset)
                    var at = 0
                    for r in runs[rowStart..<i] {
                        let isCells = r.value == CoverageRecording.cells
                        _ = last.append(.init(x: x0 &+ Int(r.x), count: Int(r.count), offset: at,
                                              coverage: UInt8(truncatingIfNeeded: r.value), cells: isCells))
                        if isCells { at &+= Int(r.count) }
                    }
                    sink.rows(y: a, count: b &- a, last.clipped(region.x, rx1))
                    continue
                }
                if Int(run.row) != row { row = Int(run.row); rowStart = i; rowOffset = offset }
                let isCells = run.value == CoverageRecording.cells
                let start = offset
                if isCells { offset &+= Int(run.count) }
                let y = y0 &+ Int(run.row)
                guard y >= region.y && y < ry1 else { continue }
                let rx = x0 &+ Int(run.x)
                let a = max(rx, region.x), b = min(rx &+ Int(run.count), rx1)
                guard b > a else { continue }
                if isCells {
                    sink.cells(y: y, x: a, count: b &- a, coverage: bytes.baseAddress! + (start &+ (a &- rx)))
                } else {
                    sink.span(y: y, x: a, count: b &- a, coverage: UInt8(truncatingIfNeeded: run.value))
                }
            }
        } }
    }
}
