import Testing
import Raster

/// Gradient colours are checked against t worked out by hand at pixel centres; tolerance 1
/// level (8-bit rounding) plus the table step (1/1023 of the ramp ≈ 0.25 level).
@Suite struct GradientTests {
    static func red(_ p: UInt32) -> Int { Int(p & 0xFF) }

    @Test func axialRampAcrossTheLayer() {
        let s = Surface(width: 256, height: 4)
        let g = Gradient(kind: .axial, colors: [.black, .white], startX: 0, startY: 0.5, endX: 1, endY: 0.5)
        // Unit square → 256 × 4 px.
        s.fill(.rect(x: 0, y: 0, width: 256, height: 4), gradient: g, gradientTransform: .scale(256, 4))
        for x in [0, 1, 64, 127, 200, 255] {
            let t = (Double(x) + 0.5) / 256
            #expect(abs(Self.red(s.pixel(x: x, y: 2)) - Int((t * 255).rounded())) <= 1, "x \(x)")
            #expect(s.pixel(x: x, y: 2) >> 24 == 255)
        }
    }

    @Test func aRampDrawnAgainKeepsItsOwnColours() {
        // Ramps that share their colours but not their locations, redrawn in turn and after
        // more other ramps than the recent-table cache holds: each draws its own closed form
        // every time (x = 50: t = 0.505, which is 0.51 of the way from 0.25 to 0.75 → 130, and
        // 128.8 → 129 when evenly spaced).
        func red(at x: Int, _ g: Gradient) -> Int {
            let s = Surface(width: 100, height: 1)
            s.fill(.rect(x: 0, y: 0, width: 100, height: 1), gradient: g, gradientTransform: .identity)
            return Self.red(s.pixel(x: x, y: 0))
        }
        let placed = Gradient(kind: .axial, colors: [.black, .white], locations: [0.25, 0.75],
                              startX: 0, startY: 0, endX: 100, endY: 0)
        var even = placed
        even.locations = nil
        for round in 0..<3 {
            #expect(abs(red(at: 50, placed) - 130) <= 1, "round \(round)")
            #expect(abs(red(at: 50, even) - 129) <= 1, "round \(round)")
            #expect(red(at: 10, placed) == 0 && red(at: 10, even) > 20, "round \(round)")
            for k in 0..<10 {
                // Other ramps: grey k/10 to white, x = 0 reads about the first colour.
                let grey = Color(r: Float(k) / 10, g: Float(k) / 10, b: Float(k) / 10, a: 1)
                let other = Gradient(kind: .axial, colors: [grey, .white], startX: 0, startY: 0, endX: 100, endY: 0)
                #expect(abs(red(at: 0, other) - Int((Float(k) / 10 * 255 + 0.5 * 255 / 100).rounded())) <= 2)
            }
        }
    }

    @Test func locationsAndEndColoursContinue() {
        let s = Surface(width: 100, height: 1)
        let g = Gradient(kind: .axial, colors: [.black, .white], locations: [0.25, 0.75],
                         startX: 0, startY: 0, endX: 100, endY: 0)
        s.fill(.rect(x: 0, y: 0, width: 100, height: 1), gradient: g, gradientTransform: .identity)
        #expect(Self.red(s.pixel(x: 10, y: 0)) == 0)     // before 0.25: first colour
        #expect(Self.red(s.pixel(x: 90, y: 0)) == 255)   // after 0.75: last colour
        // x = 50 → t = 0.505 → (0.505 − 0.25) / 0.5 = 0.51 → 130.
        #expect(abs(Self.red(s.pixel(x: 50, y: 0)) - 130) <= 1)
    }

    @Test func straightAlphaInterpolation() {
        // clear → white: the midpoint is straight (0.5, 0.5, 0.5, 0.5) = premultiplied (64, 64, 64, 128).
        let s = Surface(width: 2, height: 1)
        let g = Gradient(kind: .axial, colors: [.clear, .white], startX: 0.5, startY: 0, endX: 1.5, endY: 0)
        s.fill(.rect(x: 0, y: 0, width: 2, height: 1), gradient: g, gradientTransform: .identity)
        // Pixel 0's centre is at t = 0, pixel 1's at t = 1; draw the midpoint case via a one-pixel ramp.
        let m = Surface(width: 1, height: 1)
        let h = Gradient(kind: .axial, colors: [.clear, .white], startX: 0, startY: 0, endX: 1, endY: 0)
        m.fill(.rect(x: 0, y: 0, width: 1, height: 1), gradient: h, gradientTransform: .identity)
        let p = m.pixel(x: 0, y: 0)
        #expect(abs(Int(p >> 24) - 128) <= 1 && abs(Self.red(p) - 64) <= 1)
        #expect(s.pixel(x: 0, y: 0) == 0 && s.pixel(x: 1, y: 0) == 0xFFFF_FFFF)
    }

    @Test func radialAndConic() {
        let s = Surface(width: 41, height: 41)
        let g = Gradient(kind: .radial, colors: [.white, .black], startX: 20.5, startY: 20.5, endX: 40.5, endY: 20.5)
        s.fill(.rect(x: 0, y: 0, width: 41, height: 41), gradient: g, gradientTransform: .identity)
        #expect(Self.red(s.pixel(x: 20, y: 20)) == 255)                 // centre: t = 0
        #expect(abs(Self.red(s.pixel(x: 30, y: 20)) - 128) <= 1)        // r = 10 of 20: t = 0.5 → 127.5
        #expect(abs(Self.red(s.pixel(x: 20, y: 30)) - 128) <= 1)        // circle: same radius in y
        #expect(Self.red(s.pixel(x: 0, y: 0)) == 0)                     // beyond the edge: last colour
        let c = Surface(width: 41, height: 41)
        let k = Gradient(kind: .conic, colors: [.black, .white], startX: 20.5, startY: 20.5, endX: 30, endY: 20.5)
        c.fill(.rect(x: 0, y: 0, width: 41, height: 41), gradient: k, gradientTransform: .identity)
        // Clockwise on screen from +x: straight down (+y) is a quarter turn, left is half.
        #expect(abs(Self.red(c.pixel(x: 20, y: 35)) - 64) <= 1)
        #expect(abs(Self.red(c.pixel(x: 5, y: 20)) - 128) <= 1)
        #expect(abs(Self.red(c.pixel(x: 20, y: 5)) - 191) <= 1)
    }
}
