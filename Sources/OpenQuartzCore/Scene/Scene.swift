import Foundation
import Raster

/// A scene file (docs/scene-format.md): a canvas and the layer tree drawn on it.
///
/// The root layer has bounds `[0, 0, width, height]` and sits at the canvas centre, so the
/// root's superlayer space is the canvas in points (y down, origin top left).
public struct Scene {
    /// Canvas size in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// Colour behind everything; nil is transparent.
    public var background: CGColor?
    /// Canvas defaults the file gave for layers that do not set their own (docs/scene-format.md
    /// `canvas.allowsEdgeAntialiasing` / `canvas.allowsGroupOpacity`); the writer uses them.
    public var allowsEdgeAntialiasing: Bool
    /// The canvas default for `allowsGroupOpacity` (see `allowsEdgeAntialiasing`).
    public var allowsGroupOpacity: Bool
    /// The root layer; the file's `layers` are its sublayers.
    public var root: CALayer
    /// Where images came from (by image identity), so the writer can name them again.
    var imageSources: [ObjectIdentifier: String] = [:]
    var fontSources: [ObjectIdentifier: String] = [:]
    /// OpenQuartzCore extension: the image and font files the scene file made the reader
    /// read, as resolved against its folder (`oqc` refuses to write over any of them).
    public internal(set) var inputFiles: [String] = []

    /// A scene around an existing tree. The root's geometry is the caller's; `makeRoot` gives
    /// the standard one.
    public init(size: CGSize, scale: CGFloat = 1, background: CGColor? = nil, root: CALayer,
                allowsEdgeAntialiasing: Bool = false, allowsGroupOpacity: Bool = true) {
        self.size = size
        self.scale = scale
        self.background = background
        self.root = root
        self.allowsEdgeAntialiasing = allowsEdgeAntialiasing
        self.allowsGroupOpacity = allowsGroupOpacity
    }

    /// A root layer as scene files have it: bounds `[0, 0, w, h]` at the centre of the canvas.
    public static func makeRoot(size: CGSize) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        return root
    }

    /// The output image size: `round(width × scale) x round(height × scale)`.
    public var pixelWidth: Int { Scene.pixels(size.width, scale) }
    /// See `pixelWidth`.
    public var pixelHeight: Int { Scene.pixels(size.height, scale) }

    static func pixels(_ points: CGFloat, _ scale: CGFloat) -> Int {
        let p = (points * scale).rounded()
        return p.isFinite && p < 1e15 ? Int(p) : Int.max
    }

    /// Reads a scene file. Errors name the file as given in `path`.
    public static func load(path: String, options: SceneOptions = .default) throws(SceneError) -> Scene {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SceneError(kind: .unreadable, file: path, location: "", problem: "no such file")
        }
        if isDirectory.boolValue {
            throw SceneError(kind: .unreadable, file: path, location: "", problem: "is a folder, not a scene file")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SceneError(kind: .unreadable, file: path, location: "", problem: "cannot be read") }
        defer { close(fd) }
        let data = try readInput(fileDescriptor: fd, options: options, fileName: path)
        return try parse(data: data, baseDirectory: SceneFilePath.folder(of: path),
                         options: options, fileName: path)
    }

    /// OpenQuartzCore extension: the bytes of a scene from an open file descriptor (0 for
    /// standard input), read to its end, refused as soon as they pass
    /// `options.limits.maxInputBytes` (the rest is not read), so that a stream of a gigabyte
    /// costs the limit and no more. Foundation's whole-file reads allocate first and trap on a
    /// read error; this reads in chunks and reports an error in one line. `fileName` names
    /// the input in errors.
    public static func readInput(fileDescriptor fd: Int32, options: SceneOptions = .default,
                                 fileName: String) throws(SceneError) -> [UInt8] {
        let limit = max(options.limits.maxInputBytes, 0)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SceneError(kind: .unreadable, file: fileName, location: "", problem: "cannot be read")
            }
            if n == 0 { return out }
            guard out.count + n <= limit else {
                throw SceneError(kind: .limitExceeded, file: fileName, location: "",
                                 problem: "the scene is longer than \(limit) bytes (raise the limit with \(OperatorLimit.inputBytes.flag))")
            }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads a scene from bytes. `baseDirectory` is the folder relative image paths are
    /// resolved in (nil refuses image paths; data URLs still work); `fileName` names the
    /// scene in error messages.
    public static func parse(data: [UInt8], baseDirectory: String?, options: SceneOptions = .default,
                             fileName: String = "scene.json") throws(SceneError) -> Scene {
        let reader = SceneReader(file: fileName, baseDirectory: baseDirectory, options: options)
        let document: JSONValue
        do {
            document = try JSONParser.parse(data, maxDepth: jsonDepth(forLayerDepth: options.limits.maxDepth),
                                            overflowToInfinity: true)
        } catch {
            var problem = error.message
            if error.isDepthLimit {
                problem = "JSON nested deeper than \(jsonDepth(forLayerDepth: options.limits.maxDepth)) levels, beyond what layers nested \(options.limits.maxDepth) deep need (raise the layer limit with \(OperatorLimit.depth.flag))"
            }
            throw SceneError(kind: error.isDepthLimit ? .limitExceeded : .invalidScene, file: fileName,
                             location: "line \(error.line), column \(error.column)", problem: problem)
        }
        return try reader.scene(document)
    }

    /// Reads a colour written as in a scene file: `"#RRGGBB"`, a UIKit name, or the JSON text
    /// of `{"white": …}` / `{"red": …}` (for command-line options such as `--background`).
    /// `location` names the source in the error.
    public static func parseColor(_ text: String, location: String) throws(SceneError) -> CGColor {
        let reader = SceneReader(file: "", baseDirectory: nil, options: .default)
        let value: JSONValue
        if text.hasPrefix("{") {
            do {
                value = try JSONParser.parse(Array(text.utf8), maxDepth: 4)
            } catch {
                throw SceneError(file: location, location: "", problem: "invalid colour \(SceneReader.quote(text)): \(error.message)")
            }
        } else {
            value = .string(text)
        }
        do {
            return try reader.color(value, .root)
        } catch {
            throw SceneError(file: location, location: "", problem: error.problem)
        }
    }

    /// JSON nesting a tree of `depth` layers may need: the document and `layers` (2), two
    /// levels per layer (its object and its `sublayers` array), and values inside a layer
    /// (a transform step list: array, step, rotate, axis = 4), with room to spare.
    static func jsonDepth(forLayerDepth depth: Int) -> Int {
        let (d, overflow) = depth.multipliedReportingOverflow(by: 2)
        return overflow ? Int.max : d &+ 16
    }
}

