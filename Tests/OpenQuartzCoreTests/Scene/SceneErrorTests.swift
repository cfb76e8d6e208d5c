import Codecs
import Foundation
import Testing
import OpenQuartzCore

@Suite("Scene errors and limits")
struct SceneErrorTests {
    typealias S = SceneTestSupport

    @Test func documentShape() {
        #expect(S.error("[1]") == "t.json: expected a JSON object with \"canvas\" and \"layers\", got [1]")
        #expect(S.error("{}") == "t.json: canvas: required key is missing ({\"width\": …, \"height\": …})")
        #expect(S.error(#"{"canvas": {"width": 10, "height": 10}, "layer": []}"#) == "t.json: layer: unknown key (did you mean \"layers\"?)")
        #expect(S.error(#"{"canvas": {"width": 10}}"#) == "t.json: canvas.height: required key is missing")
        #expect(S.error(#"{"canvas": {"width": 0, "height": 10}}"#) == "t.json: canvas.width: expected a number > 0, got 0")
        #expect(S.error(#"{"canvas": {"width": 10, "height": 10, "scale": -1}}"#) == "t.json: canvas.scale: expected a number > 0, got -1")
        #expect(S.error(#"{"canvas": {"width": 10, "height": 10, "background": "nope"}}"#) == "t.json: canvas.background: unknown colour name \"nope\"")
        #expect(S.error(#"{"canvas": {"width": 10, "height": 10}, "layers": {}}"#) == "t.json: layers: expected an array of layer objects, got {}")
        #expect(S.error(#"{"canvas": {"width": 10, "height": 10}, "layers": [3]}"#) == "t.json: layers[0]: expected a layer object, got 3")
        #expect(S.error(#"{"canvas": {"width": 0.2, "height": 10}}"#) == "t.json: canvas: canvas of 0.2 x 10 points at scale 1 is 0 x 10 pixels; it needs at least 1 x 1")
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(S.error("{\"canvas\": {\"width\": 10,\n  \"height\": 10,}}") == "t.json: line 2, column 16: unexpected '}', expected a string key")
        #expect(S.error("{\"canvas\": {\"width\": NaN}}") == "t.json: line 1, column 22: NaN and infinities are not JSON numbers")
        #expect(S.error("{\"canvas\": {\"width\": 1, \"width\": 2}}") == "t.json: line 1, column 25: duplicate key \"width\"")
    }

    @Test func unknownKeys() {
        #expect(S.layerError(#""cornerRadus": 3"#) == "t.json: layers[0].cornerRadus: unknown key (did you mean \"cornerRadius\"?)")
        #expect(S.layerError(#""colour": "red""#) == "t.json: layers[0].colour: unknown key")
        #expect(S.layerError(#""path": "M0 0""#) == "t.json: layers[0].path: unknown key for a \"layer\" layer (\"path\" belongs to \"shape\" layers)")
        #expect(S.layerError(#""type": "shape", "fontSize": 3"#) == "t.json: layers[0].fontSize: unknown key for a \"shape\" layer (\"fontSize\" belongs to \"text\" layers)")
        #expect(S.layerError(#""type": "circle""#) == "t.json: layers[0].type: expected one of \"layer\", \"shape\", \"transform\", \"text\", \"gradient\", \"replicator\", \"scroll\", \"emitter\", got \"circle\"")
        #expect(S.layerError(#""sublayers": [{}, {"sublayers": [{"hiden": true}]}]"#) == "t.json: layers[0].sublayers[1].sublayers[0].hiden: unknown key (did you mean \"hidden\"?)")
        #expect(S.layerError(#""mask": {"bogus": 1}"#) == "t.json: layers[0].mask.bogus: unknown key")
        // Keys that are not plain names are quoted, so the message stays on one line.
        #expect(S.layerError(#""two\nlines": 1"#) == #"t.json: layers[0]["two\nlines"]: unknown key"#)
        #expect(S.error(#"{"canvas": {"a\tb": 1, "a\tb": 2}}"#) == #"t.json: line 1, column 24: duplicate key "a\tb""#)
    }

