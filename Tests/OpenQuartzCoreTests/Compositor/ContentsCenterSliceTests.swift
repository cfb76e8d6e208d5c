import Foundation
import Testing
import OpenQuartzCore

/// Nine-part stretching (`contentsCenter`) samples each slice only from its own texels: the
/// stretched centre shows none of the edge slices' colour on any side.
@Suite struct ContentsCenterSliceTests {
    /// A 30 × 30 image, green in its centre slice (texels 12…17 both ways, `contentsCenter`
    /// [0.4, 0.4, 0.2, 0.2]) and red elsewhere, stretched to 200 × 90. Corners keep 12 points,
    /// so the centre slice covers x 12…188, y 12…78, and every pixel inside is pure green
    /// (tolerance: 1/255 per channel), at scale 1 and 2.
    @Test(arguments: [1, 2] as [CGFloat])
    func stretchedCentreShowsOnlyCentreTexels(scale: CGFloat) throws {
        var rgba = [UInt8]()
        for y in 0..<30 {
            for x in 0..<30 {
                let inside = (12..<18).contains(x) && (12..<18).contains(y)
                rgba += inside ? [0, 255, 0, 255] : [255, 0, 0, 255]
            }
        }
        let image = try #require(CGImage(width: 30, height: 30, rgba: rgba))
        let root = makeRoot(200, 90)
        let button = CALayer()
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 90)
        button.contents = image
        button.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        root.addSublayer(button)
        let r = Rendered(root, width: 200, height: 90, scale: scale)
        var bad: [(Int, Int)] = []
        let s = Int(scale)
        for y in (12 * s)..<(78 * s) {
            for x in (12 * s)..<(188 * s) {
                let p = r.rgba(x, y)
                if p.r > 1 || p.g < 254 { bad.append((x, y)) }
            }
        }
        #expect(bad.count == 0, "centre pixels showing edge colour, first \(bad.prefix(4))")
        // The edges are red right up to the centre slice.
        #expect(r.rgba(12 * s - 1, 45 * s).r >= 254 && r.rgba(188 * s, 45 * s).r >= 254)
        #expect(r.rgba(100 * s, 12 * s - 1).r >= 254 && r.rgba(100 * s, 78 * s).r >= 254)
    }
}