extension SceneReader {
    static let topKeys: Set<String> = ["canvas", "layers"]
    static let canvasKeys: Set<String> = ["width", "height", "scale", "background", "allowsEdgeAntialiasing", "allowsGroupOpacity"]

    func scene(_ document: JSONValue) throws(SceneError) -> Scene {
        let root = JSONPath.root
        guard case .object(let top) = document else {
            throw SceneError(file: file, location: "", problem: "expected a JSON object with \"canvas\" and \"layers\", got \(Self.quote(document))")
        }
        try checkKeys(top, root, allowed: Self.topKeys)
        guard let canvasValue = top["canvas"] else {
            throw fail(root.key("canvas"), "required key is missing ({\"width\": …, \"height\": …})")
        }
        let cp = root.key("canvas")
        let canvas = try object(canvasValue, cp, expected: "an object {\"width\": …, \"height\": …}")
        try checkKeys(canvas, cp, allowed: Self.canvasKeys)
        guard let wv = canvas["width"] else { throw fail(cp.key("width"), "required key is missing") }
        guard let hv = canvas["height"] else { throw fail(cp.key("height"), "required key is missing") }
        let width = try positive(wv, cp.key("width"))
        let height = try positive(hv, cp.key("height"))
        var scale = try canvas["scale"].map { (s) throws(SceneError) in try positive(s, cp.key("scale")) } ?? 1
        if let forced = options.scale {
            guard forced > 0, forced.isFinite else {
                throw SceneError(file: file, location: "", problem: "the scale must be a number > 0, got \(Self.text(forced))")
            }
            scale = forced
        }
        let background = try canvas["background"].map { (c) throws(SceneError) in try optionalColor(c, cp.key("background")) } ?? nil
        if let v = canvas["allowsEdgeAntialiasing"] { defaultAllowsEdgeAntialiasing = try bool(v, cp.key("allowsEdgeAntialiasing")) }
        if let v = canvas["allowsGroupOpacity"] { defaultAllowsGroupOpacity = try bool(v, cp.key("allowsGroupOpacity")) }
        let size = CGSize(width: width, height: height)
        try checkCanvas(size: size, scale: scale, cp)

        var items: [JSONValue] = []
        if let lv = top["layers"] { items = try array(lv, root.key("layers"), expected: "an array of layer objects") }
        try checkTreeLimits(items, root.key("layers"))

        let rootLayer = Scene.makeRoot(size: size)
        rootLayer.allowsEdgeAntialiasing = defaultAllowsEdgeAntialiasing
        rootLayer.allowsGroupOpacity = defaultAllowsGroupOpacity
        var children: [CALayer] = []
        children.reserveCapacity(items.count)
        let lp = root.key("layers").settled()
        for (i, item) in items.enumerated() { children.append(try layer(item, lp.index(i))) }
        rootLayer.adoptNewSublayers(children)

        var scene = Scene(size: size, scale: scale, background: background, root: rootLayer,
                          allowsEdgeAntialiasing: defaultAllowsEdgeAntialiasing,
                          allowsGroupOpacity: defaultAllowsGroupOpacity)
        scene.imageSources = imageSources
        scene.fontSources = fontSources
        scene.inputFiles = inputFiles
        return scene
    }

