import Testing
import Foundation
import OpenQuartzCore

/// Text-layer keys of scene files, and font files under the same folder rule as images.
@Suite struct SceneTextTests {
    typealias S = SceneTestSupport

    func text(_ body: String) -> String { S.scene(layers: #"{"type": "text", \#(body)}"#) }

    @Test func truncationModeIsReadAndWritten() throws {
        let s = try S.parse(text(#""string": "Hello", "truncationMode": "middle""#))
        let t = try #require(s.root.sublayers?.first as? CATextLayer)
        #expect(t.truncationMode == .middle)
        #expect(s.jsonString().contains(#""truncationMode":"middle""#) || s.jsonString().contains(#""truncationMode": "middle""#))
        #expect(S.error(text(#""truncationMode": "both""#))?.contains("layers[0].truncationMode") == true)
    }

    @Test func fontFilesFollowTheFolderRule() throws {
        let absolute = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        #expect(S.error(text(#""font": "\#(absolute)""#), baseDirectory: "/tmp")
                == "t.json: layers[0].font: font path \"\(absolute)\" is absolute; only paths inside the scene's folder are allowed (--allow-any-path lifts this)")
        #expect(S.error(text(#""font": "../fonts/x.ttf""#), baseDirectory: "/tmp")
                == "t.json: layers[0].font: font path \"../fonts/x.ttf\" leaves the scene's folder (--allow-any-path lifts this)")
        let ok = try S.parse(text(#""font": "\#(absolute)""#), baseDirectory: "/tmp", options: SceneOptions(allowAnyPath: true))
        #expect((ok.root.sublayers?.first as? CATextLayer)?.font as? String == absolute)
        // A family name is not a path.
        let named = try S.parse(text(#""font": "DejaVu Sans""#))
        #expect((named.root.sublayers?.first as? CATextLayer)?.font as? String == "DejaVu Sans")
    }
}

@Suite struct SceneHitTestingKeyTests {
    @Test func allowsHitTestingIsReadAndWritten() throws {
        let json = SceneTestSupport.scene(layers: #"{"name": "a", "bounds": [0, 0, 10, 10], "position": [5, 5], "allowsHitTesting": false}"#)
        let s = try SceneTestSupport.parse(json)
        #expect(s.root.sublayers?.first?.allowsHitTesting == false)
        #expect(s.hitTest(CGPoint(x: 5, y: 5)) == nil)
        #expect(s.jsonString().contains("allowsHitTesting"))
    }
}
