import CRasterKernels

/// The rasterizer's bands: each accumulates the edges that cross its rows (in the order they
/// were received), finds and redoes the spans where unrelated edges met, and is swept.
extension CoverageRasterizer {
    /// Accumulates the received edges band by band and hands every row's coverage to `sink`;
    /// with `exactOverlaps`, spans where unrelated edges meet are redone exactly first.
    package func sweep<S: CoverageSink>(rule: FillRule, exactOverlaps: Bool = true, into sink: inout S) {
        switch (antialias, rule) {
        case (true, .nonZero): run(NonZeroArea.self, rule: rule, exact: exactOverlaps, into: &sink)
        case (true, .evenOdd): run(EvenOddArea.self, rule: rule, exact: exactOverlaps, into: &sink)
        case (false, .nonZero): run(NonZeroSample.self, rule: rule, exact: false, into: &sink)
        case (false, .evenOdd): run(EvenOddSample.self, rule: rule, exact: false, into: &sink)
        }
    }

    /// Accumulates the kept edges into the only band and forgets them (`batched`): the band's
    /// cells then hold them until the sweep, and no owners are kept.
    func accumulateBatch() {
        if !batched {
            beginBand(rows: height, claims: false)
            batched = true
        }
        let n = edgeCount
        scratch.reserveIndices(n)
        let list = scratch.indices
        for i in 0..<n { list[i] = Int32(i) }
        _ = accumulate(list, n, top: 0, rows: height, offset: 0, claims: false)
        edgeCount = 0
    }

    /// Adds the edges listed (by index, `count` of them) to the band of `rows` rows from region
    /// row `top`; whether any reached it.
    private func accumulate(_ list: UnsafeMutablePointer<Int32>, _ count: Int, top: Int, rows: Int, offset: Int32,
                            claims: Bool) -> Bool {
        let edges = scratch.edges
        if antialias {
            var b = rk_band(acc: acc, owner: owner, touched: touched, row_pieces: rowPieces,
                            conflict_first: conflictFirst, conflict_last: conflictLast, stride: stride,
                            words_per_row: wordsPerRow, width: width, band_first: firstId &+ offset, offset: offset)
            let result = rk_accumulate_band(&b, edges, list, count, top, rows, claims ? 1 : 0)
            if result & 2 != 0 { hasConflicts = true }
            return result != 0
        }
        var any = false
        for k in 0..<count { any = accumulateSampled(edges[Int(list[k])], top: top, rows: rows) || any }
        return any
    }

    private func run<R: CoverageRule, S: CoverageSink>(_ coverage: R.Type, rule: FillRule, exact: Bool,
                                                       into sink: inout S) {
        finishEdges()
        if batched {
            // One band, accumulated in batches as the edges came: the rest, then the sweep.
            accumulateBatch()
            sweepBand(coverage, top: 0, rows: height, exactRows: false, into: &sink)
            return
        }
        let n = edgeCount
        let edges = scratch.edges
        // Ids handed out by this fill: firstId + 1 ... firstId + span. Band b adds b·(span + 1)
        // to them, so that what band b − 1 left in the owners is at or below band b's first
        // id; when that would run past Int32, each band clears its owners instead.
        let span = Int(edgeIdsUsed)
        let bands = (height + bandRows - 1) / bandRows
        let offsets = Int(firstId) + bands * (span + 1) < Int(Int32.max)
        var lastId = firstId
        // One simple contour (a circle, a rectangle, a dash) meets only itself, harmlessly:
        // its cells need no owners; nor do a boundary's, which winds 0 or 1 (FillBoundarySink).
        let claims = antialias && !windsZeroOrOne && !(contoursKept == 1 && allSimple)
        // Edges by the band of their first row (stable: in received order within a band).
        scratch.reserveIndices(max(n, bands + 1))
        let byBand = scratch.indices, active = byBand + scratch.indexCapacity
        let merged = active + scratch.indexCapacity, bandStart = merged + scratch.indexCapacity
        if bands > 1 {
            bandStart.initialize(repeating: 0, count: bands + 1)
            for i in 0..<n { bandStart[Int(edges[i].firstRow) / bandRows + 1] += 1 }
            for b in 0..<bands { bandStart[b + 1] += bandStart[b] }
            for i in 0..<n {
                let b = Int(edges[i].firstRow) / bandRows
                byBand[Int(bandStart[b])] = Int32(i)
                bandStart[b] += 1
            }
            // bandStart[b] is now the end of band b's newcomers; shift back to starts.
            for b in Swift.stride(from: bands, to: 0, by: -1) { bandStart[b] = bandStart[b - 1] }
            bandStart[0] = 0
        } else {
            for i in 0..<n { byBand[i] = Int32(i) }
        }
        // Band b, whose active edges are the `count` listed (by index).
        func band(_ b: Int, _ list: UnsafeMutablePointer<Int32>, _ count: Int) {
            let top = b * bandRows, rows = min(bandRows, height - top)
            let offset: Int32
            if offsets {
                offset = Int32(b * (span + 1))
            } else {
                offset = 0
                if claims { owner.update(repeating: 0, count: rows * stride) }
            }
            lastId = max(lastId, firstId &+ offset &+ Int32(span))
            beginBand(rows: rows, claims: claims)
            if !accumulate(list, count, top: top, rows: rows, offset: offset, claims: claims) { return }
            // Without claims no cell is flagged: there is nothing to redo.
            if exact && claims { resolveConflicts(edges, list, count, top: top, rows: rows, rule: rule) }
            sweepBand(coverage, top: top, rows: rows, exactRows: claims, into: &sink)
        }
        if bands == 1 {
            band(0, byBand, n)
        } else {
            var activeCount = 0
            var current = active, next = merged
            for b in 0..<bands {
                // The active edges still crossing this band, merged with those starting in it, by index.
                var m = 0, i = 0
                var j = Int(bandStart[b])
                let end = Int(bandStart[b + 1])
                while i < activeCount || j < end {
                    let e: Int32
                    if j >= end || (i < activeCount && current[i] < byBand[j]) {
                        e = current[i]; i += 1
                        if Int(edges[Int(e)].lastRow) < b * bandRows { continue }
                    } else {
                        e = byBand[j]; j += 1
                    }
                    next[m] = e; m += 1
                }
                swap(&current, &next)
                activeCount = m
                band(b, current, activeCount)
            }
        }
        scratch.lastEdgeId = max(scratch.lastEdgeId, lastId)
    }

