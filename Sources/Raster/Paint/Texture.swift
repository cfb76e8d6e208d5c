/// How a texture is read between texel centres.
package enum SamplingFilter: Sendable {
    /// The texel under the sample point (`kCAFilterNearest`).
    case nearest
    /// Bilinear interpolation of the four nearest texels (`kCAFilterLinear`).
    case linear
    /// Bilinear on the two mip levels that bracket the local minification, blended
    /// (`kCAFilterTrilinear`).
    case trilinear
}

/// An image to draw through a transform: a surface plus its mip chain, built on first use
/// by a trilinear draw. Safe to share between threads. The chain is built once: do not change
/// the surface's pixels after a trilinear draw (make a new `Texture` instead).
package final class Texture: @unchecked Sendable {
    /// The image, level 0 of the mip chain.
    package let surface: Surface
    private let mips = Locked<[Surface]?>(nil)
    private let opacity = Locked<Bool?>(nil)

    /// A texture over `surface` (not copied: do not change its pixels later).
    package init(_ surface: Surface) {
        self.surface = surface
    }

    /// Level 0 is the surface; each next level halves the size (rounding up) by 2×2 box
    /// averaging, down to 1×1.
    package var mipLevels: [Surface] {
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

    /// Whether every texel's alpha is 255 (so is every mip level's then), found on first use.
    package var isOpaque: Bool {
        opacity.withLock { known in
            if let known { return known }
            var all: UInt32 = 0xFF00_0000
            for y in 0..<surface.height {
                let row = surface.pixels + y * surface.stride
                for x in 0..<surface.width { all &= row[x] }
            }
            known = all == 0xFF00_0000
            return known!
        }
    }

    /// 2×2 box average (rounded) of premultiplied texels, two channels per add; odd edges
    /// reuse the last row or column.
    private static func halve(_ s: Surface) -> Surface {
        let w = (s.width + 1) / 2, h = (s.height + 1) / 2
        let out = Surface(width: w, height: h)
        for y in 0..<h {
            let r0 = s.pixels + 2 * y * s.stride
            let r1 = s.pixels + min(2 * y + 1, s.height - 1) * s.stride
            let dst = out.pixels + y * out.stride
            for x in 0..<w {
                let x0 = 2 * x, x1 = min(2 * x + 1, s.width - 1)
                let a = r0[x0], b = r0[x1], c = r1[x0], d = r1[x1]
                let rb = ((a & 0x00FF_00FF) + (b & 0x00FF_00FF) + (c & 0x00FF_00FF) + (d & 0x00FF_00FF)
                    + 0x0002_0002) >> 2 & 0x00FF_00FF
                let ag = (((a >> 8) & 0x00FF_00FF) + ((b >> 8) & 0x00FF_00FF) + ((c >> 8) & 0x00FF_00FF)
                    + ((d >> 8) & 0x00FF_00FF) + 0x0002_0002) >> 2 & 0x00FF_00FF
                dst[x] = rb | ag << 8
            }
        }
        return out
    }
}
