/// Conversions between straight and premultiplied RGBA8 pixels (`0xAABBGGRR`).
package enum Premultiply {
    /// c × a / 255 rounded to nearest: (c·a + 127) / 255 (c·a is an integer, so
    /// there are no ties to break).
    @inline(__always)
    package static func premultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        let r = ((p & 0xFF) * a + 127) / 255
        let g = ((p >> 8 & 0xFF) * a + 127) / 255
        let b = ((p >> 16 & 0xFF) * a + 127) / 255
        return r | g << 8 | b << 16 | a << 24
    }

    /// Un-premultiplies `count` pixels of `src` into `dst` (`unpremultiply` inlined, for the
    /// frames of an animation).
    package static func unpremultiply(_ src: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count { dst[i] = unpremultiply(src[i]) }
    }

    static func premultiply(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count { pixels[i] = premultiply(pixels[i]) }
    }

    /// c × 255 / a rounded to nearest, (c·255 + a/2) / a, clamped to 255 for
    /// malformed input where c > a. Fully transparent pixels become 0.
    /// For valid premultiplied input (c ≤ a) `premultiply` undoes this exactly.
    @inline(__always)
    package static func unpremultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        let half = a >> 1
        let r = min(((p & 0xFF) * 255 + half) / a, 255)
        let g = min(((p >> 8 & 0xFF) * 255 + half) / a, 255)
        let b = min(((p >> 16 & 0xFF) * 255 + half) / a, 255)
        return r | g << 8 | b << 16 | a << 24
    }
}
