/// The chunks of an animated PNG, checked: the header, palette and transparency every frame
/// shares, acTL, and per frame its fcTL fields and image data (IDAT's for a frame whose fcTL
/// comes before IDAT, else its fdATs' without their sequence numbers).
struct APNGParts {
    struct FrameParts {
        var width: Int, height: Int, x: Int, y: Int
        var delayNumerator: UInt16, delayDenominator: UInt16
        var dispose: UInt8, blend: UInt8
        var data: [UInt8] = []
    }

    var width = 0, height = 0
    var loopCount: UInt32 = 0
    var frames: [FrameParts] = []
    private var ihdr: [UInt8] = []
    private var shared: [(UInt32, [UInt8])] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: PNGLimits, maxFrames: Int) throws(PNGError) {
        var reader = try PNGChunkReader(bytes)
        guard let first = try reader.next(), first.type == PNGChunk.IHDR else {
            throw PNGError("APNG: the file does not start with IHDR")
        }
        let header = try PNGHeader(first.data, limits: limits)
        width = header.width
        height = header.height
        ihdr = Array(first.data)
        var declared: Int?
        var sequence: UInt32 = 0
        var seenIDAT = false
        var idatIsFrame = false
        while let chunk = try reader.next() {
            let at = "at offset \(chunk.offset)"
            let d = chunk.data
            switch chunk.type {
            case APNGChunk.acTL:
                guard declared == nil, !seenIDAT else { throw PNGError("APNG: acTL \(at) is repeated or after IDAT") }
                guard d.count == 8 else { throw PNGError("APNG: acTL \(at) has length \(d.count), expected 8") }
                let n = Int(readBigEndian32(d, 0))
                guard n >= 1, n <= maxFrames else {
                    throw PNGError("APNG: acTL declares \(n) frames; 1 to \(maxFrames) are accepted")
                }
                let (total, overflow) = n.multipliedReportingOverflow(by: width * height)
                guard !overflow, total <= limits.maxPixels else {
                    throw PNGError("APNG: \(n) frames of \(width)x\(height) pixels are over the limit")
                }
                declared = n
                loopCount = readBigEndian32(d, 4)
            case APNGChunk.fcTL:
                guard declared != nil else { throw PNGError("APNG: fcTL \(at) without acTL before IDAT") }
                guard d.count == 26 else { throw PNGError("APNG: fcTL \(at) has length \(d.count), expected 26") }
                try expect(&sequence, readBigEndian32(d, 0), at)
                let f = FrameParts(width: Int(readBigEndian32(d, 4)), height: Int(readBigEndian32(d, 8)),
                                   x: Int(readBigEndian32(d, 12)), y: Int(readBigEndian32(d, 16)),
                                   delayNumerator: UInt16(d[20]) << 8 | UInt16(d[21]),
                                   delayDenominator: UInt16(d[22]) << 8 | UInt16(d[23]), dispose: d[24], blend: d[25])
                guard f.width > 0, f.height > 0, f.x + f.width <= width, f.y + f.height <= height else {
                    throw PNGError("APNG: fcTL \(at): frame \(f.width)x\(f.height) at (\(f.x), \(f.y)) is not inside the \(width)x\(height) canvas")
                }
                guard f.dispose <= 2, f.blend <= 1 else {
                    throw PNGError("APNG: fcTL \(at): invalid dispose op \(f.dispose) or blend op \(f.blend)")
                }
                if !seenIDAT {
                    guard frames.isEmpty, f.x == 0, f.y == 0, f.width == width, f.height == height else {
                        throw PNGError("APNG: fcTL \(at) before IDAT must cover the whole canvas, once")
                    }
                    idatIsFrame = true
                } else if let last = frames.last, last.data.isEmpty, !(idatIsFrame && frames.count == 1) {
                    throw PNGError("APNG: frame \(frames.count - 1) has no fdAT data")
                }
                guard frames.count < declared ?? 0 else {
                    throw PNGError("APNG: more fcTL chunks than the \(declared ?? 0) frames acTL declares")
                }
                frames.append(f)
            case PNGChunk.IDAT:
                seenIDAT = true
                if idatIsFrame, frames.count == 1 { frames[0].data += Array(d) }
            case APNGChunk.fdAT:
                guard seenIDAT, let last = frames.indices.last, !(idatIsFrame && last == 0) else {
                    throw PNGError("APNG: fdAT \(at) does not follow an fcTL after IDAT")
                }
                guard d.count > 4 else { throw PNGError("APNG: fdAT \(at) has no data") }
                try expect(&sequence, readBigEndian32(d, 0), at)
                frames[last].data += Array(UnsafeBufferPointer(rebasing: d[4...]))
            case PNGChunk.PLTE, PNGChunk.tRNS:
                if !seenIDAT { shared.append((chunk.type, Array(d))) }
            case PNGChunk.IEND:
                guard let declared else { return }   // a still PNG
                guard frames.count == declared else {
                    throw PNGError("APNG: acTL declares \(declared) frames, the file has \(frames.count)")
                }
                guard frames.allSatisfy({ !$0.data.isEmpty }) else { throw PNGError("APNG: a frame has no image data") }
                return
            default:
                break
            }
        }
        throw PNGError("APNG: truncated file: no IEND chunk")
    }

    /// Sequence numbers count 0, 1, 2, … over fcTL and fdAT together.
    private func expect(_ sequence: inout UInt32, _ got: UInt32, _ at: String) throws(PNGError) {
        guard got == sequence else { throw PNGError("APNG: sequence number \(got) \(at), expected \(sequence)") }
        sequence &+= 1
    }

    /// A PNG file of one frame: the IHDR with the frame's size, the shared chunks, its data.
    func standalone(_ f: FrameParts) -> [UInt8] {
        var out = pngSignature
        var header = ihdr
        var size: [UInt8] = []
        PNGEncoder.appendBigEndian32(&size, UInt32(f.width))
        PNGEncoder.appendBigEndian32(&size, UInt32(f.height))
        header.replaceSubrange(0..<8, with: size)
        header.withUnsafeBufferPointer { PNGEncoder.appendChunk(&out, PNGChunk.IHDR, $0) }
        for (type, data) in shared { data.withUnsafeBufferPointer { PNGEncoder.appendChunk(&out, type, $0) } }
        f.data.withUnsafeBufferPointer { PNGEncoder.appendChunk(&out, PNGChunk.IDAT, $0) }
        PNGEncoder.appendChunk(&out, PNGChunk.IEND, UnsafeBufferPointer(start: nil, count: 0))
        return out
    }
}
