import Foundation
import OpenQuartzCore
import TestSupport

/// Helpers shared by the scene tests.
enum SceneTestSupport {
    /// The benchmark scenes committed in the repository (`Benchmarks/scenes/`, made by
    /// `Benchmarks/make_scenes.py`).
    static let benchScenesDirectory: String = Repository.path("Benchmarks/scenes")

    static func parse(_ json: String, baseDirectory: String? = nil, options: SceneOptions = .default) throws(SceneError) -> Scene {
        try Scene.parse(data: Array(json.utf8), baseDirectory: baseDirectory, options: options, fileName: "t.json")
    }

    /// The one-line error a scene text fails with, or nil when it parses.
    static func error(_ json: String, baseDirectory: String? = nil, options: SceneOptions = .default) -> String? {
        do {
            _ = try parse(json, baseDirectory: baseDirectory, options: options)
            return nil
        } catch {
            return error.description
        }
    }

    static func errorKind(_ json: String, baseDirectory: String? = nil, options: SceneOptions = .default) -> SceneError.Kind? {
        do {
            _ = try parse(json, baseDirectory: baseDirectory, options: options)
            return nil
        } catch {
            return error.kind
        }
    }

    /// A scene with the given layers on a 100 x 100 canvas.
    static func scene(layers: String, canvasExtra: String = "") -> String {
        #"{"canvas": {"width": 100, "height": 100\#(canvasExtra)}, "layers": [\#(layers)]}"#
    }

    /// The first layer of a one-layer scene.
    static func layer(_ body: String, canvasExtra: String = "") throws -> CALayer {
        let s = try parse(scene(layers: "{\(body)}", canvasExtra: canvasExtra))
        guard let l = s.root.sublayers?.first else { throw SceneTestFailure("no layer") }
        return l
    }

    static func layerError(_ body: String) -> String? { error(scene(layers: "{\(body)}")) }

    /// A fresh empty folder under the system's temporary directory.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "oqc-scene-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every property of every layer, one per line, so two trees can be compared as text.
    static func dump(_ scene: Scene) -> String {
        var out = "canvas \(scene.size) scale \(scene.scale) background \(c(scene.background)) aa \(scene.allowsEdgeAntialiasing) go \(scene.allowsGroupOpacity)\n"
        for (i, l) in (scene.root.sublayers ?? []).enumerated() { dump(l, "layers[\(i)]", into: &out) }
        return out
    }

    static func c(_ color: CGColor?) -> String { color.map { "\($0)" } ?? "nil" }
    static func p(_ path: CGPath?) -> String { path.map { "\($0.elements)" } ?? "nil" }
    static func img(_ v: Any?) -> String {
        guard let i = v as? CGImage else { return v == nil ? "nil" : "other" }
        // Every pixel, folded into one number (an FNV-1a hash over the premultiplied bytes).
        var h: UInt64 = 0xcbf29ce484222325
        let n = i.surface.width * i.surface.height
        for k in 0..<n { h = (h ^ UInt64(i.surface.pixels[k])) &* 0x100000001b3 }
        return "\(i.width)x\(i.height):\(h)"
    }

    static func dump(_ l: CALayer, _ at: String, into out: inout String) {
        var f: [String] = [
            "type \(type(of: l))", "name \(l.name ?? "nil")", "bounds \(l.bounds)", "position \(l.position)",
            "anchorPoint \(l.anchorPoint)", "anchorPointZ \(l.anchorPointZ)", "zPosition \(l.zPosition)",
            "transform \(l.transform.values)", "sublayerTransform \(l.sublayerTransform.values)",
            "hidden \(l.isHidden)", "opacity \(l.opacity)", "allowsGroupOpacity \(l.allowsGroupOpacity)",
            "backgroundColor \(c(l.backgroundColor))", "cornerRadius \(l.cornerRadius)", "cornerCurve \(l.cornerCurve)",
            "maskedCorners \(l.maskedCorners.rawValue)", "borderWidth \(l.borderWidth)", "borderColor \(c(l.borderColor))",
            "masksToBounds \(l.masksToBounds)", "shadowOpacity \(l.shadowOpacity)", "shadowColor \(c(l.shadowColor))",
            "shadowOffset \(l.shadowOffset)", "shadowRadius \(l.shadowRadius)", "shadowPath \(p(l.shadowPath))",
            "contents \(img(l.contents))", "contentsGravity \(l.contentsGravity)", "contentsScale \(l.contentsScale)",
            "contentsRect \(l.contentsRect)", "contentsCenter \(l.contentsCenter)",
            "minificationFilter \(l.minificationFilter)", "magnificationFilter \(l.magnificationFilter)",
            "minificationFilterBias \(l.minificationFilterBias)", "shouldRasterize \(l.shouldRasterize)",
            "rasterizationScale \(l.rasterizationScale)", "doubleSided \(l.isDoubleSided)",
            "allowsEdgeAntialiasing \(l.allowsEdgeAntialiasing)", "edgeAntialiasingMask \(l.edgeAntialiasingMask.rawValue)",
            "geometryFlipped \(l.isGeometryFlipped)", "mask \(l.mask != nil)", "sublayers \(l.sublayers?.count ?? 0)",
        ]
        if let s = l as? CAShapeLayer {
            f += ["path \(p(s.path))", "fillColor \(c(s.fillColor))", "strokeColor \(c(s.strokeColor))",
                  "lineWidth \(s.lineWidth)", "fillRule \(s.fillRule)", "lineCap \(s.lineCap)", "lineJoin \(s.lineJoin)",
                  "miterLimit \(s.miterLimit)", "lineDashPattern \(s.lineDashPattern?.map(\.doubleValue) ?? [])",
                  "lineDashPhase \(s.lineDashPhase)", "strokeStart \(s.strokeStart)", "strokeEnd \(s.strokeEnd)"]
        }
        if let t = l as? CATextLayer {
            f += ["string \(t.string as? String ?? "nil")", "fontSize \(t.fontSize)", "font \(t.font as? String ?? "nil")",
                  "foregroundColor \(c(t.foregroundColor))", "alignmentMode \(t.alignmentMode)", "isWrapped \(t.isWrapped)"]
        }
        if let g = l as? CAGradientLayer {
            f += ["colors \((g.colors ?? []).map { c($0 as? CGColor) })", "locations \(g.locations?.map(\.doubleValue) ?? [])",
                  "startPoint \(g.startPoint)", "endPoint \(g.endPoint)", "gradientType \(g.type)"]
        }
        if let r = l as? CAReplicatorLayer {
            f += ["instanceCount \(r.instanceCount)", "instanceTransform \(r.instanceTransform.values)",
                  "instanceDelay \(r.instanceDelay)", "instanceColor \(c(r.instanceColor))",
                  "offsets \(r.instanceRedOffset) \(r.instanceGreenOffset) \(r.instanceBlueOffset) \(r.instanceAlphaOffset)"]
        }
        for line in f { out += "\(at) \(line)\n" }
        if let m = l.mask { dump(m, at + ".mask", into: &out) }
        for (i, s) in (l.sublayers ?? []).enumerated() { dump(s, "\(at).sublayers[\(i)]", into: &out) }
    }
}

struct SceneTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
