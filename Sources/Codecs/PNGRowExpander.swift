/// Turns reconstructed scanline bytes into straight RGBA pixels, applying the
/// palette, bit-depth scaling and tRNS transparency.
struct PNGRowExpander {
    let header: PNGHeader
    /// Sample value → straight RGBA8 pixel (`0xAABBGGRR`), for palette images and
    /// greyscale of 8 bits or fewer, so those rows cost one lookup per pixel.
    private let table: [UInt32]
    /// tRNS colour key for greyscale (in `r`) or RGB images of 16 bits: pixels
    /// matching it exactly, compared at the file's bit depth, get alpha 0.
    private let key: (r: UInt16, g: UInt16, b: UInt16)?

    /// `palette` is PLTE data (RGB triples); `transparency` is tRNS data.
    init(header: PNGHeader, palette: UnsafeBufferPointer<UInt8>?, transparency: UnsafeBufferPointer<UInt8>?) {
        self.header = header
        var table = [UInt32]()
        var key: (r: UInt16, g: UInt16, b: UInt16)? = nil
        switch header.colorType {
        case .palette:
            // Indices past the palette's end are an error in the file; they show as
            // opaque black rather than failing the whole image.
            table = [UInt32](repeating: 0xFF00_0000, count: 256)
            if let palette {
                for i in 0..<(palette.count / 3) {
                    let alpha: UInt32 = transparency.flatMap { i < $0.count ? UInt32($0[i]) : nil } ?? 255
                    table[i] = UInt32(palette[3 * i]) | UInt32(palette[3 * i + 1]) << 8
                        | UInt32(palette[3 * i + 2]) << 16 | alpha << 24
                }
            }
        case .grey:
            let keyValue = transparency.map { UInt16($0[0]) << 8 | UInt16($0[1]) }
            if header.bitDepth <= 8 {
                // A key above the bit depth's range matches no sample (v stays below 256).
                let maxValue = (1 << header.bitDepth) - 1
                table = (0..<256).map { v in
                    // Exact for 1, 2 and 4 bits (255 is divisible by 1, 3 and 15), and
                    // the same as the standard's bit replication.
                    let g = UInt32(min(v, maxValue) * 255 / maxValue)
                    let a: UInt32 = keyValue == UInt16(v) ? 0 : 255
                    return g | g << 8 | g << 16 | a << 24
                }
            } else if let keyValue {
                key = (keyValue, 0, 0)
            }
        case .rgb:
            // 8-bit images compare against the key's full 16-bit value, so a key above 255 never matches.
            if let t = transparency {
                key = (UInt16(t[0]) << 8 | UInt16(t[1]), UInt16(t[2]) << 8 | UInt16(t[3]), UInt16(t[4]) << 8 | UInt16(t[5]))
            }
        case .greyAlpha, .rgba:
            break
        }
        self.table = table
        self.key = key
    }

    /// Expands `count` pixels from `src`, writing pixel i to `dst[i * step]` and,
    /// when `wide` is given (16-bit images only), its 16-bit RGBA to `wide[i * step * 4 ...]`.
    func expand(_ src: UnsafePointer<UInt8>, count: Int, into dst: UnsafeMutablePointer<UInt32>, step: Int,
                wide: UnsafeMutablePointer<UInt16>?) {
        let depth = header.bitDepth
        switch header.colorType {
        case .palette where depth <= 8, .grey where depth <= 8:
            table.withUnsafeBufferPointer { t in
                if depth == 8 {
                    for i in 0..<count { dst[i * step] = t[Int(src[i])] }
                } else {
                    let mask = (1 << depth) - 1
                    let perByte = 8 / depth
                    for i in 0..<count {
                        let byte = Int(src[i / perByte])
                        let shift = 8 - depth * (i % perByte + 1)
                        dst[i * step] = t[(byte >> shift) & mask]
                    }
                }
            }
        case .greyAlpha where depth == 8:
            for i in 0..<count {
                let g = UInt32(src[2 * i]), a = UInt32(src[2 * i + 1])
                dst[i * step] = g | g << 8 | g << 16 | a << 24
            }
        case .rgb where depth == 8:
            // -1 never equals a sample, so a missing key (or one above 255) matches nothing.
            let kr = key.map { Int($0.r) } ?? -1, kg = key.map { Int($0.g) } ?? -1, kb = key.map { Int($0.b) } ?? -1
            for i in 0..<count {
                let r = src[3 * i], g = src[3 * i + 1], b = src[3 * i + 2]
                let a: UInt32 = Int(r) == kr && Int(g) == kg && Int(b) == kb ? 0 : 255
                dst[i * step] = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | a << 24
            }
        case .rgba where depth == 8:
            for i in 0..<count {
                let p = src + 4 * i
                dst[i * step] = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
            }
        default:
            expand16(src, count: count, into: dst, step: step, wide: wide)
        }
    }

    /// 16-bit samples: grey, grey+alpha, RGB and RGBA.
    private func expand16(_ src: UnsafePointer<UInt8>, count: Int, into dst: UnsafeMutablePointer<UInt32>, step: Int,
                          wide: UnsafeMutablePointer<UInt16>?) {
        let channels = header.channels
        let key = self.key
        for i in 0..<count {
            let p = src + 2 * channels * i
            @inline(__always) func sample(_ c: Int) -> UInt16 { UInt16(p[2 * c]) << 8 | UInt16(p[2 * c + 1]) }
            let r: UInt16, g: UInt16, b: UInt16, a: UInt16
            switch header.colorType {
            case .grey:
                r = sample(0); g = r; b = r
                a = key.map { $0.r == r } == true ? 0 : 0xFFFF
            case .greyAlpha:
                r = sample(0); g = r; b = r; a = sample(1)
            case .rgb:
                r = sample(0); g = sample(1); b = sample(2)
                a = key.map { $0.r == r && $0.g == g && $0.b == b } == true ? 0 : 0xFFFF
            default:
                r = sample(0); g = sample(1); b = sample(2); a = sample(3)
            }
            if let wide {
                let w = wide + 4 * step * i
                w[0] = r; w[1] = g; w[2] = b; w[3] = a
            }
            dst[i * step] = reduce16(r) | reduce16(g) << 8 | reduce16(b) << 16 | reduce16(a) << 24
        }
    }

    /// round(v × 255 / 65535); (v + 128) / 257 is exact because v / 257 is never
    /// halfway between integers.
    @inline(__always)
    private func reduce16(_ v: UInt16) -> UInt32 { (UInt32(v) + 128) / 257 }
}
