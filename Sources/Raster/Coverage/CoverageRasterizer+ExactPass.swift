import CRasterKernels

/// The exact pass for rows where unrelated edges meet.
///
/// Only the pieces of edges in those rows are kept. Pieces right of the row's flagged span
/// cannot change it and are dropped; pieces left of it only set the winding at its left end,
/// so they are merged into one vertical step at that end. The span is then cut into sub-bands
/// at every piece end and every crossing, and within each sub-band (where pieces neither end
/// nor cross) the pieces are sorted left to right and only those where the fill rule changes
/// are accumulated, with weight ±1: that gives coverage itself, exact for both rules, which
/// replaces the single-pass coverage of the span when the row is swept. Rows with more than
/// `maxExactRowPieces` pieces keep the single-pass result, as FreeType and Skia would give.
extension CoverageRasterizer {
    /// Three growable blocks of working memory for the exact pass (pieces by row, per-row
    /// scratch, the redone coverage), kept in the rasterizer's scratch from fill to fill: a
    /// star or a stroke takes the exact pass on every fill, and allocating them per fill cost
    /// about 4 % of the race's stars.
    struct ExactWork {
        private var block0: UnsafeMutableRawPointer?, block1: UnsafeMutableRawPointer?, block2: UnsafeMutableRawPointer?
        private var size0 = 0, size1 = 0, size2 = 0

        /// Block `k` (0, 1 or 2), at least `bytes` long (8-byte aligned, contents undefined).
        mutating func room(_ k: Int, bytes: Int) -> UnsafeMutableRawPointer {
            switch k {
            case 0: Self.room(&block0, &size0, bytes)
            case 1: Self.room(&block1, &size1, bytes)
            default: Self.room(&block2, &size2, bytes)
            }
        }

        /// Bytes held in all.
        var bytes: Int { size0 + size1 + size2 }

        private static func room(_ block: inout UnsafeMutableRawPointer?, _ size: inout Int, _ bytes: Int) -> UnsafeMutableRawPointer {
            if let b = block, size >= bytes { return b }
            block?.deallocate()
            size = max(bytes, 2 * size, 64)
            let b = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            block = b
            return b
        }

        func free() { block0?.deallocate(); block1?.deallocate(); block2?.deallocate() }
    }

    struct Piece {
        var row: Int32
        var dir: Int32
        var xt: Double, yt: Double, xb: Double, yb: Double
        /// dx/dy of its edge: x along the piece is a multiply away (`x(_:_:)`), where a
        /// division is some fifteen cycles of latency and the band algorithm takes x a few
        /// times per piece and sub-band.
        var dxdy: Double
    }

    /// Keeps the parts of an edge that lie in the band's flagged rows (band row numbers;
    /// horizontal edges have none), visiting only those rows (`nextRedone`): a stroke's band
    /// has a few flagged rows among many that its edges cross.
    private func collect(_ e: Edge, top: Int, rows: Int, into pieces: inout [Piece]) {
        guard e.flags & Edge.horizontal == 0 else { return }
        let x0 = e.x0, y0 = e.y0, x1 = e.x1, y1 = e.y1
        let dxdy = (x1 - x0) / (y1 - y0)
        let firstRow = max(Int(e.firstRow), top)
        let lastRow = min(Int(e.lastRow), top + rows - 1)
        guard firstRow <= lastRow else { return }
        var row = top + Int(nextRedone[firstRow - top])
        while row <= lastRow {
            let local = row - top
            let yt = max(y0, Double(row)), yb = min(y1, Double(row + 1))
            if yb > yt {
                let xt = yt == y0 ? x0 : x0 + (yt - y0) * dxdy
                let xb = yb == y1 ? x1 : x0 + (yb - y0) * dxdy
                pieces.append(Piece(row: Int32(local), dir: Int32(e.dir), xt: xt, yt: yt, xb: xb, yb: yb, dxdy: dxdy))
            }
            guard row < lastRow else { break }
            row = top + Int(nextRedone[local + 1])
        }
    }