    /// Sets up the band's touched bits and, with claims, its per-row bookkeeping (which only
    /// claims and the exact pass write, and only rows they flagged are read for).
    private func beginBand(rows: Int, claims: Bool) {
        touched.initialize(repeating: 0, count: rows * wordsPerRow)
        guard claims else { return }
        conflictFirst.initialize(repeating: Int32.max, count: rows)
        conflictLast.initialize(repeating: -1, count: rows)
        exactOffset.initialize(repeating: -1, count: rows)
        rowPieces.initialize(repeating: 0, count: rows)
    }

    // MARK: Accumulation

    /// Adds the part of a non-antialiased edge in the band's rows (from region row `top`);
    /// whether it reached them. (Antialiased edges are accumulated by `rk_accumulate_band`.)
    @inline(__always)
    private func accumulateSampled(_ e: Edge, top: Int, rows: Int) -> Bool {
        let first = max(Int(e.firstRow), top), last = min(Int(e.lastRow), top + rows - 1)
        if first > last { return false }
        addSampledLine(e, first - top, last - top, top: top)
        return true
    }

    /// Non-antialiased edge: band rows `first...last` (whose centre lines it crosses), ±1 at
    /// the first pixel whose centre is at or right of it.
    private func addSampledLine(_ e: Edge, _ first: Int, _ last: Int, top: Int) {
        let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
        let w = Double(width)
        for row in first...last {
            let x = e.x0 + (Double(row + top) + 0.5 - e.y0) * dxdy
            // First pixel whose centre is at or right of the edge.
            let c = (x - 0.5).rounded(.up)
            if !(c < w) { continue } // also skips NaN from degenerate slopes
            let i = c <= 0 ? 0 : Int(c)
            acc[row * stride + i] += e.dir
            // The touched bit of its chunk (`rk_accumulate_band` marks antialiased edges' cells).
            let k = i >> CoverageRasterizer.chunkShift
            touched[row * wordsPerRow + (k >> 6)] |= 1 << UInt64(k & 63)
        }
    }

    // MARK: Sweep

    /// Hands the coverage of the band's `rows` rows (from region row `top`) to `sink`, as whole
    /// spans between touched cells, setting every cell back to zero. `exactRows`: rows may have
    /// been redone by the exact pass (`exactOffset`, which is set up only then).
    private func sweepBand<R: CoverageRule, S: CoverageSink>(_ rule: R.Type, top: Int, rows: Int, exactRows: Bool,
                                                             into sink: inout S) {
        if R.self == NonZeroArea.self, let direct = sink.sourceOverTarget {
            // The plain case, blended as it is swept: each stretch of rows that the exact pass
            // did not redo (all of them, without exact rows) in one C call
            // (`rk_sweep_rows_nonzero_over`), the redone ones here.
            var row = 0
            while row < rows {
                var end = exactRows ? row : rows
                while end < rows && exactOffset[end] < 0 { end += 1 }
                if end > row {
                    rk_sweep_rows_nonzero_over(acc + row * stride, stride, touched + row * wordsPerRow, wordsPerRow,
                                               width, end - row, direct.pixel(originX, originY + top + row),
                                               direct.stride, direct.color)
                }
                if end < rows { sweepRows(rule, top: top, rows: end..<end + 1, exactRows: true, into: &sink) }
                row = end + 1
            }
            return
        }
        sweepRows(rule, top: top, rows: 0..<rows, exactRows: exactRows, into: &sink)
    }

