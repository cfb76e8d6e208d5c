import Foundation

/// Layer objects (docs/scene-format.md "Layer object") to `CALayer` trees.
extension SceneReader {
    static let layerTypeTable: KeyValuePairs<String, SceneLayerType> = [
        "layer": .layer, "shape": .shape, "transform": .transform,
        "text": .text, "gradient": .gradient, "replicator": .replicator, "scroll": .scroll, "emitter": .emitter,
    ]

    /// Builds one layer and its subtree. Limits were checked beforehand (`checkTreeLimits`).
    func layer(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CALayer {
        let o = try object(v, p, expected: "a layer object")
        let type = try o["type"].map { (t) throws(SceneError) in try choice(t, p.key("type"), Self.layerTypeTable) } ?? .layer
        let layer = type.makeLayer()
        var frame: CGRect? = nil
        var setsEdgeAntialiasing = false
        var setsGroupOpacity = false
        var hasTransform = false
        // Animations are added after the layer's other keys, so that a key path reaches what
        // they set (an emitter's cells) whatever the order of the keys in the file.
        var animations: (JSONValue, JSONPath)?

        let base = p.settled()
        for m in o.members {
            let kp = base.key(m.key)
            guard let key = SceneLayerKey.byName[m.key] else {
                throw fail(kp, "unknown key" + unknownKeyHint(m.key, type: type))
            }
            if let owner = key.owner, owner != type {
                throw fail(kp, "unknown key for a \"\(type.rawValue)\" layer (\"\(m.key)\" belongs to \"\(owner.rawValue)\" layers)")
            }
            let v = m.value
            switch key {
            case .type: break
            case .frame: frame = try rect(v, kp)
            case .transform, .affineTransform:
                if hasTransform { throw fail(kp, "give \"transform\" or \"affineTransform\", not both") }
                hasTransform = true
                if key == .transform { layer.transform = try transform3D(v, kp) }
                else { layer.setAffineTransform(try affine(v, kp)) }
            case .allowsEdgeAntialiasing:
                layer.allowsEdgeAntialiasing = try bool(v, kp)
                setsEdgeAntialiasing = true
            case .allowsGroupOpacity:
                layer.allowsGroupOpacity = try bool(v, kp)
                setsGroupOpacity = true
            case .animations: animations = (v, kp)
            case .mask:
                layer.mask = try isNull(v) ? nil : self.layer(v, kp)
            case .sublayers:
                let items = try array(v, kp, expected: "an array of layer objects")
                var children: [CALayer] = []
                children.reserveCapacity(items.count)
                let ip = kp.settled()
                for (i, item) in items.enumerated() { children.append(try self.layer(item, ip.index(i))) }
                layer.adoptNewSublayers(children)
            default:
                switch key.owner {
                case nil: try applyCommon(key, v, kp, to: layer)
                case .shape?: if let shape = layer as? CAShapeLayer { try applyShape(key, v, kp, to: shape) }
                case .text?: if let text = layer as? CATextLayer { try applyText(key, v, kp, to: text) }
                case .gradient?: if let g = layer as? CAGradientLayer { try applyGradient(key, v, kp, to: g) }
                case .replicator?: if let r = layer as? CAReplicatorLayer { try applyReplicator(key, v, kp, to: r) }
                case .scroll?: if let s = layer as? CAScrollLayer, key == .scrollMode { s.scrollMode = try choice(v, kp, Self.scrollModeTable) }
                case .emitter?: if let e = layer as? CAEmitterLayer { try applyEmitter(key, v, kp, to: e) }
                default: break
                }
            }
        }
        // docs/scene-format.md: frame sets bounds.size and position from the anchor point, before any transform.
        if let f = frame {
            layer.bounds.size = f.size
            layer.position = CGPoint(x: f.origin.x + layer.anchorPoint.x * f.width,
                                     y: f.origin.y + layer.anchorPoint.y * f.height)
        }
        if !setsEdgeAntialiasing { layer.allowsEdgeAntialiasing = defaultAllowsEdgeAntialiasing }
        if !setsGroupOpacity { layer.allowsGroupOpacity = defaultAllowsGroupOpacity }
        if let (v, kp) = animations { try addAnimations(v, kp, to: layer) }
        return layer
    }

    private func isNull(_ v: JSONValue) -> Bool {
        if case .null = v { return true }
        return false
    }

    private func unknownKeyHint(_ key: String, type: SceneLayerType) -> String {
        if let near = Self.nearest(key, in: SceneLayerKey.names(for: type)) { return " (did you mean \"\(near)\"?)" }
        return ""
    }

    private func float(_ x: CGFloat, _ v: JSONValue, _ p: JSONPath) throws(SceneError) -> Float {
        let f = Float(x)
        guard f.isFinite else { throw fail(p, "number out of range, got \(Self.quote(v))") }
        return f
    }

    static let gravityTable: KeyValuePairs<String, CALayerContentsGravity> = [
        "resize": .resize, "resizeAspect": .resizeAspect, "resizeAspectFill": .resizeAspectFill,
        "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right,
        "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    ]
    static let filterTable: KeyValuePairs<String, CALayerContentsFilter> = [
        "linear": .linear, "nearest": .nearest, "trilinear": .trilinear,
    ]
    static let cornerCurveTable: KeyValuePairs<String, CALayerCornerCurve> = [
        "circular": .circular, "continuous": .continuous,
    ]
    static let cornerTable: KeyValuePairs<String, CACornerMask> = [
        "minXMinY": .layerMinXMinYCorner, "maxXMinY": .layerMaxXMinYCorner,
        "minXMaxY": .layerMinXMaxYCorner, "maxXMaxY": .layerMaxXMaxYCorner,
    ]
    static let edgeTable: KeyValuePairs<String, CAEdgeAntialiasingMask> = [
        "minX": .layerLeftEdge, "maxX": .layerRightEdge, "minY": .layerBottomEdge, "maxY": .layerTopEdge,
    ]
    static let fillRuleTable: KeyValuePairs<String, CAShapeLayerFillRule> = ["nonZero": .nonZero, "evenOdd": .evenOdd]
    static let lineCapTable: KeyValuePairs<String, CAShapeLayerLineCap> = ["butt": .butt, "round": .round, "square": .square]
    static let lineJoinTable: KeyValuePairs<String, CAShapeLayerLineJoin> = ["miter": .miter, "round": .round, "bevel": .bevel]
    static let alignmentTable: KeyValuePairs<String, CATextLayerAlignmentMode> = [
        "natural": .natural, "left": .left, "right": .right, "center": .center, "justified": .justified,
    ]
    static let truncationTable: KeyValuePairs<String, CATextLayerTruncationMode> = [
        "none": .none, "start": .start, "middle": .middle, "end": .end,
    ]
    static let gradientTypeTable: KeyValuePairs<String, CAGradientLayerType> = [
        "axial": .axial, "radial": .radial, "conic": .conic,
    ]
    static let scrollModeTable: KeyValuePairs<String, CAScrollLayerScrollMode> = [
        "none": .none, "vertically": .vertically, "horizontally": .horizontally, "both": .both,
    ]

    /// A compositing filter's name, Core Image's (`"CIMultiplyBlendMode"`) or Core Animation's
    /// (`"multiplyBlendMode"`), or null for none. A name Core Image has but this renderer does
    /// not draw is accepted (it draws source-over, as `CALayer` does); any other is an error.
    private func compositingFilter(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> String? {
        if isNull(v) { return nil }
        let name = try string(v, p)
        if case .unknown = CompositingFilter.resolve(name) {
            throw fail(p, "expected a Core Image compositing filter's name such as \"multiplyBlendMode\" "
                       + "(docs/scene-format.md lists them), got \(Self.quote(v))")
        }
        return name
    }

    /// A set of option names (`maskedCorners`, `edgeAntialiasingMask`).
    private func options<T: OptionSet>(_ v: JSONValue, _ p: JSONPath, _ table: KeyValuePairs<String, T>) throws(SceneError) -> T
        where T.Element == T {
        let names = table.map { "\"\($0.key)\"" }.joined(separator: ", ")
        let items = try array(v, p, expected: "an array of \(names)")
        var set = T()
        for (i, item) in items.enumerated() { set.insert(try choice(item, p.index(i), table)) }
        return set
    }

    private func applyCommon(_ key: SceneLayerKey, _ v: JSONValue, _ p: JSONPath, to layer: CALayer) throws(SceneError) {
        switch key {
        case .name: layer.name = isNull(v) ? nil : try string(v, p)
        case .bounds: layer.bounds = try rect(v, p)
        case .position: layer.position = try point(v, p)
        case .anchorPoint: layer.anchorPoint = try point(v, p)
        case .anchorPointZ: layer.anchorPointZ = try number(v, p)
        case .zPosition: layer.zPosition = try number(v, p)
        case .speed:
            let s = Float(try number(v, p))
            guard s.isFinite else { throw fail(p, "expected a speed within a Float's range") }
            layer.speed = s
        case .timeOffset: layer.timeOffset = Double(try number(v, p))
        case .sublayerTransform: layer.sublayerTransform = try transform3D(v, p)
        case .hidden: layer.isHidden = try bool(v, p)
        case .opacity: layer.opacity = Float(try unit(v, p))
        case .backgroundColor: layer.backgroundColor = try optionalColor(v, p)
        case .cornerRadius: layer.cornerRadius = try nonNegative(v, p)
        case .cornerCurve: layer.cornerCurve = try choice(v, p, Self.cornerCurveTable)
        case .maskedCorners: layer.maskedCorners = try options(v, p, Self.cornerTable)
        case .borderWidth: layer.borderWidth = try nonNegative(v, p)
        case .borderColor: layer.borderColor = try optionalColor(v, p)
        case .masksToBounds: layer.masksToBounds = try bool(v, p)
        case .shadowOpacity: layer.shadowOpacity = Float(try unit(v, p))
        case .shadowColor: layer.shadowColor = try optionalColor(v, p)
        case .shadowOffset: layer.shadowOffset = try offset(v, p)
        case .shadowRadius: layer.shadowRadius = try nonNegative(v, p)
        case .shadowPath: layer.shadowPath = try optionalPath(v, p)
        case .contents: layer.contents = isNull(v) ? nil : try image(v, p)
        case .contentsGravity: layer.contentsGravity = try choice(v, p, Self.gravityTable)
        case .contentsScale: layer.contentsScale = try positive(v, p)
        case .contentsRect: layer.contentsRect = try rect(v, p)
        case .contentsCenter: layer.contentsCenter = try rect(v, p)
        case .minificationFilter: layer.minificationFilter = try choice(v, p, Self.filterTable)
        case .magnificationFilter: layer.magnificationFilter = try choice(v, p, Self.filterTable)
        case .minificationFilterBias: layer.minificationFilterBias = try float(try number(v, p), v, p)
        case .shouldRasterize: layer.shouldRasterize = try bool(v, p)
        case .rasterizationScale: layer.rasterizationScale = try positive(v, p)
        case .doubleSided: layer.isDoubleSided = try bool(v, p)
        case .edgeAntialiasingMask: layer.edgeAntialiasingMask = try options(v, p, Self.edgeTable)
        case .geometryFlipped: layer.isGeometryFlipped = try bool(v, p)
        case .allowsHitTesting: layer.allowsHitTesting = try bool(v, p)
        case .compositingFilter: layer.compositingFilter = try compositingFilter(v, p)
        default: break  // handled by the caller
        }
    }

    private func applyShape(_ key: SceneLayerKey, _ v: JSONValue, _ p: JSONPath, to layer: CAShapeLayer) throws(SceneError) {
        switch key {
        case .path: layer.path = try optionalPath(v, p)
        case .fillColor: layer.fillColor = try optionalColor(v, p)
        case .strokeColor: layer.strokeColor = try optionalColor(v, p)
        case .lineWidth: layer.lineWidth = try nonNegative(v, p)
        case .fillRule: layer.fillRule = try choice(v, p, Self.fillRuleTable)
        case .lineCap: layer.lineCap = try choice(v, p, Self.lineCapTable)
        case .lineJoin: layer.lineJoin = try choice(v, p, Self.lineJoinTable)
        case .miterLimit: layer.miterLimit = try nonNegative(v, p)
        case .lineDashPattern:
            layer.lineDashPattern = isNull(v) ? nil : try numberList(v, p, nonNegative: true).map { NSNumber(value: Double($0)) }
        case .lineDashPhase: layer.lineDashPhase = try number(v, p)
        case .strokeStart: layer.strokeStart = try unit(v, p)
        case .strokeEnd: layer.strokeEnd = try unit(v, p)
        default: break
        }
    }

    private func applyText(_ key: SceneLayerKey, _ v: JSONValue, _ p: JSONPath, to layer: CATextLayer) throws(SceneError) {
        switch key {
        case .string:
            if isNull(v) { layer.string = nil; break }
            let text = try string(v, p)
            try countTextCharacters(text.unicodeScalars.count, p)
            layer.string = text
        case .fontSize: layer.fontSize = try nonNegative(v, p)
        case .font:
            if isNull(v) { layer.font = nil; break }
            let name = try string(v, p)
            // A font file is a path like an image's, under the same folder rule.
            if name.contains("/") || [".ttf", ".ttc", ".otf"].contains(where: { name.lowercased().hasSuffix($0) }) {
                let file = try resolveFilePath(name, kind: "font", p)
                if let kind = Self.specialFileKind(file) {
                    throw fail(p, "cannot read font \(Self.quoteFull(name)): it is \(kind), not a regular file")
                }
                layer.font = file
                inputFiles.append(file)
                fontSources[ObjectIdentifier(layer)] = name
            } else {
                layer.font = name
            }
        case .truncationMode: layer.truncationMode = try choice(v, p, Self.truncationTable)
        case .foregroundColor: layer.foregroundColor = try optionalColor(v, p)
        case .alignmentMode: layer.alignmentMode = try choice(v, p, Self.alignmentTable)
        case .isWrapped: layer.isWrapped = try bool(v, p)
        default: break
        }
    }

    private func applyGradient(_ key: SceneLayerKey, _ v: JSONValue, _ p: JSONPath, to layer: CAGradientLayer) throws(SceneError) {
        switch key {
        case .colors:
            if isNull(v) { layer.colors = nil; return }
            let items = try array(v, p, expected: "an array of colours")
            var colors: [Any] = []
            for (i, item) in items.enumerated() { colors.append(try color(item, p.index(i))) }
            layer.colors = colors
        case .locations:
            layer.locations = isNull(v) ? nil : try numberList(v, p).map { NSNumber(value: Double($0)) }
        case .startPoint: layer.startPoint = try point(v, p)
        case .endPoint: layer.endPoint = try point(v, p)
        case .gradientType: layer.type = try choice(v, p, Self.gradientTypeTable)
        default: break
        }
    }

    private func applyReplicator(_ key: SceneLayerKey, _ v: JSONValue, _ p: JSONPath, to layer: CAReplicatorLayer) throws(SceneError) {
        switch key {
        case .instanceCount:
            let n = try integer(v, p, min: 0)
            guard n <= options.limits.maxLayers else {
                throw fail(p, "\(n) instances exceed the limit of \(options.limits.maxLayers) layers (raise it with \(OperatorLimit.layers.flag))",
                           kind: .limitExceeded)
            }
            layer.instanceCount = n
        case .instanceTransform: layer.instanceTransform = try transform3D(v, p)
        case .instanceDelay: layer.instanceDelay = TimeInterval(try number(v, p))
        case .instanceColor: layer.instanceColor = try optionalColor(v, p)
        case .instanceRedOffset: layer.instanceRedOffset = try float(try number(v, p), v, p)
        case .instanceGreenOffset: layer.instanceGreenOffset = try float(try number(v, p), v, p)
        case .instanceBlueOffset: layer.instanceBlueOffset = try float(try number(v, p), v, p)
        case .instanceAlphaOffset: layer.instanceAlphaOffset = try float(try number(v, p), v, p)
        default: break
        }
    }
}

extension CALayer {
    /// Installs sublayers that were just created and belong to no tree. The public setter
    /// checks every pair for duplicates and cycles (quadratic in the count); layers built
    /// from a scene file cannot form either, and a scene may give one layer 20 000 children.
    final func adoptNewSublayers(_ list: [CALayer]) {
        for l in list { l.superlayer = self }
        storedSublayers = list
        noteChange()
    }
}