    /// Recomputes the flagged span of every flagged row of the band (rows from region row `top`)
    /// exactly from the pieces of the band's active edges (`list`, `count` of them) in those
    /// rows (see the type's comment). A piece that bounds the filled region over consecutive
    /// sub-bands is accumulated once over all of them (the sum of its parts is the same line).
    func resolveConflicts(_ edges: UnsafeMutablePointer<Edge>, _ list: UnsafeMutablePointer<Int32>, _ count: Int,
                          top: Int, rows height: Int, rule: FillRule) {
        // Rows to redo: flagged, and not so busy that the single pass must do.
        var any = false
        for row in 0..<height where conflictFirst[row] <= conflictLast[row] {
            if rowPieces[row] > CoverageRasterizer.maxExactRowPieces {
                conflictFirst[row] = Int32.max
            } else {
                any = true
            }
        }
        guard any else { return }
        var redone = Int32(height)
        for row in (0..<height).reversed() {
            if conflictFirst[row] <= conflictLast[row] { redone = Int32(row) }
            nextRedone[row] = redone
        }
        // The scratch's pieces and working memory, moved here for the pass and back after it.
        var pieces: [Piece] = []
        swap(&pieces, &scratch.pieces)
        var work = scratch.exactWork
        defer {
            pieces.removeAll(keepingCapacity: true)
            swap(&pieces, &scratch.pieces)
            scratch.exactWork = work
        }
        for k in 0..<count { collect(edges[Int(list[k])], top: top, rows: height, into: &pieces) }
        guard !pieces.isEmpty else { return }
        // Pieces grouped by row (counting sort; collection interleaves the rows).
        let n = pieces.count
        let first = work.room(0, bytes: (2 * height + 1) * MemoryLayout<Int>.stride + n * MemoryLayout<Piece>.stride)
        let starts = first.bindMemory(to: Int.self, capacity: 2 * height + 1)
        let next = starts + height + 1
        let byRow = (first + (2 * height + 1) * MemoryLayout<Int>.stride).bindMemory(to: Piece.self, capacity: n)
        starts.initialize(repeating: 0, count: height + 1)
        for p in pieces { starts[Int(p.row) + 1] += 1 }
        var busiest = 0
        for r in 0..<height {
            busiest = max(busiest, starts[r + 1])
            starts[r + 1] += starts[r]
        }
        next.update(from: starts, count: height)
        for p in pieces {
            let r = Int(p.row)
            byRow[next[r]] = p
            next[r] += 1
        }
        pieces.removeAll(keepingCapacity: true)
        // Per-row scratch. A piece splits into at most three at the span's ends, and the left
        // steps number at most two per piece.
        let most = 3 * busiest + 2
        let pieceBytes = most * MemoryLayout<Piece>.stride, wordBytes = (7 * most + most * (most + 1) + 2) * 8
        let second = work.room(1, bytes: pieceBytes + wordBytes + (stride + 2) * MemoryLayout<Float>.stride + most)
        let span = second.bindMemory(to: Piece.self, capacity: most)
        let doubles = (second + pieceBytes).bindMemory(to: Double.self, capacity: 4 * most)
        let stepY = doubles, keys = doubles + 2 * most, runFrom = doubles + 3 * most
        let ints = (second + pieceBytes + 4 * most * 8).bindMemory(to: Int.self, capacity: 3 * most)
        let stepDir = ints, order = ints + 2 * most
        let ysAt = second + pieceBytes + 7 * most * 8
        let ys = ysAt.bindMemory(to: Double.self, capacity: most * (most + 1) + 2)
        let lineAt = ysAt + (most * (most + 1) + 2) * 8
        let line = lineAt.bindMemory(to: Float.self, capacity: stride + 2)
        let runSign = (lineAt + (stride + 2) * MemoryLayout<Float>.stride).bindMemory(to: Int8.self, capacity: most)
        var total = 0
        for row in 0..<height where starts[row + 1] > starts[row] && conflictFirst[row] <= conflictLast[row] {
            total += Int(conflictLast[row] - conflictFirst[row]) + 1
        }
        let exact = work.room(2, bytes: total).bindMemory(to: UInt8.self, capacity: total)
        exactCoverage = exact
        var filled = 0
        for row in 0..<height where starts[row + 1] > starts[row] && conflictFirst[row] <= conflictLast[row] {
            let ps = byRow + starts[row]
            let left = Double(conflictFirst[row]), right = Double(conflictLast[row] + 1)
            let cells = Int(conflictLast[row] - conflictFirst[row]) + 1
            // The pieces over the span, shifted so that it starts at 0, and the winding steps
            // of those left of it.
            var count = 0, stepCount = 0
            @inline(__always) func step(_ y0: Double, _ y1: Double, _ dir: Int32) {
                stepY[stepCount] = y0; stepDir[stepCount] = Int(dir)
                stepY[stepCount + 1] = y1; stepDir[stepCount + 1] = -Int(dir)
                stepCount += 2
            }
            for i in 0..<(starts[row + 1] - starts[row]) {
                let p = ps[i]
                if min(p.xt, p.xb) >= right { continue }
                if max(p.xt, p.xb) <= left {
                    step(p.yt, p.yb, p.dir)
                    continue
                }
                // Cut where x crosses the span's ends: up to three parts, each left of, over or
                // right of the span.
                var c1 = p.yb, c2 = p.yb, k = 0
                @inline(__always) func cut(at e: Double) {
                    guard (p.xt - e) * (p.xb - e) < 0 else { return }
                    let y = p.yt + (p.yb - p.yt) * (e - p.xt) / (p.xb - p.xt)
                    if k == 0 { c1 = y } else { c2 = y }
                    k += 1
                }
                cut(at: left)
                cut(at: right)
                if c2 < c1 { swap(&c1, &c2) }
                @inline(__always) func part(_ ya: Double, _ yb: Double) {
                    guard yb > ya else { return }
                    let xa = CoverageRasterizer.x(p, ya), xb = CoverageRasterizer.x(p, yb)
                    let mid = (xa + xb) / 2
                    if mid <= left {
                        step(ya, yb, p.dir)
                    } else if mid < right {
                        span[count] = Piece(row: p.row, dir: p.dir,
                                            xt: min(max(xa, left), right) - left, yt: ya,
                                            xb: min(max(xb, left), right) - left, yb: yb, dxdy: p.dxdy)
                        count += 1
                    }
                }
                part(p.yt, c1)
                part(c1, c2)
                part(c2, p.yb)
            }
            // The winding left of the span, as vertical pieces at its start.
            if stepCount > 0 {
                CoverageRasterizer.insertionSort(stepY, stepDir, stepCount)
                var w = 0, i = 0
                while i < stepCount {
                    let y = stepY[i]
                    while i < stepCount && stepY[i] == y { w += stepDir[i]; i += 1 }
                    if w != 0 && i < stepCount {
                        span[count] = Piece(row: Int32(row), dir: Int32(w), xt: 0, yt: y, xb: 0, yb: stepY[i], dxdy: 0)
                        count += 1
                    }
                }
            }
            line.initialize(repeating: 0, count: cells + 2)
            bands(span, count, rule: rule, ys: ys, order: order, keys: keys, runFrom: runFrom, runSign: runSign,
                  into: line)
            exactOffset[row] = Int32(filled)
            var sum: Float = 0
            for c in 0..<cells {
                sum += line[c]
                exact[filled + c] = NonZeroArea.coverage(sum)
            }
            filled += cells
        }
    }

