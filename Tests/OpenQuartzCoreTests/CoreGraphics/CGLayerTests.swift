import Foundation
import Testing
import OpenQuartzCore

/// `CGLayer`: content drawn once into the layer's context, stamped upright and scaled.
@Suite struct CGLayerTests {
    /// A 10 × 10 layer whose left half is red and bottom-right quarter blue (y up).
    static func stamp(in c: CGContext) throws -> CGLayer {
        let layer = try #require(CGLayer(c, size: CGSize(width: 10, height: 10), auxiliaryInfo: nil))
        let lc = try #require(layer.context)
        lc.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        lc.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
        lc.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        lc.fill(CGRect(x: 5, y: 0, width: 5, height: 5))
        return layer
    }

    @Test func drawnScaledAndUpright() throws {
        let c = makeRGBAContext(40, 40)
        let layer = try Self.stamp(in: c)
        #expect(layer.size == CGSize(width: 10, height: 10) && layer.context?.width == 10)
        c.draw(layer, in: CGRect(x: 10, y: 10, width: 20, height: 20))
        // Device space (y up): red x 10…20, blue x 20…30 below y 20, nothing above it on the right.
        #expect(c.rgba(device: 12, 12) == (255, 0, 0, 255) && c.rgba(device: 12, 27) == (255, 0, 0, 255))
        #expect(c.rgba(device: 25, 12) == (0, 0, 255, 255) && c.rgba(device: 25, 27).a == 0)
        #expect(c.rgba(device: 5, 5).a == 0 && c.rgba(device: 32, 32).a == 0)
        let d = makeRGBAContext(40, 40)
        d.draw(layer, at: CGPoint(x: 30, y: 0))
        #expect(d.rgba(device: 31, 8) == (255, 0, 0, 255) && d.rgba(device: 38, 2) == (0, 0, 255, 255))
        #expect(d.rgba(device: 38, 8).a == 0 && d.rgba(device: 28, 2).a == 0)
    }

    @Test func resolutionFollowsTheReferenceCTMAndSizesAreChecked() throws {
        let c = makeRGBAContext(40, 40)
        c.scaleBy(x: 2, y: 2)
        let layer = try #require(CGLayer(c, size: CGSize(width: 10, height: 5), auxiliaryInfo: nil))
        #expect(layer.context?.width == 20 && layer.context?.height == 10)
        for bad in [CGSize(width: 0, height: 4), CGSize(width: -1, height: 4), CGSize(width: CGFloat.nan, height: 4),
                    CGSize(width: CGFloat.infinity, height: 4), CGSize(width: 1e12, height: 1e12)] {
            #expect(CGLayer(c, size: bad, auxiliaryInfo: nil) == nil)
        }
    }
}