    /// `sweepBand` of the given rows of the band, each span and run handed to `sink`.
    private func sweepRows<R: CoverageRule, S: CoverageSink>(_ rule: R.Type, top: Int, rows: Range<Int>, exactRows: Bool,
                                                             into sink: inout S) {
        let chunks = (width + (1 << CoverageRasterizer.chunkShift) - 1) >> CoverageRasterizer.chunkShift
        let wordsPerRow = self.wordsPerRow
        for row in rows {
            let line = acc + row * stride
            let words = touched + row * wordsPerRow
            let y = originY + top + row
            var sum: Float = 0
            defer {
                // Cells right of the region take the ends of edges at x = width.
                line[width] = 0; line[width + 1] = 0
            }
            // The first chunk at or after k whose touched bit is `set` (chunks: none), found a
            // word at a time. Bits may be set past the last chunk (cells at x = width).
            @inline(__always) func next(_ k: Int, set: Bool) -> Int {
                var i = k >> 6
                let flip: UInt64 = set ? 0 : ~0
                var w = (words[i] ^ flip) & (~0 << UInt64(k & 63))
                while w == 0 {
                    i += 1
                    if i >= wordsPerRow { return chunks }
                    w = words[i] ^ flip
                }
                return min((i << 6) + w.trailingZeroBitCount, chunks)
            }
            var k = 0
            while k < chunks {
                let start = next(k, set: true)
                if start > k {
                    // Untouched chunks between edges: one span of the winding left of them.
                    let c = R.coverage(sum)
                    if c != 0 {
                        let x0 = k << CoverageRasterizer.chunkShift
                        let x1 = min(start << CoverageRasterizer.chunkShift, width)
                        sink.span(y: y, x: originX + x0, count: x1 - x0, coverage: c)
                    }
                }
                if start >= chunks { break }
                k = start + 1 < chunks ? next(start + 1, set: false) : chunks
                let x0 = start << CoverageRasterizer.chunkShift
                let x1 = min(k << CoverageRasterizer.chunkShift, width)
                var any = R.sweep(line + x0, rowCoverage, x1 - x0, &sum)
                if exactRows && exactOffset[row] >= 0 {
                    let first = Int(conflictFirst[row])
                    let lo = max(x0, first), hi = min(x1, Int(conflictLast[row]) + 1)
                    let exact = Int(exactOffset[row]) - first
                    for x in lo..<max(hi, lo) {
                        let c = exactCoverage![exact + x]
                        rowCoverage[x - x0] = c
                        any |= c
                    }
                }
                if any != 0 { sink.cells(y: y, x: originX + x0, count: x1 - x0, coverage: rowCoverage) }
            }
        }
    }
}

/// Maps an accumulated winding value (area integral, or sampled integer) to 8-bit coverage.
protocol CoverageRule {
    static func coverage(_ v: Float) -> UInt8
    /// One run of the sweep: adds each of `count` cells to `sum` in order, writes the coverage
    /// of each running sum to `out` and sets the cells back to 0; returns the OR of the coverage.
    static func sweep(_ line: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>, _ count: Int,
                      _ sum: inout Float) -> UInt8
}

extension CoverageRule {
    @inline(__always)
    static func sweep(_ line: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>, _ count: Int,
                      _ sum: inout Float) -> UInt8 {
        var any: UInt8 = 0
        for x in 0..<count {
            sum += line[x]
            line[x] = 0
            let c = coverage(sum)
            out[x] = c
            any |= c
        }
        return any
    }
}

enum NonZeroArea: CoverageRule {
    @inline(__always)
    static func coverage(_ v: Float) -> UInt8 { UInt8(min(abs(v), 1) * 255 + 0.5) }

    /// The common case, in C (`rk_sweep_nonzero`: the same operations, the conversion vectorised).
    @inline(__always)
    static func sweep(_ line: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>, _ count: Int,
                      _ sum: inout Float) -> UInt8 {
        rk_sweep_nonzero(line, out, count, &sum)
    }
}

enum EvenOddArea: CoverageRule {
    /// The accumulated value folded into a triangle wave of period 2.
    @inline(__always)
    static func coverage(_ v: Float) -> UInt8 {
        var t = abs(v)
        if t > 2 { t -= 2 * Float(Int(t * 0.5)) }
        if t > 1 { t = 2 - t }
        return UInt8(max(t, 0) * 255 + 0.5)
    }
}

enum NonZeroSample: CoverageRule {
    @inline(__always)
    static func coverage(_ v: Float) -> UInt8 { abs(v) > 0.5 ? 255 : 0 }
}

enum EvenOddSample: CoverageRule {
    @inline(__always)
    static func coverage(_ v: Float) -> UInt8 { Int(abs(v) + 0.5) & 1 != 0 ? 255 : 0 }
}
