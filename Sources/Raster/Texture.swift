import Synchronization

/// How a texture is read between texel centres.
public enum SamplingFilter: Sendable {
    /// The texel under the sample point (`kCAFilterNearest`).
    case nearest
    /// Bilinear interpolation of the four nearest texels (`kCAFilterLinear`).
    case linear
    /// Bilinear on the two mip levels that bracket the local minification, blended
    /// (`kCAFilterTrilinear`).
    case trilinear
}

/// An image to draw through a transform: a surface plus its mip chain, built on first use
/// by a trilinear draw. Safe to share between threads.
public final class Texture: @unchecked Sendable {
    public let surface: Surface
    private let mips = Mutex<[Surface]?>(nil)

    public init(_ surface: Surface) {
        self.surface = surface
    }

    /// Level 0 is the surface; each next level halves the size (rounding up) by 2×2 box
    /// averaging, down to 1×1.
    public var mipLevels: [Surface] {
        mips.withLock { levels in
            if let levels { return levels }
            var chain = [surface]
            while let last = chain.last, last.width > 1 || last.height > 1 {
                chain.append(Texture.halve(last))
            }
            levels = chain
            return chain
        }
    }

    private static func halve(_ s: Surface) -> Surface {
        let w = (s.width + 1) / 2, h = (s.height + 1) / 2
        let out = Surface(width: w, height: h)
        for y in 0..<h {
            let y0 = 2 * y, y1 = min(2 * y + 1, s.height - 1)
            for x in 0..<w {
                let x0 = 2 * x, x1 = min(2 * x + 1, s.width - 1)
                let p = [s.pixel(x: x0, y: y0), s.pixel(x: x1, y: y0), s.pixel(x: x0, y: y1), s.pixel(x: x1, y: y1)]
                var v: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    var sum: UInt32 = 2
                    for q in p { sum += (q >> shift) & 0xFF }
                    v |= (sum / 4) << shift
                }
                out.setPixel(x: x, y: y, v)
            }
        }
        return out
    }
}