    @Test func wrongTypes() {
        // the scene format's own example.
        #expect(S.error(S.scene(layers: #"{"sublayers": [{}, {}, {"cornerRadius": "big"}]}"#)) == "t.json: layers[0].sublayers[2].cornerRadius: expected a number, got \"big\"")
        #expect(S.layerError(#""hidden": "yes""#) == "t.json: layers[0].hidden: expected true or false, got \"yes\"")
        #expect(S.layerError(#""name": 5"#) == "t.json: layers[0].name: expected a string, got 5")
        #expect(S.layerError(#""position": [1]"#) == "t.json: layers[0].position: expected an array of 2 numbers [x, y], got [1]")
        #expect(S.layerError(#""sublayers": {}"#) == "t.json: layers[0].sublayers: expected an array of layer objects, got {}")
        #expect(S.layerError(#""maskedCorners": ["topLeft"]"#) == "t.json: layers[0].maskedCorners[0]: expected one of \"minXMinY\", \"maxXMinY\", \"minXMaxY\", \"maxXMaxY\", got \"topLeft\"")
        #expect(S.layerError(#""edgeAntialiasingMask": "minX""#) == "t.json: layers[0].edgeAntialiasingMask: expected an array of \"minX\", \"maxX\", \"minY\", \"maxY\", got \"minX\"")
        #expect(S.layerError(#""contentsGravity": "fill""#) == "t.json: layers[0].contentsGravity: expected one of \"resize\", \"resizeAspect\", \"resizeAspectFill\", \"center\", \"top\", \"bottom\", \"left\", \"right\", \"topLeft\", \"topRight\", \"bottomLeft\", \"bottomRight\", got \"fill\"")
        #expect(S.layerError(#""type": "replicator", "instanceCount": 2.5"#) == "t.json: layers[0].instanceCount: expected a whole number, got 2.5")
        #expect(S.layerError(#""type": "gradient", "colors": ["red", 3]"#) == "t.json: layers[0].colors[1]: expected " + SceneColor.expected + ", got 3")
    }

    @Test func outOfRange() {
        #expect(S.layerError(#""opacity": 1.5"#) == "t.json: layers[0].opacity: expected a number in 0…1, got 1.5")
        #expect(S.layerError(#""shadowOpacity": -0.1"#) == "t.json: layers[0].shadowOpacity: expected a number in 0…1, got -0.1")
        #expect(S.layerError(#""bounds": [0, 0, 10, -1]"#) == "t.json: layers[0].bounds[3]: expected a height ≥ 0, got -1")
        #expect(S.layerError(#""frame": [0, 0, -10, 1]"#) == "t.json: layers[0].frame[2]: expected a width ≥ 0, got -10")
        #expect(S.layerError(#""cornerRadius": -1"#) == "t.json: layers[0].cornerRadius: expected a number ≥ 0, got -1")
        #expect(S.layerError(#""borderWidth": -2"#) == "t.json: layers[0].borderWidth: expected a number ≥ 0, got -2")
        #expect(S.layerError(#""shadowRadius": -3"#) == "t.json: layers[0].shadowRadius: expected a number ≥ 0, got -3")
        #expect(S.layerError(#""contentsScale": 0"#) == "t.json: layers[0].contentsScale: expected a number > 0, got 0")
        #expect(S.layerError(#""type": "shape", "strokeEnd": 2"#) == "t.json: layers[0].strokeEnd: expected a number in 0…1, got 2")
        #expect(S.layerError(#""type": "shape", "lineDashPattern": [1, -1]"#) == "t.json: layers[0].lineDashPattern[1]: expected a number ≥ 0, got -1")
        #expect(S.layerError(#""type": "replicator", "instanceCount": -1"#) == "t.json: layers[0].instanceCount: expected a whole number ≥ 0, got -1")
        #expect(S.layerError(#""minificationFilterBias": 1e300"#) == "t.json: layers[0].minificationFilterBias: number out of range, got 1e+300")
        // Infinity cannot be written in JSON; an overflowing literal is refused with the path
        // of its key, like every other scene error.
        #expect(S.layerError(#""zPosition": 1e400"#) == "t.json: layers[0].zPosition: number out of range (beyond ±1.8e308)")
        #expect(S.layerError(#""frame": [0, 0, -1e400, 1]"#) == "t.json: layers[0].frame[2]: number out of range (beyond ±1.8e308)")
        #expect(S.layerError(#""type": "replicator", "instanceCount": 1e999"#) == "t.json: layers[0].instanceCount: number out of range (beyond ±1.8e308)")
        #expect(S.layerError(#""name": 1e400"#) == "t.json: layers[0].name: expected a string, got a number out of range")
    }

