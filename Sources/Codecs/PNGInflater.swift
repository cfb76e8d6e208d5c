import CZlib

/// Streams the zlib data spread over IDAT chunks into a buffer of fixed size.
///
/// The buffer is exactly as large as the header says the data must be; inflation
/// stops when it is full, so a stream that would expand further (a decompression
/// bomb) is never expanded.
package final class PNGInflater {
    private let stream: UnsafeMutablePointer<z_stream>
    let output: UnsafeMutablePointer<UInt8>
    let capacity: Int
    package private(set) var produced = 0
    private(set) var streamEnded = false

    package var isFull: Bool { produced == capacity }

    /// Compressed bytes read so far.
    package var consumed: Int { Int(stream.pointee.total_in) }

    package init(capacity: Int) throws(PNGError) {
        // zlib keeps a pointer back to its z_stream, so it needs a fixed address.
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let rc = inflateInit_(stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deallocate()
            throw PNGError("PNG: zlib inflateInit failed (\(rc))")
        }
        self.capacity = capacity
        output = .allocate(capacity: max(capacity, 1))
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        output.deallocate()
    }

    /// Inflates one IDAT chunk's data. `chunkOffset` is for error messages.
    package func feed(_ input: UnsafeBufferPointer<UInt8>, chunkOffset: Int) throws(PNGError) {
        guard !streamEnded, !isFull, let base = input.baseAddress, !input.isEmpty else { return }
        // Chunk data is at most 2^31 - 1 bytes, so it fits zlib's 32-bit count.
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base)
        stream.pointee.avail_in = UInt32(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while stream.pointee.avail_in > 0 && !isFull {
            let room = min(capacity - produced, 1 << 30)
            stream.pointee.next_out = output + produced
            stream.pointee.avail_out = UInt32(room)
            let rc = inflate(stream, Z_NO_FLUSH)
            produced += room - Int(stream.pointee.avail_out)
            switch rc {
            case Z_OK:
                continue
            case Z_STREAM_END:
                streamEnded = true
                return
            case Z_BUF_ERROR:
                // No progress possible with the input given; wait for the next chunk.
                return
            case Z_NEED_DICT:
                throw PNGError("PNG: zlib stream in IDAT chunk at offset \(chunkOffset) asks for a preset dictionary")
            default:
                let why = stream.pointee.msg.map { String(cString: $0) } ?? "error \(rc)"
                throw PNGError("PNG: corrupt zlib data in IDAT chunk at offset \(chunkOffset): \(why)")
            }
        }
    }
}
