import Foundation
import Raster

/// The pixels of a bitmap context: the caller's (or our own) buffer in the requested format,
/// and the premultiplied RGBA `Surface` drawing happens on.
///
/// For 32-bit premultiplied RGBA with packed rows the surface *is* the buffer (drawing happens
/// in place, nothing is copied). Every other format keeps a working surface and converts the
/// rectangle an operation touches from the buffer before drawing and back after it, so the
/// buffer always holds the picture in its own format and changes the caller makes between
/// operations are seen, as with Core Graphics.
final class BitmapStorage {
    /// Byte positions of the channels within a 4-byte pixel, or a one-byte format.
    enum Layout: Equatable {
        /// Four bytes per pixel; `a` is nil when the alpha byte is skipped (opaque).
        case rgb(r: Int, g: Int, b: Int, a: Int?)
        /// One byte: gray, opaque.
        case gray
        /// One byte: alpha only.
        case alpha
    }

    let width: Int
    let height: Int
    let bytesPerRow: Int
    let bytesPerPixel: Int
    let layout: Layout
    let data: UnsafeMutableRawPointer
    private let ownsData: Bool
    /// The picture as premultiplied RGBA, rows top to bottom (device y grows upwards, so device
    /// row y is surface row height − 1 − y).
    let surface: Surface
    /// True when `surface` wraps `data` directly.
    let isDirect: Bool

    /// Largest width or height, and total byte count, accepted.
    static let maximumDimension = 1 << 15
    static let maximumBytes = 1 << 30

    /// The layout for Core Graphics' parameters, or nil for a format bitmap contexts do not
    /// support (Apple's list of supported pixel formats, 8 bits per component: RGB with
    /// premultiplied or skipped alpha first or last, gray without alpha, alpha only).
    static func layout(bitsPerComponent: Int, space: CGColorSpace?, bitmapInfo: UInt32) -> Layout? {
        guard bitsPerComponent == 8 else { return nil }
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard info.intersection(.floatInfoMask).isEmpty,
              let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue) else { return nil }
        let order = bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue
        if alpha == .alphaOnly { return order == 0 ? .alpha : nil }
        guard let space else { return nil }
        switch space.model {
        case .monochrome:
            return alpha == .none && order == 0 ? .gray : nil
        case .rgb:
            let little: Bool
            switch order {
            case 0, CGBitmapInfo.byteOrder32Big.rawValue: little = false
            case CGBitmapInfo.byteOrder32Little.rawValue: little = true
            default: return nil
            }
            // Big-endian order lists the channels as named (RGBA, ARGB); little-endian reverses them.
            let first: Bool, hasAlpha: Bool
            switch alpha {
            case .premultipliedLast: first = false; hasAlpha = true
            case .premultipliedFirst: first = true; hasAlpha = true
            case .noneSkipLast: first = false; hasAlpha = false
            case .noneSkipFirst: first = true; hasAlpha = false
            default: return nil
            }
            var (r, g, b, a) = first ? (1, 2, 3, 0) : (0, 1, 2, 3)
            if little { (r, g, b, a) = (3 - r, 3 - g, 3 - b, 3 - a) }
            return .rgb(r: r, g: g, b: b, a: hasAlpha ? a : nil)
        default:
            return nil
        }
    }

    init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow requested: Int, layout: Layout) {
        guard width > 0, height > 0, width <= BitmapStorage.maximumDimension,
              height <= BitmapStorage.maximumDimension, requested >= 0 else { return nil }
        let bpp: Int
        if case .rgb = layout { bpp = 4 } else { bpp = 1 }
        let packed = width * bpp
        let rowBytes = requested == 0 ? packed : requested
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard rowBytes >= packed, !overflow, total <= BitmapStorage.maximumBytes else { return nil }
        self.width = width
        self.height = height
        bytesPerRow = rowBytes
        bytesPerPixel = bpp
        self.layout = layout
        if let data {
            self.data = data
            ownsData = false
        } else {
            let p = UnsafeMutableRawPointer.allocate(byteCount: max(total, 1), alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 0, count: total)
            self.data = p
            ownsData = true
        }
        let direct = layout == .rgb(r: 0, g: 1, b: 2, a: 3) && rowBytes == packed
            && Int(bitPattern: self.data) % MemoryLayout<UInt32>.alignment == 0
        isDirect = direct
        if direct {
            surface = Surface(wrapping: self.data.assumingMemoryBound(to: UInt32.self), width: width, height: height)
        } else {
            surface = Surface(width: width, height: height)
            load(x: 0, y: 0, width: width, height: height)
        }
    }

    deinit { if ownsData { data.deallocate() } }

    /// Clamps a surface-space rectangle to the bitmap; nil when empty.
    func clamp(_ r: (x: Int, y: Int, width: Int, height: Int)) -> (x: Int, y: Int, width: Int, height: Int)? {
        let x0 = max(r.x, 0), y0 = max(r.y, 0)
        let x1 = min(r.x + r.width, width), y1 = min(r.y + r.height, height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Reads a rectangle of the buffer (surface rows) into the working surface.
    func load(x: Int, y: Int, width w: Int, height h: Int) {
        guard !isDirect, let r = clamp((x, y, w, h)) else { return }
        for row in r.y..<(r.y + r.height) {
            let src = (data + row * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let dst = surface.pixels + row * surface.stride
            for col in r.x..<(r.x + r.width) {
                switch layout {
                case let .rgb(ri, gi, bi, ai):
                    let p = src + col * 4
                    let a = ai.map { UInt32(p[$0]) } ?? 255
                    // A colour above its alpha is impossible when premultiplied: clamp it.
                    let red = min(UInt32(p[ri]), a), green = min(UInt32(p[gi]), a), blue = min(UInt32(p[bi]), a)
                    dst[col] = red | green << 8 | blue << 16 | a << 24
                case .gray:
                    let v = UInt32(src[col])
                    dst[col] = v | v << 8 | v << 16 | 0xFF00_0000
                case .alpha:
                    dst[col] = UInt32(src[col]) << 24
                }
            }
        }
    }

    /// Writes a rectangle of the working surface back into the buffer.
    func store(x: Int, y: Int, width w: Int, height h: Int) {
        guard !isDirect, let r = clamp((x, y, w, h)) else { return }
        for row in r.y..<(r.y + r.height) {
            let dst = (data + row * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let src = surface.pixels + row * surface.stride
            for col in r.x..<(r.x + r.width) {
                let p = src[col]
                let red = p & 0xFF, green = (p >> 8) & 0xFF, blue = (p >> 16) & 0xFF, a = p >> 24
                switch layout {
                case let .rgb(ri, gi, bi, ai):
                    let q = dst + col * 4
                    q[ri] = UInt8(red); q[gi] = UInt8(green); q[bi] = UInt8(blue)
                    // A skipped alpha byte is written opaque; the colour is what the
                    // premultiplied pixel shows over black, as a context without alpha keeps.
                    if let ai { q[ai] = UInt8(a) } else { q[3 - (ri + gi + bi - 3)] = 255 }
                case .gray:
                    // Rec. 709 luma of the sRGB primaries (54 + 183 + 19 = 256): exact for grays.
                    dst[col] = UInt8((54 * red + 183 * green + 19 * blue + 128) >> 8)
                case .alpha:
                    dst[col] = UInt8(a)
                }
            }
        }
    }
}
