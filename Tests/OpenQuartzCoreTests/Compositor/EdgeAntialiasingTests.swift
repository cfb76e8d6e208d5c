import Testing
import Foundation
import OpenQuartzCore

/// allowsEdgeAntialiasing and edgeAntialiasingMask on a rotated layer: partial-coverage pixels
/// appear only along the edges that the mask names.
@Suite struct EdgeAntialiasingTests {
    /// Partially covered pixels next to the left (minX) and right (maxX) edges of a 100×100 square
    /// rotated 20° about its centre at (100, 100).
    static func partialPixels(allows: Bool, mask: CAEdgeAntialiasingMask) -> (left: Int, right: Int) {
        let root = makeRoot(200, 200)
        let l = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), red)
        l.setAffineTransform(CGAffineTransform(rotationAngle: 20 * .pi / 180))
        l.allowsEdgeAntialiasing = allows
        l.edgeAntialiasingMask = mask
        root.addSublayer(l)
        let img = Rendered(root, width: 200, height: 200)
        var left = 0, right = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = img.rgba(x, y).a
                guard a > 0 && a < 255 else { continue }
                // Which edge is the pixel near? Un-rotate its centre into the layer's frame.
                let dx = Double(x) + 0.5 - 100, dy = Double(y) + 0.5 - 100
                let c = cos(-20 * Double.pi / 180), s = sin(-20 * Double.pi / 180)
                let u = dx * c - dy * s, v = dx * s + dy * c
                if abs(v) < 48 && abs(u + 50) < 2 { left += 1 }
                if abs(v) < 48 && abs(u - 50) < 2 { right += 1 }
            }
        }
        return (left, right)
    }

    @Test func aliasedByDefault() {
        let p = Self.partialPixels(allows: false, mask: [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(p.left == 0 && p.right == 0)
    }

    @Test func allEdgesWhenAllowed() {
        let p = Self.partialPixels(allows: true, mask: [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(p.left > 50 && p.right > 50)
    }

    @Test func onlyTheMaskedEdges() {
        let p = Self.partialPixels(allows: true, mask: [.layerLeftEdge])
        #expect(p.left > 50)
        #expect(p.right == 0)
        let q = Self.partialPixels(allows: true, mask: [.layerRightEdge, .layerTopEdge])
        #expect(q.left == 0 && q.right > 50)
    }
}