    @Test func malformedColoursAndPaths() {
        #expect(S.layerError(##""backgroundColor": "#12345""##) == "t.json: layers[0].backgroundColor: invalid colour \"#12345\": expected 3, 6 or 8 hex digits after '#', got 5")
        #expect(S.layerError(#""type": "shape", "path": "M 0 0 L 10""#) == "t.json: layers[0].path: invalid path data at character 11 (near \"M 0 0 L 10\"): expected a number (end y) for 'L', found end of data")
        #expect(S.layerError(#""shadowPath": "M 0 0 A 1 1 0 3 0 5 5""#) == "t.json: layers[0].shadowPath: invalid path data at character 15 (near \"…0 A 1 1 0 3 0 5 …\"): expected a flag 0 or 1 (large-arc-flag) for 'A', found \"3\"")
    }

    // MARK: limits

    func options(_ edit: (inout SceneLimits) -> Void) -> SceneOptions {
        var o = SceneOptions()
        edit(&o.limits)
        return o
    }

    @Test func canvasLimit() {
        let big = #"{"canvas": {"width": 10000, "height": 100, "scale": 2}}"#
        #expect(S.error(big) == "t.json: canvas: canvas of 10000 x 100 points at scale 2 is 20000 x 200 pixels, over the limit of 16384 pixels a side (raise it with --max-canvas)")
        #expect(S.errorKind(big) == .limitExceeded)
        #expect(S.error(big, options: options { $0.maxCanvasPixelsPerSide = 20000 }) == nil)
        #expect(S.error(#"{"canvas": {"width": 16384, "height": 1}}"#) == nil)
        // --scale replaces canvas.scale, and the limit applies to the result.
        var o = SceneOptions()
        o.scale = 200
        #expect(S.error(#"{"canvas": {"width": 100, "height": 100}}"#, options: o) == "t.json: canvas: canvas of 100 x 100 points at scale 200 is 20000 x 20000 pixels, over the limit of 16384 pixels a side (raise it with --max-canvas)")
    }

