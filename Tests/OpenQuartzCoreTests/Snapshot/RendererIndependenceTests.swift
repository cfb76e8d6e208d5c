import Foundation
import OpenQuartzCore
import Raster
import Testing

/// Renderers of one layer tree are independent: a timed frame shows its own media time,
/// whatever another renderer drew of the same tree before (a layer keeps its presented values
/// under the frame's number, which must not be shared between renderers).
@Suite("Renderers of one tree")
struct RendererIndependenceTests {
    /// A red 10 × 10 square whose position.x runs linearly from 5 to 35 in the first second.
    static let scene = #"""
    {"canvas": {"width": 40, "height": 10},
     "layers": [{"bounds": [0, 0, 10, 10], "position": [5, 5], "backgroundColor": "red",
                 "animations": [{"keyPath": "position.x", "fromValue": 5, "toValue": 35, "duration": 1}]}]}
    """#

    /// Which columns of row 5 are opaque red.
    func redColumns(_ s: Surface) -> [Int] { (0..<s.width).filter { rgba(s, $0, 5) == [255, 0, 0, 255] } }

    @Test func eachRendererShowsItsOwnTime() throws {
        let scene = try Scene.parse(data: Array(Self.scene.utf8), baseDirectory: nil)
        for _ in 0..<3 {
            // A new renderer each time, as `oqc bench --cold` makes them: at 0.5 s the square's
            // centre is at 20, so it covers columns 15…24; at 0.2 s, 11: columns 6…15.
            let early = CAImageRenderer(size: scene.size), late = CAImageRenderer(size: scene.size)
            let a = Surface(width: 40, height: 10), b = Surface(width: 40, height: 10)
            late.render(scene.root, into: b, atTime: 0.5)
            early.render(scene.root, into: a, atTime: 0.2)
            #expect(redColumns(b) == Array(15...24))
            #expect(redColumns(a) == Array(6...15))
        }
    }
}