    /// The band algorithm over `count` pieces of one row (see the type's comment), accumulating
    /// coverage (weights ±1 where the fill rule changes) into `line`.
    private func bands(_ ps: UnsafeMutablePointer<Piece>, _ count: Int, rule: FillRule,
                       ys: UnsafeMutablePointer<Double>, order: UnsafeMutablePointer<Int>,
                       keys: UnsafeMutablePointer<Double>, runFrom: UnsafeMutablePointer<Double>,
                       runSign: UnsafeMutablePointer<Int8>, into line: UnsafeMutablePointer<Float>) {
        guard count > 0 else { return }
        // Band limits: every piece end, every crossing of two pieces.
        var n = 0
        for i in 0..<count {
            let p = ps[i]
            ys[n] = p.yt; ys[n + 1] = p.yb; n += 2
            for j in (i + 1)..<count {
                let q = ps[j]
                let lo = max(p.yt, q.yt), hi = min(p.yb, q.yb)
                if hi <= lo { continue }
                let dLo = CoverageRasterizer.x(p, lo) - CoverageRasterizer.x(q, lo)
                let dHi = CoverageRasterizer.x(p, hi) - CoverageRasterizer.x(q, hi)
                if (dLo < 0 && dHi > 0) || (dLo > 0 && dHi < 0) {
                    ys[n] = lo + (hi - lo) * dLo / (dLo - dHi); n += 1
                }
            }
        }
        CoverageRasterizer.insertionSort(ys, n)
        runSign.initialize(repeating: 0, count: count)
        @inline(__always) func close(_ i: Int, at y: Double) {
            let p = ps[i], y0 = runFrom[i]
            if y > y0 {
                rk_add_area(line, CoverageRasterizer.x(p, y0), CoverageRasterizer.x(p, y), Float(y - y0) * Float(runSign[i]))
            }
            runSign[i] = 0
        }
        for b in 0..<(n - 1) {
            let ya = ys[b], yb = ys[b + 1]
            if !(yb > ya) { continue }
            var m = 0
            for i in 0..<count {
                let p = ps[i]
                if p.yt <= ya && p.yb >= yb {
                    order[m] = i
                    keys[m] = CoverageRasterizer.x(p, ya) + CoverageRasterizer.x(p, yb)
                    m += 1
                } else if runSign[i] != 0 {
                    close(i, at: p.yb)
                }
            }
            if m == 0 { continue }
            // Pieces do not cross inside the band, so their midpoints order them.
            CoverageRasterizer.insertionSort(keys, order, m)
            var w: Int32 = 0
            for k in 0..<m {
                let i = order[k]
                let before = CoverageRasterizer.inside(w, rule)
                w &+= ps[i].dir
                let after = CoverageRasterizer.inside(w, rule)
                let sign: Int8 = before == after ? 0 : (after ? 1 : -1)
                if sign != runSign[i] {
                    if runSign[i] != 0 { close(i, at: ya) }
                    runSign[i] = sign
                    runFrom[i] = ya
                }
            }
        }
        for i in 0..<count where runSign[i] != 0 { close(i, at: ps[i].yb) }
    }

