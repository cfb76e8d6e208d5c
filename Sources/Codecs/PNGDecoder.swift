/// Reads a PNG's chunks and inflates its image data; `reconstruct` then
/// unfilters and expands it to straight RGBA.
///
/// Only IHDR, PLTE, tRNS, IDAT and IEND affect decoding. Colour-space chunks
/// (gAMA, cHRM, iCCP, sRGB, sBIT) are ignored: samples are taken as sRGB-encoded,
/// which is what the compositor works in. Other ancillary chunks are skipped;
/// an unknown critical chunk is an error, as the standard requires.
struct PNGDecoder {
    let header: PNGHeader
    private let expander: PNGRowExpander
    private let data: PNGInflater

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: PNGLimits) throws(PNGError) {
        var reader = try PNGChunkReader(bytes)
        guard let first = try reader.next() else { throw PNGError("PNG: no chunks after the signature") }
        guard first.type == PNGChunk.IHDR else {
            throw PNGError("PNG: first chunk is '\(first.name)', expected IHDR")
        }
        let header = try PNGHeader(first.data, limits: limits)
        guard header.filteredByteCount <= limits.maxDecompressedBytes else {
            throw PNGError("PNG: image data of \(header.filteredByteCount) bytes exceeds the limit of \(limits.maxDecompressedBytes)")
        }
        var palette: UnsafeBufferPointer<UInt8>? = nil
        var transparency: UnsafeBufferPointer<UInt8>? = nil
        var inflater: PNGInflater? = nil
        var idatEnded = false

        chunks: while true {
            guard let chunk = try reader.next() else {
                throw PNGError("PNG: truncated file: data ends at offset \(reader.position) before the IEND chunk")
            }
            let at = "at offset \(chunk.offset)"
            if chunk.type != PNGChunk.IDAT && inflater != nil { idatEnded = true }
            switch chunk.type {
            case PNGChunk.IHDR:
                throw PNGError("PNG: second IHDR chunk \(at)")
            case PNGChunk.PLTE:
                guard inflater == nil else { throw PNGError("PNG: PLTE chunk after image data \(at)") }
                guard palette == nil else { throw PNGError("PNG: second PLTE chunk \(at)") }
                guard header.colorType != .grey && header.colorType != .greyAlpha else {
                    throw PNGError("PNG: PLTE chunk \(at) is not allowed in a greyscale image")
                }
                let n = chunk.data.count
                guard n % 3 == 0, n >= 3, n <= 768 else {
                    throw PNGError("PNG: PLTE chunk \(at) has invalid length \(n)")
                }
                if header.colorType == .palette && n / 3 > 1 << header.bitDepth {
                    throw PNGError("PNG: palette has \(n / 3) entries, more than bit depth \(header.bitDepth) can index")
                }
                palette = chunk.data
            case PNGChunk.tRNS:
                guard inflater == nil else { throw PNGError("PNG: tRNS chunk after image data \(at)") }
                guard transparency == nil else { throw PNGError("PNG: second tRNS chunk \(at)") }
                let n = chunk.data.count
                switch header.colorType {
                case .palette:
                    guard let palette else { throw PNGError("PNG: tRNS chunk \(at) comes before PLTE") }
                    guard n <= palette.count / 3 else {
                        throw PNGError("PNG: tRNS chunk \(at) has \(n) entries but the palette has \(palette.count / 3)")
                    }
                case .grey:
                    guard n == 2 else { throw PNGError("PNG: tRNS chunk \(at) has length \(n), expected 2 for greyscale") }
                case .rgb:
                    guard n == 6 else { throw PNGError("PNG: tRNS chunk \(at) has length \(n), expected 6 for RGB") }
                case .greyAlpha, .rgba:
                    throw PNGError("PNG: tRNS chunk \(at) is not allowed in an image with an alpha channel")
                }
                transparency = chunk.data
            case PNGChunk.IDAT:
                guard !idatEnded else { throw PNGError("PNG: IDAT chunks are not consecutive (another one \(at))") }
                if inflater == nil {
                    guard header.colorType != .palette || palette != nil else {
                        throw PNGError("PNG: palette image has no PLTE chunk before its image data")
                    }
                    inflater = try PNGInflater(capacity: header.filteredByteCount)
                }
                try inflater?.feed(chunk.data, chunkOffset: chunk.offset)
            case PNGChunk.IEND:
                break chunks
            default:
                guard !chunk.isCritical else {
                    throw PNGError("PNG: unknown critical chunk '\(chunk.name)' \(at)")
                }
            }
        }
        guard let inflater else { throw PNGError("PNG: no IDAT chunk (no image data)") }
        guard inflater.isFull else {
            throw PNGError("PNG: image data too short: \(inflater.produced) of \(inflater.capacity) bytes"
                + (inflater.streamEnded ? "" : " (zlib stream unfinished)"))
        }
        self.header = header
        self.data = inflater
        self.expander = PNGRowExpander(header: header, palette: palette, transparency: transparency)
    }

    /// Unfilters the data in place and writes straight RGBA8 to `dst`
    /// (`width × height` pixels) and, for 16-bit images when `wide` is given,
    /// 16-bit RGBA (4 samples a pixel). Call once.
    func reconstruct(into dst: UnsafeMutablePointer<UInt32>, wide: UnsafeMutablePointer<UInt16>?) throws(PNGError) {
        let bpp = header.filterDistance
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: header.rowBytes(width: header.width) + 1)
        zeros.initialize(repeating: 0, count: header.rowBytes(width: header.width) + 1)
        defer { zeros.deallocate() }
        let bytes = data.output
        let wide16 = header.bitDepth == 16 ? wide : nil
        var offset = 0
        for (passIndex, pass) in header.passes.enumerated() {
            let n = header.rowBytes(width: pass.width)
            var prior = UnsafePointer(zeros)
            for j in 0..<pass.height {
                let type = bytes[offset]
                let row = bytes + offset + 1
                guard PNGFilter.unfilter(type, row: row, prior: prior, count: n, distance: bpp) else {
                    let passNote = header.interlaced ? " of Adam7 pass \(passIndex + 1)" : ""
                    throw PNGError("PNG: invalid filter type \(type) on row \(j)\(passNote)")
                }
                let first = (pass.y0 + j * pass.dy) * header.width + pass.x0
                expander.expand(row, count: pass.width, into: dst + first, step: pass.dx, wide: wide16.map { $0 + 4 * first })
                prior = UnsafePointer(row)
                offset += n + 1
            }
        }
    }
}