    /// The canvas must come to at least one pixel and at most the limit a side.
    func checkCanvas(size: CGSize, scale: CGFloat, _ p: JSONPath) throws(SceneError) {
        let w = Scene.pixels(size.width, scale), h = Scene.pixels(size.height, scale)
        let limit = options.limits.maxCanvasPixelsPerSide
        if w > limit || h > limit {
            throw fail(p, "canvas of \(Self.text(size.width)) x \(Self.text(size.height)) points at scale \(Self.text(scale)) is \(w == Int.max ? "∞" : String(w)) x \(h == Int.max ? "∞" : String(h)) pixels, over the limit of \(limit) pixels a side (raise it with \(OperatorLimit.canvasSide.flag))",
                       kind: .limitExceeded)
        }
        if w < 1 || h < 1 {
            throw fail(p, "canvas of \(Self.text(size.width)) x \(Self.text(size.height)) points at scale \(Self.text(scale)) is \(w) x \(h) pixels; it needs at least 1 x 1")
        }
    }

    /// Counts layers and nesting in the document before any layer is built, so an
    /// oversized tree is refused before it costs memory. A replicator's sublayers count
    /// once per instance: they are drawn that many times.
    func checkTreeLimits(_ layers: [JSONValue], _ p: JSONPath) throws(SceneError) {
        let maxLayers = options.limits.maxLayers, maxDepth = options.limits.maxDepth
        var count = 0
        /// Returns how many layers the subtree draws, replicator instances included (saturating).
        func visit(_ v: JSONValue, _ p: JSONPath, depth: Int) throws(SceneError) -> Int {
            guard case .object(let o) = v else { return 0 }  // the layer reader reports the type error
            count += 1
            if count > maxLayers {
                throw fail(p, "more than \(maxLayers) layers (raise the limit with \(OperatorLimit.layers.flag))", kind: .limitExceeded)
            }
            if depth > maxDepth {
                throw fail(p, "layers nested deeper than \(maxDepth) levels (raise the limit with \(OperatorLimit.depth.flag))", kind: .limitExceeded)
            }
            let m = o["mask"], subs = o["sublayers"]
            if m == nil && subs == nil { return 1 }
            let base = p.settled()
            var drawn = 1
            if let m { drawn = Self.add(drawn, try visit(m, base.key("mask"), depth: depth + 1)) }
            if case .array(let subs)? = subs {
                let sp = base.key("sublayers").settled()
                var inside = 0
                for (i, s) in subs.enumerated() { inside = Self.add(inside, try visit(s, sp.index(i), depth: depth + 1)) }
                if case .string("replicator")? = o["type"], let n = o["instanceCount"], let instances = Self.countSpelledAnyWay(n),
                   instances > 1 {
                    let (product, overflow) = inside.multipliedReportingOverflow(by: instances)
                    let replicated = overflow ? Int.max : product
                    if replicated > maxLayers {
                        throw fail(base.key("instanceCount"), "\(instances) instances of \(inside) layers make \(overflow ? "too many" : String(replicated)) layers, over the limit of \(maxLayers) (raise it with \(OperatorLimit.layers.flag))",
                                   kind: .limitExceeded)
                    }
                    inside = replicated
                }
                drawn = Self.add(drawn, inside)
            }
            return drawn
        }
        let base = p.settled()
        var drawn = 0
        for (i, l) in layers.enumerated() { drawn = Self.add(drawn, try visit(l, base.index(i), depth: 1)) }
        if drawn > maxLayers {
            throw fail(p, "the scene draws \(drawn == Int.max ? "too many" : String(drawn)) layers counting replicator instances, over the limit of \(maxLayers) (raise it with \(OperatorLimit.layers.flag))",
                       kind: .limitExceeded)
        }
    }

    /// A count however the number is spelled (`1000`, `1e6`, `2000.0`), saturating; nil for
    /// anything else (the layer reader reports it). Only for limits: the reader still wants
    /// a whole number.
    static func countSpelledAnyWay(_ v: JSONValue) -> Int? {
        switch v {
        case .int(let i): return i
        case .double(let d) where d.isFinite: return Int(saturating: d.rounded(.up))
        default: return nil
        }
    }

    private static func add(_ a: Int, _ b: Int) -> Int {
        let (s, o) = a.addingReportingOverflow(b)
        return o ? Int.max : s
    }
}
