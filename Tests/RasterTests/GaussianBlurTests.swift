import Foundation
import Testing
@testable import Raster

/// The blur is compared with a direct 2-D convolution by a sampled Gaussian (normalised
/// over ±6σ, so effectively untruncated). Tolerance: max |difference| ≤ 2/255.
@Suite struct GaussianBlurTests {
    static func direct(_ m: Mask, sigma: Double, pad: Int) -> [Double] {
        let k = Int((6 * sigma).rounded(.up))
        var kernel = (-k...k).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = m.width + 2 * pad, h = m.height + 2 * pad
        func src(_ x: Int, _ y: Int) -> Double {
            let sx = x - pad, sy = y - pad
            return sx >= 0 && sy >= 0 && sx < m.width && sy < m.height ? Double(m.coverage[sy * m.width + sx]) : 0
        }
        var mid = [Double](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w {
            var s = 0.0
            for i in -k...k { s += kernel[i + k] * src(x + i, y) }
            mid[y * w + x] = s
        } }
        var out = [Double](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w {
            var s = 0.0
            for i in -k...k where y + i >= 0 && y + i < h { s += kernel[i + k] * mid[(y + i) * w + x] }
            out[y * w + x] = s
        } }
        return out
    }

    static func maxError(_ m: Mask, sigma: Double) -> Double {
        let b = gaussianBlur(m, sigma: sigma)
        let pad = Int((3 * sigma).rounded(.up))
        #expect(b.width == m.width + 2 * pad && b.originX == m.originX - pad && b.originY == m.originY - pad)
        let ref = direct(m, sigma: sigma, pad: pad)
        var worst = 0.0
        for i in 0..<(b.width * b.height) { worst = max(worst, abs(Double(b.coverage[i]) - ref[i])) }
        print("gaussianBlur sigma \(sigma) \(m.width)x\(m.height): max error \(worst)/255")
        return worst
    }

    @Test(arguments: [0.7, 2.0, 4.5, 9.0])
    func stepEdge(sigma: Double) {
        let m = Mask(width: 40, height: 12, originX: 3, originY: -2)
        for y in 0..<12 { for x in 20..<40 { m.coverage[y * 40 + x] = 255 } }
        #expect(Self.maxError(m, sigma: sigma) <= 2.5)
    }

    @Test(arguments: [1.0, 3.0, 6.5])
    func smallSquare(sigma: Double) {
        let m = Mask(width: 5, height: 5)
        m.clear(255)
        #expect(Self.maxError(m, sigma: sigma) <= 2.5)
    }

    @Test func largeSigmaKeepsMass() {
        let m = Mask(width: 8, height: 8)
        m.clear(255)
        let b = gaussianBlur(m, sigma: 30)
        var total = 0
        for i in 0..<(b.width * b.height) { total += Int(b.coverage[i]) }
        // 64·255 spread over ~(6σ)² pixels; rounding each to a byte loses at most 0.5 per pixel.
        #expect(abs(Double(total) - 64 * 255) < 0.5 * Double(b.width * b.height) + 0.01 * 64 * 255)
    }

    @Test func surfaceStaysPremultiplied() {
        let s = Surface(width: 6, height: 6, originX: 10, originY: 10)
        s.setPixel(x: 2, y: 2, 0xFF00_00FF)
        s.setPixel(x: 3, y: 2, 0x8080_0000)
        let b = gaussianBlur(s, sigma: 1.5)
        #expect(b.originX == 10 - 5 && b.width == 16)
        var alphaSum = 0
        for i in 0..<(b.width * b.height) {
            let p = b.pixels[i], a = p >> 24
            #expect(p & 0xFF <= a && (p >> 8) & 0xFF <= a && (p >> 16) & 0xFF <= a)
            alphaSum += Int(a)
        }
        #expect(abs(alphaSum - (255 + 128)) <= 40)
    }
}
