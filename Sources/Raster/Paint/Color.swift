/// A colour in gamma-encoded sRGB with straight (non-premultiplied) alpha, components in 0...1.
package struct Color: Sendable, Equatable {
    /// Red, 0…1.
    package var r: Float
    /// Green, 0…1.
    package var g: Float
    /// Blue, 0…1.
    package var b: Float
    /// Alpha (opacity), 0…1.
    package var a: Float

    /// A colour from its components.
    package init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Transparent black.
    package static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    package static let black = Color(r: 0, g: 0, b: 0, a: 1)
    /// Opaque white.
    package static let white = Color(r: 1, g: 1, b: 1, a: 1)

    /// The colour as a premultiplied `0xAABBGGRR` pixel, each channel rounded to nearest.
    /// Components are clamped to 0...1 first (NaN counts as 0), so a channel never exceeds alpha.
    package var premultipliedPixel: UInt32 {
        let alpha = Color.unit(a)
        // Round half up in Double, where v + 0.5 is exact: the same as Float's rounded() for
        // these non-negative values, without a libm call (baseline x86-64 has no roundss).
        @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(Double(v) + 0.5) }
        let a8 = byte(alpha * 255)
        let r8 = byte(Color.unit(r) * alpha * 255)
        let g8 = byte(Color.unit(g) * alpha * 255)
        let b8 = byte(Color.unit(b) * alpha * 255)
        return r8 | g8 << 8 | b8 << 16 | a8 << 24
    }

    @inline(__always)
    static func unit(_ v: Float) -> Float { v >= 0 ? min(v, 1) : 0 }
}
