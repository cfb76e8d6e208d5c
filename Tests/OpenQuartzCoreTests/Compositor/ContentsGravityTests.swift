import Testing
import Foundation
import OpenQuartzCore

/// contentsGravity placement, Apple-measured with bounds 80×60 and a 20×10 image
/// (docs/semantics.md §9, GS2 gravity.m), in y-down layer coordinates where "top" means max Y.
@Suite struct ContentsGravityTests {
    static let expected: [(CALayerContentsGravity, CGRect)] = [
        (.resize, CGRect(x: 0, y: 0, width: 80, height: 60)),
        (.resizeAspect, CGRect(x: 0, y: 10, width: 80, height: 40)),
        (.resizeAspectFill, CGRect(x: -20, y: 0, width: 120, height: 60)),
        (.center, CGRect(x: 30, y: 25, width: 20, height: 10)),
        (.top, CGRect(x: 30, y: 50, width: 20, height: 10)),
        (.bottom, CGRect(x: 30, y: 0, width: 20, height: 10)),
        (.left, CGRect(x: 0, y: 25, width: 20, height: 10)),
        (.right, CGRect(x: 60, y: 25, width: 20, height: 10)),
        (.topLeft, CGRect(x: 0, y: 50, width: 20, height: 10)),
        (.topRight, CGRect(x: 60, y: 50, width: 20, height: 10)),
        (.bottomLeft, CGRect(x: 0, y: 0, width: 20, height: 10)),
        (.bottomRight, CGRect(x: 60, y: 0, width: 20, height: 10)),
    ]

    static func image() -> CGImage {
        CGImage(width: 20, height: 10, rgba: [UInt8](repeating: 255, count: 20 * 10 * 4))!
    }

    @Test(arguments: 0..<12) func placement(index: Int) {
        let (gravity, rect) = Self.expected[index]
        let spec = ContentsSpec(image: Self.image(), gravity: gravity.rawValue, scale: 1,
                                rect: CGRect(x: 0, y: 0, width: 1, height: 1), center: CGRect(x: 0, y: 0, width: 1, height: 1),
                                minification: .linear, magnification: .linear)
        #expect(ContentsRenderer.destinationRect(spec, bounds: CGRect(x: 0, y: 0, width: 80, height: 60)) == rect)
    }

    /// On iOS's y-down screen, `top` lands at the visual bottom of the layer (docs/semantics.md §9).
    @Test func topGravityDrawsAtTheVisualBottom() {
        let root = makeRoot(100, 80)
        let l = makeLayer(CGRect(x: 10, y: 10, width: 80, height: 60))
        l.contents = Self.image()
        l.contentsGravity = .top
        root.addSublayer(l)
        let img = Rendered(root, width: 100, height: 80)
        #expect(img.at(50, 65).a == 255)   // layer y 55: inside the image's rows 50…60
        #expect(img.at(50, 15).a == 0)     // layer y 5: the visual top stays empty
    }

    /// contentsScale 2 halves the logical size used for placement.
    @Test func contentsScaleHalvesTheLogicalSize() {
        func spec(_ rect: CGRect) -> ContentsSpec {
            ContentsSpec(image: Self.image(), gravity: "center", scale: 2, rect: rect,
                         center: CGRect(x: 0, y: 0, width: 1, height: 1), minification: .linear, magnification: .linear)
        }
        #expect(ContentsRenderer.destinationRect(spec(CGRect(x: 0, y: 0, width: 1, height: 1)), bounds: CGRect(x: 0, y: 0, width: 80, height: 60))
                == CGRect(x: 35, y: 27.5, width: 10, height: 5))
        #expect(ContentsRenderer.destinationRect(spec(CGRect(x: 0, y: 0, width: 0.5, height: 1)), bounds: CGRect(x: 0, y: 0, width: 80, height: 60))
                == CGRect(x: 37.5, y: 27.5, width: 5, height: 5))
    }
}
