import CZlib

/// Writes 8-bit RGBA PNGs: one filter per row chosen by the minimum-sum-of-
/// absolute-differences heuristic, rows deflated as they are produced and
/// emitted as IDAT chunks of up to `idatSize` bytes.
package enum PNGEncoder {
    package static let idatSize = 1 << 16
    /// zlib level: 3 compresses rendered images (flat fills, gradients) to within a
    /// few percent of level 6 at about half the time.
    static let compressionLevel: Int32 = 3

    /// `fillRow(y, row)` writes row `y` as straight RGBA8 (width × 4 bytes).
    static func encode(width: Int, height: Int, fillRow: (Int, UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        var out = pngSignature
        out.reserveCapacity(width * 4 * height / 4 + 1024)
        appendHeader(&out, width: width, height: height)
        compress(width: width, height: height, fillRow: fillRow) { appendChunk(&out, PNGChunk.IDAT, $0) }
        appendChunk(&out, PNGChunk.IEND, UnsafeBufferPointer(start: nil, count: 0))
        return out
    }

    /// The IHDR chunk of an 8-bit RGBA image.
    static func appendHeader(_ out: inout [UInt8], width: Int, height: Int) {
        precondition(width > 0 && height > 0 && width <= Int(Int32.max) && height <= Int(Int32.max),
                     "PNG.encode: image size \(width)x\(height) is not encodable")
        var ihdr = [UInt8]()
        appendBigEndian32(&ihdr, UInt32(width))
        appendBigEndian32(&ihdr, UInt32(height))
        ihdr += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, filter method 0, not interlaced
        ihdr.withUnsafeBufferPointer { appendChunk(&out, PNGChunk.IHDR, $0) }
    }

    /// The image data of `width × height` straight RGBA8 rows, filtered and deflated, handed
    /// to `emit` in pieces of at most `idatSize` bytes (an IDAT's data, or an APNG fdAT's
    /// after its sequence number). The filter is chosen on every `filterRows`-th row and kept
    /// for the rows after it (1: every row, the still encoder's choice).
    static func compress(width: Int, height: Int, filterRows: Int = 1, fillRow: (Int, UnsafeMutablePointer<UInt8>) -> Void,
                         emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let n = width * 4
        // Two straight rows (current and prior) and one filtered row; prior starts as zeros.
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * n)
        rows.initialize(repeating: 0, count: 2 * n)
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: n + 1)
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: idatSize)
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            deflateEnd(stream)
            stream.deallocate()
            chunk.deallocate()
            filtered.deallocate()
            rows.deallocate()
        }
        let rc = deflateInit_(stream, compressionLevel, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        // Fails only when zlib cannot allocate its few hundred KB of state.
        precondition(rc == Z_OK, "PNG.encode: zlib deflateInit failed (\(rc))")
        stream.pointee.next_out = chunk
        stream.pointee.avail_out = UInt32(idatSize)

        /// Runs deflate over the pending input, emitting an IDAT each time `chunk` fills.
        func pump(_ flush: Int32) {
            while true {
                let rc = deflate(stream, flush)
                let full = stream.pointee.avail_out == 0
                if full || (flush == Z_FINISH && rc == Z_STREAM_END) {
                    let used = idatSize - Int(stream.pointee.avail_out)
                    if used > 0 { emit(UnsafeBufferPointer(start: chunk, count: used)) }
                    stream.pointee.next_out = chunk
                    stream.pointee.avail_out = UInt32(idatSize)
                }
                if flush == Z_FINISH ? rc == Z_STREAM_END : (!full && stream.pointee.avail_in == 0) { return }
            }
        }

        var cur = rows, prior = rows + n
        for y in 0..<height {
            fillRow(y, cur)
            if y % filterRows == 0 {
                PNGFilter.filterBest(row: cur, prior: prior, count: n, distance: 4, into: filtered)
            } else {
                PNGFilter.apply(filtered[0], row: cur, prior: prior, count: n, distance: 4, into: filtered)
            }
            var left = n + 1
            var p = filtered
            // Rows longer than 4 GiB go to zlib in pieces (its counts are 32-bit).
            while left > 0 {
                let step = min(left, 1 << 30)
                stream.pointee.next_in = p
                stream.pointee.avail_in = UInt32(step)
                pump(Z_NO_FLUSH)
                p += step
                left -= step
            }
            swap(&cur, &prior)
        }
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        pump(Z_FINISH)
    }

    /// Appends a chunk: length, type, `data`, CRC.
    static func appendChunk(_ out: inout [UInt8], _ type: UInt32, _ data: UnsafeBufferPointer<UInt8>) {
        appendBigEndian32(&out, UInt32(data.count))
        var typeBytes = [UInt8]()
        appendBigEndian32(&typeBytes, type)
        out += typeBytes
        let crc = typeBytes.withUnsafeBufferPointer { pngCRC(data, continuing: pngCRC($0)) }
        out.append(contentsOf: data)
        appendBigEndian32(&out, crc)
    }

    static func appendBigEndian32(_ out: inout [UInt8], _ v: UInt32) {
        out.append(UInt8(truncatingIfNeeded: v >> 24))
        out.append(UInt8(truncatingIfNeeded: v >> 16))
        out.append(UInt8(truncatingIfNeeded: v >> 8))
        out.append(UInt8(truncatingIfNeeded: v))
    }
}
