import Foundation
import OpenQuartzCore

/// A tiny painter for the stand-in pictures (the book used photos and icons we may not ship):
/// shapes given as inside-tests, anti-aliased by 4×4 supersampling, composited source-over in
/// floating point. Deterministic: the same calls give the same bytes on every run, so the PNGs
/// committed under `Examples/images/` can be checked against it.
package struct StandInPainter {
    package struct RGBA {
        var r, g, b, a: Double
        /// A colour from its straight (not premultiplied) components.
        package init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
    }

    let width: Int
    let height: Int
    /// Premultiplied, four values per pixel.
    private var pixels: [Double]

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [Double](repeating: 0, count: width * height * 4)
    }

    /// Paints `color(x, y)` wherever `inside(x, y)` holds, within the box `x0..<x1, y0..<y1`
    /// (pixels; clipped to the image). Coordinates are in pixels, y down, pixel centres at +0.5.
    mutating func fill(x0: Double, y0: Double, x1: Double, y1: Double,
                       color: (Double, Double) -> RGBA, inside: (Double, Double) -> Bool) {
        let px0 = max(Int(x0.rounded(.down)), 0), py0 = max(Int(y0.rounded(.down)), 0)
        let px1 = min(Int(x1.rounded(.up)), width), py1 = min(Int(y1.rounded(.up)), height)
        guard px0 < px1, py0 < py1 else { return }
        let n = 4
        for py in py0..<py1 {
            for px in px0..<px1 {
                var hits = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let x = Double(px) + (Double(sx) + 0.5) / Double(n)
                        let y = Double(py) + (Double(sy) + 0.5) / Double(n)
                        if inside(x, y) { hits += 1 }
                    }
                }
                guard hits > 0 else { continue }
                let c = color(Double(px) + 0.5, Double(py) + 0.5)
                let a = c.a * Double(hits) / Double(n * n)
                let i = (py * width + px) * 4
                pixels[i] = c.r * a + pixels[i] * (1 - a)
                pixels[i + 1] = c.g * a + pixels[i + 1] * (1 - a)
                pixels[i + 2] = c.b * a + pixels[i + 2] * (1 - a)
                pixels[i + 3] = a + pixels[i + 3] * (1 - a)
            }
        }
    }

    mutating func fill(_ color: RGBA, x0: Double, y0: Double, x1: Double, y1: Double,
                       inside: (Double, Double) -> Bool) {
        fill(x0: x0, y0: y0, x1: x1, y1: y1, color: { _, _ in color }, inside: inside)
    }

    mutating func circle(_ color: RGBA, cx: Double, cy: Double, r: Double) {
        ellipse(color, cx: cx, cy: cy, rx: r, ry: r)
    }

    mutating func ellipse(_ color: RGBA, cx: Double, cy: Double, rx: Double, ry: Double) {
        fill(color, x0: cx - rx, y0: cy - ry, x1: cx + rx, y1: cy + ry) { x, y in
            let u = (x - cx) / rx, v = (y - cy) / ry
            return u * u + v * v <= 1
        }
    }

    package mutating func rect(_ color: RGBA, x: Double, y: Double, w: Double, h: Double) {
        fill(color, x0: x, y0: y, x1: x + w, y1: y + h) { px, py in
            px >= x && px < x + w && py >= y && py < y + h
        }
    }

    /// A convex polygon, points in either winding.
    mutating func polygon(_ color: RGBA, _ points: [(Double, Double)]) {
        let xs = points.map(\.0), ys = points.map(\.1)
        fill(color, x0: xs.min() ?? 0, y0: ys.min() ?? 0, x1: xs.max() ?? 0, y1: ys.max() ?? 0) { x, y in
            var sign = 0.0
            for i in points.indices {
                let (ax, ay) = points[i], (bx, by) = points[(i + 1) % points.count]
                let cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
                if cross == 0 { continue }
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
            return true
        }
    }

    /// A straight stroke from a to b, `width` wide, with square ends.
    mutating func line(_ color: RGBA, from a: (Double, Double), to b: (Double, Double), width w: Double) {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return }
        let nx = -dy / len * w / 2, ny = dx / len * w / 2
        polygon(color, [(a.0 + nx, a.1 + ny), (b.0 + nx, b.1 + ny), (b.0 - nx, b.1 - ny), (a.0 - nx, a.1 - ny)])
    }

    /// Straight (un-premultiplied) RGBA bytes, rounded to nearest.
    package var rgbaBytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = pixels[i + 3]
            guard a > 0 else { continue }
            for c in 0..<3 { out[i + c] = StandInPainter.byte(pixels[i + c] / a) }
            out[i + 3] = StandInPainter.byte(a)
        }
        return out
    }

    private static func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
}
