extension Surface {
    /// A surface holding `width × height` pixels of RGBA bytes (rows top to bottom, tightly
    /// packed): straight colour premultiplied here (each channel x·a/255 rounded, as `mul255`),
    /// or already premultiplied colour with each channel clamped to its alpha.
    package convenience init(width: Int, height: Int, rgba bytes: UnsafeBufferPointer<UInt8>, premultiply: Bool) {
        self.init(width: width, height: height)
        guard bytes.count >= width * height * 4 else { return }
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width {
                let i = 4 * (y * width + x)
                let a = UInt32(bytes[i + 3])
                var r = UInt32(bytes[i]), g = UInt32(bytes[i + 1]), b = UInt32(bytes[i + 2])
                if premultiply {
                    r = mul255(r, a); g = mul255(g, a); b = mul255(b, a)
                } else {
                    r = min(r, a); g = min(g, a); b = min(b, a)
                }
                row[x] = r | (g << 8) | (b << 16) | (a << 24)
            }
        }
    }
}
