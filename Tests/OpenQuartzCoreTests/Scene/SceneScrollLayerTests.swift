import Foundation
import OpenQuartzCore
import Testing

/// Scroll layers in scene files (`"type": "scroll"`, docs/scene-format.md): the class, its
/// `scrollMode`, the layer's default clipping (none), the scroll position as the bounds' origin,
/// writing back, and the one-line errors.
@Suite struct SceneScrollLayerTests {
    typealias S = SceneTestSupport

    @Test func scrollLayersAreRead() throws {
        let scene = try S.parse(S.scene(layers: #"""
            {"type": "scroll", "scrollMode": "horizontally", "bounds": [30, 0, 50, 50], "position": [25, 25],
             "sublayers": [{"frame": [0, 0, 200, 50], "backgroundColor": "red"}]},
            {"type": "scroll", "masksToBounds": true}
            """#))
        let layers = scene.root.sublayers ?? []
        try #require(layers.count == 2)
        let window = try #require(layers[0] as? CAScrollLayer)
        #expect(window.scrollMode == .horizontally)
        #expect(!window.masksToBounds)
        #expect(window.bounds.origin == CGPoint(x: 30, y: 0))
        let open = try #require(layers[1] as? CAScrollLayer)
        #expect(open.scrollMode == .both && open.masksToBounds)
        // The mode is the scroll layer's, from code too: the vertical part of a scroll is ignored.
        window.scroll(to: CGPoint(x: 60, y: 40))
        #expect(window.bounds.origin == CGPoint(x: 60, y: 0))
    }

    /// Written back with only what differs from a scroll layer's defaults, and read back the same.
    @Test func scrollLayersRoundTrip() throws {
        let scene = try S.parse(S.scene(layers: #"""
            {"type": "scroll", "scrollMode": "vertically", "bounds": [0, 12, 40, 40]},
            {"type": "scroll", "masksToBounds": true},
            {"type": "scroll"}
            """#))
        let text = scene.jsonString()
        #expect(text.contains(#"{"type": "scroll", "bounds": [0, 12, 40, 40], "scrollMode": "vertically"}"#))
        #expect(text.contains(#"{"type": "scroll", "masksToBounds": true}"#))
        #expect(text.contains(#"{"type": "scroll"}"#))
        let again = try S.parse(text)
        #expect(again.jsonString() == text)
        let modes = (again.root.sublayers ?? []).compactMap { ($0 as? CAScrollLayer)?.scrollMode }
        #expect(modes == [.vertically, .both, .both])
    }

    @Test func badScrollKeysAreOneLine() {
        #expect(S.layerError(#""type": "scroll", "scrollMode": "diagonal""#)
                == #"t.json: layers[0].scrollMode: expected one of "none", "vertically", "horizontally", "both", got "diagonal""#)
        #expect(S.layerError(#""scrollMode": "both""#)
                == #"t.json: layers[0].scrollMode: unknown key for a "layer" layer ("scrollMode" belongs to "scroll" layers)"#)
    }
}