    /// `n` layers nested one inside the next.
    func nested(_ n: Int) -> String {
        S.scene(layers: String(repeating: #"{"sublayers": ["#, count: n - 1) + "{}" + String(repeating: "]}", count: n - 1))
    }

    @Test func depthLimit() {
        #expect(S.error(nested(256)) == nil)
        let deep = nested(257)
        let path = "layers[0]" + String(repeating: ".sublayers[0]", count: 256)
        #expect(S.error(deep) == "t.json: \(path): layers nested deeper than 256 levels (raise the limit with --max-depth)")
        #expect(S.errorKind(deep) == .limitExceeded)
        #expect(S.error(deep, options: options { $0.maxDepth = 300 }) == nil)
        #expect(S.error(nested(4), options: options { $0.maxDepth = 3 }) == "t.json: layers[0].sublayers[0].sublayers[0].sublayers[0]: layers nested deeper than 3 levels (raise the limit with --max-depth)")
        // A mask is a level too.
        #expect(S.error(S.scene(layers: #"{"mask": {"mask": {}}}"#), options: options { $0.maxDepth = 2 }) == "t.json: layers[0].mask.mask: layers nested deeper than 2 levels (raise the limit with --max-depth)")
        // Raw JSON nesting far beyond any layer tree is refused by the parser, before it recurses further.
        let hostile = #"{"canvas": {"width": 1, "height": 1}, "layers": "# + String(repeating: "[", count: 100_000)
        #expect(S.error(hostile)?.hasSuffix("JSON nested deeper than 528 levels, beyond what layers nested 256 deep need (raise the layer limit with --max-depth)") == true)
        #expect(S.errorKind(hostile) == .limitExceeded)
    }

    @Test func layerCountLimit() {
        let layers = Array(repeating: "{}", count: 11).joined(separator: ",")
        #expect(S.error(S.scene(layers: layers), options: options { $0.maxLayers = 10 }) == "t.json: layers[10]: more than 10 layers (raise the limit with --max-layers)")
        #expect(S.error(S.scene(layers: layers), options: options { $0.maxLayers = 11 }) == nil)
        // Masks and sublayers count.
        #expect(S.error(S.scene(layers: #"{"mask": {}, "sublayers": [{}]}"#), options: options { $0.maxLayers = 2 }) == "t.json: layers[0].sublayers[0]: more than 2 layers (raise the limit with --max-layers)")
        #expect(S.error(S.scene(layers: #"{"type": "replicator", "instanceCount": 11}"#), options: options { $0.maxLayers = 10 }) == "t.json: layers[0].instanceCount: 11 instances exceed the limit of 10 layers (raise it with --max-layers)")
        // Replicated sublayers count once per instance: 1 replicator + 3 × 3 copies = 10 drawn.
        let rep = S.scene(layers: #"{"type": "replicator", "instanceCount": 3, "sublayers": [{}, {}, {}]}"#)
        #expect(S.error(rep, options: options { $0.maxLayers = 10 }) == nil)
        #expect(S.error(rep, options: options { $0.maxLayers = 9 }) == "t.json: layers: the scene draws 10 layers counting replicator instances, over the limit of 9 (raise it with --max-layers)")
        #expect(S.error(rep, options: options { $0.maxLayers = 8 }) == "t.json: layers[0].instanceCount: 3 instances of 3 layers make 9 layers, over the limit of 8 (raise it with --max-layers)")
        // Nested replicators multiply: 1000 × 1000 instances of one layer.
        let nestedReplicators = S.scene(layers: #"{"type": "replicator", "instanceCount": 1000, "sublayers": [{"type": "replicator", "instanceCount": 1000, "sublayers": [{}]}]}"#)
        #expect(S.error(nestedReplicators) == "t.json: layers[0].instanceCount: 1000 instances of 1001 layers make 1001000 layers, over the limit of 1000000 (raise it with --max-layers)")
        #expect(S.errorKind(nestedReplicators) == .limitExceeded)
    }

    // MARK: images

    /// A folder holding `scene/` with a 2 x 3 PNG `scene/img/a.png`, and `outside.png` next to `scene/`.
    func imageFolder() throws -> (root: String, scene: String) {
        let root = try S.temporaryFolder()
        let scene = root + "/scene"
        try FileManager.default.createDirectory(atPath: scene + "/img", withIntermediateDirectories: true)
        let png = PNG.encode(rgba: [UInt8](repeating: 200, count: 2 * 3 * 4), width: 2, height: 3)
        try Data(png).write(to: URL(fileURLWithPath: scene + "/img/a.png"))
        try Data(png).write(to: URL(fileURLWithPath: root + "/outside.png"))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: scene + "/img/text.png"))
        return (root, scene)
    }

    func contents(_ source: String) -> String { S.scene(layers: #"{"contents": "\#(source)"}"#) }

    @Test func imagesFromFilesAndDataURLs() throws {
        let (root, scene) = try imageFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let s = try S.parse(S.scene(layers: #"{"contents": "img/a.png"}, {"contents": "./img/../img/a.png"}"#), baseDirectory: scene)
        let a = try #require(s.root.sublayers?[0].contents as? CGImage)
        #expect(a.width == 2 && a.height == 3)
        // The same file read once: both layers share the image.
        #expect(s.root.sublayers?[1].contents as? CGImage === a || (s.root.sublayers?[1].contents as? CGImage)?.width == 2)
        let png = PNG.encode(rgba: [UInt8](repeating: 255, count: 4), width: 1, height: 1)
        let url = "data:image/png;base64," + Data(png).base64EncodedString()
        let d = try S.parse(contents(url))
        #expect((d.root.sublayers?[0].contents as? CGImage)?.width == 1)
    }

    @Test func imageErrors() throws {
        let (root, scene) = try imageFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(S.error(contents("img/missing.png"), baseDirectory: scene) == "t.json: layers[0].contents: cannot read image \"img/missing.png\": no such file")
        #expect(S.error(contents("img"), baseDirectory: scene) == "t.json: layers[0].contents: cannot read image \"img\": it is a folder")
        #expect(S.error(contents("img/text.png"), baseDirectory: scene) == "t.json: layers[0].contents: image \"img/text.png\" is not a PNG file")
        #expect(S.error(contents("../outside.png"), baseDirectory: scene) == "t.json: layers[0].contents: image path \"../outside.png\" leaves the scene's folder (--allow-any-path lifts this)")
        #expect(S.error(contents("img/../../outside.png"), baseDirectory: scene) == "t.json: layers[0].contents: image path \"img/../../outside.png\" leaves the scene's folder (--allow-any-path lifts this)")
        #expect(S.error(contents(root + "/outside.png"), baseDirectory: scene) == "t.json: layers[0].contents: image path \"\(root)/outside.png\" is absolute; only paths inside the scene's folder are allowed (--allow-any-path lifts this)")
        try FileManager.default.createSymbolicLink(atPath: scene + "/link.png", withDestinationPath: root + "/outside.png")
        #expect(S.error(contents("link.png"), baseDirectory: scene) == "t.json: layers[0].contents: image path \"link.png\" leaves the scene's folder through a symbolic link (--allow-any-path lifts this)")
        let any = SceneOptions(allowAnyPath: true)
        #expect(S.error(contents("../outside.png"), baseDirectory: scene, options: any) == nil)
        #expect(S.error(contents(root + "/outside.png"), baseDirectory: scene, options: any) == nil)
        #expect(S.error(contents("link.png"), baseDirectory: scene, options: any) == nil)
        #expect(S.error(contents("img/a.png")) == "t.json: layers[0].contents: image path \"img/a.png\" cannot be resolved: the scene has no folder (use a data URL)")
        #expect(S.error(contents("data:image/jpeg;base64,AAAA")) == "t.json: layers[0].contents: unsupported data URL (only \"data:image/png;base64,…\" is accepted)")
        #expect(S.error(contents("data:image/png;base64,!!!")) == "t.json: layers[0].contents: invalid base64 in the data URL")
        #expect(S.error(contents("data:image/png;base64," + Data("hello".utf8).base64EncodedString())) == "t.json: layers[0].contents: image in the data URL is not a PNG file")
        #expect(S.layerError(#""contents": 5"#) == "t.json: layers[0].contents: expected a string, got 5")
    }

    @Test func imageSizeLimitBeforeDecoding() throws {
        // A PNG header claiming 20000 x 20000 pixels, with no image data behind it: refused
        // from the header alone, so nothing of that size is ever allocated.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        png += Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let url = "data:image/png;base64," + Data(png).base64EncodedString()
        #expect(S.error(contents(url)) == "t.json: layers[0].contents: image in the data URL is 20000 x 20000 pixels, over the limit of 100 Mpx (raise it with --max-image-pixels)")
        #expect(S.errorKind(contents(url)) == .limitExceeded)
        var small = SceneOptions()
        small.limits.maxImagePixels = 5
        let six = "data:image/png;base64," + Data(PNG.encode(rgba: [UInt8](repeating: 9, count: 24), width: 2, height: 3)).base64EncodedString()
        #expect(S.error(contents(six), options: small) == "t.json: layers[0].contents: image in the data URL is 2 x 3 pixels, over the limit of 5 px (raise it with --max-image-pixels)")
        small.limits.maxImagePixels = 6
        #expect(S.error(contents(six), options: small) == nil)
    }

    @Test func loadNamesTheFile() throws {
        let folder = try S.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: SceneError(kind: .unreadable, file: folder + "/none.json", location: "", problem: "no such file")) {
            try Scene.load(path: folder + "/none.json")
        }
        #expect(throws: SceneError(kind: .unreadable, file: folder, location: "", problem: "is a folder, not a scene file")) {
            try Scene.load(path: folder)
        }
        try Data(#"{"canvas": {"width": 5, "height": 5}, "layers": [{"opacity": 2}]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/card.json"))
        #expect(throws: SceneError(file: folder + "/card.json", location: "layers[0].opacity", problem: "expected a number in 0…1, got 2")) {
            try Scene.load(path: folder + "/card.json")
        }
    }
}
