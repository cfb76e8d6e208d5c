import Foundation
import Testing
import Raster

/// The rasterizer's region is widened to whole chunks of 8 cells where the target has room
/// (`rasterize`): a shape must draw the same pixels on a surface that ends at its right edge
/// (no room: the last chunk is partial and summed cell by cell) as on a wider one, nothing right
/// of its bounds, and nothing past the target where it is clipped.
@Suite struct RegionPaddingTests {
    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd], [true, false])
    func sameShapeWithAndWithoutRoom(rule: FillRule, antialias: Bool) {
        // Widths 1 to 17 past a whole chunk, so the region ends anywhere in one; a disc and a
        // self-crossing star whose bounds end 0.4 px short of the narrow surface's right edge.
        for width in 9...25 {
            let w = Double(width)
            var path = Path()
            let cx = w / 2, r = w / 2 - 0.4
            path.append(Reference.path((0..<24).map { k in
                let a = 2 * Double.pi * Double(k) / 24
                return (cx + r * cos(a), 12.3 + r * sin(a))
            }))
            path.append(Reference.path((0..<5).map { k in
                let a = -Double.pi / 2 + Double(k) * 4 * .pi / 5
                return (cx + 0.9 * r * cos(a), 30.1 + 0.9 * r * sin(a))
            }))
            // And a band across the narrow surface's right edge, which clips it there: the
            // region must not be widened past the target (pixels beyond a row are the next row's).
            path.append(Reference.path([(w - 3.3, 40.2), (w + 5.7, 40.9), (w + 5.1, 46.6), (w - 2.8, 45.3)]))
            let narrow = Surface(width: width, height: 48), wide = Surface(width: width + 16, height: 48)
            let c = Color(r: 0.2, g: 0.7, b: 0.4, a: 0.8)
            narrow.fill(path, rule: rule, color: c, antialias: antialias)
            wide.fill(path, rule: rule, color: c, antialias: antialias)
            var same = true, outside = 0, painted = 0
            for y in 0..<48 {
                for x in 0..<(width + 16) {
                    if x < width {
                        if narrow.pixel(x: x, y: y) != wide.pixel(x: x, y: y) { same = false }
                        if narrow.pixel(x: x, y: y) != 0 { painted += 1 }
                    } else if wide.pixel(x: x, y: y) != 0 && y < 40 {
                        outside += 1
                    }
                }
            }
            #expect(same && outside == 0 && painted > width * 4, "width \(width): painted \(painted), outside \(outside)")
        }
    }
}
