import Foundation
import Testing
import Raster

/// The blur is compared with a direct 2-D convolution by a sampled Gaussian (normalised
/// over ±6σ, so effectively untruncated). Tolerance: max |difference| ≤ 2.5/255 in the
/// original cases; the stated bound, ≤ 1/255 per pixel including the rounding to 8 bits and
/// a mean within 0.05/255 of what rounding the exact result would give, is checked over many
/// shapes and σ by `separableShapes` (measured: 0.76/255 and 0.013/255).
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

    /// A mask that is 255 · Σ u_t(x)·v_t(y) exactly (u in 0…255, v in {0, 1}), whose blur by a
    /// sampled Gaussian is Σ (g ∗ u_t)(x) · (g ∗ v_t)(y): a reference that stays cheap at large σ.
    struct Separable {
        let name: String
        let width: Int, height: Int
        let terms: [(u: [Double], v: [Double])]

        var mask: Mask {
            let m = Mask(width: width, height: height, originX: -7, originY: 5)
            for y in 0..<height { for x in 0..<width {
                m.coverage[y * width + x] = UInt8(terms.reduce(0.0) { $0 + $1.u[x] * $1.v[y] })
            } }
            return m
        }

        static func convolved(_ f: [Double], sigma: Double, pad: Int) -> [Double] {
            let k = Int((6 * sigma).rounded(.up))
            let g = (-k...k).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let total = g.reduce(0, +)
            return (0..<(f.count + 2 * pad)).map { o in
                var s = 0.0
                for i in max(0, o - pad - k)..<min(f.count, o - pad + k + 1) { s += g[i - (o - pad) + k] * f[i] }
                return s / total
            }
        }

        /// Largest and mean |blur − reference|, and the mean that rounding the reference itself
        /// to 8 bits would give (the floor for any 8-bit result).
        func errors(sigma: Double) -> (max: Double, mean: Double, rounding: Double) {
            let b = gaussianBlur(mask, sigma: sigma)
            let pad = Int((3 * sigma).rounded(.up))
            let refs = terms.map { (Self.convolved($0.u, sigma: sigma, pad: pad), Self.convolved($0.v, sigma: sigma, pad: pad)) }
            var worst = 0.0, sum = 0.0, floor = 0.0
            for y in 0..<b.height { for x in 0..<b.width {
                let r = refs.reduce(0.0) { $0 + $1.0[x] * $1.1[y] }
                let e = abs(Double(b.coverage[y * b.width + x]) - r)
                worst = max(worst, e)
                sum += e
                floor += abs(r.rounded() - r)
            } }
            let n = Double(b.width * b.height)
            return (worst, sum / n, floor / n)
        }
    }

    static func shapes(size n: Int) -> [Separable] {
        let ones = [Double](repeating: 1, count: n)
        func indicator(_ r: Range<Int>) -> [Double] { (0..<n).map { r.contains($0) ? 1 : 0 } }
        let odd = (0..<n).map { Double($0 & 1) }, even = odd.map { 1 - $0 }
        var state: UInt32 = 12345
        let noise = (0..<n).map { _ -> Double in
            state = state &* 1_103_515_245 &+ 12345
            return Double(state >> 24)
        }
        return [
            Separable(name: "rectangle", width: n, height: n,
                      terms: [(indicator(n / 3..<n - 2).map { $0 * 255 }, indicator(2..<n / 2 + 1))]),
            Separable(name: "pixel", width: n, height: n, terms: [(indicator(n / 2..<n / 2 + 1).map { $0 * 255 }, indicator(n / 2..<n / 2 + 1))]),
            Separable(name: "lines", width: n, height: n, terms: [((0..<n).map { $0 % 3 == 1 ? 255 : 0 }, ones)]),
            Separable(name: "checkerboard", width: n, height: n,
                      terms: [(odd.map { $0 * 255 }, even), (even.map { $0 * 255 }, odd)]),
            Separable(name: "noise", width: n, height: n - 1, terms: [(noise, indicator(1..<n - 2))]),
        ]
    }

    /// Both sides of every change of pyramid level (σ = 4·2^k), tiny and huge σ, odd sizes.
    @Test(arguments: [0.3, 0.7, 1.5, 2.5, 3.99, 4, 5.5, 7.99, 8, 13, 16, 31, 45, 64, 128, 256])
    func separableShapes(sigma: Double) {
        for n in sigma < 20 ? [5, 23] : [19] {
            for shape in Self.shapes(size: n) {
                let e = shape.errors(sigma: sigma)
                #expect(e.max <= 1.0, "\(shape.name) \(n)² σ \(sigma): max error \(e.max)/255")
                #expect(e.mean - e.rounding <= 0.05,
                        "\(shape.name) \(n)² σ \(sigma): mean error \(e.mean)/255, \(e.rounding) from rounding alone")
            }
        }
    }

    @Test func surfaceAlphaIsTheMaskBlur() {
        let s = Surface(width: 9, height: 7)
        for y in 0..<7 { for x in 0..<9 { s.setPixel(x: x, y: y, UInt32((x * 29 + y * 53) & 0xFF) << 24) } }
        for sigma in [1.0, 6.0] {
            let b = gaussianBlur(s, sigma: sigma), m = gaussianBlur(Mask(alphaOf: s), sigma: sigma)
            #expect(b.width == m.width && b.height == m.height)
            #expect((0..<(m.width * m.height)).allSatisfy { b.pixels[$0] >> 24 == UInt32(m.coverage[$0]) })
        }
    }

    /// The pyramid's grid is fixed in device space: the same content in masks that start at
    /// different device pixels (a tight crop and one with a zero margin of odd width) blurs to
    /// the same values at every device pixel both results cover.
    @Test(arguments: [1.5, 5.0, 11.0, 37.0])
    func resultDoesNotDependOnTheMasksExtent(sigma: Double) {
        func mask(originX: Int, originY: Int, width: Int, height: Int) -> Mask {
            let m = Mask(width: width, height: height, originX: originX, originY: originY)
            m.fill(.roundedRect(x: 14.3, y: 8.6, width: 23.5, height: 17.2, radiusX: 5, radiusY: 5))
            return m
        }
        let tight = gaussianBlur(mask(originX: 14, originY: 8, width: 25, height: 19), sigma: sigma)
        let loose = gaussianBlur(mask(originX: 3, originY: -5, width: 46, height: 40), sigma: sigma)
        var differing = 0
        for y in tight.originY..<(tight.originY + tight.height) {
            for x in tight.originX..<(tight.originX + tight.width)
            where tight.value(atDeviceX: x, y: y) != loose.value(atDeviceX: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "σ \(sigma): \(differing) pixels differ")
    }
}
