import Foundation
import Testing
import Raster

/// An opaque fill's inside is stored as spans between the chunks (8 cells) that edges touch,
/// whole vectors of 8 pixels and a masked store for a last one to seven (`avx2_fill`): a region
/// against a surface's right side is not a whole number of chunks wide. Trapezoids whose
/// insides run from 1 to 40 pixels, each against the right side of a surface 1 to 7 pixels
/// wider than a whole number of chunks, are checked against coverage integrated independently.
@Suite struct SpanFillTests {
    @Test func insidesOfEveryLengthAgainstTheRightSide() {
        for inside in 1...40 {
            let width = 8 * (inside / 8 + 2) + inside % 7 + 1
            // A parallelogram whose left side slants across one pixel and whose right side is
            // the surface's edge: each row's inside is a span of about `inside` pixels.
            let left = Double(width - inside) - 1.5
            let poly: [Reference.P] = [(left, 1.25), (Double(width) + 3, 1.25), (Double(width) + 3, 12.75), (left + 1, 12.75)]
            let s = Surface(width: width, height: 14)
            s.fill(Reference.path(poly), color: .white)
            #expect(Reference.maxRuleError(s, [poly], rule: .nonZero) <= 1.05, "inside \(inside), width \(width)")
            // Nothing past the right side, nothing left of the shape.
            #expect(s.pixel(x: 0, y: 6) >> 24 == 0, "inside \(inside)")
        }
    }
}