    /// Sorts the first `n` values; the lists here are short (a row's pieces) and often sorted.
    @inline(__always)
    private static func insertionSort(_ v: UnsafeMutablePointer<Double>, _ n: Int) {
        var i = 1
        while i < n {
            let x = v[i]
            var j = i - 1
            while j >= 0 && v[j] > x { v[j + 1] = v[j]; j -= 1 }
            v[j + 1] = x
            i += 1
        }
    }

    /// Sorts the first `n` keys, carrying `items` along.
    @inline(__always)
    private static func insertionSort(_ keys: UnsafeMutablePointer<Double>, _ items: UnsafeMutablePointer<Int>, _ n: Int) {
        var i = 1
        while i < n {
            let k = keys[i], it = items[i]
            var j = i - 1
            while j >= 0 && keys[j] > k { keys[j + 1] = keys[j]; items[j + 1] = items[j]; j -= 1 }
            keys[j + 1] = k; items[j + 1] = it
            i += 1
        }
    }

    @inline(__always)
    private static func x(_ p: Piece, _ y: Double) -> Double {
        if y <= p.yt { return p.xt }
        if y >= p.yb { return p.xb }
        return p.xt + (y - p.yt) * p.dxdy
    }

    @inline(__always)
    private static func inside(_ w: Int32, _ rule: FillRule) -> Bool {
        rule == .nonZero ? w != 0 : w & 1 != 0
    }

}
