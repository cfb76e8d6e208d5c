import Foundation
import OpenQuartzCore

/// A premultiplied RGBA bitmap context for tests, with pixel readers by memory row (row 0 is
/// the top of the picture, device y = height − 1).
func makeRGBAContext(_ width: Int, _ height: Int) -> CGContext {
    CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

extension CGContext {
    /// Premultiplied (r, g, b, a) at column x of memory row `row` (RGBA contexts).
    func rgba(_ x: Int, row: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let p = data!.assumingMemoryBound(to: UInt8.self) + row * bytesPerRow + x * 4
        return (Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
    }

    /// The same at device pixel (x, y), y up from the bottom row.
    func rgba(device x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) { rgba(x, row: height - 1 - y) }

    /// Byte `i` of memory row `row`.
    func byte(_ i: Int, row: Int) -> Int { Int((data!.assumingMemoryBound(to: UInt8.self) + row * bytesPerRow)[i]) }

    /// Sum of alpha over the bitmap, in pixels (alpha 255 counts 1).
    var coveredArea: Double {
        var s = 0
        for row in 0..<height { for x in 0..<width { s += rgba(x, row: row).a } }
        return Double(s) / 255
    }
}

func near(_ a: Int, _ b: Int, _ tolerance: Int = 1) -> Bool { abs(a - b) <= tolerance }
