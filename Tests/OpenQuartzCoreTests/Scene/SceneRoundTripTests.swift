import Codecs
import Foundation
import Testing
import OpenQuartzCore

@Suite("Scene round trip")
struct SceneRoundTripTests {
    typealias S = SceneTestSupport

    /// Parse → write → parse must give the same tree, property for property.
    func expectRoundTrip(_ scene: Scene, baseDirectory: String? = nil, embeddingImages: Bool = false,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = scene.jsonString(embeddingImages: embeddingImages)
        let again = try Scene.parse(data: Array(text.utf8), baseDirectory: baseDirectory, fileName: "written.json")
        #expect(S.dump(again) == S.dump(scene), sourceLocation: sourceLocation)
        // Writing is deterministic and stable: the second generation writes the same text.
        #expect(again.jsonString(embeddingImages: embeddingImages) == text, sourceLocation: sourceLocation)
    }

    static let everything = ##"""
    {"canvas": {"width": 300.5, "height": 200, "scale": 3, "background": {"white": 0.25, "alpha": 0.5},
                "allowsEdgeAntialiasing": true, "allowsGroupOpacity": false},
     "layers": [
      {"name": "all", "bounds": [1.5, 2, 30, 40], "position": [5, 6.25], "anchorPoint": [0, 1], "anchorPointZ": 7,
       "zPosition": -8, "transform": [{"perspective": 500}, {"rotate": {"degrees": 45, "axis": [0, 1, 0]}}],
       "sublayerTransform": [{"scale": [2, 2]}], "hidden": true, "opacity": 0.3, "allowsGroupOpacity": true,
       "backgroundColor": "#12345678", "cornerRadius": 4, "cornerCurve": "continuous", "maskedCorners": ["minXMinY"],
       "borderWidth": 2, "borderColor": null, "masksToBounds": true, "shadowOpacity": 0.7, "shadowColor": {"red": 0.1, "green": 0.2, "blue": 0.3, "alpha": 0.4},
       "shadowOffset": [1, -2], "shadowRadius": 9, "shadowPath": {"roundedRect": [0, 0, 30, 40], "cornerRadius": 5},
       "mask": {"type": "shape", "path": {"ellipse": [0, 0, 30, 40]}},
       "contentsGravity": "bottomRight", "contentsScale": 2, "contentsRect": [0, 0, 0.5, 0.5], "contentsCenter": [0.25, 0.25, 0.5, 0.5],
       "minificationFilter": "trilinear", "magnificationFilter": "nearest", "minificationFilterBias": 0.1,
       "shouldRasterize": true, "rasterizationScale": 3, "doubleSided": false, "allowsEdgeAntialiasing": false,
       "edgeAntialiasingMask": ["maxX", "minY"], "geometryFlipped": true,
       "sublayers": [
        {"type": "shape", "path": "M0 0 Q 10 10 20 0 T 40 0 C 1 2 3 4 5 6 A 10 20 30 1 0 50 50 Z L 3 3", "fillColor": null,
         "strokeColor": "orange", "lineWidth": 0.5, "fillRule": "evenOdd", "lineCap": "square", "lineJoin": "round",
         "miterLimit": 3, "lineDashPattern": [1, 2.5], "lineDashPhase": 0.1, "strokeStart": 0.2, "strokeEnd": 0.9,
         "affineTransform": [{"translate": [3, 4]}, {"rotate": {"radians": 0.1}}]},
        {"type": "text", "string": "Hello \"world\"\n", "fontSize": 13, "font": "DejaVu Sans", "foregroundColor": "darkGray",
         "alignmentMode": "justified", "isWrapped": true, "frame": [10, 10, 50, 20]},
        {"type": "gradient", "colors": ["red", {"white": 0.5}, "#00FF0080"], "locations": [0, 0.3, 1], "startPoint": [0, 0],
         "endPoint": [1, 0.5], "gradientType": "conic"},
        {"type": "replicator", "instanceCount": 7, "instanceTransform": [1,0,0,0, 0,1,0,0, 0,0,1,0.001, 10,0,0,1],
         "instanceDelay": 0.25, "instanceColor": null, "instanceRedOffset": -0.1, "instanceGreenOffset": 0.2,
         "instanceBlueOffset": -0.3, "instanceAlphaOffset": 0.4, "sublayers": [{"bounds": [0, 0, 5, 5]}]},
        {"type": "transform", "sublayers": [{"zPosition": 10}, {"name": "n", "backgroundColor": "clear"}]},
        {"hidden": false, "sublayers": []}
       ]}
     ]}
    """##

    @Test func everyPropertySurvives() throws {
        let scene = try S.parse(Self.everything)
        try expectRoundTrip(scene)
        // The dump really covers the values: spot-check a few that the writer must not drop.
        let all = try #require(scene.root.sublayers?.first)
        #expect(all.opacity == 0.3 && all.borderColor == nil && !all.allowsEdgeAntialiasing)
        #expect(scene.jsonString().contains("\"opacity\": 0.3,"))
    }

    @Test func onlyNonDefaultsAreWritten() throws {
        let scene = try S.parse(#"{"canvas": {"width": 10, "height": 20}, "layers": [{"position": [1, 2]}, {}]}"#)
        #expect(scene.jsonString() == """
        {
          "canvas": {"width": 10, "height": 20},
          "layers": [
            {"position": [1, 2]},
            {}
          ]
        }

