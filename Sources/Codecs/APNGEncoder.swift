import Raster

/// Writes an animated PNG (APNG 1.0: `acTL`, `fcTL`, `fdAT`) frame by frame, keeping only the
/// previous frame: each frame is cropped to the rectangle that differs from what a decoder
/// shows before it, with the dispose op of the frame before and its own blend op chosen to
/// make that rectangle small (`APNGFramePlan`).
///
/// The first frame is the default image (IDAT), shown by viewers that do not know APNG, and
/// covers the whole canvas. The frame count in `acTL` is patched when the file is finished,
/// so the caller need not know it in advance.
package struct APNGEncoder {
    package let width: Int
    package let height: Int
    /// Straight RGBA8 (`0xAABBGGRR`) of what a decoder shows after the last frame, before
    /// that frame's dispose op.
    private var canvas: [UInt32]
    /// The last frame's rectangle and the offset of its fcTL chunk in `out` (its dispose op
    /// is decided, and patched, when the next frame comes).
    private var lastRegion = APNGRegion(x: 0, y: 0, width: 0, height: 0)
    private var lastControlOffset = 0
    private var out: [UInt8] = []
    private var actlOffset = 0
    private var sequence: UInt32 = 0
    package private(set) var frameCount = 0
    /// Rows that share one choice of PNG filter: the choice is most of the writer's own time,
    /// and neighbouring rows of a rendered frame choose alike (docs/animate.md, "Cost").
    static let filterRows = 8

    /// An encoder for frames of `width × height` pixels, played `loopCount` times (0: for
    /// ever). Nil when a side is not positive or larger than PNG allows (2³¹ − 1).
    package init?(width: Int, height: Int, loopCount: UInt32) {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow else { return nil }
        self.width = width
        self.height = height
        canvas = [UInt32](repeating: 0, count: count)
        out = pngSignature
        PNGEncoder.appendHeader(&out, width: width, height: height)
        actlOffset = out.count
        var actl = [UInt8]()
        PNGEncoder.appendBigEndian32(&actl, 0)  // frames: patched by `finish`
        PNGEncoder.appendBigEndian32(&actl, loopCount)
        actl.withUnsafeBufferPointer { PNGEncoder.appendChunk(&out, APNGChunk.acTL, $0) }
    }

    /// Appends a frame of straight RGBA8 pixels (`width × height`, rows `stride` pixels
    /// apart) shown for `delayNumerator / delayDenominator` seconds (a denominator of 0 means
    /// 1/100 s, as the APNG specification says).
    package mutating func append(straight pixels: UnsafePointer<UInt32>, stride: Int,
                                 delayNumerator: UInt16, delayDenominator: UInt16) {
        let plan: APNGFramePlan
        if frameCount == 0 {
            plan = APNGFramePlan(region: APNGRegion(x: 0, y: 0, width: width, height: height),
                                 disposePrevious: .none, blend: .source)
        } else {
            plan = canvas.withUnsafeBufferPointer { canvas in
                APNGFramePlan(frame: pixels, stride: stride, canvas: canvas.baseAddress!, width: width, height: height,
                              previous: lastRegion)
            }
            patchDispose(plan.disposePrevious)
        }
        let r = plan.region
        // The frame's pixels in its rectangle as written: over blending writes 0 (transparent,
        // which leaves the canvas as it is) where the canvas already shows the pixel.
        var data = [UInt32](repeating: 0, count: r.width * r.height)
        canvas.withUnsafeMutableBufferPointer { canvas in
            let c = canvas.baseAddress!
            for y in 0..<r.height {
                let src = pixels + (r.y + y) * stride + r.x
                let dst = c + (r.y + y) * width + r.x
                for x in 0..<r.width {
                    let p = src[x]
                    if plan.blend == .source || p != dst[x] { data[y * r.width + x] = p }
                    dst[x] = p
                }
            }
        }
        lastControlOffset = out.count
        var fctl = [UInt8]()
        for v in [sequence, UInt32(r.width), UInt32(r.height), UInt32(r.x), UInt32(r.y)] {
            PNGEncoder.appendBigEndian32(&fctl, v)
        }
        fctl += [UInt8(delayNumerator >> 8), UInt8(truncatingIfNeeded: delayNumerator),
                 UInt8(delayDenominator >> 8), UInt8(truncatingIfNeeded: delayDenominator),
                 APNGFramePlan.Dispose.none.rawValue, plan.blend.rawValue]
        fctl.withUnsafeBufferPointer { PNGEncoder.appendChunk(&out, APNGChunk.fcTL, $0) }
        sequence &+= 1
        let first = frameCount == 0
        data.withUnsafeBufferPointer { data in
            PNGEncoder.compress(width: r.width, height: r.height, filterRows: APNGEncoder.filterRows, fillRow: { y, row in
                UnsafeMutableRawPointer(row).copyMemory(from: data.baseAddress! + y * r.width, byteCount: r.width * 4)
            }, emit: { piece in
                if first {
                    PNGEncoder.appendChunk(&out, PNGChunk.IDAT, piece)
                } else {
                    var fdat = [UInt8]()
                    fdat.reserveCapacity(piece.count + 4)
                    PNGEncoder.appendBigEndian32(&fdat, sequence)
                    fdat.append(contentsOf: piece)
                    sequence &+= 1
                    fdat.withUnsafeBufferPointer { PNGEncoder.appendChunk(&out, APNGChunk.fdAT, $0) }
                }
            })
        }
        lastRegion = r
        frameCount += 1
    }

    /// The file: `acTL` given the number of frames appended, then `IEND`. Nil when no frame
    /// was appended (a PNG needs an image).
    package mutating func finish() -> [UInt8]? {
        guard frameCount > 0, frameCount <= Int(UInt32.max) else { return nil }
        var count = [UInt8]()
        PNGEncoder.appendBigEndian32(&count, UInt32(frameCount))
        rewriteChunkData(at: actlOffset, byteOffset: 0, with: count)
        PNGEncoder.appendChunk(&out, PNGChunk.IEND, UnsafeBufferPointer(start: nil, count: 0))
        return out
    }

    /// Sets the dispose op of the last frame written (byte 24 of its fcTL) and applies it to
    /// the canvas, as a decoder does before the next frame.
    private mutating func patchDispose(_ op: APNGFramePlan.Dispose) {
        guard op != .none else { return }
        rewriteChunkData(at: lastControlOffset, byteOffset: 24, with: [op.rawValue])
        let r = lastRegion
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) { canvas[y * width + x] = 0 }
        }
    }

    /// Overwrites bytes of the chunk starting at `offset` in `out` and recomputes its CRC.
    private mutating func rewriteChunkData(at offset: Int, byteOffset: Int, with bytes: [UInt8]) {
        let length = Int(out[offset]) << 24 | Int(out[offset + 1]) << 16 | Int(out[offset + 2]) << 8 | Int(out[offset + 3])
        for (i, b) in bytes.enumerated() { out[offset + 8 + byteOffset + i] = b }
        let crc = out.withUnsafeBufferPointer { pngCRC(UnsafeBufferPointer(rebasing: $0[(offset + 4)..<(offset + 8 + length)])) }
        var crcBytes = [UInt8]()
        PNGEncoder.appendBigEndian32(&crcBytes, crc)
        for i in 0..<4 { out[offset + 8 + length + i] = crcBytes[i] }
    }
}

/// The chunk types APNG adds to PNG.
enum APNGChunk {
    static let acTL = PNGChunk.fourCC("acTL"), fcTL = PNGChunk.fourCC("fcTL"), fdAT = PNGChunk.fourCC("fdAT")
}
