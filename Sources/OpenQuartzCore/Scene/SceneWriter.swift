import Codecs
import Foundation

/// Writes a scene back out as a scene file: every property that differs from its default
/// (Core Animation's, or the canvas default for `allowsEdgeAntialiasing` and
/// `allowsGroupOpacity`), in the scene format's forms. Reading the text back gives the same tree:
/// numbers are written in their shortest exact form and paths element for element.
///
/// What a scene file cannot say is left out: the root layer's own properties (a scene's
/// root is fixed), `contents` that are not a `CGImage`, a text layer's non-string `string`
/// or `font`, gradient colours that are not `CGColor`s.
extension Scene {
    /// The scene as JSON text. Images loaded from files are referred to by the path the
    /// file gave (relative to the original scene's folder) unless `embeddingImages` is
    /// true; other images are embedded as `data:image/png;base64,…` URLs.
    public func jsonString(embeddingImages: Bool = false) -> String {
        JSONWriter().string(for: SceneWriter(scene: self, embeddingImages: embeddingImages).document())
    }

    /// Writes `jsonString(embeddingImages:)` to a file, atomically.
    public func write(toFile path: String, embeddingImages: Bool = false) throws {
        try Data(jsonString(embeddingImages: embeddingImages).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

struct SceneWriter {
    let scene: Scene
    let embeddingImages: Bool

    func document() -> JSONValue {
        var canvas: [JSONObject.Member] = [
            .init(key: "width", value: number(scene.size.width)),
            .init(key: "height", value: number(scene.size.height)),
        ]
        if scene.scale != 1 { canvas.append(.init(key: "scale", value: number(scene.scale))) }
        if let bg = scene.background { canvas.append(.init(key: "background", value: color(bg))) }
        if scene.allowsEdgeAntialiasing { canvas.append(.init(key: "allowsEdgeAntialiasing", value: .bool(true))) }
        if !scene.allowsGroupOpacity { canvas.append(.init(key: "allowsGroupOpacity", value: .bool(false))) }
        let layers = (scene.root.sublayers ?? []).map(layer)
        return .object(JSONObject([.init(key: "canvas", value: .object(JSONObject(canvas))),
                                   .init(key: "layers", value: .array(layers))]))
    }

    // MARK: values

    /// Integral values as integers (`5`, not `5.0`); others in shortest round-trip form.
    func number(_ x: CGFloat) -> JSONValue {
        let d = Double(x)
        if d == d.rounded(), abs(d) < 9e15, !(d == 0 && d.sign == .minus) { return .int(Int(d)) }
        return .double(d)
    }

    /// A `Float` property in its shortest form ("0.3"), when that reads back to the same Float.
    func number(_ f: Float) -> JSONValue {
        if let d = Double(f.description), Float(d) == f { return number(CGFloat(d)) }
        return number(CGFloat(Double(f)))
    }

    func numbers(_ xs: [CGFloat]) -> JSONValue { .array(xs.map(number)) }
    func point(_ p: CGPoint) -> JSONValue { numbers([p.x, p.y]) }
    func size(_ s: CGSize) -> JSONValue { numbers([s.width, s.height]) }
    func rect(_ r: CGRect) -> JSONValue { numbers([r.origin.x, r.origin.y, r.size.width, r.size.height]) }
    func transform(_ t: CATransform3D) -> JSONValue { numbers(t.values) }

    func color(_ c: CGColor) -> JSONValue {
        for (name, named) in SceneColor.named where named == c { return .string(name) }
        let comps = c.components ?? []
        if c.model == .gray {
            var members: [JSONObject.Member] = [.init(key: "white", value: number(comps[0]))]
            if comps[1] != 1 { members.append(.init(key: "alpha", value: number(comps[1]))) }
            return .object(JSONObject(members))
        }
        // Exact multiples of 1/255 read back identically from hex.
        let bytes = comps.map { (Double($0) * 255).rounded() }
        if zip(bytes, comps).allSatisfy({ CGFloat($0 / 255.0) == $1 }) {
            let n = comps[3] == 1 ? 3 : 4
            return .string("#" + bytes.prefix(n).map { b in
                let h = String(Int(b), radix: 16, uppercase: true)
                return h.count == 1 ? "0" + h : h
            }.joined())
        }
        var members: [JSONObject.Member] = [
            .init(key: "red", value: number(comps[0])),
            .init(key: "green", value: number(comps[1])),
            .init(key: "blue", value: number(comps[2])),
        ]
        if comps[3] != 1 { members.append(.init(key: "alpha", value: number(comps[3]))) }
        return .object(JSONObject(members))
    }

    func optionalColor(_ c: CGColor?) -> JSONValue { c.map(color) ?? .null }

    /// SVG path data, one command per element.
    func path(_ p: CGPath) -> JSONValue {
        var parts: [String] = []
        func n(_ x: CGFloat) -> String { JSONWriter.compact(number(x)) }
        func pt(_ q: CGPoint) -> String { n(q.x) + " " + n(q.y) }
        for e in p.elements {
            switch e {
            case .move(let to): parts.append("M " + pt(to))
            case .line(let to): parts.append("L " + pt(to))
            case .quadCurve(let to, let c): parts.append("Q " + pt(c) + " " + pt(to))
            case .curve(let to, let c1, let c2): parts.append("C " + pt(c1) + " " + pt(c2) + " " + pt(to))
            case .closeSubpath: parts.append("Z")
            }
        }
        return .string(parts.joined(separator: " "))
    }

    func image(_ image: CGImage) -> JSONValue {
        if !embeddingImages, let source = scene.imageSources[ObjectIdentifier(image)] { return .string(source) }
        if let source = scene.imageSources[ObjectIdentifier(image)], source.hasPrefix(SceneReader.dataURLPrefix) {
            return .string(source)
        }
        return .string(SceneReader.dataURLPrefix + Data(PNG.encode(image.surface)).base64EncodedString())
    }

    func names<T: OptionSet>(_ set: T, _ table: KeyValuePairs<String, T>) -> JSONValue where T.Element == T {
        .array(table.filter { set.contains($0.value) }.map { .string($0.key) })
    }

    func name<T: Equatable>(_ value: T, _ table: KeyValuePairs<String, T>) -> JSONValue? {
        table.first { $0.value == value }.map { .string($0.key) }
    }

    // MARK: layers

    func layer(_ l: CALayer) -> JSONValue {
        var m: [JSONObject.Member] = []
        func put(_ key: SceneLayerKey, _ v: JSONValue?) {
            if let v { m.append(.init(key: key.rawValue, value: v)) }
        }
        let type = SceneLayerType(of: l)
        if type != .layer { put(.type, .string(type.rawValue)) }
        if let n = l.name { put(.name, .string(n)) }
        if l.bounds != .zero { put(.bounds, rect(l.bounds)) }
        if l.position != .zero { put(.position, point(l.position)) }
        if l.anchorPoint != CGPoint(x: 0.5, y: 0.5) { put(.anchorPoint, point(l.anchorPoint)) }
        if l.anchorPointZ != 0 { put(.anchorPointZ, number(l.anchorPointZ)) }
        if l.zPosition != 0 { put(.zPosition, number(l.zPosition)) }
        if l.speed != 1 { put(.speed, number(CGFloat(l.speed))) }
        if l.timeOffset != 0 { put(.timeOffset, number(CGFloat(l.timeOffset))) }
        if l.transform != CATransform3DIdentity {
            let a = CATransform3DGetAffineTransform(l.transform)
            if CATransform3DMakeAffineTransform(a) == l.transform {
                put(.affineTransform, numbers([a.a, a.b, a.c, a.d, a.tx, a.ty]))
            } else {
                put(.transform, transform(l.transform))
            }
        }
        if l.sublayerTransform != CATransform3DIdentity { put(.sublayerTransform, transform(l.sublayerTransform)) }
        if l.isHidden { put(.hidden, .bool(true)) }
        if l.opacity != 1 { put(.opacity, number(l.opacity)) }
        if l.allowsGroupOpacity != scene.allowsGroupOpacity { put(.allowsGroupOpacity, .bool(l.allowsGroupOpacity)) }
        if let c = l.backgroundColor { put(.backgroundColor, color(c)) }
        if l.cornerRadius != 0 { put(.cornerRadius, number(l.cornerRadius)) }
        if l.cornerCurve != .circular { put(.cornerCurve, name(l.cornerCurve, SceneReader.cornerCurveTable)) }
        let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        if l.maskedCorners != allCorners { put(.maskedCorners, names(l.maskedCorners, SceneReader.cornerTable)) }
        if l.borderWidth != 0 { put(.borderWidth, number(l.borderWidth)) }
        if l.borderColor != CGColor.black { put(.borderColor, optionalColor(l.borderColor)) }
        if l.masksToBounds { put(.masksToBounds, .bool(true)) }
        if l.shadowOpacity != 0 { put(.shadowOpacity, number(l.shadowOpacity)) }
        if l.shadowColor != CGColor.black { put(.shadowColor, optionalColor(l.shadowColor)) }
        if l.shadowOffset != CGSize(width: 0, height: -3) { put(.shadowOffset, size(l.shadowOffset)) }
        if l.shadowRadius != 3 { put(.shadowRadius, number(l.shadowRadius)) }
        if let p = l.shadowPath { put(.shadowPath, path(p)) }
        if let mask = l.mask { put(.mask, layer(mask)) }
        if let img = l.contents as? CGImage { put(.contents, image(img)) }
        if l.contentsGravity != .resize { put(.contentsGravity, name(l.contentsGravity, SceneReader.gravityTable)) }
        if l.contentsScale != 1 { put(.contentsScale, number(l.contentsScale)) }
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        if l.contentsRect != unit { put(.contentsRect, rect(l.contentsRect)) }
        if l.contentsCenter != unit { put(.contentsCenter, rect(l.contentsCenter)) }
        if l.minificationFilter != .linear { put(.minificationFilter, name(l.minificationFilter, SceneReader.filterTable)) }
        if l.magnificationFilter != .linear { put(.magnificationFilter, name(l.magnificationFilter, SceneReader.filterTable)) }
        if l.minificationFilterBias != 0 { put(.minificationFilterBias, number(l.minificationFilterBias)) }
        if l.shouldRasterize { put(.shouldRasterize, .bool(true)) }
        if let f = l.compositingFilter, let name = CompositingFilter.name(of: f), CompositingFilter.resolve(f) != .unknown {
            put(.compositingFilter, .string(l.compositingFilter as? String ?? name))
        }
        if l.rasterizationScale != 1 { put(.rasterizationScale, number(l.rasterizationScale)) }
        if !l.isDoubleSided { put(.doubleSided, .bool(false)) }
        if l.allowsEdgeAntialiasing != scene.allowsEdgeAntialiasing { put(.allowsEdgeAntialiasing, .bool(l.allowsEdgeAntialiasing)) }
        let allEdges: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
        if l.edgeAntialiasingMask != allEdges { put(.edgeAntialiasingMask, names(l.edgeAntialiasingMask, SceneReader.edgeTable)) }
        if l.isGeometryFlipped { put(.geometryFlipped, .bool(true)) }
        if !l.allowsHitTesting { put(.allowsHitTesting, .bool(false)) }

        if let s = l as? CAShapeLayer {
            if let p = s.path { put(.path, path(p)) }
            if s.fillColor != CGColor.black { put(.fillColor, optionalColor(s.fillColor)) }
            if let c = s.strokeColor { put(.strokeColor, color(c)) }
            if s.lineWidth != 1 { put(.lineWidth, number(s.lineWidth)) }
            if s.fillRule != .nonZero { put(.fillRule, name(s.fillRule, SceneReader.fillRuleTable)) }
            if s.lineCap != .butt { put(.lineCap, name(s.lineCap, SceneReader.lineCapTable)) }
            if s.lineJoin != .miter { put(.lineJoin, name(s.lineJoin, SceneReader.lineJoinTable)) }
            if s.miterLimit != 10 { put(.miterLimit, number(s.miterLimit)) }
            if let d = s.lineDashPattern { put(.lineDashPattern, numbers(d.map { CGFloat($0.doubleValue) })) }
            if s.lineDashPhase != 0 { put(.lineDashPhase, number(s.lineDashPhase)) }
            if s.strokeStart != 0 { put(.strokeStart, number(s.strokeStart)) }
            if s.strokeEnd != 1 { put(.strokeEnd, number(s.strokeEnd)) }
        }
        if let t = l as? CATextLayer {
            if let s = t.string as? String { put(.string, .string(s)) }
            if t.fontSize != 36 { put(.fontSize, number(t.fontSize)) }
            if let f = t.font as? String { put(.font, .string(scene.fontSources[ObjectIdentifier(t)] ?? f)) }
            if t.truncationMode != .none { put(.truncationMode, name(t.truncationMode, SceneReader.truncationTable)) }
            if t.foregroundColor != CGColor.white { put(.foregroundColor, optionalColor(t.foregroundColor)) }
            if t.alignmentMode != .natural { put(.alignmentMode, name(t.alignmentMode, SceneReader.alignmentTable)) }
            if t.isWrapped { put(.isWrapped, .bool(true)) }
        }
        if let g = l as? CAGradientLayer {
            if let cs = g.colors { put(.colors, .array(cs.compactMap { ($0 as? CGColor).map(color) })) }
            if let ls = g.locations { put(.locations, numbers(ls.map { CGFloat($0.doubleValue) })) }
            if g.startPoint != CGPoint(x: 0.5, y: 0) { put(.startPoint, point(g.startPoint)) }
            if g.endPoint != CGPoint(x: 0.5, y: 1) { put(.endPoint, point(g.endPoint)) }
            if g.type != .axial { put(.gradientType, name(g.type, SceneReader.gradientTypeTable)) }
        }
        if let r = l as? CAReplicatorLayer {
            if r.instanceCount != 1 { put(.instanceCount, .int(r.instanceCount)) }
            if r.instanceTransform != CATransform3DIdentity { put(.instanceTransform, transform(r.instanceTransform)) }
            if r.instanceDelay != 0 { put(.instanceDelay, number(CGFloat(r.instanceDelay))) }
            if r.instanceColor != CGColor.white { put(.instanceColor, optionalColor(r.instanceColor)) }
            if r.instanceRedOffset != 0 { put(.instanceRedOffset, number(r.instanceRedOffset)) }
            if r.instanceGreenOffset != 0 { put(.instanceGreenOffset, number(r.instanceGreenOffset)) }
            if r.instanceBlueOffset != 0 { put(.instanceBlueOffset, number(r.instanceBlueOffset)) }
            if r.instanceAlphaOffset != 0 { put(.instanceAlphaOffset, number(r.instanceAlphaOffset)) }
        }
        if let s = l as? CAScrollLayer, s.scrollMode != .both {
            put(.scrollMode, name(s.scrollMode, SceneReader.scrollModeTable))
        }
        if let e = l as? CAEmitterLayer { for (k, v) in emitterMembers(e) { put(k, v) } }
        put(.animations, animations(l))
        if let subs = l.sublayers, !subs.isEmpty { put(.sublayers, .array(subs.map(layer))) }
        return .object(JSONObject(m))
    }
}