        """)
    }

    @Test func treesBuiltInCode() throws {
        let root = Scene.makeRoot(size: CGSize(width: 64, height: 48))
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1.0 / 3.0, height: 0.1))
        shape.fillColor = CGColor(red: 0.123456789, green: 0.5, blue: 1.0 / 3.0, alpha: 1)
        shape.opacity = 0.1
        shape.transform = CATransform3DRotate(CATransform3DMakeTranslation(0.1, 0.2, 0.3), 0.7, 1, 2, 3)
        let grey = CALayer()
        grey.backgroundColor = CGColor(gray: 0.3, alpha: 1)
        grey.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)  // black, but RGB: not the default
        grey.shadowColor = CGColor(gray: 1, alpha: 0.5)
        grey.allowsEdgeAntialiasing = true
        root.sublayers = [shape, grey]
        try expectRoundTrip(Scene(size: CGSize(width: 64, height: 48), root: root))
    }

    @Test func imagesRoundTrip() throws {
        let folder = try S.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Opaque and translucent pixels: un-premultiplying and premultiplying again is exact.
        let rgba: [UInt8] = [255, 0, 0, 255, 10, 20, 30, 128, 0, 0, 0, 0, 1, 2, 3, 4]
        try Data(PNG.encode(rgba: rgba, width: 2, height: 2)).write(to: URL(fileURLWithPath: folder + "/a.png"))
        let scene = try S.parse(S.scene(layers: #"{"contents": "a.png"}"#), baseDirectory: folder)
        // By reference: the writer names the file again.
        #expect(scene.jsonString().contains("\"contents\": \"a.png\""))
        try expectRoundTrip(scene, baseDirectory: folder)
        // Embedded: a data URL carrying the same pixels.
        #expect(scene.jsonString(embeddingImages: true).contains("\"contents\": \"data:image/png;base64,"))
        try expectRoundTrip(scene, embeddingImages: true)
        // An image made in code is embedded.
        let made = CALayer()
        let madeImage: CGImage = try #require(CGImage(width: 1, height: 1, premultipliedRGBA: [64, 32, 16, 128]))
        made.contents = madeImage
        let root = Scene.makeRoot(size: CGSize(width: 4, height: 4))
        root.sublayers = [made]
        try expectRoundTrip(Scene(size: CGSize(width: 4, height: 4), root: root))
    }

    @Test func benchScenesRoundTrip() throws {
        let dir = SceneTestSupport.benchScenesDirectory
        // coverflow is left out: its images cost seconds to decode in debug, and imagesRoundTrip covers images.
        for name in ["cube-lit", "group-opacity", "shadows-large", "cards-1080p"] {
            let scene = try Scene.load(path: "\(dir)/\(name).json")
            try expectRoundTrip(scene, baseDirectory: dir)
        }
    }
}
