/// The IHDR chunk: image size and how samples are stored.
package struct PNGHeader: Equatable {
    enum ColorType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6
    }

    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: ColorType
    let interlaced: Bool

    var channels: Int {
        switch colorType {
        case .grey, .palette: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    var bitsPerPixel: Int { channels * bitDepth }

    /// Byte distance to the "left" neighbour used by filters: whole pixels,
    /// or 1 when a pixel is smaller than a byte.
    var filterDistance: Int { max(1, bitsPerPixel / 8) }

    func rowBytes(width w: Int) -> Int { (w * bitsPerPixel + 7) / 8 }

    /// Parses and validates the 13 bytes of IHDR data, then applies `limits`.
    package init(_ d: UnsafeBufferPointer<UInt8>, limits: PNGLimits) throws(PNGError) {
        guard d.count == 13 else {
            throw PNGError("PNG: IHDR chunk has length \(d.count), expected 13")
        }
        let w = Int(readBigEndian32(d, 0)), h = Int(readBigEndian32(d, 4))
        // The standard caps dimensions at 2^31 - 1 so they fit signed 32-bit integers.
        guard w > 0, h > 0 else { throw PNGError("PNG: image has zero size (\(w)x\(h))") }
        guard w <= Int(Int32.max), h <= Int(Int32.max) else {
            throw PNGError("PNG: image size \(w)x\(h) exceeds the PNG maximum of 2^31-1")
        }
        guard let ct = ColorType(rawValue: d[9]) else {
            throw PNGError("PNG: invalid colour type \(d[9]) in IHDR")
        }
        let depth = Int(d[8])
        let allowed: [Int] = switch ct {
        case .grey: [1, 2, 4, 8, 16]
        case .palette: [1, 2, 4, 8]
        case .rgb, .greyAlpha, .rgba: [8, 16]
        }
        guard allowed.contains(depth) else {
            throw PNGError("PNG: bit depth \(depth) is not allowed for colour type \(ct.rawValue)")
        }
        guard d[10] == 0 else { throw PNGError("PNG: unknown compression method \(d[10]) in IHDR") }
        guard d[11] == 0 else { throw PNGError("PNG: unknown filter method \(d[11]) in IHDR") }
        guard d[12] <= 1 else { throw PNGError("PNG: unknown interlace method \(d[12]) in IHDR") }

        guard w <= limits.maxWidth, h <= limits.maxHeight else {
            throw PNGError("PNG: image size \(w)x\(h) exceeds the limit of \(limits.maxWidth)x\(limits.maxHeight)")
        }
        // w, h < 2^31, so the product cannot overflow a 64-bit Int; the 2^56 cap keeps
        // every byte count derived from it (at most 8 bytes a pixel) in range too.
        guard w * h <= min(limits.maxPixels, 1 << 56) else {
            throw PNGError("PNG: image size \(w)x\(h) exceeds the limit of \(limits.maxPixels) pixels")
        }
        width = w
        height = h
        bitDepth = depth
        colorType = ct
        interlaced = d[12] == 1
    }

    /// The sub-images stored one after another in the data stream: the whole
    /// image, or the non-empty Adam7 passes.
    var passes: [PNGPass] {
        guard interlaced else {
            return [PNGPass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)]
        }
        return PNGPass.adam7.compactMap { p in
            let pw = width > p.x0 ? (width - p.x0 + p.dx - 1) / p.dx : 0
            let ph = height > p.y0 ? (height - p.y0 + p.dy - 1) / p.dy : 0
            // A pass with no pixels has no rows, not even filter bytes.
            return pw > 0 && ph > 0 ? PNGPass(x0: p.x0, y0: p.y0, dx: p.dx, dy: p.dy, width: pw, height: ph) : nil
        }
    }

    /// Exact size of the inflated (still filtered) data stream.
    package var filteredByteCount: Int {
        passes.reduce(0) { $0 + $1.height * (1 + rowBytes(width: $1.width)) }
    }
}

/// One sub-image of the data stream and where its pixels land in the image.
struct PNGPass: Equatable {
    let x0: Int, y0: Int, dx: Int, dy: Int
    let width: Int, height: Int

    static let adam7: [(x0: Int, y0: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
        (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]
}

@inline(__always)
func readBigEndian32(_ d: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
    UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3])
}
